import { ACM_PENALTY_SECONDS } from '@verdict/shared';
import { compareRows, rankInOrder } from './finish.ts';
import {
  bySubmission,
  emptyRow,
  recordRole,
  type BoardView,
  type RankConfig,
  type RankedRow,
  type RankRecord,
  type ScoredRow,
} from './model.ts';

/**
 * The reference implementation: the whole board recomputed from every record, in one pass over the
 * records in submission order, as HOJ's ContestCalculateRankManager does (reference §9.1–§9.5).
 * The incremental board (board.ts) must always answer exactly this; the tests compare the two.
 */
export function fullBoard(config: RankConfig, view: BoardView, records: readonly RankRecord[]): RankedRow[] {
  const rows = new Map<string, ScoredRow>();
  const read = records
    .filter((r) => !config.excluded.has(r.uid) && recordRole(config, view, r) !== 'out')
    .sort(bySubmission);
  if (config.type === 0) acmPass(config, view, read, rows);
  else oiPass(config, read, rows);
  const sorted = [...rows.values()].sort((a, b) => compareRows(config.type, a, b));
  return rankInOrder(config, sorted);
}

/** reference §9.3: penalties, tries after the seal, first blood (ties share it). */
function acmPass(config: RankConfig, view: BoardView, read: RankRecord[], rows: Map<string, ScoredRow>) {
  const firstAc = new Map<string, number>();
  for (const r of read) {
    let row = rows.get(r.uid);
    if (!row) rows.set(r.uid, (row = emptyRow(r, config.stars)));
    row.total++;
    const cell = (row.acm[r.displayId] ??= {
      isAC: false,
      isFirstAC: false,
      errorNum: 0,
      isAfterContest: false,
    });
    if (recordRole(config, view, r) === 'try') {
      cell.tryNum = (cell.tryNum ?? 0) + 1;
      continue;
    }
    if (cell.isAC) continue;
    if (r.status === 1) {
      row.ac++;
      cell.isAC = true;
      cell.ACTime = r.time;
      cell.isAfterContest = r.submitMs >= config.endMs;
      // Verdict: an accepted run after the end is never first blood
      if (!cell.isAfterContest) {
        const first = firstAc.get(r.displayId);
        if (first === undefined) firstAc.set(r.displayId, r.time);
        cell.isFirstAC = first === undefined || first === r.time;
      }
      row.totalTime += r.time + cell.errorNum * ACM_PENALTY_SECONDS;
    } else if (r.status === -1) {
      cell.errorNum++;
    }
  }
}

/** reference §9.4: per problem the latest (Recent) or best (Highest) records; time from AC runs. */
function oiPass(config: RankConfig, read: RankRecord[], rows: Map<string, ScoredRow>) {
  const chosen = new Map<string, Map<string, RankRecord[]>>();
  for (const r of read) {
    if (!rows.has(r.uid)) rows.set(r.uid, emptyRow(r, config.stars));
    let problems = chosen.get(r.uid);
    if (!problems) chosen.set(r.uid, (problems = new Map()));
    const kept = problems.get(r.displayId);
    if (!kept) problems.set(r.displayId, [r]);
    else if (config.oiType === 'Highest') {
      if (r.score > kept[0]!.score) problems.set(r.displayId, [r]);
      else if (r.score === kept[0]!.score) kept.push(r);
    } else problems.set(r.displayId, [r]); // records come in submission order: the last one stays
  }
  for (const [uid, problems] of chosen) {
    const row = rows.get(uid)!;
    for (const [displayId, kept] of problems) {
      const score = kept[0]!.score;
      row.scores[displayId] = score;
      row.totalScore += score;
      const acTimes = kept.filter((r) => r.status === 1).map((r) => r.useTime ?? 0);
      if (acTimes.length > 0) {
        const time = Math.min(...acTimes);
        row.times[displayId] = time;
        row.totalTime += time;
      }
    }
  }
}
