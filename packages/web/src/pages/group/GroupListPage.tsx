import { PlusOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Card, Empty, Input, Pagination, Radio, Segmented, Spin, Tag } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { getGroupList, type GroupVO } from '../../api/group';
import { isAuthenticated, useSession } from '../../store/session';
import { requireLogin } from '../problem/require-login';
import { MOBILE_QUERY, useMediaQuery } from '../problem/use-media-query';
import { GroupAuthTag } from './GroupAuthTag';
import { GroupCreateDialog } from './GroupCreateDialog';
import {
  GROUP_AUTHS,
  GROUP_PAGE_SIZES,
  readGroupQuery,
  showsOnlyMine,
  writeGroupQuery,
  type GroupListQuery,
} from './group-rules';
import './group.css';

export const groupListKey = ['group-list'];

/** One group of the grid: avatar, name, short name, auth and hidden tags, brief, owner, members, date. */
function GroupCard({ group, onOpen }: { group: GroupVO; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <Card hoverable className="group-card" data-testid="group-card" data-group-id={group.id} onClick={onOpen}>
      <div className="group-card__head">
        <Avatar size={48} src={group.avatar || undefined} icon={<TeamOutlined />} shape="square" />
        <div className="group-card__titles">
          <Link
            to={`/group/${group.id}`}
            className="group-card__name"
            title={group.name}
            onClick={(e) => {
              e.preventDefault();
              e.stopPropagation();
              onOpen();
            }}
          >
            {group.name}
          </Link>
          <span className="group-card__short">{group.shortName}</span>
        </div>
      </div>
      <div className="group-card__tags">
        <GroupAuthTag auth={group.auth} />
        {!group.visible ? <Tag>{t('group.shell.hidden')}</Tag> : null}
      </div>
      <p className="group-card__brief">{group.brief}</p>
      <div className="group-card__foot">
        <span title={t('group.list.owner')}>
          <UserOutlined /> {group.owner}
        </span>
        <span>{t('group.list.members', { count: group.memberCount })}</span>
        <time dateTime={group.gmtCreate}>{dayjs(group.gmtCreate).format('YYYY-MM-DD')}</time>
      </div>
    </Card>
  );
}

/**
 * The group list (/group, spec part 2 §2.2, reference §3.10): a card grid with 9/15/30/60/120 a
 * page (15 by default), the search box (name, owner or short name), My Group / All Group (disabled
 * when signed out; My Groups once signed in), the auth tags and Create Group. Filters go to the
 * route's query. Opening or creating a group while signed out asks to log in.
 */
export function GroupListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const signedIn = isAuthenticated(session);
  const mobile = useMediaQuery(MOBILE_QUERY);
  const [params, setParams] = useSearchParams();
  const query = readGroupQuery(params);
  const onlyMine = showsOnlyMine(query, signedIn);
  const [keyword, setKeyword] = useState(query.keyword);
  useEffect(() => setKeyword(query.keyword), [query.keyword]);
  const [creating, setCreating] = useState(false);

  const list = useQuery({
    queryKey: [...groupListKey, query, onlyMine, signedIn],
    queryFn: () =>
      getGroupList({
        currentPage: query.currentPage,
        limit: query.limit,
        keyword: query.keyword || undefined,
        auth: query.auth || undefined,
        onlyMine: onlyMine || undefined,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  // The address's query as it is now: a navigation still rendering (a transition) has already
  // changed it, and a filter changed right after must not put the old values back.
  const latest = () => readGroupQuery(new URLSearchParams(window.location.search));
  const update = (change: Partial<GroupListQuery>) =>
    setParams(writeGroupQuery({ ...latest(), currentPage: 1, ...change }));

  const open = (group: GroupVO) => {
    if (!requireLogin()) return;
    navigate(`/group/${group.id}`);
  };

  const records = list.data?.records ?? [];

  return (
    <Card
      className="group-list"
      title={t('group.list.title')}
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => {
            if (requireLogin()) setCreating(true);
          }}
        >
          {t('group.list.create')}
        </Button>
      }
    >
      <div className="group-filters" role="search">
        <Input.Search
          className="group-filters__search"
          allowClear
          placeholder={t('group.list.search')}
          aria-label={t('group.list.search')}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(value) => update({ keyword: value })}
        />
        <Segmented<'mine' | 'all'>
          aria-label={`${t('group.list.mine')} / ${t('group.list.all')}`}
          disabled={!signedIn}
          value={onlyMine ? 'mine' : 'all'}
          onChange={(value) => update({ onlyMine: value === 'mine' })}
          options={[
            { value: 'mine', label: t('group.list.mine') },
            { value: 'all', label: t('group.list.all') },
          ]}
        />
        <Radio.Group
          size="small"
          optionType="button"
          buttonStyle="solid"
          aria-label={t('group.list.authFilter')}
          value={query.auth}
          onChange={(e) => update({ auth: e.target.value as number })}
          options={[
            { value: 0, label: t('group.list.allAuth') },
            ...GROUP_AUTHS.map((auth) => ({ value: auth, label: t(`group.auth.${auth}`) })),
          ]}
        />
      </div>
      <Spin spinning={list.isFetching}>
        {records.length === 0 ? (
          <Empty
            className="group-list__empty"
            description={list.isPending ? null : t('group.list.empty')}
            image={Empty.PRESENTED_IMAGE_SIMPLE}
          />
        ) : (
          <div className="group-grid">
            {records.map((group) => (
              <GroupCard key={group.id} group={group} onOpen={() => open(group)} />
            ))}
          </div>
        )}
      </Spin>
      <Pagination
        className="group-list__pager"
        current={query.currentPage}
        pageSize={query.limit}
        total={list.data?.total ?? 0}
        showSizeChanger
        pageSizeOptions={GROUP_PAGE_SIZES.map(String)}
        simple={mobile}
        hideOnSinglePage={false}
        showTotal={mobile ? undefined : (count) => t('group.list.total', { count })}
        onChange={(currentPage, limit) =>
          setParams(
            writeGroupQuery({
              ...latest(),
              currentPage: limit !== query.limit ? 1 : currentPage,
              limit,
            }),
          )
        }
      />
      <GroupCreateDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(gid) => {
          setCreating(false);
          void queryClient.invalidateQueries({ queryKey: groupListKey });
          if (gid !== null) navigate(`/group/${gid}`);
        }}
      />
    </Card>
  );
}
