import { JudgeStatus } from '@verdict/shared';
import type { AcmRankRow } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContestRow } from '../../helpers/contests.ts';
import {
  acmSummary,
  play,
  rankContest,
  rankOf,
  rankWorld,
  toSecond,
  updateContest,
  type RankWorld,
} from './support.ts';

const { ACCEPTED: AC, WRONG_ANSWER: WA } = JudgeStatus;

let rw: RankWorld;
let c: ContestRow;
const SEAL = 200 * 60;
const END = 300 * 60;
beforeAll(async () => {
  rw = await rankWorld();
  c = await rankContest(rw, ['A', 'B'], { sealMinute: 200, allowEndSubmit: true });
  await play(rw, c, [
    { who: 'ann', at: 1000, problem: 'A', status: AC },
    { who: 'ben', at: 11_000, problem: 'A', status: WA },
    { who: 'ben', at: SEAL + 500, problem: 'A', status: AC },
    { who: 'ben', at: SEAL + 1000, problem: 'B', status: WA },
    { who: 'cat', at: SEAL + 100, problem: 'B', status: AC },
  ]);
  toSecond(rw, c, SEAL + 2000);
});
afterAll(() => rw.cw.w.t.close());

const cells = (rows: AcmRankRow[], name: string) => rows.find((r) => r.username === name)!.submissionInfo;

describe('reference §9.2 seal', () => {
  it('a participant sees the tries after the seal time but no results (forceRefresh changes nothing)', async () => {
    for (const forceRefresh of [false, true]) {
      const res = await rankOf(rw, 'dan', { cid: c.id, forceRefresh });
      expect(acmSummary(res)).toEqual([
        ['ann', 1, 1, 1000, 1],
        ['ben', 2, 0, 0, 3],
        ['cat', 2, 0, 0, 1],
      ]);
      const rows = res.data.records as AcmRankRow[];
      expect(cells(rows, 'ben')).toEqual({
        A: { isAC: false, isFirstAC: false, errorNum: 1, tryNum: 1, isAfterContest: false },
        B: { isAC: false, isFirstAC: false, errorNum: 0, tryNum: 1, isAfterContest: false },
      });
      // first blood counts only what the board shows: nobody has B yet
      expect(cells(rows, 'cat').B).toEqual({
        isAC: false,
        isFirstAC: false,
        errorNum: 0,
        tryNum: 1,
        isAfterContest: false,
      });
    }
  });

  it('a contest admin sees the sealed board too, and the real one with forceRefresh', async () => {
    expect(acmSummary(await rankOf(rw, 'admin', { cid: c.id }))).toEqual([
      ['ann', 1, 1, 1000, 1],
      ['ben', 2, 0, 0, 3],
      ['cat', 2, 0, 0, 1],
    ]);
    const real = await rankOf(rw, 'admin', { cid: c.id, forceRefresh: true });
    expect(acmSummary(real)).toEqual([
      ['ann', 1, 1, 1000, 1],
      ['cat', 2, 1, SEAL + 100, 1],
      ['ben', 3, 1, SEAL + 500 + 20 * 60, 3],
    ]);
    expect(cells(real.data.records as AcmRankRow[], 'cat').B).toMatchObject({ isAC: true, isFirstAC: true });
    const root = await rankOf(rw, 'root', { cid: c.id, forceRefresh: true });
    expect(acmSummary(root)).toEqual(acmSummary(real));
  });

  it('after the end autoRealRank unseals the board; without it the board stays sealed', async () => {
    toSecond(rw, c, END + 60);
    expect(acmSummary(await rankOf(rw, 'dan', { cid: c.id })).map((r) => r[0])).toEqual([
      'ann',
      'cat',
      'ben',
    ]);
    await updateContest(rw, c.id, { autoRealRank: false });
    expect(acmSummary(await rankOf(rw, 'dan', { cid: c.id })).map((r) => r[0])).toEqual([
      'ann',
      'ben',
      'cat',
    ]);
    await updateContest(rw, c.id, { autoRealRank: true });
  });
});

describe('reference §9.1 submissions after the end (containsEnd, allowEndSubmit)', () => {
  it('count only when asked for and allowed, flagged isAfterContest, never first blood', async () => {
    await play(rw, c, [
      { who: 'dan', at: END + 120, problem: 'A', status: AC },
      { who: 'cat', at: END + 130, problem: 'A', status: AC },
    ]);
    toSecond(rw, c, END + 200);
    expect(acmSummary(await rankOf(rw, 'dan', { cid: c.id })).map((r) => r[0])).toEqual([
      'ann',
      'cat',
      'ben',
    ]);
    const after = await rankOf(rw, 'dan', { cid: c.id, containsEnd: true });
    expect(acmSummary(after)).toEqual([
      ['dan', 4, 1, END + 120, 1],
      ['cat', 1, 2, SEAL + 100 + END + 130, 2],
      ['ann', 2, 1, 1000, 1],
      ['ben', 3, 1, SEAL + 500 + 20 * 60, 3],
      ['dan', 4, 1, END + 120, 1],
    ]);
    const rows = after.data.records as AcmRankRow[];
    expect(cells(rows, 'dan').A).toEqual({
      isAC: true,
      isFirstAC: false,
      ACTime: END + 120,
      errorNum: 0,
      isAfterContest: true,
    });
    expect(cells(rows, 'ann').A).toMatchObject({ isFirstAC: true, isAfterContest: false });
    // the contest no longer allows them: containsEnd is ignored
    await updateContest(rw, c.id, { allowEndSubmit: false });
    expect(acmSummary(await rankOf(rw, 'dan', { cid: c.id, containsEnd: true })).map((r) => r[0])).toEqual([
      'ann',
      'cat',
      'ben',
    ]);
    await updateContest(rw, c.id, { allowEndSubmit: true });
  });

  it('a board sealed for the caller never includes them', async () => {
    await updateContest(rw, c.id, { autoRealRank: false });
    const res = await rankOf(rw, 'dan', { cid: c.id, containsEnd: true });
    expect(acmSummary(res).map((r) => r[0])).toEqual(['ann', 'ben', 'cat']);
    // the admin's real board with them
    const admin = await rankOf(rw, 'admin', { cid: c.id, containsEnd: true, forceRefresh: true });
    expect(acmSummary(admin).map((r) => r[0])).toEqual(['cat', 'ann', 'ben', 'dan']);
  });
});
