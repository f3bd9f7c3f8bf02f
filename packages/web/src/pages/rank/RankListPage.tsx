import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Input, Skeleton, Table, Typography, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { getRankList, type RankKind, type RankRecord } from '../../api/rank';
import { acceptanceRate } from '../../components/judge-status';
import { GENERAL_PAGE_SIZES, RANK_CHART_SIZE } from '../../config/constants';
import { RankChart } from './RankChart';
import { rankColor } from './rank-colors';
import { acceptedSubmissionsPath, readRankQuery, writeRankQuery, type RankQuery } from './rank-query';
import { RankUser } from './RankUser';
import './rank.css';

/**
 * The site rank lists (/acm-rank, /oi-rank; spec part 1 §2 "Rank lists", reference §3.7, §7.11):
 * the top 10 as a bar chart, then the searchable table, 30 a page. ACM ranks by AC then fewer
 * submissions; OI by score then AC. A name's colour follows its AC count or score (spec §9).
 */
function RankListPage({ kind }: { kind: RankKind }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const query = readRankQuery(params);
  const [search, setSearch] = useState(query.searchUser);
  useEffect(() => setSearch(query.searchUser), [query.searchUser]);

  const top = useQuery({
    queryKey: ['rank-top', kind],
    queryFn: () => getRankList({ kind, currentPage: 1, limit: RANK_CHART_SIZE }),
    staleTime: 60_000,
  });
  const list = useQuery({
    queryKey: ['rank-list', kind, query],
    queryFn: () =>
      getRankList({ kind, currentPage: query.currentPage, limit: query.limit, searchUser: query.searchUser }),
    placeholderData: keepPreviousData,
  });

  const update = (change: Partial<RankQuery>) => setParams(writeRankQuery({ ...query, ...change }));
  const place = (index: number) => (query.currentPage - 1) * query.limit + index + 1;

  const acLink = (row: RankRecord, text: string) => (
    <Link
      to={acceptedSubmissionsPath(row.username)}
      aria-label={t('rank.acLink', { username: row.username })}
    >
      {text}
    </Link>
  );

  const columns: TableColumnsType<RankRecord> = [
    {
      title: t('rank.columns.rank'),
      key: 'rank',
      width: 64,
      align: 'center',
      render: (_v, _row, index) => <span className="rank-place">{place(index)}</span>,
    },
    {
      title: t('rank.columns.user'),
      key: 'user',
      render: (_v, row) => <RankUser user={row} color={rankColor(kind, row)} />,
    },
    {
      title: t('rank.columns.nickname'),
      dataIndex: 'nickname',
      key: 'nickname',
      responsive: ['md'],
      ellipsis: true,
    },
    ...(kind === 'acm'
      ? ([
          {
            title: t('rank.columns.ac'),
            key: 'ac',
            width: 80,
            align: 'right',
            render: (_v, row) => acLink(row, String(row.ac)),
          },
          { title: t('rank.columns.total'), dataIndex: 'total', key: 'total', width: 80, align: 'right' },
        ] satisfies TableColumnsType<RankRecord>)
      : ([
          { title: t('rank.columns.score'), dataIndex: 'score', key: 'score', width: 90, align: 'right' },
          {
            title: t('rank.columns.acTotal'),
            key: 'acTotal',
            width: 110,
            align: 'right',
            render: (_v, row) => (
              <span>
                {acLink(row, String(row.ac))} / {row.total}
              </span>
            ),
          },
        ] satisfies TableColumnsType<RankRecord>)),
    {
      title: t('rank.columns.rating'),
      key: 'rating',
      width: 96,
      align: 'right',
      render: (_v, row) => acceptanceRate(row.ac, row.total),
    },
    {
      title: t('rank.columns.signature'),
      dataIndex: 'signature',
      key: 'signature',
      responsive: ['lg'],
      ellipsis: true,
    },
  ];

  return (
    <div className={`rank-page rank-page--${kind}`}>
      <Card className="rank-chart-card" title={t('rank.chartTitle')}>
        {top.isPending ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : (
          <RankChart kind={kind} top={top.data?.records ?? []} />
        )}
      </Card>
      <Card
        className="rank-table-card"
        title={<Typography.Title level={4}>{t(`rank.title.${kind}`)}</Typography.Title>}
        extra={
          <Input.Search
            className="rank-search"
            allowClear
            placeholder={t('rank.search')}
            aria-label={t('rank.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            onSearch={(value) => update({ searchUser: value, currentPage: 1 })}
          />
        }
      >
        <Table<RankRecord>
          rowKey="uid"
          size="middle"
          columns={columns}
          dataSource={list.data?.records ?? []}
          loading={list.isFetching}
          locale={{ emptyText: t('rank.empty') }}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: query.currentPage,
            pageSize: query.limit,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: GENERAL_PAGE_SIZES,
            onChange: (currentPage, limit) =>
              update({ currentPage: limit === query.limit ? currentPage : 1, limit }),
          }}
        />
      </Card>
    </div>
  );
}

export function AcmRankPage() {
  return <RankListPage kind="acm" />;
}

export function OiRankPage() {
  return <RankListPage kind="oi" />;
}
