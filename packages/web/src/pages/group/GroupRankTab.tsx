import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Input, Segmented, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { getGroupRankList, type GroupRankRow } from '../../api/group';
import { RankUser } from '../rank/RankUser';
import { MOBILE_QUERY, useMediaQuery } from '../problem/use-media-query';
import { groupRankKey } from './GroupHome';
import { GROUP_RANK_PAGE_SIZE } from './group-rules';
import { useGroupContext } from './use-group';

const RANK_PAGE_SIZES = [10, 30, 50, 100];

/** The rank's query in the URL (spec part 2 §2.2): page, limit, searchUser and type (0 ACM, 1 OI). */
export function readRankQuery(params: URLSearchParams) {
  const page = Number(params.get('page'));
  const limit = Number(params.get('limit'));
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    limit: RANK_PAGE_SIZES.includes(limit) ? limit : GROUP_RANK_PAGE_SIZE,
    searchUser: params.get('searchUser') ?? '',
    type: params.get('type') === '1' ? 1 : 0,
  } as const;
}

/**
 * The group rank tab (spec part 2 §2.2 "Group rank"): ACM (0) or OI (1), search by user; the
 * sequence, the user with avatar and title, nickname, AC (to the group's accepted submissions of
 * that user), total and, for OI, score.
 */
export function GroupRankTab() {
  const { t } = useTranslation();
  const { gid } = useGroupContext();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const [params, setParams] = useSearchParams();
  const query = readRankQuery(params);
  const [search, setSearch] = useState(query.searchUser);
  useEffect(() => setSearch(query.searchUser), [query.searchUser]);
  const rank = useQuery({
    queryKey: [...groupRankKey(gid), query],
    queryFn: () =>
      getGroupRankList({
        gid,
        type: query.type,
        currentPage: query.page,
        limit: query.limit,
        searchUser: query.searchUser,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const update = (change: Partial<{ page: number; limit: number; searchUser: string; type: 0 | 1 }>) => {
    const next = { ...query, page: 1, ...change };
    const out = new URLSearchParams();
    if (next.page > 1) out.set('page', String(next.page));
    if (next.limit !== GROUP_RANK_PAGE_SIZE) out.set('limit', String(next.limit));
    if (next.searchUser.trim()) out.set('searchUser', next.searchUser.trim());
    if (next.type === 1) out.set('type', '1');
    setParams(out);
  };

  const columns: ColumnsType<GroupRankRow> = [
    {
      key: 'rank',
      title: t('group.rank.rank'),
      width: 60,
      align: 'center',
      render: (_, __, index) => (query.page - 1) * query.limit + index + 1,
    },
    { key: 'user', title: t('group.rank.user'), render: (_, row) => <RankUser user={row} /> },
    {
      key: 'nickname',
      title: t('group.rank.nickname'),
      dataIndex: 'nickname',
      ellipsis: true,
      responsive: ['md'],
    },
    {
      key: 'ac',
      title: t('group.rank.ac'),
      width: 80,
      align: 'center',
      render: (_, row) => (
        <Link to={`/group/${gid}/status?${new URLSearchParams({ username: row.username, status: '0' })}`}>
          {row.ac}
        </Link>
      ),
    },
    { key: 'total', title: t('group.rank.total'), dataIndex: 'total', width: 80, align: 'center' },
    ...(query.type === 1
      ? [
          {
            key: 'score',
            title: t('group.rank.score'),
            dataIndex: 'score',
            width: 80,
            align: 'center' as const,
          },
        ]
      : []),
  ];

  return (
    <Card title={t('group.rank.title')} data-testid="group-rank">
      <div className="group-panel__bar">
        <Segmented<0 | 1>
          value={query.type}
          onChange={(type) => update({ type })}
          options={[
            { value: 0, label: 'ACM' },
            { value: 1, label: 'OI' },
          ]}
        />
        <Input.Search
          className="group-panel__search"
          allowClear
          placeholder={t('group.rank.search')}
          aria-label={t('group.rank.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onSearch={(searchUser) => update({ searchUser })}
        />
      </div>
      <Table<GroupRankRow>
        rowKey="uid"
        size="middle"
        columns={columns}
        dataSource={rank.data?.records ?? []}
        loading={rank.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('group.rank.empty') }}
        pagination={{
          current: query.page,
          pageSize: query.limit,
          total: rank.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: RANK_PAGE_SIZES,
          simple: mobile,
          onChange: (page, limit) => update({ page: limit !== query.limit ? 1 : page, limit }),
        }}
      />
    </Card>
  );
}
