import { ArrowLeftOutlined, FieldTimeOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Card, Switch, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { getContestOutsideInfo } from '../../../api/contest-rank';
import { ShellLoadFailed, ShellLoading } from '../../../components/detail-shell/ShellParts';
import { isSuperAdmin, useSession } from '../../../store/session';
import { CONTEST_STATUS } from '../clock/contest-clock';
import { CONTEST_TYPE, isContestAdmin } from '../contest-rules';
import { ContestStatusTag } from '../ContestTags';
import { isSealedAt } from './board-rules';
import { RankBoard } from './RankBoard';
import { SealNotice } from './SealNotice';
import '../contest.css';

/**
 * The public scoreboards (/contest/acm-scoreboard/:contestID and /contest/oi-scoreboard/:contestID,
 * spec part 1 §2 "ACMScoreBoard / OIScoreBoard"; reference §3.6, §9.6): the same board without
 * login, for contests with `openRank` that have started, read through `get-contest-outsize-info`
 * and `get-contest-outside-scoreboard`. The board follows the contest's own rule.
 */
export function OutsideScoreboardPage() {
  const { t } = useTranslation();
  const session = useSession();
  const cid = Number(useParams().contestID);
  const valid = Number.isInteger(cid) && cid > 0;
  const [containsEnd, setContainsEnd] = useState(false);
  const outside = useQuery({
    queryKey: ['contest-outside-info', cid],
    queryFn: () => getContestOutsideInfo(cid),
    enabled: valid,
    retry: false,
  });

  if (!valid || outside.isError) {
    return (
      <ShellLoadFailed
        error={outside.error}
        title={t('contestRank.outside.loadFailed')}
        backTo="/contest"
        backLabel={t('contest.shell.backToList')}
      />
    );
  }
  const data = outside.data;
  if (!data) return <ShellLoading />;

  const { contest, problemList } = data;
  const now = Date.now();
  const ended = contest.status === CONTEST_STATUS.ended || now >= Date.parse(contest.endTime);
  const admin = isContestAdmin(
    { author: contest.author, uid: contest.uid },
    {
      uid: session.userInfo?.uid ?? null,
      username: session.userInfo?.username ?? null,
      superAdmin: isSuperAdmin(session.userInfo),
    },
  );
  const sealed = isSealedAt(contest, now);
  const oi = contest.type === CONTEST_TYPE.oi;

  return (
    <div className="rank-outside">
      <Card className="rank-outside__header">
        <h1 className="rank-outside__title">
          {contest.title}
          <span className="rank-outside__kind">
            {t(oi ? 'contestRank.outside.oiTitle' : 'contestRank.outside.acmTitle')}
          </span>
        </h1>
        <div className="rank-outside__meta">
          <ContestStatusTag status={ended ? CONTEST_STATUS.ended : contest.status} />
          <Tag>{oi ? 'OI' : 'ACM'}</Tag>
          <span>
            <FieldTimeOutlined aria-hidden /> {t('contest.shell.startAt')}{' '}
            <time dateTime={contest.startTime}>{dayjs(contest.startTime).format('YYYY-MM-DD HH:mm:ss')}</time>
          </span>
          <span>
            <FieldTimeOutlined aria-hidden /> {t('contest.shell.endAt')}{' '}
            <time dateTime={contest.endTime}>{dayjs(contest.endTime).format('YYYY-MM-DD HH:mm:ss')}</time>
          </span>
          {contest.allowEndSubmit ? (
            <label className="rank-switch">
              <Switch
                size="small"
                checked={containsEnd}
                onChange={setContainsEnd}
                aria-label={t('contest.shell.afterContest')}
              />
              <span>{t('contest.shell.afterContest')}</span>
            </label>
          ) : null}
          <Link to="/contest" className="rank-outside__back">
            <ArrowLeftOutlined aria-hidden /> {t('contest.shell.backToList')}
          </Link>
        </div>
      </Card>
      <Card className="rank-card">
        <RankBoard
          cid={cid}
          type={contest.type}
          source="outside"
          problems={problemList}
          rankShowName={contest.rankShowName}
          ended={ended}
          containsEnd={containsEnd}
          admin={admin}
          starSwitch
          notice={(forceRefresh) =>
            sealed && contest.sealRankTime ? (
              <SealNotice sealTime={contest.sealRankTime} oi={oi} admin={admin} forceRefresh={forceRefresh} />
            ) : null
          }
        />
      </Card>
    </div>
  );
}
