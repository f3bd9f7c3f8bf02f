import { useQuery } from '@tanstack/react-query';
import { Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { getScrollBoardInfo, getScrollBoardSubmissions } from '../../../api/contest-scroll-board';
import { contestIdOf } from '../staff/staff-rules';
import { ScrollBoard } from './ScrollBoard';
import { medalsFromQuery } from './scroll-query';
import './scroll-board.css';

/**
 * /scrollBoard?cid&removeStar&medals[]=g&medals[]=s&medals[]=b (spec part 2 §2.8, reference §9.7):
 * the roll-out ceremony of a sealed ACM contest, opened in its own window by a contest admin. Both
 * calls are read once; the board is computed here (roll.ts).
 */
export function ScrollBoardPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const cid = contestIdOf(params.get('cid') ?? undefined);
  const removeStar = params.get('removeStar') === 'true';
  const medals = medalsFromQuery(params.getAll('medals[]'));
  const data = useQuery({
    queryKey: ['scroll-board', cid, removeStar],
    queryFn: async () => {
      const [info, submissions] = await Promise.all([
        getScrollBoardInfo(cid!),
        getScrollBoardSubmissions(cid!, removeStar),
      ]);
      return { info, submissions };
    },
    enabled: cid !== null,
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

  if (cid === null) return <Result status="warning" title={t('contestScrollBoard.board.badContest')} />;
  if (data.isPending)
    return (
      <div className="scroll-board-loading" data-testid="scroll-loading">
        <Spin size="large" />
        <span>{t('contestScrollBoard.board.loading')}</span>
      </div>
    );
  if (data.isError)
    return (
      <Result
        status="warning"
        title={t('contestScrollBoard.board.loadFailed')}
        subTitle={data.error.message}
        data-testid="scroll-error"
      />
    );
  return <ScrollBoard info={data.data.info} submissions={data.data.submissions} medals={medals} />;
}
