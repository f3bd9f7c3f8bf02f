import {
  ClockCircleOutlined,
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  LikeFilled,
  LikeOutlined,
  MessageOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import {
  deleteDiscussion,
  getDiscussionCategories,
  getDiscussionDetail,
  likeDiscussion,
  type DiscussionVO,
} from '../../api/discussion';
import { CommentSection, UserByline } from '../../components/comments';
import { ShellLoadFailed, ShellLoading } from '../../components/detail-shell/ShellParts';
import { Markdown } from '../../components/markdown';
import { toast } from '../../feedback/toast';
import { isAdminRole, useSession } from '../../store/session';
import { requireLogin } from '../problem/require-login';
import { DiscussionEditor } from './DiscussionEditor';
import { discussionCategoriesKey } from './DiscussionListPage';
import { ReportDialog } from './ReportDialog';
import './discussion.css';
import { usePageSubject } from '../../routing/page-subject';

const detailKey = (did: number) => ['discussion-detail', did];

import { deleteGroupDiscussion } from '../../api/group-activity';
import { useGroupViewer } from '../group/use-group';
import { useDiscussionPaths } from './discussion-paths';
/**
 * A discussion (/discussion-detail/:discussionID, spec part 2 §2.3, reference §3.8, §7.15): title,
 * hidden tag, go-to-problem, author with title and role badge, category link, likes and views,
 * like/unlike, report, release time, edit (author) and delete (author or admin), the markdown body
 * through the sanitising renderer, and the comment area. Each load counts a view, so the page
 * fetches once and keeps likes and comment counts in its own copy.
 */
export function DiscussionDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { modal } = App.useApp();
  const session = useSession();
  const uid = session.token ? (session.userInfo?.uid ?? null) : null;
  const did = Number(useParams().discussionID);
  const paths = useDiscussionPaths();
  const group = useGroupViewer(paths.gid);
  const valid = Number.isInteger(did) && did > 0;
  const [editing, setEditing] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [liking, setLiking] = useState(false);

  const detail = useQuery({
    queryKey: detailKey(did),
    queryFn: () => getDiscussionDetail(did),
    enabled: valid,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });
  usePageSubject(detail.data?.title);
  const categories = useQuery({
    queryKey: discussionCategoriesKey,
    queryFn: getDiscussionCategories,
    staleTime: 60_000,
    enabled: editing,
  });
  const patch = (change: (d: DiscussionVO) => Partial<DiscussionVO>) =>
    queryClient.setQueryData<DiscussionVO>(detailKey(did), (d) => (d ? { ...d, ...change(d) } : d));

  if (!valid || detail.isError) {
    return (
      <ShellLoadFailed
        error={detail.error}
        title={t('discussion.detail.loadFailed')}
        backTo={paths.list}
        backLabel={t('discussion.detail.backToList')}
      />
    );
  }
  const d = detail.data;
  if (!d) return <ShellLoading />;

  const isAuthor = uid !== null && uid === d.uid;
  // a group's post: its author or the group's admins (spec part 2 §2.2)
  const canDelete =
    isAuthor || (uid !== null && (paths.gid !== undefined ? group.admin : isAdminRole(session.userInfo)));

  const toggleLike = async () => {
    if (!requireLogin()) return;
    const toLike = !d.hasLike;
    setLiking(true);
    try {
      await likeDiscussion(d.id, toLike);
      // spec part 2 §4: a like toggles hasLike and moves likeNum by one
      patch((x) => ({ hasLike: toLike, likeNum: Math.max(0, x.likeNum + (toLike ? 1 : -1)) }));
      toast.success(t(toLike ? 'discussion.detail.liked' : 'discussion.detail.unliked'));
    } catch {
      // shown by the client
    } finally {
      setLiking(false);
    }
  };
  const confirmDelete = () =>
    modal.confirm({
      title: t('discussion.list.deleteConfirm'),
      content: d.title,
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await (paths.gid !== undefined ? deleteGroupDiscussion(d.id) : deleteDiscussion(d.id));
          toast.success(t('discussion.detail.deleted'));
          void queryClient.invalidateQueries({ queryKey: ['discussion-list'] });
          navigate(d.pid ? paths.problemList(d.pid) : paths.list);
        } catch {
          // shown by the client
        }
      },
    });

  return (
    <div className="discussion-detail">
      <Card className="discussion-detail__card">
        <header className="discussion-detail__head">
          <h1 className="discussion-detail__title" data-testid="discussion-detail-title">
            {d.title}
          </h1>
          {d.status === 1 ? <Tag>{t('discussion.list.hidden')}</Tag> : null}
          {d.pid ? (
            <Button size="small" onClick={() => navigate(paths.problem(d.pid!))}>
              {t('discussion.list.goProblem')} {d.pid}
            </Button>
          ) : null}
        </header>
        <div className="discussion-detail__meta">
          <UserByline
            user={{
              name: d.author,
              avatar: d.avatar,
              role: d.role,
              titleName: d.titleName,
              titleColor: d.titleColor,
            }}
          />
          {d.categoryName ? (
            <Link
              to={paths.gid !== undefined ? paths.list : `/discussion?cid=${d.categoryId}`}
              className="discussion-detail__category"
            >
              <Tag color="blue">{d.categoryName}</Tag>
            </Link>
          ) : null}
          <span className="discussion-detail__stat" data-testid="detail-likes">
            <LikeOutlined /> {t('discussion.detail.likes', { count: d.likeNum })}
          </span>
          <span className="discussion-detail__stat" data-testid="detail-views">
            <EyeOutlined /> {t('discussion.detail.views', { count: d.viewNum })}
          </span>
          <span className="discussion-detail__stat" data-testid="detail-comments">
            <MessageOutlined /> {t('discussion.detail.comments', { count: d.commentNum })}
          </span>
          <span className="discussion-detail__stat">
            <ClockCircleOutlined />{' '}
            {t('discussion.detail.releasedAt', { time: dayjs(d.gmtCreate).format('YYYY-MM-DD HH:mm:ss') })}
          </span>
        </div>
        <Space wrap className="discussion-detail__actions">
          <Button
            type={d.hasLike ? 'primary' : 'default'}
            icon={d.hasLike ? <LikeFilled /> : <LikeOutlined />}
            loading={liking}
            aria-pressed={d.hasLike}
            onClick={() => void toggleLike()}
            data-testid="discussion-like"
          >
            {t(d.hasLike ? 'discussion.detail.unlike' : 'discussion.detail.like')}
          </Button>
          <Button
            icon={<WarningOutlined />}
            onClick={() => {
              if (requireLogin()) setReporting(true);
            }}
          >
            {t('discussion.detail.report')}
          </Button>
          {isAuthor ? (
            <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
              {t('discussion.detail.edit')}
            </Button>
          ) : null}
          {canDelete ? (
            <Button danger icon={<DeleteOutlined />} onClick={confirmDelete}>
              {t('discussion.detail.delete')}
            </Button>
          ) : null}
        </Space>
        <div className="discussion-detail__body" data-testid="discussion-body">
          <Markdown source={d.content} />
        </div>
      </Card>
      <Card className="discussion-detail__comments">
        <CommentSection
          source={{ did: d.id }}
          moderator={uid !== null && isAdminRole(session.userInfo)}
          onCountChange={(delta) => patch((x) => ({ commentNum: Math.max(0, x.commentNum + delta) }))}
        />
      </Card>
      <ReportDialog did={d.id} open={reporting} onClose={() => setReporting(false)} />
      <DiscussionEditor
        open={editing}
        editing={d}
        categories={categories.data ?? [{ id: d.categoryId, name: d.categoryName }]}
        onClose={() => setEditing(false)}
        onSaved={() => {
          void queryClient.invalidateQueries({ queryKey: detailKey(did) });
          void queryClient.invalidateQueries({ queryKey: ['discussion-list'] });
        }}
      />
    </div>
  );
}
