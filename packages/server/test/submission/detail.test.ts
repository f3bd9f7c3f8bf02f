import { eq } from 'drizzle-orm';
import { JudgeStatus } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judge, systemConfig } from '../../src/db/schema/index.ts';
import { createProblem, createWorld, submit, type World } from '../problem/fixtures.ts';

let w: World;
let aliceSubmission: number;

interface Detail {
  submission: {
    code: string | null;
    errorMessage: string | null;
    ip: string | null;
    submitId: number;
    vjudgePassword: null;
  };
  codeShare: boolean;
}

const detail = (submitId: number, token?: string) =>
  w.call<Detail>('GET', `/api/get-submission-detail?submitId=${submitId}`, { token });

async function setSwitch(values: Record<string, unknown>) {
  const [row] = await w.t.db.select().from(systemConfig).where(eq(systemConfig.name, 'switch'));
  await w.t.db
    .update(systemConfig)
    .set({ value: { ...(row!.value as object), ...values } })
    .where(eq(systemConfig.name, 'switch'));
}

beforeAll(async () => {
  w = await createWorld();
  aliceSubmission = (await submit(w, w.tokens.alice, 'P1000')).data.submitId;
  await w.judge.judgeNext({ status: JudgeStatus.WRONG_ANSWER, errorMessage: 'diff at line 1' });
});
afterAll(() => w.t.close());

describe('submission detail visibility (spec part 1 §5; reference §3.4, §7.10)', () => {
  it('shows the code to its author, root and problem admins only', async () => {
    expect((await detail(aliceSubmission, w.tokens.alice)).data.submission.code).toContain('scanf');
    expect((await detail(aliceSubmission, w.tokens.root)).data.submission.code).toContain('scanf');
    expect((await detail(aliceSubmission, w.tokens.problemAdmin)).data.submission.code).toContain('scanf');
    for (const token of [undefined, w.tokens.bob, w.tokens.admin]) {
      const res = await detail(aliceSubmission, token);
      expect(res.status).toBe(200);
      expect(res.data.submission.code).toBeNull();
    }
  });

  it('hides the error text except for CE, SE and Submitted Failed, the IP except from root', async () => {
    const own = await detail(aliceSubmission, w.tokens.alice);
    expect(own.data.submission.errorMessage).toBe('The error message does not support viewing.');
    expect(own.data.submission.ip).toBeNull();
    expect(own.data.submission.vjudgePassword).toBeNull();
    expect((await detail(aliceSubmission, w.tokens.root)).data.submission.ip).toBe('127.0.0.1');
    const ce = (await submit(w, w.tokens.alice, 'P1000')).data.submitId;
    await w.judge.judgeNext({ status: JudgeStatus.COMPILE_ERROR, errorMessage: 'main.cpp:1: error' });
    expect((await detail(ce, w.tokens.bob)).data.submission.errorMessage).toBe('main.cpp:1: error');
  });

  it('shows shared code to everyone while the problem allows sharing; only the author toggles it', async () => {
    const share = (token: string, value: boolean, submitId = aliceSubmission) =>
      w.call('PUT', '/api/submission', { token, payload: { submitId, share: value } });
    expect((await share(w.tokens.bob, true)).status).toBe(403);
    expect((await share(w.tokens.alice, true)).status).toBe(200);
    expect((await detail(aliceSubmission, w.tokens.bob)).data.submission.code).toContain('scanf');
    expect((await detail(aliceSubmission)).data).toMatchObject({ codeShare: true });
    expect((await share(w.tokens.alice, false)).status).toBe(200);
    expect((await detail(aliceSubmission, w.tokens.bob)).data.submission.code).toBeNull();

    const closed = await createProblem(w, { problemId: 'NOSHARE', codeShare: false });
    const sid = (await submit(w, w.tokens.alice, closed.problemId)).data.submitId;
    await w.judge.judgeNext({ status: JudgeStatus.ACCEPTED });
    expect((await share(w.tokens.alice, true, sid)).msg).toBe('Code of this problem may not be shared!');
    await w.t.db.update(judge).set({ share: true }).where(eq(judge.submitId, sid));
    const res = await detail(sid, w.tokens.bob);
    expect(res.data).toMatchObject({ codeShare: false });
    expect(res.data.submission.code).toBeNull();
    expect((await w.call('PUT', '/api/submission', { payload: { submitId: sid, share: true } })).http).toBe(
      401,
    );
  });

  it('hides every non-contest code but from root and problem admins with hideNonContestSubmissionCode', async () => {
    await setSwitch({ hideNonContestSubmissionCode: true });
    expect((await detail(aliceSubmission, w.tokens.alice)).data.submission.code).toBeNull();
    expect((await detail(aliceSubmission, w.tokens.problemAdmin)).data.submission.code).toContain('scanf');
    const last = await w.call('GET', `/api/get-last-ac-code?pid=${w.p1000}`, { token: w.tokens.alice });
    expect(last.status).toBe(403);
    await setSwitch({ hideNonContestSubmissionCode: false });
  });

  it('keeps submissions of hidden problems to their author and the admin roles', async () => {
    const made = await createProblem(w, { problemId: 'HID-2' });
    const sid = (await submit(w, w.tokens.alice, made.problemId)).data.submitId;
    await w.judge.judgeNext({ status: JudgeStatus.ACCEPTED });
    await w.call('PUT', '/api/admin/problem/change-problem-auth', {
      token: w.tokens.root,
      payload: { id: made.pid, auth: 2 },
    });
    expect((await detail(sid, w.tokens.bob)).status).toBe(403);
    expect((await detail(sid)).status).toBe(403);
    expect((await detail(sid, w.tokens.alice)).status).toBe(200);
    expect((await detail(sid, w.tokens.admin)).status).toBe(200);
    const cases = await w.call('GET', `/api/get-all-case-result?submitId=${sid}`, { token: w.tokens.bob });
    expect(cases.status).toBe(403);
  });

  it('answers contest submissions after a login; one whose contest is gone only to root (reference §7.10, §7.18)', async () => {
    const [row] = await w.t.db
      .insert(judge)
      .values({
        pid: w.p1000,
        displayPid: 'A',
        uid: w.uids.alice,
        username: 'alice',
        code: 'x',
        cid: 77,
        status: 0,
      })
      .returning();
    const anon = await detail(row!.submitId);
    expect(anon.status).toBe(401);
    expect(anon.http).toBe(200);
    expect((await detail(row!.submitId, w.tokens.alice)).msg).toBe('The contest does not exist!');
    expect((await detail(row!.submitId, w.tokens.root)).status).toBe(200);
    const share = await w.call('PUT', '/api/submission', {
      token: w.tokens.alice,
      payload: { submitId: row!.submitId, share: true },
    });
    expect(share.msg).toBe('Contest submissions cannot be shared!');
  });

  it('answers 404-status for an unknown submission and 400 for a malformed id', async () => {
    expect((await detail(999999)).status).toBe(404);
    expect((await w.call('GET', '/api/get-submission-detail?submitId=abc')).http).toBe(400);
  });
});

describe('case results (reference §3.4 get-all-case-result, §7.10, §8.10)', () => {
  interface CaseList {
    judgeCaseMode: string;
    judgeCaseList?: Record<string, unknown>[];
    subTaskJudgeCaseVoList?: Record<string, unknown>[];
  }
  const cases = (submitId: number, token?: string) =>
    w.call<CaseList | null>('GET', `/api/get-all-case-result?submitId=${submitId}`, { token });

  it('shows users the verdicts without test file names; root sees the names', async () => {
    const res = await cases(aliceSubmission);
    expect(res.data!.judgeCaseMode).toBe('default');
    expect(res.data!.judgeCaseList).toHaveLength(2);
    expect(res.data!.judgeCaseList![0]).toMatchObject({ seq: 1, status: JudgeStatus.WRONG_ANSWER, time: 10 });
    expect(res.data!.judgeCaseList![0]).not.toHaveProperty('inputData');
    const root = await cases(aliceSubmission, w.tokens.root);
    expect(root.data!.judgeCaseList![0]).toMatchObject({ inputData: '1.in', outputData: '1.out' });
  });

  it('answers null when the problem hides case results, except to root and problem admins', async () => {
    const made = await createProblem(w, { problemId: 'CLOSED-CASES', openCaseResult: false });
    const sid = (await submit(w, w.tokens.alice, made.problemId)).data.submitId;
    await w.judge.judgeNext({ status: JudgeStatus.ACCEPTED });
    expect((await cases(sid, w.tokens.alice)).data).toBeNull();
    expect((await cases(sid, w.tokens.problemAdmin)).data).not.toBeNull();
  });

  it('groups subtasks: average mode by rounded mean, lowest mode by the lowest case', async () => {
    const samples = [
      { input: '1', output: '1', score: 20, groupNum: 1 },
      { input: '2', output: '2', score: 30, groupNum: 1 },
      { input: '3', output: '3', score: 50, groupNum: 2 },
    ];
    const avg = await createProblem(w, { problemId: 'SUB-AVG', type: 1, judgeCaseMode: 'subtask_average' }, {
      samples,
    } as never);
    const sid = (await submit(w, w.tokens.alice, avg.problemId)).data.submitId;
    await w.judge.judgeNext({
      status: JudgeStatus.PARTIAL_ACCEPTED,
      cases: [JudgeStatus.ACCEPTED, JudgeStatus.WRONG_ANSWER, JudgeStatus.ACCEPTED],
      scores: [20, 0, 50],
      score: 60,
    });
    const res = await cases(sid);
    expect(res.data!.judgeCaseMode).toBe('subtask_average');
    expect(
      res.data!.subTaskJudgeCaseVoList!.map(({ subtaskDetailList, ...g }) => ({
        ...g,
        n: (subtaskDetailList as []).length,
      })),
    ).toEqual([
      {
        groupNum: 1,
        ac: 1,
        total: 2,
        status: JudgeStatus.PARTIAL_ACCEPTED,
        score: 10,
        time: 10,
        memory: 1024,
        n: 2,
      },
      { groupNum: 2, ac: 1, total: 1, status: JudgeStatus.ACCEPTED, score: 50, time: 10, memory: 1024, n: 1 },
    ]);

    const low = await createProblem(w, { problemId: 'SUB-LOW', type: 1, judgeCaseMode: 'subtask_lowest' }, {
      samples,
    } as never);
    const lowId = (await submit(w, w.tokens.alice, low.problemId)).data.submitId;
    await w.judge.judgeNext({
      status: JudgeStatus.PARTIAL_ACCEPTED,
      cases: [JudgeStatus.WRONG_ANSWER, JudgeStatus.CANCELLED, JudgeStatus.ACCEPTED],
      scores: [0, 0, 50],
      score: 50,
    });
    const lowest = await cases(lowId);
    expect(
      lowest.data!.subTaskJudgeCaseVoList!.map((g) => [g.groupNum, g.status, g.score, g.ac, g.total]),
    ).toEqual([
      [1, JudgeStatus.WRONG_ANSWER, 0, 0, 2],
      [2, JudgeStatus.ACCEPTED, 50, 1, 1],
    ]);
  });
});
