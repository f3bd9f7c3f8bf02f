import type {
  AcmCell,
  AcmRankRow,
  ContestOutsideInfo,
  ContestRankPageExtra,
  ContestProblemVO,
  ContestRankRow,
  OiRankRow,
} from '@verdict/shared';
import { downloadFile } from './download';
import { apiGet, apiPost, type Page } from './http';
import { inLanguage } from './problem';

/** reference §3.6 `GET /api/get-contest-outsize-info` (sic): the contest and its problems. */
export type { ContestOutsideInfo };

/**
 * The scoreboard calls (spec part 1 §2 "Contest rank", §7; reference §3.6, §9.3–§9.6): the
 * in-contest board, the public ("outside") board and its contest, and the admin's download.
 */

/**
 * reference §3.6 ContestRankDTO as the board sends it (the server's `contestRankBody` in
 * @verdict/shared fills in what is left out).
 */
export interface ContestRankQuery {
  cid: number;
  currentPage: number;
  limit: number;
  /** contest admins: the real board while it is sealed (reference §9.2) */
  forceRefresh: boolean;
  /** leave star users out (reference §9.3) */
  removeStar: boolean;
  /** name or school (reference §9.6) */
  keyword?: string;
  /** include submissions after the contest (reference §9.1) */
  containsEnd: boolean;
  /** followed users' uids, listed first (reference §9.6) */
  concernedList: string[];
}

/** The rows of reference §9.3 (ACM) and §9.4 (OI), from the shared contract. */
export type { AcmCell, AcmRankRow, OiRankRow };
export type RankRow = ContestRankRow;

/** A board page; `pinned` may be missing from a server that does not send it (read as 0). */
export type RankPage<Row> = Page<Row> & Partial<ContestRankPageExtra>;

/** `POST /api/get-contest-rank` (login; reference §3.6): the current user and followed users first. */
export function getContestRank<Row extends RankRow>(query: ContestRankQuery): Promise<RankPage<Row>> {
  return apiPost<RankPage<Row>>('/api/get-contest-rank', query, inLanguage());
}

/** `POST /api/get-contest-outside-scoreboard` (anonymous; openRank, not scheduled). */
export function getOutsideScoreboard<Row extends RankRow>(query: ContestRankQuery): Promise<RankPage<Row>> {
  return apiPost<RankPage<Row>>('/api/get-contest-outside-scoreboard', query, inLanguage());
}

/** A problem column: the contest problem, with its AC and total counts when the server sends them. */
export type ScoreboardProblem = Pick<ContestProblemVO, 'displayId' | 'displayTitle' | 'color'> &
  Partial<Pick<ContestProblemVO, 'id' | 'pid' | 'ac' | 'total'>>;

export function getContestOutsideInfo(cid: number): Promise<ContestOutsideInfo> {
  return apiGet<ContestOutsideInfo>('/api/get-contest-outsize-info', { cid }, inLanguage());
}

export type RankFileFormat = 'xlsx' | 'csv';

/**
 * `GET /api/file/download-contest-rank` (contest admins; reference §3.6 `containEnd`, sic): the
 * board as xlsx, or CSV with Verdict's `format=csv`.
 */
export function downloadContestRank(params: {
  cid: number;
  forceRefresh: boolean;
  removeStar: boolean;
  containEnd: boolean;
  format: RankFileFormat;
}): Promise<void> {
  const { format, ...rest } = params;
  return downloadFile('/api/file/download-contest-rank', format === 'csv' ? { ...rest, format } : rest);
}
