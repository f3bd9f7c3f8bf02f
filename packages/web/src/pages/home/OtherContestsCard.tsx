import { CalendarOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Card, List, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { getRecentOtherContests } from '../../api/home';

/**
 * Other judges' contests (reference §3.2 get-recent-other-contest). HOJ fetched them from the
 * internet; Verdict answers them only when a source is configured. The card shows only when the
 * answer lists some, and nothing on the page waits for it.
 */
export function OtherContestsCard() {
  const { t } = useTranslation();
  const contests = useQuery({
    queryKey: ['recent-other-contests'],
    queryFn: getRecentOtherContests,
    staleTime: 10 * 60_000,
    retry: false,
  });
  if (!contests.data || contests.data.length === 0) return null;
  return (
    <Card
      className="home-card home-other-contests"
      title={
        <span>
          <CalendarOutlined /> {t('home.otherContests')}
        </span>
      }
      extra={<Typography.Text type="secondary">{t('home.otherContestsNote')}</Typography.Text>}
    >
      <List
        size="small"
        dataSource={contests.data}
        renderItem={(contest) => (
          <List.Item key={`${contest.oj}-${contest.url}-${contest.beginTime}`}>
            <span className="home-other-contest">
              <Tag>{contest.oj}</Tag>
              <a href={contest.url} target="_blank" rel="noopener noreferrer">
                {contest.title}
              </a>
            </span>
            <Typography.Text type="secondary">
              {t('home.otherContestBegin', { time: dayjs(contest.beginTime).format('YYYY-MM-DD HH:mm') })}
            </Typography.Text>
          </List.Item>
        )}
      />
    </Card>
  );
}
