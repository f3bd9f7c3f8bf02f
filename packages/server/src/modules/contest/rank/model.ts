import type { AcmCell } from '@verdict/shared';

/**
 * The scoreboard's inputs and outputs, free of I/O (reference §9.1–§9.5). Both the reference full
 * recomputation (full.ts) and the incremental board (board.ts) read these.
 */

/** One judged contest_record row (reference §4.4), as the boards read it. */
export interface RankRecord {
  uid: string;
  /** the user's current username (star users are listed by username, reference §9.3) */
  username: string;
  displayId: string;
  /** 1 AC, -1 rejected with penalty, 0 rejected without (reference §8.1); never null here */
  status: number;
  /** OI score (remote problems: 100 for AC, else 0, reference §9.4); 0 when none */
  score: number;
  /** run time in ms */
  useTime: number | null;
  /** whole seconds since the contest start */
  time: number;
  submitMs: number;
  submitId: number;
}

/** reference §4.4 award_config entry. */
export interface AwardTier {
  priority: number;
  name: string;
  background: string;
  color: string;
  num: number;
}

/** What of a contest the board depends on; a change of any of it rebuilds the boards. */
export interface RankConfig {
  cid: number;
  /** 0 ACM, 1 OI */
  type: number;
  startMs: number;
  endMs: number;
  /** the seal time when the contest seals its board (sealRank and sealRankTime set), else null */
  sealMs: number | null;
  oiType: 'Recent' | 'Highest';
  /** usernames of star_account */
  stars: ReadonlySet<string>;
  awardType: number;
  awards: readonly AwardTier[];
  /** reference §9.1: the creator, roots and group roots */
  excluded: ReadonlySet<string>;
}

/**
 * Which board: sealed for the reader (reference §9.2) and/or with the submissions after the end
 * (§9.1 containsEnd). A sealed board never includes them.
 */
export interface BoardView {
  sealed: boolean;
  afterEnd: boolean;
}

export type ViewKey = 'real' | 'afterEnd' | 'sealed';

export function viewKey(view: BoardView): ViewKey {
  return view.sealed ? 'sealed' : view.afterEnd ? 'afterEnd' : 'real';
}

export function viewOfKey(key: ViewKey): BoardView {
  return { sealed: key === 'sealed', afterEnd: key === 'afterEnd' };
}

/**
 * How a record counts on a board (reference §9.1–§9.4): `out` (before the start, after the end
 * unless asked for, or after the seal on a sealed OI board), `try` (after the seal on a sealed ACM
 * board: a try without its result) or `counted`.
 */
export function recordRole(config: RankConfig, view: BoardView, r: RankRecord): 'out' | 'try' | 'counted' {
  if (r.submitMs < config.startMs) return 'out';
  const sealed = view.sealed && config.sealMs !== null && r.submitMs >= config.sealMs;
  if (sealed) return config.type === 0 && r.submitMs < config.endMs ? 'try' : 'out';
  if (r.submitMs >= config.endMs && !view.afterEnd) return 'out';
  return 'counted';
}

/** Records in the order a board reads them: submission time, then id. */
export function bySubmission(a: RankRecord, b: RankRecord): number {
  return a.submitMs - b.submitMs || a.submitId - b.submitId;
}

/** A board row before ranks and awards: the scores of one user on one board. */
export interface ScoredRow {
  uid: string;
  username: string;
  star: boolean;
  /** (submitMs, submitId) of the user's first record on this board: HOJ's order among ties */
  firstMs: number;
  firstId: number;
  /** ACM: accepted problems; OI: unused (0) */
  ac: number;
  /** ACM: records on the board; OI: unused (0) */
  total: number;
  /** OI: the sum of scores; ACM: unused (0) */
  totalScore: number;
  /** ACM: seconds with penalties; OI: ms of accepted runs */
  totalTime: number;
  /** ACM cells */
  acm: Record<string, AcmCell>;
  /** OI cells */
  scores: Record<string, number>;
  times: Record<string, number>;
}

/** A ranked row (reference §9.3–§9.5) without the profile fields, which a page adds. */
export interface RankedRow extends ScoredRow {
  rank: number;
  award: AwardTier | null;
}

export function emptyRow(r: RankRecord, stars: ReadonlySet<string>): ScoredRow {
  return {
    uid: r.uid,
    username: r.username,
    star: stars.has(r.username),
    firstMs: r.submitMs,
    firstId: r.submitId,
    ac: 0,
    total: 0,
    totalScore: 0,
    totalTime: 0,
    acm: {},
    scores: {},
    times: {},
  };
}
