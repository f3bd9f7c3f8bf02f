import type { AcmCell, RankRow } from '../../../api/contest-rank';

/**
 * The scoreboard's rules as the screens apply them (spec part 1 §2 "Contest rank", §9 constants;
 * reference §9.2–§9.6), pure so the unit tests walk every case.
 */

/** Spec part 1 §9: scoreboard page sizes, 50 by default. */
export const RANK_PAGE_SIZES = [10, 30, 50, 100, 300] as const;
export const RANK_DEFAULT_PAGE_SIZE = 50;
/** Spec part 1 §9: the board refreshes every 30 s while the contest runs. */
export const RANK_REFRESH_MS = 30_000;

/**
 * The next auto refresh after a read, in ms: the usual 30 s, or longer when the server shed the
 * read and asked for more time (503 with Retry-After, issue 28). `backOffMs` is http.ts's
 * retryAfterMs of the read's failure.
 */
export function nextRefreshMs(backOffMs: number | null): number {
  return Math.max(RANK_REFRESH_MS, backOffMs ?? 0);
}

/**
 * Spec part 1 §8: a failed refresh turns auto refresh off, except a read the server shed while it
 * was behind (issue 28): that one is tried again after the time it asked for.
 */
export function keepsAutoRefresh(backOffMs: number | null): boolean {
  return backOffMs !== null;
}

/** reference §9.3: a star user's rank is -1 and shows as "*". */
export function rankLabel(rank: number): string {
  return rank === -1 ? '*' : String(rank);
}

export function isStarRow(row: Pick<RankRow, 'rank'>): boolean {
  return row.rank === -1;
}

export function isFemale(row: Pick<RankRow, 'gender'>): boolean {
  return row.gender === 'female';
}

export type AcmCellClass = 'after-ac' | 'first-ac' | 'ac' | 'try' | 'wa' | '';

/**
 * Spec part 1 §2: an ACM cell is after-ac, first-ac, ac, try or wa, in that order of precedence:
 * an accepted cell says how it was accepted; otherwise tries after the seal (results unknown) come
 * before the rejected tries before it; a cell of uncounted tries only (compile errors) has no class.
 */
export function acmCellClass(cell: AcmCell | undefined): AcmCellClass {
  if (!cell) return '';
  if (cell.isAC) {
    if (cell.isAfterContest) return 'after-ac';
    return cell.isFirstAC ? 'first-ac' : 'ac';
  }
  if ((cell.tryNum ?? 0) > 0) return 'try';
  if (cell.errorNum > 0) return 'wa';
  return '';
}

export type OiCellClass = 'oi-full' | 'oi-zero' | 'oi-partial' | '';

/**
 * Spec part 1 §2: OI cells are coloured full score, zero or partial. An accepted run is the full
 * score, and only accepted runs have a time (reference §9.4 `timeInfo`), so a cell with a time is
 * full whatever the problem's total is.
 */
export function oiCellClass(score: number | undefined, time: number | undefined): OiCellClass {
  if (score === undefined || score === null) return '';
  if (time !== undefined && time !== null) return 'oi-full';
  return score <= 0 ? 'oi-zero' : 'oi-partial';
}

/** Spec part 1 §2: time on the ACM board is shown in whole minutes (seconds from the start). */
export function minutes(seconds: number | null | undefined): number {
  if (seconds === null || seconds === undefined || seconds < 0) return 0;
  return Math.floor(seconds / 60);
}

/** h:mm:ss of a number of seconds, for the time's tooltip. */
export function clockText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = s % 60;
  return `${hh}:${String(mm).padStart(2, '0')}:${String(ss).padStart(2, '0')}`;
}

/**
 * What an ACM cell shows: the AC time in minutes over the rejected tries before it ("-2"), or the
 * rejected tries, or "?" over the tries after the seal (counted as "+3", after any known ones).
 */
export interface AcmCellText {
  main: string;
  sub: string;
}

export function acmCellText(cell: AcmCell | undefined): AcmCellText {
  if (!cell) return { main: '', sub: '' };
  const rejected = cell.errorNum > 0 ? `-${cell.errorNum}` : '';
  if (cell.isAC) return { main: String(minutes(cell.ACTime)), sub: rejected };
  const unknown = cell.tryNum ?? 0;
  if (unknown > 0) return { main: '?', sub: [rejected, `+${unknown}`].filter(Boolean).join(' ') };
  return { main: rejected, sub: '' };
}

/** reference §3.6 rankShowName: the name the board shows, the username when that one is empty. */
export function displayName(
  row: Pick<RankRow, 'username' | 'nickname' | 'realname'>,
  rankShowName: string | null | undefined,
): string {
  const chosen =
    rankShowName === 'realname' ? row.realname : rankShowName === 'nickname' ? row.nickname : row.username;
  return chosen && chosen.trim() !== '' ? chosen : row.username;
}

/**
 * reference §9.6: the caller's own row and the followed users' rows come first, then the whole board
 * with them again at their places; the server says how many rows of its paged list are those
 * pinned copies (`pinned`, issue 24 item 16). How many of this page's rows are pinned:
 */
export function pinnedOnPage(pinned: number | undefined, currentPage: number, limit: number): number {
  const from = (currentPage - 1) * limit;
  return Math.max(0, Math.min(limit, (pinned ?? 0) - from));
}

export type PinnedRole = 'pinned' | 'last' | null;

/** The row at `index` of a page with `onPage` pinned rows: pinned, the last pinned, or neither. */
export function pinnedRole(index: number, onPage: number): PinnedRole {
  if (index >= onPage) return null;
  return index === onPage - 1 ? 'last' : 'pinned';
}

/** The people on the board: its paged list less the pinned copies, each person counted once. */
export function peopleOnBoard(total: number, pinned: number | undefined): number {
  return Math.max(0, total - (pinned ?? 0));
}

/**
 * Spec part 1 §2: followed users, star users and female users are row-coloured; the viewer's own
 * row is marked too. Every class that applies is given; the style sheet orders them.
 */
export function rankRowClasses(
  row: Pick<RankRow, 'uid' | 'rank' | 'gender'>,
  context: {
    concerned: ReadonlySet<string>;
    ownUid: string | null;
    /** the row is one of the pinned copies at the head of the board, the last of them (pinnedRole) */
    pinned?: PinnedRole;
  },
): string[] {
  const classes: string[] = [];
  if (context.pinned) classes.push('rank-row--pinned');
  if (context.pinned === 'last') classes.push('rank-row--pinned-last');
  if (context.ownUid && row.uid === context.ownUid) classes.push('rank-row--own');
  if (context.concerned.has(row.uid)) classes.push('rank-row--concerned');
  if (isStarRow(row)) classes.push('rank-row--star');
  if (isFemale(row)) classes.push('rank-row--female');
  return classes;
}

/** A problem header's tooltip numbers: accepted and rejected, or unknown (null) while sealed. */
export function problemCounts(problem: { ac?: number | null; total?: number | null }): {
  accepted: number | null;
  rejected: number | null;
} {
  if (
    problem.ac === null ||
    problem.ac === undefined ||
    problem.total === null ||
    problem.total === undefined
  ) {
    return { accepted: null, rejected: null };
  }
  return { accepted: problem.ac, rejected: Math.max(0, problem.total - problem.ac) };
}

export interface SealFacts {
  sealRank?: boolean;
  sealRankTime?: string | null;
  autoRealRank?: boolean;
  endTime: string;
}

/**
 * reference §9.2: the board is sealed from the seal time to the end, and after the end too unless
 * `autoRealRank` unseals it. (Contest admins see the real board with force refresh.)
 */
export function isSealedAt(contest: SealFacts, now: number): boolean {
  if (!contest.sealRank || !contest.sealRankTime) return false;
  const seal = Date.parse(contest.sealRankTime);
  const end = Date.parse(contest.endTime);
  if (now < seal) return false;
  if (now < end) return true;
  return contest.autoRealRank === false;
}
