import { CalendarOutlined, ClockCircleOutlined, TeamOutlined, TrophyOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, List, Skeleton, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getRecentContests } from '../../api/home';
import { CONTEST_TYPE } from '../contest/contest-rules';
import { ContestAuthTag, ContestLock, ContestStatusTag, useDurationText } from '../contest/ContestTags';
import { requireLogin } from '../problem/require-login';

/**
 * Spec part 1 §2 "Home": contests running or starting within two weeks (reference §3.2), each with
 * its status, rule, access, start, duration and participants. Opening one needs login: a visitor
 * gets the warning and the login dialog.
 */
export function RecentContestsCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const duration = useDurationText();
  const contests = useQuery({ queryKey: ['recent-contests'], queryFn: getRecentContests, staleTime: 60_000 });

  const open = (cid: number) => {
    if (requireLogin()) void navigate(`/contest/${cid}`);
  };

  return (
    <Card
      className="home-card home-contests"
      title={
        <span>
          <TrophyOutlined /> {t('home.recentContests')}
        </span>
      }
    >
      {contests.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : !contests.data || contests.data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.noContests')} />
      ) : (
        <List
          dataSource={contests.data}
          renderItem={(contest) => (
            <List.Item key={contest.id} className="home-contest" data-cid={contest.id}>
              <div className="home-contest__main">
                <button type="button" className="home-contest__title" onClick={() => open(contest.id)}>
                  {contest.title} <ContestLock auth={contest.auth} />
                </button>
                <div className="home-contest__facts">
                  <span title={t('home.contestStart')}>
                    <CalendarOutlined /> {dayjs(contest.startTime).format('YYYY-MM-DD HH:mm')}
                  </span>
                  <span title={t('home.contestDuration')}>
                    <ClockCircleOutlined /> {duration(contest.duration ?? 0)}
                  </span>
                  <span>
                    <TeamOutlined /> {t('home.contestParticipants', { count: contest.count })}
                  </span>
                </div>
              </div>
              <div className="home-contest__tags">
                <Tag color={contest.type === CONTEST_TYPE.oi ? 'purple' : 'blue'}>
                  {contest.type === CONTEST_TYPE.oi ? 'OI' : 'ACM'}
                </Tag>
                <ContestAuthTag auth={contest.auth} />
                <ContestStatusTag status={contest.status} />
              </div>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
