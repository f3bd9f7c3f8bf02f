import { CrownOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Skeleton, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { getRecentSevenAcRank, type RecentAcRankRow } from '../../api/home';
import { RankUser } from '../rank/RankUser';

const MEDALS = ['#f5b700', '#a6a6a6', '#cd7f32'];

/** Spec part 1 §2 "Home", reference §3.2: the ten users who solved most problems in the last 7 days. */
export function RecentAcRankCard() {
  const { t } = useTranslation();
  const rank = useQuery({
    queryKey: ['recent-seven-ac-rank'],
    queryFn: getRecentSevenAcRank,
    staleTime: 60_000,
  });

  return (
    <Card
      className="home-card home-ac-rank"
      title={
        <span>
          <CrownOutlined /> {t('home.recentAcRank')}
        </span>
      }
    >
      {rank.isPending ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : !rank.data || rank.data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.noRecentAc')} />
      ) : (
        <Table<RecentAcRankRow>
          size="small"
          rowKey="uid"
          pagination={false}
          dataSource={rank.data}
          columns={[
            {
              title: t('home.rankColumn'),
              key: 'rank',
              width: 56,
              render: (_value, _row, index) => (
                <span className="home-ac-rank__place" style={{ background: MEDALS[index] }}>
                  {index + 1}
                </span>
              ),
            },
            {
              title: t('home.userColumn'),
              key: 'user',
              render: (_value, row) => <RankUser user={row} />,
            },
            { title: t('home.acColumn'), dataIndex: 'ac', key: 'ac', width: 64, align: 'right' },
          ]}
        />
      )}
    </Card>
  );
}
