import { JudgeStatus } from '@verdict/shared';
import type { AcmRankRow } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContestRow } from '../../helpers/contests.ts';
import { acmSummary, play, rankContest, rankOf, rankWorld, toSecond, type RankWorld } from './support.ts';

const { ACCEPTED: AC, WRONG_ANSWER: WA, COMPILE_ERROR: CE, TIME_LIMIT_EXCEEDED: TLE } = JudgeStatus;
const { RUNTIME_ERROR: RE, PRESENTATION_ERROR: PE, SYSTEM_ERROR: SE } = JudgeStatus;

let rw: RankWorld;
let c: ContestRow;
beforeAll(async () => {
  rw = await rankWorld();
  c = await rankContest(rw, ['A', 'B', 'C'], { starAccount: { star_account: ['dan'] } });
  await play(rw, c, [
    { who: 'root', at: 50, problem: 'A', status: AC },
    { who: 'admin', at: 60, problem: 'A', status: AC },
    { who: 'ann', at: 600, problem: 'A', status: WA },
    { who: 'ann', at: 1200, problem: 'A', status: AC },
    { who: 'ann', at: 100, problem: 'B', status: CE },
    { who: 'ann', at: 3000, problem: 'B', status: AC },
    { who: 'ben', at: 1200, problem: 'A', status: AC },
    { who: 'ben', at: 500, problem: 'B', status: TLE },
    { who: 'ben', at: 700, problem: 'B', status: RE },
    { who: 'ben', at: 1800, problem: 'B', status: AC },
    { who: 'cat', at: 1000, problem: 'C', status: PE },
    { who: 'cat', at: 2000, problem: 'C', status: AC },
    { who: 'cat', at: 2500, problem: 'C', status: AC },
    { who: 'dan', at: 100, problem: 'C', status: AC },
    { who: 'eve', at: 100, problem: 'A', status: WA },
    { who: 'eve', at: 200, problem: 'A', status: SE },
    { who: 'eve', at: 3200, problem: 'B', status: AC },
    { who: 'fay', at: 4000, problem: 'A', status: WA },
  ]);
  toSecond(rw, c, 5000);
});
afterAll(() => rw.cw.w.t.close());

describe('reference §9.3 ACM board', () => {
  it('penalty 20 min per earlier rejected try; ranks 1, 1, 3, 3, 5 with the star user "-1" taking no position', async () => {
    const res = await rankOf(rw, 'fay', { cid: c.id, limit: 50, currentPage: 1 });
    // fay's own row comes first (reference §9.6), then the whole board
    expect(acmSummary(res)).toEqual([
      ['fay', 5, 0, 0, 1],
      // a tie keeps HOJ's order: who submitted first (ann's CE at 100 s)
      ['ann', 1, 2, 1200 + 1200 + 3000, 4],
      ['ben', 1, 2, 1200 + 1800 + 2 * 1200, 4],
      ['dan', -1, 1, 100, 1],
      ['eve', 3, 1, 3200, 3],
      ['cat', 3, 1, 2000 + 1200, 3],
      ['fay', 5, 0, 0, 1],
    ]);
    expect(res.data.total).toBe(7);
  });

  it('reference §8.1, §9.3: WA/PE/TLE/MLE/RE cost a penalty, CE and SE do not', async () => {
    const res = await rankOf(rw, 'fay', { cid: c.id, removeStar: false });
    const rows = res.data.records as AcmRankRow[];
    const row = (name: string) => rows.find((r) => r.username === name)!;
    expect(row('ann').submissionInfo.B).toEqual({
      isAC: true,
      isFirstAC: false,
      ACTime: 3000,
      errorNum: 0,
      isAfterContest: false,
    });
    expect(row('ben').submissionInfo.B).toMatchObject({ isAC: true, ACTime: 1800, errorNum: 2 });
    expect(row('eve').submissionInfo.A).toEqual({
      isAC: false,
      isFirstAC: false,
      errorNum: 1,
      isAfterContest: false,
    });
    expect(row('cat').submissionInfo.C).toMatchObject({ isAC: true, ACTime: 2000, errorNum: 1 });
  });

  it('first blood: the smallest AC time per problem, ties share it, a star user can take it', async () => {
    const res = await rankOf(rw, 'fay', { cid: c.id });
    const rows = res.data.records as AcmRankRow[];
    const firsts = rows.flatMap((r) =>
      Object.entries(r.submissionInfo)
        .filter(([, cell]) => cell.isFirstAC)
        .map(([d]) => `${r.username}:${d}`),
    );
    expect(new Set(firsts)).toEqual(new Set(['ann:A', 'ben:A', 'ben:B', 'dan:C']));
  });

  it('removeStar drops the star users and changes no other rank; creator and roots are never ranked', async () => {
    const res = await rankOf(rw, 'ann', { cid: c.id, removeStar: true });
    expect(acmSummary(res).map(([name, rank]) => [name, rank])).toEqual([
      ['ann', 1],
      ['ann', 1],
      ['ben', 1],
      ['eve', 3],
      ['cat', 3],
      ['fay', 5],
    ]);
  });
});
