import type { ContestInfoVO, ContestProblemVO, ContestVO } from '@verdict/shared';
import { downloadFile } from './download';
import { apiGet, apiPost, type Page } from './http';
import { inLanguage } from './problem';

/**
 * The scoreboard calls (spec part 1 §2 "Contest rank", §7; reference §3.6, §9.3–§9.6): the
 * in-contest board, the public ("outside") board and its contest, and the admin's download.
 */

/** reference §3.6 ContestRankDTO. */
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

/** The award and profile fields both boards' rows carry (reference §9.3, §9.4). */
interface RankRowBase {
  /** -1 for a star user (ranked "*") */
  rank: number;
  isWinAward: boolean;
  awardName: string | null;
  awardBackground: string | null;
  awardColor: string | null;
  uid: string;
  username: string;
  realname: string | null;
  nickname: string | null;
  school: string | null;
  /** 'male' | 'female' | 'secrecy' */
  gender: string | null;
  avatar: string | null;
}

/** reference §9.3 / spec part 1 data model "ACM scoreboard record": one problem of a row. */
export interface AcmCell {
  isAC: boolean;
  isFirstAC: boolean;
  /** the AC came after the contest's end (only with containsEnd) */
  isAfterContest: boolean;
  /** seconds from the start to the AC (accepted cells only) */
  ACTime?: number | null;
  /** rejected tries before the AC (or so far), each 20 minutes of penalty */
  errorNum: number;
  /** tries after the seal, whose results are not shown (sealed boards only) */
  tryNum?: number;
}

/** reference §9.3 ACMContestRankVO. */
export interface AcmRankRow extends RankRowBase {
  /** seconds, penalties included */
  totalTime: number;
  total: number;
  ac: number;
  submissionInfo: Record<string, AcmCell>;
}

/** reference §9.4 OIContestRankVO. */
export interface OiRankRow extends RankRowBase {
  totalScore: number;
  /** ms: the sum of the accepted runs' times */
  totalTime: number;
  /** display id → score */
  submissionInfo: Record<string, number>;
  /** display id → ms of the fastest accepted run */
  timeInfo: Record<string, number>;
}

export type RankRow = AcmRankRow | OiRankRow;

/** `POST /api/get-contest-rank` (login; reference §3.6): the current user and followed users first. */
export function getContestRank<Row extends RankRow>(query: ContestRankQuery): Promise<Page<Row>> {
  return apiPost<Page<Row>>('/api/get-contest-rank', query, inLanguage());
}

/** `POST /api/get-contest-outside-scoreboard` (anonymous; openRank, not scheduled). */
export function getOutsideScoreboard<Row extends RankRow>(query: ContestRankQuery): Promise<Page<Row>> {
  return apiPost<Page<Row>>('/api/get-contest-outside-scoreboard', query, inLanguage());
}

/**
 * reference §3.6 `GET /api/get-contest-outsize-info` (sic): the contest and its problems. The
 * contest may carry the shell's settings (seal, rank name) too; the board reads them when present.
 */
export interface ContestOutsideInfo {
  contest: ContestVO & Partial<Omit<ContestInfoVO, keyof ContestVO>>;
  problemList: ScoreboardProblem[];
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
