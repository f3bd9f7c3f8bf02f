import { useQuery } from '@tanstack/react-query';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { getContestProblems } from '../../../api/contest';
import { CONTEST_STATUS, serverTime } from '../clock/contest-clock';
import { useContestContext } from '../contest-context';
import { CONTEST_TYPE } from '../contest-rules';
import { contestProblemsKey } from '../ContestProblemListPage';
import { useContainsEnd } from '../use-contest';
import { isSealedAt, RANK_REFRESH_MS } from './board-rules';
import { RankBoard } from './RankBoard';
import { ScrollBoardButton } from './ScrollBoardConfig';
import { SealNotice } from './SealNotice';

/**
 * The contest's Rank tab (/contest/:contestID/rank, spec part 1 §2 "Contest rank"): the ACM or OI
 * board of `get-contest-rank`, with the shell's 'include submissions after the contest' switch, the
 * sealed notice, and for contest admins force update, star users, the download and (ACM) the
 * scroll board's settings. Problem headers link to the contest's problem pages.
 */
export function ContestRankPage() {
  const { t } = useTranslation();
  const contest = useContestContext();
  const { cid, info, facts, admin } = contest;
  const [containsEnd] = useContainsEnd(cid);
  const ended = facts?.status === CONTEST_STATUS.ended;
  // The headers' accepted/rejected counts follow the board (null while sealed for the viewer).
  const problems = useQuery({
    queryKey: contestProblemsKey(cid, containsEnd),
    queryFn: () => getContestProblems(cid, containsEnd),
    refetchInterval: ended ? false : RANK_REFRESH_MS,
  });
  if (!info || !facts) return null;
  const sealed = isSealedAt(info, serverTime(contest.offset, Date.now()));
  const acm = facts.type === CONTEST_TYPE.acm;

  return (
    <Card className="rank-card" title={t('contestRank.title')}>
      <RankBoard
        cid={cid}
        type={facts.type}
        source="contest"
        problems={problems.data ?? []}
        rankShowName={info.rankShowName}
        ended={ended}
        containsEnd={containsEnd}
        admin={admin}
        starSwitch={admin}
        problemLink={(displayId) => `/contest/${cid}/problem/${encodeURIComponent(displayId)}`}
        notice={(forceRefresh) =>
          sealed && info.sealRankTime ? (
            <SealNotice sealTime={info.sealRankTime} oi={!acm} admin={admin} forceRefresh={forceRefresh} />
          ) : null
        }
        extraTools={admin && acm ? <ScrollBoardButton /> : null}
      />
    </Card>
  );
}
