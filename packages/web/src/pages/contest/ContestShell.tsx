import {
  AuditOutlined,
  BarChartOutlined,
  CommentOutlined,
  FieldTimeOutlined,
  HistoryOutlined,
  HomeOutlined,
  NotificationOutlined,
  OrderedListOutlined,
  PrinterOutlined,
  RetweetOutlined,
  TeamOutlined,
  UnorderedListOutlined,
  SafetyCertificateOutlined,
  UsergroupAddOutlined,
} from '@ant-design/icons';
import { Alert, Button, Card, Switch, Tooltip } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useWebsiteConfig } from '../../api/home';
import { ShellLoadFailed, ShellLoading, ShellTabs } from '../../components/detail-shell/ShellParts';
import { CONTEST_STATUS } from './clock/contest-clock';
import { ContestContext } from './contest-context';
import {
  contestTabs,
  showsAfterContestSwitch,
  tabAccess,
  tabOfPath,
  type ContestTabKey,
  type TabContext,
} from './contest-rules';
import { ContestCountdown } from './ContestCountdown';
import { ContestAuthTag } from './ContestTags';
import { useAnnouncementNotice } from './use-announcement-notice';
import { useContainsEnd, useContest } from './use-contest';
import './contest.css';
import { usePageSubject } from '../../routing/page-subject';

const TAB_ICONS: Record<ContestTabKey, ReactNode> = {
  overview: <HomeOutlined />,
  problems: <UnorderedListOutlined />,
  submissions: <HistoryOutlined />,
  rank: <BarChartOutlined />,
  announcements: <NotificationOutlined />,
  comment: <CommentOutlined />,
  print: <PrinterOutlined />,
  acInfo: <SafetyCertificateOutlined />,
  adminPrint: <AuditOutlined />,
  rejudge: <RetweetOutlined />,
  scrollBoard: <OrderedListOutlined />,
};

/**
 * The contest shell (/contest/:contestID, spec part 1 §2 "Contest shell"): the header (title,
 * access, group, participants, rule, start and end, progress slider and the countdown on the
 * server's clock, the 'include submissions after the contest' switch), the tabs with their enabling
 * rules, and the tab's page below. The "new announcement" notice is polled while it is open.
 */
export function ContestShell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const cid = Number(useParams().contestID);
  const contest = useContest(cid);
  const config = useWebsiteConfig();
  const [containsEnd, setContainsEnd] = useContainsEnd(cid);
  const { info, facts, clock } = contest;
  const notice = useAnnouncementNotice(contest);
  usePageSubject(info?.title, 0);

  if (!contest.valid || contest.infoQuery.isError) {
    return (
      <ShellLoadFailed
        error={contest.infoQuery.error}
        title={t('contest.shell.loadFailed')}
        backTo="/contest"
        backLabel={t('contest.shell.backToList')}
      />
    );
  }
  if (!info || !facts || !clock) return <ShellLoading />;

  const base = `/contest/${cid}`;
  const rest = location.pathname.startsWith(base) ? location.pathname.slice(base.length) : '';
  const activeTab = tabOfPath(rest);
  const tabContext: TabContext = {
    contest: facts,
    admin: contest.admin,
    superAdmin: contest.superAdmin,
    registered: contest.registered,
    openContestComment: config.data?.openContestComment === true,
  };
  const tabs = contestTabs(tabContext);
  const access = tabAccess(tabContext, activeTab);
  const forbidden =
    access === 'staffOnly' || access === 'superAdminOnly' || access === 'notOffered'
      ? { title: t('contest.shell.forbiddenTitle'), subTitle: t(`contest.shell.${access}`) }
      : null;

  return (
    <ContestContext.Provider value={contest}>
      <div className="contest-shell">
        <Card className="contest-header">
          <h1 className="contest-header__title">{info.title}</h1>
          <div className="contest-header__meta">
            <ContestAuthTag auth={info.auth} />
            {info.gid ? (
              <Link to={`/group/${info.gid}`}>
                <Button size="small" icon={<UsergroupAddOutlined />}>
                  {t('contest.shell.group')}
                </Button>
              </Link>
            ) : null}
            <Tooltip title={t('contest.list.participants')}>
              <span className="contest-header__count" aria-label={t('contest.list.participants')}>
                <TeamOutlined aria-hidden /> {info.count ?? 0}
              </span>
            </Tooltip>
            <Tooltip title={t(info.type === 1 ? 'contest.ruleTips.oi' : 'contest.ruleTips.acm')}>
              <Button size="small">{info.type === 1 ? 'OI' : 'ACM'}</Button>
            </Tooltip>
            {showsAfterContestSwitch(facts, contest.admin) ? (
              <label className="contest-header__switch">
                <Switch
                  size="small"
                  checked={containsEnd}
                  onChange={setContainsEnd}
                  aria-label={t('contest.shell.afterContest')}
                />
                <span>{t('contest.shell.afterContest')}</span>
              </label>
            ) : null}
          </div>
          <div className="contest-header__times">
            <span>
              <FieldTimeOutlined aria-hidden /> {t('contest.shell.startAt')}{' '}
              <time dateTime={info.startTime}>{dayjs(info.startTime).format('YYYY-MM-DD HH:mm:ss')}</time>
            </span>
            <span>
              <FieldTimeOutlined aria-hidden /> {t('contest.shell.endAt')}{' '}
              <time dateTime={info.endTime}>{dayjs(info.endTime).format('YYYY-MM-DD HH:mm:ss')}</time>
            </span>
          </div>
          <ContestCountdown clock={clock} />
        </Card>
        {notice.unread.length > 0 ? (
          <Alert
            className="contest-notice"
            type="info"
            showIcon
            icon={<NotificationOutlined />}
            closable={{ 'aria-label': t('contest.notice.dismiss') }}
            onClose={() => notice.dismiss(notice.unread)}
            title={t('contest.notice.title', { count: notice.unread.length })}
            description={
              <ul className="contest-notice__list">
                {notice.unread.map((item) => (
                  <li key={item.id}>{item.title}</li>
                ))}
              </ul>
            }
            action={
              <Button
                size="small"
                type="primary"
                onClick={() => {
                  notice.dismiss(notice.unread);
                  navigate(`${base}/announcement`);
                }}
              >
                {t('contest.notice.view')}
              </Button>
            }
          />
        ) : null}
        <ShellTabs
          base={base}
          tabs={tabs}
          activeTab={activeTab}
          icons={TAB_ICONS}
          labelOf={(key) => t(`contest.tabs.${key}`)}
          className="contest-tabs"
          bodyClassName="contest-shell__body"
          closed={{
            title: t('contest.shell.closedTitle'),
            subTitle: t(
              facts.status === CONTEST_STATUS.scheduled
                ? 'contest.shell.notStarted'
                : 'contest.shell.needPassword',
            ),
            backLabel: t('contest.tabs.overview'),
          }}
          forbidden={forbidden}
        />
      </div>
    </ContestContext.Provider>
  );
}
