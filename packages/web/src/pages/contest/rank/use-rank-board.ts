import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  getContestRank,
  getOutsideScoreboard,
  type ContestRankQuery,
  type RankRow,
} from '../../../api/contest-rank';
import { useConcernedUsers } from './concerned-users';
import { retryAfterMs } from '../../../api/http';
import { keepsAutoRefresh, nextRefreshMs, RANK_DEFAULT_PAGE_SIZE } from './board-rules';

/** Which call reads the board: the in-contest one (login) or the public one. */
export type BoardSource = 'contest' | 'outside';

export interface RankBoardOptions {
  cid: number;
  source: BoardSource;
  /** the contest has ended (no auto refresh then, spec part 1 §9) */
  ended: boolean;
  /** the 'include submissions after the contest' switch */
  containsEnd: boolean;
}

/**
 * One scoreboard's state (spec part 1 §2 "Contest rank", §8, §9): page and page size, the search,
 * the switches (force update, star users, auto refresh), the followed users from browser storage,
 * and the page of rows. Auto refresh runs every 30 s while the contest runs; it goes off at the
 * end and when a refresh fails (spec part 1 §8 "scoreboard refresh failure turns auto-refresh off").
 */
export function useRankBoard<Row extends RankRow>(options: RankBoardOptions) {
  const { cid, source, ended, containsEnd } = options;
  const concerned = useConcernedUsers(cid);
  const [currentPage, setCurrentPage] = useState(1);
  const [limit, setLimit] = useState<number>(RANK_DEFAULT_PAGE_SIZE);
  const [keyword, setKeyword] = useState('');
  const [forceRefresh, setForceRefresh] = useState(false);
  const [showStar, setShowStar] = useState(true);
  const [autoRefresh, setAutoRefresh] = useState(!ended);

  useEffect(() => {
    if (ended) setAutoRefresh(false);
  }, [ended]);

  const query: ContestRankQuery = {
    cid,
    currentPage,
    limit,
    forceRefresh,
    removeStar: !showStar,
    keyword: keyword.trim() || undefined,
    containsEnd,
    concernedList: concerned.list,
  };
  const board = useQuery({
    queryKey: ['contest-rank', source, query],
    queryFn: () => (source === 'contest' ? getContestRank<Row>(query) : getOutsideScoreboard<Row>(query)),
    // keep the shown page while the next one loads, but never another contest's rows
    placeholderData: (previous, previousQuery) =>
      (previousQuery?.queryKey[2] as ContestRankQuery | undefined)?.cid === cid ? previous : undefined,
    refetchInterval: (q) => (autoRefresh ? nextRefreshMs(retryAfterMs(q.state.error)) : false),
    refetchOnWindowFocus: false,
    retry: false,
  });

  useEffect(() => {
    if (board.isError && !keepsAutoRefresh(retryAfterMs(board.error))) setAutoRefresh(false);
  }, [board.isError, board.error, board.errorUpdateCount]);

  return {
    board,
    rows: board.data?.records ?? [],
    total: board.data?.total ?? 0,
    /** rows at the head of the paged list that are pinned copies (reference §9.6, issue 24 item 16) */
    pinned: board.data?.pinned ?? 0,
    currentPage,
    limit,
    keyword,
    forceRefresh,
    showStar,
    autoRefresh,
    concerned,
    setPage: (page: number, size: number) => {
      setCurrentPage(size === limit ? page : 1);
      setLimit(size);
    },
    search: (text: string) => {
      setKeyword(text);
      setCurrentPage(1);
    },
    setForceRefresh,
    setShowStar: (on: boolean) => {
      setShowStar(on);
      setCurrentPage(1);
    },
    setAutoRefresh,
    refresh: () => void board.refetch(),
  };
}

export type RankBoardState<Row extends RankRow> = ReturnType<typeof useRankBoard<Row>>;
