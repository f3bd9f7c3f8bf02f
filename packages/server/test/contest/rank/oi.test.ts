import { JudgeStatus } from '@verdict/shared';
import type { OiRankRow } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContestRow } from '../../helpers/contests.ts';
import {
  oiSummary,
  play,
  rankContest,
  rankOf,
  rankWorld,
  toSecond,
  updateContest,
  type RankWorld,
} from './support.ts';

const { ACCEPTED: AC, WRONG_ANSWER: WA, PARTIAL_ACCEPTED: PA } = JudgeStatus;

let rw: RankWorld;
let c: ContestRow;
beforeAll(async () => {
  rw = await rankWorld();
  c = await rankContest(rw, ['X', 'Y'], { type: 1, sealMinute: 200 });
  await play(rw, c, [
    { who: 'ann', at: 100, problem: 'X', status: PA, score: 50, time: 30 },
    { who: 'ann', at: 200, problem: 'X', status: AC, score: 100, time: 20 },
    { who: 'ann', at: 300, problem: 'X', status: WA, score: 0, time: 5 },
    { who: 'ann', at: 400, problem: 'Y', status: AC, score: 100, time: 15 },
    { who: 'ann', at: 500, problem: 'Y', status: AC, score: 100, time: 12 },
    { who: 'ben', at: 150, problem: 'X', status: AC, score: 100, time: 40 },
    { who: 'ben', at: 600, problem: 'Y', status: PA, score: 60, time: 9 },
    { who: 'cat', at: 700, problem: 'X', status: AC, score: 100, time: 12 },
    { who: 'dan', at: 200 * 60 + 100, problem: 'X', status: AC, score: 100, time: 10 },
  ]);
  toSecond(rw, c, 250 * 60);
});
afterAll(() => rw.cw.w.t.close());

const row = (rows: OiRankRow[], name: string) => rows.find((r) => r.username === name)!;

describe('reference §9.4 OI board', () => {
  it('Recent: the latest submission per problem; time only from accepted runs; equal score and time share a rank', async () => {
    const res = await rankOf(rw, 'admin', { cid: c.id, forceRefresh: true });
    expect(oiSummary(res)).toEqual([
      ['ben', 1, 160, 40],
      ['dan', 2, 100, 10],
      ['ann', 3, 100, 12],
      ['cat', 3, 100, 12],
    ]);
    const rows = res.data.records as OiRankRow[];
    expect(row(rows, 'ann')).toMatchObject({ submissionInfo: { X: 0, Y: 100 }, timeInfo: { Y: 12 } });
    expect(row(rows, 'ben')).toMatchObject({ submissionInfo: { X: 100, Y: 60 }, timeInfo: { X: 40 } });
  });

  it('Highest: the best score per problem, the fastest accepted run among the best', async () => {
    await updateContest(rw, c.id, { oiRankScoreType: 'Highest' });
    const res = await rankOf(rw, 'admin', { cid: c.id, forceRefresh: true });
    expect(oiSummary(res)).toEqual([
      ['ann', 1, 200, 20 + 12],
      ['ben', 2, 160, 40],
      ['dan', 3, 100, 10],
      ['cat', 4, 100, 12],
    ]);
    expect(row(res.data.records as OiRankRow[], 'ann')).toMatchObject({
      submissionInfo: { X: 100, Y: 100 },
      timeInfo: { X: 20, Y: 12 },
    });
    await updateContest(rw, c.id, { oiRankScoreType: 'Recent' });
  });

  it('reference §9.2: sealed for a participant, the records from the seal time on are left out', async () => {
    const res = await rankOf(rw, 'cat', { cid: c.id });
    expect(oiSummary(res)).toEqual([
      ['cat', 2, 100, 12],
      ['ben', 1, 160, 40],
      ['ann', 2, 100, 12],
      ['cat', 2, 100, 12],
    ]);
  });
});
