import { ArrowLeftOutlined, EditOutlined, FormOutlined, GlobalOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Breadcrumb, Button, Card, Empty, Input, Pagination, Segmented, Skeleton, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import {
  deleteDiscussion,
  getDiscussionCategories,
  getDiscussionList,
  type DiscussionVO,
} from '../../api/discussion';
import { deleteGroupDiscussion, getGroupDiscussionList } from '../../api/group-activity';
import { toast } from '../../feedback/toast';
import { useGroupViewer } from '../group/use-group';
import { isAdminRole, isAuthenticated, isSuperAdmin, useSession } from '../../store/session';
import { requireLogin } from '../problem/require-login';
import { MOBILE_QUERY, useMediaQuery } from '../problem/use-media-query';
import { CategoryEditor } from './CategoryEditor';
import { DiscussionCard } from './DiscussionCard';
import { useDiscussionPaths } from './discussion-paths';
import { DiscussionEditor } from './DiscussionEditor';
import {
  DISCUSSION_PAGE_SIZE,
  readListQuery,
  writeListQuery,
  type DiscussionListQuery,
} from './discussion-rules';
import './discussion.css';

export const discussionCategoriesKey = ['discussion-categories'];

/**
 * The discussion list (/discussion and /discussion/:problemID, spec part 2 §2.3, reference §3.8):
 * All or Mine with the total, keyword search, cards (pinned first: the server's order), 10 a page;
 * the sidebar's post button, mine/all toggle, general discussion and return buttons of a problem's
 * list, and the categories, which a super admin can edit.
 */
export function DiscussionListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const signedIn = isAuthenticated(session);
  const admin = isAdminRole(session.userInfo);
  const root = isSuperAdmin(session.userInfo);
  const uid = session.userInfo?.uid ?? null;
  const mobile = useMediaQuery(MOBILE_QUERY);
  const pid = useParams().problemID;
  // a group's posts (spec part 2 §2.2): its own list call, no search, mine or category filter
  const paths = useDiscussionPaths();
  const gid = paths.gid;
  const group = useGroupViewer(gid);
  const [params, setParams] = useSearchParams();
  const query = readListQuery(params);
  const [keyword, setKeyword] = useState(query.keyword);
  useEffect(() => setKeyword(query.keyword), [query.keyword]);
  const [editor, setEditor] = useState<{ open: boolean; editing: DiscussionVO | null }>({
    open: false,
    editing: null,
  });
  const [categoryEdit, setCategoryEdit] = useState(false);

  const categories = useQuery({
    queryKey: discussionCategoriesKey,
    queryFn: getDiscussionCategories,
    staleTime: 60_000,
  });
  const list = useQuery({
    queryKey: ['discussion-list', gid ?? null, pid ?? null, query, uid],
    queryFn: () =>
      gid !== undefined
        ? getGroupDiscussionList({ gid, currentPage: query.currentPage, limit: DISCUSSION_PAGE_SIZE, pid })
        : getDiscussionList({
            currentPage: query.currentPage,
            limit: DISCUSSION_PAGE_SIZE,
            cid: query.cid,
            pid,
            keyword: query.keyword || undefined,
            onlyMine: query.onlyMine && signedIn ? true : undefined,
          }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['discussion-list'] });
  const update = (change: Partial<DiscussionListQuery>) =>
    setParams(writeListQuery({ ...query, currentPage: 1, ...change }));

  const openEditor = (editing: DiscussionVO | null) => {
    if (!requireLogin()) return;
    setEditor({ open: true, editing });
  };
  const remove = async (d: DiscussionVO) => {
    await (gid !== undefined ? deleteGroupDiscussion(d.id) : deleteDiscussion(d.id));
    toast.success(t('discussion.detail.deleted'));
    await refresh();
  };

  const records = list.data?.records ?? [];
  const total = list.data?.total ?? 0;
  const mine = query.onlyMine && signedIn;
  const categoryName = categories.data?.find((c) => c.id === query.cid)?.name;

  const sidebar = (
    <aside className="discussion-sidebar">
      <Card size="small">
        <Button type="primary" block icon={<FormOutlined />} onClick={() => openEditor(null)}>
          {t(pid ? 'discussion.list.postProblem' : 'discussion.list.post')}
        </Button>
        {signedIn && gid === undefined ? (
          <Segmented
            block
            className="discussion-sidebar__mine"
            value={mine ? 'mine' : 'all'}
            onChange={(value) => update({ onlyMine: value === 'mine' })}
            options={[
              { value: 'all', label: t('discussion.list.all') },
              { value: 'mine', label: t('discussion.list.mine') },
            ]}
          />
        ) : null}
        {pid ? (
          <div className="discussion-sidebar__scope">
            <Button block icon={<GlobalOutlined />} onClick={() => navigate(paths.list)}>
              {t('discussion.list.general')}
            </Button>
            <Button block icon={<ArrowLeftOutlined />} onClick={() => navigate(paths.problem(pid))}>
              {t('discussion.list.back')}
            </Button>
          </div>
        ) : null}
      </Card>
      {gid !== undefined ? null : (
        <Card
          size="small"
          title={t('discussion.list.categories')}
          className="discussion-categories"
          loading={categories.isPending}
          extra={
            root ? (
              <Button
                size="small"
                type="text"
                icon={<EditOutlined />}
                aria-label={t('discussion.list.editCategories')}
                onClick={() => setCategoryEdit(true)}
              />
            ) : null
          }
        >
          <ul className="discussion-categories__list">
            <li>
              <Button
                type={query.cid === undefined ? 'primary' : 'text'}
                size="small"
                block
                onClick={() => update({ cid: undefined })}
              >
                {t('discussion.list.allCategories')}
              </Button>
            </li>
            {(categories.data ?? []).map((c) => (
              <li key={c.id}>
                <Button
                  type={query.cid === c.id ? 'primary' : 'text'}
                  size="small"
                  block
                  onClick={() => update({ cid: c.id })}
                >
                  {c.name}
                </Button>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </aside>
  );

  return (
    <div className="discussion-page">
      <Card className="discussion-main">
        <div className="discussion-main__head">
          <Breadcrumb
            items={[
              ...(pid ? [{ title: t('discussion.list.problemScope', { pid }) }] : []),
              ...(categoryName ? [{ title: categoryName }] : []),
              {
                title: (
                  <span data-testid="discussion-total">
                    {t(mine ? 'discussion.list.mine' : 'discussion.list.all')} (
                    {t('discussion.list.total', { count: total })})
                  </span>
                ),
              },
            ]}
          />
          {gid !== undefined ? null : (
            <Input.Search
              className="discussion-main__search"
              allowClear
              placeholder={t('discussion.list.keyword')}
              aria-label={t('discussion.list.keyword')}
              value={keyword}
              onChange={(e) => setKeyword(e.target.value)}
              onSearch={(value) => update({ keyword: value.trim() })}
            />
          )}
        </div>
        {mobile ? sidebar : null}
        <Spin spinning={list.isFetching && !list.isPending}>
          {list.isPending ? (
            <Skeleton active paragraph={{ rows: 6 }} />
          ) : records.length === 0 ? (
            <Empty description={t('discussion.list.empty')} />
          ) : (
            <div className="discussion-cards">
              {records.map((d) => (
                <DiscussionCard
                  key={d.id}
                  discussion={d}
                  canEdit={uid === d.uid}
                  canDelete={uid === d.uid || (gid !== undefined ? group.admin : admin)}
                  onEdit={() => openEditor(d)}
                  onDelete={() => remove(d)}
                  onCategory={(cid) => update({ cid })}
                />
              ))}
            </div>
          )}
        </Spin>
        {total > DISCUSSION_PAGE_SIZE ? (
          <Pagination
            className="discussion-main__pages"
            current={query.currentPage}
            pageSize={DISCUSSION_PAGE_SIZE}
            total={total}
            simple={mobile}
            showSizeChanger={false}
            onChange={(currentPage) => setParams(writeListQuery({ ...query, currentPage }))}
          />
        ) : null}
      </Card>
      {mobile ? null : sidebar}
      <DiscussionEditor
        open={editor.open}
        editing={editor.editing}
        presetPid={pid}
        categories={categories.data ?? []}
        onClose={() => setEditor({ open: false, editing: null })}
        onSaved={() => void refresh()}
      />
      {root && gid === undefined ? (
        <CategoryEditor
          open={categoryEdit}
          categories={categories.data ?? []}
          onClose={() => setCategoryEdit(false)}
          onSaved={() => void queryClient.invalidateQueries({ queryKey: discussionCategoriesKey })}
        />
      ) : null}
    </div>
  );
}
