import { eq } from 'drizzle-orm';
import type { TrainingRankVO } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trainingProblem, userInfo } from '../../src/db/schema/index.ts';
import type { Page } from '../../src/http/envelope.ts';
import { CPP } from '../problem/fixtures.ts';
import { AC, PASSWORD, trainingWorld, WA, type Caller, type TrainingWorld } from './support.ts';

let tw: TrainingWorld;
let priv: number;
let pub: number;

const rank = async (who: Caller, tid: number, query = '') =>
  (await tw.call<Page<TrainingRankVO>>(who, 'GET', `/api/get-training-rank?tid=${tid}${query}`)).data;

beforeAll(async () => {
  tw = await trainingWorld();
  priv = await tw.training({ title: 'Ranked', auth: 'Private', privatePwd: PASSWORD });
  pub = await tw.training({ title: 'Open' });
  await tw.w.t.db
    .insert(trainingProblem)
    .values({ tid: priv, pid: tw.hidden.pid, displayId: 'TR-H', rank: 9 });
  await tw.w.t.db
    .update(userInfo)
    .set({ realname: 'Alice Liddell', school: 'Oxford' })
    .where(eq(userInfo.uuid, tw.w.uids.alice));
  for (const who of ['alice', 'bob'] as const) expect((await tw.register(who, priv)).status).toBe(200);
  // bob: wrong, then two accepted runs on TR-1 (the fastest counts), wrong on TR-2
  await tw.solve('bob', 'TR-1', WA, { tid: priv, time: 50 });
  await tw.solve('bob', 'TR-1', AC, { tid: priv, time: 30 });
  await tw.solve('bob', 'TR-1', AC, { tid: priv, time: 20 });
  await tw.solve('bob', 'TR-2', WA, { tid: priv, time: 7 });
  // alice solves two, the second problem from the bank (recorded all the same: she is registered)
  await tw.solve('alice', 'TR-1', AC, { tid: priv, time: 100 });
  await tw.solve('alice', 'TR-2', AC, { time: 5 });
  // the author and root are not ranked (reference §7.13)
  await tw.solve('admin', 'TR-1', AC, { tid: priv, time: 1 });
  await tw.solve('root', 'TR-1', AC, { tid: priv, time: 1 });
});
afterAll(() => tw.w.t.close());

describe('reference §3.5 get-training-rank, §7.13 (a Private training: its records)', () => {
  it('ranks by solved problems, then total run time; first AC wins a cell, its fastest run counts', async () => {
    const page = await rank('bob', priv);
    expect(page.total).toBe(2);
    expect(page.records.map((r) => [r.username, r.ac, r.totalRunTime])).toEqual([
      ['alice', 2, 105],
      ['bob', 1, 20],
    ]);
    expect(page.records[1]!.submissionInfo).toEqual({
      'TR-1': { status: AC, score: null, isAC: true, runTime: 20 },
      'TR-2': { status: WA, score: null },
    });
    // no column for the hidden problem, none for a problem nobody tried
    expect(Object.keys(page.records[0]!.submissionInfo).sort()).toEqual(['TR-1', 'TR-2']);
  });

  it('leaves out the author and root, and submissions still being judged', async () => {
    tw.w.clock.advance(60_000);
    const pending = await tw.call('bob', 'POST', '/api/submit-problem-judge', {
      pid: 'TR-3',
      language: 'C++',
      code: '#include <cstdio>\nint main() { return 0; } // pending for now, judged below',
      cid: 0,
      tid: priv,
      isRemote: false,
    });
    expect(pending.status).toBe(200);
    const names = (await rank('root', priv)).records.map((r) => r.username);
    expect(names).toEqual(['alice', 'bob']);
    expect((await rank('root', priv)).records[1]!.submissionInfo['TR-3']).toBeUndefined();
    await tw.w.judge.judgeNext({ status: WA, time: 3, memory: 1 });
    expect((await rank('root', priv)).records[1]!.submissionInfo['TR-3']).toEqual({
      status: WA,
      score: null,
    });
  });

  it('shows real names to training admins only (spec part 2 §2.1, §6), and searches them only for them', async () => {
    const realname = async (who: Caller) =>
      (await rank(who, priv)).records.find((r) => r.username === 'alice')!.realname;
    expect(await realname('admin')).toBe('Alice Liddell');
    expect(await realname('root')).toBe('Alice Liddell');
    expect(await realname('bob')).toBeNull();
    expect((await rank('bob', priv, '&keyword=oxf')).records.map((r) => r.username)).toEqual(['alice']);
    expect((await rank('bob', priv, '&keyword=BOB')).records.map((r) => r.username)).toEqual(['bob']);
    expect((await rank('bob', priv, '&keyword=Liddell')).records).toEqual([]);
    expect((await rank('admin', priv, '&keyword=Liddell')).records.map((r) => r.username)).toEqual(['alice']);
  });

  it('pages, with the total on a page past the end too', async () => {
    expect(await rank('bob', priv, '&limit=1&currentPage=2')).toMatchObject({
      total: 2,
      size: 1,
      current: 2,
    });
    expect((await rank('bob', priv, '&limit=1&currentPage=2')).records.map((r) => r.username)).toEqual([
      'bob',
    ]);
    expect(await rank('bob', priv, '&limit=1&currentPage=5')).toMatchObject({ total: 2, records: [] });
  });
});

describe('Verdict: a Public training ranks everyone from the submissions of its problems (README)', () => {
  it('counts every non-contest submission of its problems, wherever made, author and root left out', async () => {
    const page = await rank('alice', pub);
    // bob's and alice's runs were made through the private training or the bank: they count here too
    expect(page.records.map((r) => [r.username, r.ac, r.totalRunTime])).toEqual([
      ['alice', 2, 105],
      ['bob', 1, 20],
    ]);
    // a newcomer with one quick solve from the bank goes ahead of bob here, and is not in the private rank
    tw.w.clock.advance(60_000);
    const res = await tw.w.call('POST', '/api/submit-problem-judge', {
      token: tw.w.tokens.problemAdmin,
      payload: { pid: 'TR-3', language: 'C++', code: CPP, cid: 0, isRemote: false },
    });
    expect(res.status).toBe(200);
    await tw.w.judge.judgeNext({ status: AC, time: 1, memory: 1 });
    expect((await rank('alice', pub)).records.map((r) => r.username)).toEqual([
      'alice',
      'problemAdmin',
      'bob',
    ]);
    expect((await rank('alice', priv)).records.map((r) => r.username)).toEqual(['alice', 'bob']);
  });
});
