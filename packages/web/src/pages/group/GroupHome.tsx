import { NotificationOutlined, TrophyOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Collapse, Empty, Pagination, Spin, Table } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getGroupAnnouncements, getGroupRankList, type GroupRankRow } from '../../api/group';
import { Markdown } from '../../components/markdown';
import { GROUP_HOME_ANNOUNCEMENTS, GROUP_HOME_RANKING, isGroupMember } from './group-rules';
import { useGroupContext } from './use-group';

export const groupAnnouncementsKey = (gid: number) => ['group-announcements', gid];
export const groupRankKey = (gid: number) => ['group-rank', gid];

/** The home tab's announcements, 5 a page, each opening to its markdown (members only). */
function HomeAnnouncements({ gid }: { gid: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: [...groupAnnouncementsKey(gid), 'home', page],
    queryFn: () => getGroupAnnouncements(gid, page, GROUP_HOME_ANNOUNCEMENTS),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const records = list.data?.records ?? [];
  return (
    <Card
      className="group-home__card"
      title={
        <span>
          <NotificationOutlined /> {t('group.home.announcements')}
        </span>
      }
      data-testid="group-home-announcements"
    >
      <Spin spinning={list.isFetching}>
        {records.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={list.isPending ? null : t('group.home.noAnnouncements')}
          />
        ) : (
          <Collapse
            accordion
            items={records.map((a) => ({
              key: a.id,
              label: (
                <div className="group-home__announcement-head">
                  <span className="group-home__announcement-title">{a.title}</span>
                  <span className="group-home__muted">
                    {t('group.home.by', {
                      username: a.username ?? '',
                      time: dayjs(a.gmtCreate).format('YYYY-MM-DD HH:mm'),
                    })}
                  </span>
                </div>
              ),
              children: <Markdown source={a.content ?? ''} />,
            }))}
          />
        )}
      </Spin>
      <Pagination
        className="group-home__pager"
        size="small"
        current={page}
        pageSize={GROUP_HOME_ANNOUNCEMENTS}
        total={list.data?.total ?? 0}
        hideOnSinglePage
        onChange={setPage}
      />
    </Card>
  );
}

/** The right-hand ranking: username and AC of the group's top members (ACM order). */
function HomeRanking({ gid }: { gid: number }) {
  const { t } = useTranslation();
  const rank = useQuery({
    queryKey: [...groupRankKey(gid), 'home'],
    queryFn: () => getGroupRankList({ gid, type: 0, currentPage: 1, limit: GROUP_HOME_RANKING }),
    staleTime: 0,
  });
  return (
    <Card
      className="group-home__card"
      title={
        <span>
          <TrophyOutlined /> {t('group.home.ranking')}
        </span>
      }
      data-testid="group-home-ranking"
    >
      <Table<GroupRankRow>
        size="small"
        rowKey="uid"
        pagination={false}
        loading={rank.isFetching}
        dataSource={rank.data?.records ?? []}
        locale={{ emptyText: t('group.home.noRanking') }}
        columns={[
          { key: 'username', title: t('group.home.username'), dataIndex: 'username', ellipsis: true },
          { key: 'ac', title: t('group.home.ac'), dataIndex: 'ac', width: 70, align: 'center' },
        ]}
      />
    </Card>
  );
}

/**
 * The group's home tab (spec part 2 §2.2): its markdown description and, for members, the
 * announcements (5 a page) and the ranking table on the right.
 */
export function GroupHome() {
  const { t } = useTranslation();
  const { group, viewer, gid } = useGroupContext();
  const member = isGroupMember(viewer);
  return (
    <div className={member ? 'group-home' : 'group-home group-home--single'}>
      <div className="group-home__main">
        <Card className="group-home__card" title={t('group.home.description')}>
          {group?.description ? (
            <Markdown source={group.description} />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('group.home.noDescription')} />
          )}
        </Card>
        {member ? <HomeAnnouncements gid={gid} /> : null}
      </div>
      {member ? (
        <aside className="group-home__side">
          <HomeRanking gid={gid} />
        </aside>
      ) : null}
    </div>
  );
}
