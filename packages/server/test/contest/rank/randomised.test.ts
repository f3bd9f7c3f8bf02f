import { describe, expect, it } from 'vitest';
import { ViewBoard } from '../../../src/modules/contest/rank/board.ts';
import { fullBoard } from '../../../src/modules/contest/rank/full.ts';
import type { BoardRows } from '../../../src/modules/contest/rank/page.ts';
import type { BoardView, RankConfig, RankRecord } from '../../../src/modules/contest/rank/model.ts';
import { byUser } from '../../../src/modules/contest/rank/records.ts';
import { seededRandom } from '../../helpers/random.ts';

/**
 * Issue 12: the incremental board (board.ts) against the reference full recomputation (full.ts) on
 * hundreds of random small contests — random records before, during and after the contest, seal
 * times, star users, excluded users, awards, both rules and both OI score types — with records
 * judged, rejudged and re-judged in random order. After every step, every view must be equal on
 * every field (reference §9.1–§9.5).
 */

const USERS = ['u1', 'u2', 'u3', 'u4', 'u5', 'u6', 'u7'];
const PROBLEMS = ['A', 'B', 'C'];

function randomConfig(r: ReturnType<typeof seededRandom>, cid: number): RankConfig {
  const endMs = 100_000;
  const tiers = [
    { priority: 2, name: 'Silver', background: '#ccc', color: '#000', num: r.int(0, 3) },
    { priority: 1, name: 'Gold', background: '#fd0', color: '#000', num: r.int(0, 2) },
    { priority: 3, name: 'Bronze', background: '#c73', color: '#fff', num: r.int(0, 60) },
  ];
  return {
    cid,
    type: r.int(0, 1),
    startMs: 0,
    endMs,
    sealMs: r.chance(0.6) ? r.int(1, 99) * 1000 : null,
    oiType: r.chance(0.5) ? 'Recent' : 'Highest',
    stars: new Set(USERS.filter(() => r.chance(0.2)).map((u) => `name-${u}`)),
    awardType: r.int(0, 2),
    awards: tiers,
    excluded: new Set(USERS.filter(() => r.chance(0.1))),
  };
}

function randomRecord(r: ReturnType<typeof seededRandom>, submitId: number): RankRecord {
  // whole seconds from before the start to after the end, so ties in time are common
  const submitMs = r.int(-5, 120) * 1000 + (r.chance(0.2) ? r.int(0, 999) : 0);
  const uid = r.pick(USERS);
  return {
    uid,
    username: `name-${uid}`,
    displayId: r.pick(PROBLEMS),
    status: r.pick([1, 1, -1, -1, 0]),
    score: r.pick([0, 30, 50, 50, 100]),
    useTime: r.pick([5, 10, 10, 20, null]),
    time: Math.max(0, Math.floor(submitMs / 1000)),
    submitMs,
    submitId,
  };
}

const VIEWS: BoardView[] = [
  { sealed: false, afterEnd: false },
  { sealed: false, afterEnd: true },
  { sealed: true, afterEnd: false },
];

/** A plain copy of a board, every field. */
const snapshot = (rows: readonly object[]) => JSON.parse(JSON.stringify(rows)) as unknown;
/** the incremental board's rows with where each stands (worked out per row, board.ts) */
const standings = (board: BoardRows) => board.rows.map((row) => ({ ...row, ...board.standing(row) }));

describe('issue 12: incremental board == full recomputation on random contests (reference §9.1–§9.5)', () => {
  it('400 random contests, every view after every change', () => {
    let compared = 0;
    for (let seed = 1; seed <= 400; seed++) {
      const r = seededRandom(seed);
      const config = randomConfig(r, seed);
      const views = VIEWS.filter((v) => !v.sealed || config.sealMs !== null);
      // some records are there when the boards are built (a restart), the rest arrive one by one
      const stored = new Map<number, RankRecord>();
      let nextId = 1;
      for (let i = r.int(0, 10); i > 0; i--) {
        const rec = randomRecord(r, nextId++);
        stored.set(rec.submitId, rec);
      }
      const boards = views.map((v) => new ViewBoard(config, v, byUser([...stored.values()])));
      const steps = r.int(5, 40);
      for (let step = 0; step < steps; step++) {
        const ids = [...stored.keys()];
        const roll = r.int(0, 9);
        let uid: string;
        if (roll < 6 || ids.length === 0) {
          // a new judged submission
          const rec = randomRecord(r, nextId++);
          stored.set(rec.submitId, rec);
          uid = rec.uid;
        } else if (roll < 8) {
          // a rejudge or manual judge: another verdict, score and time
          const rec = stored.get(r.pick(ids))!;
          const changed = {
            ...rec,
            status: r.pick([1, -1, 0]),
            score: r.pick([0, 50, 100]),
            useTime: r.pick([5, 10]),
          };
          stored.set(rec.submitId, changed);
          uid = rec.uid;
        } else {
          // back to Pending (reference §6.4): the record leaves every board
          const rec = stored.get(r.pick(ids))!;
          stored.delete(rec.submitId);
          uid = rec.uid;
        }
        const mine = [...stored.values()].filter((x) => x.uid === uid);
        views.forEach((view, i) => {
          boards[i]!.update(uid, mine);
          const full = fullBoard(config, view, [...stored.values()]);
          expect(
            snapshot(standings(boards[i]!.board())),
            `seed ${seed} step ${step} view ${JSON.stringify(view)}`,
          ).toEqual(snapshot(full));
          compared++;
        });
      }
    }
    expect(compared).toBeGreaterThan(5000);
  });
});
