import {
  BookOutlined,
  ClockCircleOutlined,
  GithubOutlined,
  LinkOutlined,
  ManOutlined,
  QuestionOutlined,
  WomanOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Card, Empty, Skeleton, Statistic, Tabs, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { getUserHomeInfo, type UserHomeInfo } from '../../api/user-home';
import { Markdown } from '../../components/markdown';
import { NotFoundPage } from '../errors/NotFoundPage';
import { OvercomingProblems, SolvedProblems } from './SolvedProblems';
import { UserHeatmap } from './UserHeatmap';
import { userKeyOf } from './user-key';
import './user-home.css';
import { usePageSubject } from '../../routing/page-subject';

const GENDER_ICON = { male: <ManOutlined />, female: <WomanOutlined />, secrecy: <QuestionOutlined /> };

/** A link the user typed is shown only when it is http(s); anything else stays text. */
function safeHref(url: string): string | undefined {
  return /^https?:\/\//i.test(url) ? url : undefined;
}

function Profile({ user }: { user: UserHomeInfo }) {
  const { t } = useTranslation();
  const gender = (['male', 'female', 'secrecy'] as const).find((g) => g === user.gender);
  const github = user.github ? (safeHref(user.github) ?? `https://github.com/${user.github}`) : undefined;
  return (
    <Card className="user-home-card">
      <div className="user-home-card__head">
        <Avatar size={96} src={user.avatar || undefined} className="user-home-card__avatar">
          {user.username.slice(0, 1).toUpperCase()}
        </Avatar>
        <div className="user-home-card__names">
          <Typography.Title level={3} className="user-home-card__username">
            {user.username}
            {gender ? (
              <span
                className={`user-home-gender user-home-gender--${gender}`}
                title={t(`userHome.gender.${gender}`)}
              >
                {GENDER_ICON[gender]}
              </span>
            ) : null}
          </Typography.Title>
          {user.titleName ? <Tag color={user.titleColor || undefined}>{user.titleName}</Tag> : null}
          {user.nickname ? <div className="user-home-card__nickname">{user.nickname}</div> : null}
          <div className="user-home-card__login">
            <ClockCircleOutlined />{' '}
            {user.recentLoginTime
              ? t('userHome.recentLogin', { time: dayjs(user.recentLoginTime).format('YYYY-MM-DD HH:mm') })
              : t('userHome.neverLoggedIn')}
          </div>
        </div>
      </div>
      <div className="user-home-card__links">
        {user.school ? (
          <span title={t('userHome.school')}>
            <BookOutlined /> {user.school}
          </span>
        ) : null}
        {user.github && github ? (
          <a href={github} target="_blank" rel="noopener noreferrer">
            <GithubOutlined /> {t('userHome.github')}
          </a>
        ) : null}
        {user.blog && safeHref(user.blog) ? (
          <a href={safeHref(user.blog)} target="_blank" rel="noopener noreferrer">
            <LinkOutlined /> {t('userHome.blog')}
          </a>
        ) : null}
      </div>
      <div className="user-home-counts">
        <Statistic title={t('userHome.counts.submissions')} value={user.total} />
        <Statistic title={t('userHome.counts.solved')} value={user.solved} />
        <Statistic title={t('userHome.counts.score')} value={user.score} />
        {user.rating !== null && user.rating !== undefined ? (
          <Statistic title={t('userHome.counts.rating')} value={user.rating} />
        ) : null}
      </div>
    </Card>
  );
}

/**
 * The user home (/user-home?uid|username, spec part 2 §2.6, reference §7.11): who the user is, their
 * counts, a year of submissions as a calendar, and tabs for the profile, the solved problems by
 * difficulty and the problems tried but not solved. An unknown or banned user is "not found".
 */
export function UserHomePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const key = useMemo(() => userKeyOf(params), [params]);
  const info = useQuery({
    queryKey: ['user-home', key],
    queryFn: () => getUserHomeInfo(key),
    retry: false,
    staleTime: 30_000,
  });
  usePageSubject(info.data?.username);

  if (info.isPending) {
    return (
      <div className="user-home">
        <Card>
          <Skeleton avatar active paragraph={{ rows: 4 }} />
        </Card>
      </div>
    );
  }
  if (!info.data) {
    return <NotFoundPage title={t('userHome.notFound')} subTitle={t('userHome.notFoundDetail')} />;
  }
  const user = info.data;
  const tried = user.triedList;
  return (
    <div className="user-home" data-uid={user.uid}>
      <Profile user={user} />
      <UserHeatmap userKey={{ uid: user.uid }} />
      <Card className="user-home-tabs">
        <Tabs
          items={[
            {
              key: 'profile',
              label: t('userHome.tabs.profile'),
              children: user.signature ? (
                <Markdown source={user.signature} />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('userHome.noProfile')} />
              ),
            },
            {
              key: 'solved',
              label: `${t('userHome.tabs.solved')} (${user.solved})`,
              children: <SolvedProblems groups={user.solvedGroupByDifficulty} />,
            },
            {
              key: 'overcoming',
              label: `${t('userHome.tabs.overcoming')} (${tried.length})`,
              children: <OvercomingProblems problems={tried} />,
            },
          ]}
        />
      </Card>
    </div>
  );
}
