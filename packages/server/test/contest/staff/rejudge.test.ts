import { eq, inArray } from 'drizzle-orm';
import { JudgeStatus } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestRecord, judge } from '../../../src/db/schema/index.ts';
import {
  CALLERS,
  contestSubmission,
  createStaffWorld,
  tokenOf,
  type Caller,
  type StaffWorld,
} from './fixtures.ts';

let w: StaffWorld;
let a: number[];
let b: number;

beforeAll(async () => {
  w = await createStaffWorld();
  a = [
    (await contestSubmission(w, { user: 'alice', problem: 'A', status: JudgeStatus.WRONG_ANSWER, at: 100 }))
      .submitId,
    (await contestSubmission(w, { user: 'bob', problem: 'A', status: JudgeStatus.ACCEPTED, at: 200 }))
      .submitId,
  ];
  b = (await contestSubmission(w, { user: 'bob', problem: 'B', status: JudgeStatus.ACCEPTED, at: 300 }))
    .submitId;
});
afterAll(() => w.t.close());

const rejudge = (caller: Caller, pid: number, cid = w.cid) =>
  w.call('GET', `/api/admin/judge/rejudge-contest-problem?cid=${cid}&pid=${pid}`, {
    token: tokenOf(w, caller),
  });

describe('rejudge-contest-problem (reference §3.4, §6.4; spec part 1 §2 "Rejudge")', () => {
  it('is for super admins only: not even the contest creator', async () => {
    const answers: Record<string, number> = {};
    for (const caller of CALLERS.filter((c) => c !== 'root'))
      answers[caller] = (await rejudge(caller, w.problems.A.pid)).http;
    expect(answers).toEqual({ anonymous: 401, user: 403, participant: 403, creator: 403 });
    const rows = await w.t.db.select().from(judge).where(inArray(judge.submitId, a));
    expect(rows.map((r) => r.status).sort()).toEqual([JudgeStatus.WRONG_ANSWER, JudgeStatus.ACCEPTED].sort());
  });

  it('reference §6.4: every submission of the problem goes back to Pending through the lifecycle, records reset', async () => {
    const res = await rejudge('root', w.problems.A.pid);
    expect(res.status).toBe(200);
    const rows = await w.t.db
      .select()
      .from(judge)
      .where(inArray(judge.submitId, [...a, b]));
    const status = Object.fromEntries(rows.map((r) => [r.submitId, r.status]));
    expect(status).toEqual({
      [a[0]!]: JudgeStatus.PENDING,
      [a[1]!]: JudgeStatus.PENDING,
      [b]: JudgeStatus.ACCEPTED,
    });
    const records = await w.t.db
      .select()
      .from(contestRecord)
      .where(inArray(contestRecord.submitId, [...a, b]));
    expect(Object.fromEntries(records.map((r) => [r.submitId, r.status]))).toEqual({
      [a[0]!]: null,
      [a[1]!]: null,
      [b]: 1,
    });
    // the queue hands them out again, and the verdict lands in the contest record
    const judged = await w.judge.judgeNext({ status: JudgeStatus.ACCEPTED });
    const [record] = await w.t.db
      .select()
      .from(contestRecord)
      .where(eq(contestRecord.submitId, judged.submitId));
    expect(record!.status).toBe(1);
    await w.judge.judgeNext({ status: JudgeStatus.ACCEPTED });
  });

  it('a problem outside the contest, or a missing contest, is not found', async () => {
    expect((await rejudge('root', 999_999)).status).toBe(404);
    expect((await rejudge('root', w.problems.A.pid, 999_999)).status).toBe(404);
  });
});
