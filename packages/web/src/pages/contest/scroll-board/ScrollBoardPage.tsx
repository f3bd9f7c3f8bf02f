import { useQuery } from '@tanstack/react-query';
import { Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../api/http';
import dayjs from 'dayjs';
import { getContestInfo } from '../../../api/contest';
import { getScrollBoardInfo, getScrollBoardSubmissions } from '../../../api/contest-scroll-board';
import { isSuperAdmin, useSession } from '../../../store/session';
import { isContestAdmin, scrollBoardBlock } from '../contest-rules';
import { contestIdOf } from '../staff/staff-rules';
import { ScrollBoard } from './ScrollBoard';
import { medalsFromQuery } from './scroll-query';
import './scroll-board.css';

/**
 * /scrollBoard?cid&removeStar&medals[]=g&medals[]=s&medals[]=b (spec part 2 §2.8, reference §9.7):
 * the roll-out ceremony of a sealed ACM contest, opened in its own window by a contest admin. Both
 * calls are read once; the board is computed here (roll.ts). The contest is read first, so a user
 * who is not its admin gets the 403 page and a contest that cannot be rolled yet (running, not
 * sealed, not ACM) says why, before the board's calls (issue 24 item 13).
 */
export function ScrollBoardPage() {
  const { t } = useTranslation();
  const session = useSession();
  const [params] = useSearchParams();
  const cid = contestIdOf(params.get('cid') ?? undefined);
  const removeStar = params.get('removeStar') === 'true';
  const medals = medalsFromQuery(params.getAll('medals[]'));
  const contest = useQuery({
    queryKey: ['scroll-board-contest', cid],
    queryFn: () => getContestInfo(cid!),
    enabled: cid !== null,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const info = contest.data;
  const viewer = {
    uid: session.userInfo?.uid ?? null,
    username: session.userInfo?.username ?? null,
    superAdmin: isSuperAdmin(session.userInfo),
  };
  const admin = info ? isContestAdmin({ author: info.author, uid: info.uid }, viewer) : false;
  const block = info ? scrollBoardBlock(info) : null;
  const data = useQuery({
    queryKey: ['scroll-board', cid, removeStar],
    queryFn: async () => {
      const [info, submissions] = await Promise.all([
        getScrollBoardInfo(cid!),
        getScrollBoardSubmissions(cid!, removeStar),
      ]);
      return { info, submissions };
    },
    enabled: cid !== null && admin && block === null,
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

  if (cid === null) return <Result status="warning" title={t('contestScrollBoard.board.badContest')} />;
  if (info && !admin)
    return (
      <Result
        status="403"
        title={t('contestScrollBoard.board.forbiddenTitle')}
        subTitle={t('contestScrollBoard.board.staffOnly')}
        data-testid="scroll-forbidden"
      />
    );
  if (info && block)
    return (
      <Result
        status="info"
        title={t('contestScrollBoard.config.blockedTitle')}
        subTitle={t(`contestScrollBoard.config.${block}`, {
          end: dayjs(info.endTime).format('YYYY-MM-DD HH:mm:ss'),
        })}
        data-testid="scroll-blocked"
      />
    );
  const failed = contest.error ?? data.error;
  if (failed)
    return (
      <Result
        status={failed instanceof ApiError && failed.status === 403 ? '403' : 'warning'}
        title={t('contestScrollBoard.board.loadFailed')}
        subTitle={failed.message}
        data-testid="scroll-error"
      />
    );
  if (!data.data)
    return (
      <div className="scroll-board-loading" data-testid="scroll-loading">
        <Spin size="large" />
        <span>{t('contestScrollBoard.board.loading')}</span>
      </div>
    );
  return <ScrollBoard info={data.data.info} submissions={data.data.submissions} medals={medals} />;
}
