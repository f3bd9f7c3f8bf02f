import { ACM_PENALTY_SECONDS } from '@verdict/shared';
import { awardSlots, compareRows } from './finish.ts';
import { BoardRows, forgetScoresJson, type Standing } from './page.ts';
import {
  bySubmission,
  emptyRow,
  recordRole,
  type AwardTier,
  type BoardView,
  type RankConfig,
  type RankRecord,
  type ScoredRow,
} from './model.ts';

/**
 * One user's row on one board, from that user's records alone (reference §9.3, §9.4). First blood
 * needs every row, so `isFirstAC` is left false here and set by `ViewBoard`.
 */
export function scoreUser(
  config: RankConfig,
  view: BoardView,
  records: readonly RankRecord[],
): ScoredRow | null {
  if (records.length === 0 || config.excluded.has(records[0]!.uid)) return null;
  const read = records.filter((r) => recordRole(config, view, r) !== 'out').sort(bySubmission);
  if (read.length === 0) return null;
  const row = emptyRow(read[0]!, config.stars);
  if (config.type === 0) {
    for (const r of read) {
      row.total++;
      const cell = (row.acm[r.displayId] ??= {
        isAC: false,
        isFirstAC: false,
        errorNum: 0,
        isAfterContest: false,
      });
      if (recordRole(config, view, r) === 'try') cell.tryNum = (cell.tryNum ?? 0) + 1;
      else if (cell.isAC) continue;
      else if (r.status === 1) {
        row.ac++;
        cell.isAC = true;
        cell.ACTime = r.time;
        cell.isAfterContest = r.submitMs >= config.endMs;
        row.totalTime += r.time + cell.errorNum * ACM_PENALTY_SECONDS;
      } else if (r.status === -1) cell.errorNum++;
    }
    return row;
  }
  const byProblem = new Map<string, RankRecord[]>();
  for (const r of read) byProblem.set(r.displayId, [...(byProblem.get(r.displayId) ?? []), r]);
  for (const [displayId, list] of byProblem) {
    // Recent: the last record; Highest: every record of the best score (reference §9.4)
    const best = Math.max(...list.map((r) => r.score));
    const kept =
      config.oiType === 'Highest' ? list.filter((r) => r.score === best) : [list[list.length - 1]!];
    row.scores[displayId] = kept[0]!.score;
    row.totalScore += kept[0]!.score;
    const acTimes = kept.filter((r) => r.status === 1).map((r) => r.useTime ?? 0);
    if (acTimes.length > 0) {
      row.times[displayId] = Math.min(...acTimes);
      row.totalTime += row.times[displayId];
    }
  }
  return row;
}

/** reference §9.3: a problem's first blood, the smallest in-contest AC time and the rows that hold it. */
interface FirstBlood {
  time: number;
  rows: Set<ScoredRow>;
}

/** What ranks and awards need of a board as it is now: where the star users stand, and the award slots. */
interface Ranking {
  /** positions of the star users' rows, ascending */
  starPositions: number[];
  /** reference §9.5: the award of each slot, in order, for the ranked non-star rows */
  slots: AwardTier[];
}

/**
 * The incremental board of one contest and one view (reference §9): rows kept in board order; a
 * changed user's row is recomputed from that user's records and moved to its place (a binary
 * search and one splice), and first blood follows per problem (only the changed row's cells, except
 * when the last holder of a first blood goes).
 *
 * Ranks and awards are worked out for the rows a read shows, not for every row on every change
 * (10,000 rows scattered in memory cost about 1 ms to walk): a row's rank is given by the first row
 * of its tie and the star users before it, its award by its place among the non-star rows (finish.ts
 * `rankInOrder` is the walk that this equals).
 */
export class ViewBoard {
  private readonly rows = new Map<string, ScoredRow>();
  private order: ScoredRow[] = [];
  private readonly stars = new Set<ScoredRow>();
  private ranked: BoardRows | null = null;
  private ranking: Ranking | null = null;
  private readonly firstBlood = new Map<string, FirstBlood>();

  constructor(
    readonly config: RankConfig,
    readonly view: BoardView,
    recordsByUser: ReadonlyMap<string, readonly RankRecord[]>,
  ) {
    for (const records of recordsByUser.values()) {
      const row = scoreUser(config, view, records);
      if (row) this.rows.set(row.uid, row);
    }
    this.order = [...this.rows.values()].sort((a, b) => compareRows(config.type, a, b));
    for (const row of this.order) {
      this.claimFirstBlood(row);
      if (row.star) this.stars.add(row);
    }
  }

  get size() {
    return this.order.length;
  }

  /** The user's records changed (all of them, in this contest): recompute the row and its place. */
  update(uid: string, records: readonly RankRecord[]) {
    const before = this.rows.get(uid);
    if (before) {
      this.order.splice(this.indexOf(before), 1);
      this.rows.delete(uid);
      this.stars.delete(before);
      this.releaseFirstBlood(before);
    }
    const after = scoreUser(this.config, this.view, records);
    if (after) {
      this.rows.set(uid, after);
      this.order.splice(this.insertionPoint(after), 0, after);
      if (after.star) this.stars.add(after);
      this.claimFirstBlood(after);
    }
    this.ranked = null;
    this.ranking = null;
  }

  /**
   * The board. Its rows are this board's own array: read them before the next `update` (callers
   * copy what they keep across an await).
   */
  board(): BoardRows {
    this.ranked ??= new BoardRows(
      this.order,
      (row, at) => this.standingAt(row, at),
      (uid) => {
        const row = this.rows.get(uid);
        return row && this.indexOf(row);
      },
    );
    return this.ranked;
  }

  /**
   * reference §9.3–§9.5, as `rankInOrder` walks them: a non-star row's rank is one more than the
   * non-star rows before the first row with its score and time; awards go in order to eligible
   * non-star rows, and eligible rows (ACM: an accepted problem, OI: a score above 0) come first on
   * the board, so a row's slot is the count of non-star rows before it.
   */
  private standingAt(row: ScoredRow, at: number): Standing {
    if (row.star) return { rank: -1, award: null };
    const ranking = (this.ranking ??= {
      starPositions: [...this.stars].map((star) => this.indexOf(star)).sort((a, b) => a - b),
      slots: awardSlots(this.config, this.order.length - this.stars.size),
    });
    const starsBefore = (position: number) => {
      let lo = 0;
      let hi = ranking.starPositions.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (ranking.starPositions[mid]! < position) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    const first = this.firstOfTie(row, at);
    const eligible = this.config.type === 0 ? row.ac > 0 : row.totalScore > 0;
    return {
      rank: first - starsBefore(first) + 1,
      award: eligible ? (ranking.slots[at - starsBefore(at)] ?? null) : null,
    };
  }

  /** The first position, at or before `at`, of a row with the same score and time as `row`. */
  private firstOfTie(row: ScoredRow, at: number): number {
    const ahead =
      this.config.type === 0
        ? (r: ScoredRow) => r.ac > row.ac || (r.ac === row.ac && r.totalTime < row.totalTime)
        : (r: ScoredRow) =>
            r.totalScore > row.totalScore || (r.totalScore === row.totalScore && r.totalTime < row.totalTime);
    let lo = 0;
    let hi = at;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (ahead(this.order[mid]!)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** reference §9.3: first blood goes to every accepted in-contest cell at the smallest AC time. */
  private claimFirstBlood(row: ScoredRow) {
    if (this.config.type !== 0) return;
    for (const displayId in row.acm) this.offerFirstBlood(displayId, row);
  }

  private offerFirstBlood(displayId: string, row: ScoredRow) {
    const cell = row.acm[displayId]!;
    if (!cell.isAC || cell.isAfterContest) return;
    const held = this.firstBlood.get(displayId);
    if (held && cell.ACTime! > held.time) return;
    if (!held || cell.ACTime! < held.time) {
      if (held)
        for (const other of held.rows) {
          other.acm[displayId]!.isFirstAC = false;
          forgetScoresJson(other);
        }
      this.firstBlood.set(displayId, { time: cell.ACTime!, rows: new Set([row]) });
    } else held.rows.add(row);
    cell.isFirstAC = true;
    forgetScoresJson(row);
  }

  /** A row left the board: where it held the last first blood of a problem, look for the next. */
  private releaseFirstBlood(row: ScoredRow) {
    if (this.config.type !== 0) return;
    for (const displayId in row.acm) {
      const held = this.firstBlood.get(displayId);
      if (!held?.rows.delete(row) || held.rows.size > 0) continue;
      this.firstBlood.delete(displayId);
      for (const other of this.order) if (displayId in other.acm) this.offerFirstBlood(displayId, other);
    }
  }

  private insertionPoint(row: ScoredRow): number {
    let lo = 0;
    let hi = this.order.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compareRows(this.config.type, this.order[mid]!, row) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private indexOf(row: ScoredRow): number {
    const at = this.insertionPoint(row);
    if (this.order[at] !== row) throw new Error(`board order lost user ${row.uid}`);
    return at;
  }
}
