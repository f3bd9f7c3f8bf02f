import { eq } from 'drizzle-orm';
import { JudgeStatus, type JudgeResult, type JudgeTask, type SubmissionTask } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import {
  JUDGE_PRIORITY,
  judge,
  judgeCase,
  judgeServer,
  problem,
  testRun,
  userAcproblem,
} from '../../src/db/schema/index.ts';
import { buildTestApp, JUDGE_TOKEN, type TestApp } from '../helpers/app.ts';
import { EVENTUALLY } from '../helpers/eventually.ts';
import { createUser } from '../helpers/users.ts';

const clock = new ManualClock(Date.UTC(2026, 5, 1));
const LEASE_MS = 10_000;
/** Longer than any claim may wait: a long-polling claim here wakes on the queue's signal or not at all. */
const CLAIM_POLL_MS = 10 * 60_000;
/** Long enough for the API's minimum code length; never run here. */
const CPP_CODE = 'int main() { /* a program that the API accepts, never run */ return 0; }';
let t: TestApp;
let uid: string;
let pid: number;

const gateway = (path: string, body: unknown, token = JUDGE_TOKEN) =>
  t.app.inject({
    method: 'POST',
    url: `/api/judge-gateway/${path}`,
    headers: { 'x-judge-token': token },
    payload: body as object,
  });
const claim = async (name: string, languages = ['C++', 'Python3']) =>
  (await gateway('claim', { name, languages })).json().data as SubmissionTask | null;
const claimAny = async (name: string) =>
  (await gateway('claim', { name, languages: ['C++'] })).json().data as JudgeTask | null;

/** A user's call to the public API, as the browser makes it. */
async function userCall<T>(token: string, method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await t.app.inject({ method, url, headers: { authorization: token }, payload });
  const body = res.json() as { status: number; msg: string; data: T };
  if (body.status !== 200) throw new Error(`${url}: ${body.status} ${body.msg}`);
  return body.data;
}

async function submit(options: { priority: number; language?: string; cid?: number }) {
  const [row] = await t.db
    .insert(judge)
    .values({
      pid,
      displayPid: 'P1000',
      uid,
      username: 'solver',
      code: 'int main(){}',
      language: options.language ?? 'C++',
      priority: options.priority,
      cid: options.cid ?? 0,
    })
    .returning({ submitId: judge.submitId });
  return row!.submitId;
}

function resultFor(task: SubmissionTask, status: number): JudgeResult {
  return {
    submitId: task.submitId,
    attempt: task.attempt,
    status,
    time: 12,
    memory: 1024,
    score: null,
    errorMessage: null,
    cases: task.testCases.map((c) => ({
      caseId: c.caseId,
      seq: c.seq,
      status,
      time: 12,
      memory: 1024,
      score: null,
      groupNum: null,
      mode: 'default' as const,
      inputData: c.input.name,
      outputData: c.output.name,
      userOutput: null,
    })),
  };
}

beforeAll(async () => {
  t = await buildTestApp({ clock, judgeLeaseMs: LEASE_MS, claimPollMs: CLAIM_POLL_MS });
  uid = await createUser(t.db, { username: 'solver' });
  const [sample] = await t.db.select({ id: problem.id }).from(problem).where(eq(problem.problemId, 'P1000'));
  pid = sample!.id;
});
afterAll(() => t.close());

describe('judge gateway (ARCHITECTURE "judge gateway"; reference §6, §8.3)', () => {
  it('refuses calls without the judge token', async () => {
    const res = await gateway('claim', { name: 'w1', languages: ['C++'] }, 'wrong-token-wrong-token-wrong');
    expect(res.statusCode).toBe(401);
    expect(res.json().status).toBe(401);
  });

  it('registers a worker once, however often it starts', async () => {
    const worker = {
      name: 'w1',
      host: 'judge-1',
      cpuCore: 2,
      maxTaskNumber: 2,
      version: '0.1.0',
      languages: ['C++'],
    };
    expect((await gateway('register', worker)).json().data).toEqual({ leaseMs: LEASE_MS });
    await gateway('register', { ...worker, languages: ['C++', 'Python3'] });
    const rows = await t.db.select().from(judgeServer).where(eq(judgeServer.name, 'w1'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.languages).toEqual(['C++', 'Python3']);
  });

  it('hands out contest, then ordinary, then rejudge work, only in languages the worker has', async () => {
    const rejudge = await submit({ priority: 0 });
    const ordinary = await submit({ priority: 2 });
    const contest = await submit({ priority: 3 });
    const java = await submit({ priority: 3, language: 'Java' });
    const order = [await claim('w1'), await claim('w1'), await claim('w1')].map((task) => task!.submitId);
    expect(order).toEqual([contest, ordinary, rejudge]);
    expect(await claim('w1')).toBeNull();
    expect((await claim('w2', ['Java']))!.submitId).toBe(java);
    for (const id of [rejudge, ordinary, contest, java])
      await t.db.delete(judge).where(eq(judge.submitId, id));
  });

  it('claims a contest submission, then an ordinary one, then a test run, then a rejudge (ARCHITECTURE "judge gateway")', async () => {
    // A user of its own: the rows other tests insert would trip this one's submission interval.
    const queuer = await createUser(t.db, { username: 'queuer' });
    const token = await t.app.auth.openSession(queuer, { userAgent: 'vitest', ip: '127.0.0.1' });
    const rootToken = await t.app.auth.openSession('1', { userAgent: 'vitest', ip: '127.0.0.1' });
    // Queued from the least to the most urgent, each through its own path, so that neither
    // arrival order nor id order can explain the claim order.
    const rejudged = await submit({ priority: JUDGE_PRIORITY.ordinary });
    await t.db.update(judge).set({ status: JudgeStatus.ACCEPTED }).where(eq(judge.submitId, rejudged));
    await userCall(rootToken, 'GET', `/api/admin/judge/rejudge?submitId=${rejudged}`);
    clock.advance(1000);
    const testKey = await userCall<string>(token, 'POST', '/api/submit-problem-test-judge', {
      pid,
      type: 'public',
      language: 'C++',
      code: CPP_CODE,
      userInput: '1 2',
    });
    clock.advance(1000);
    const { submitId: ordinary } = await userCall<{ submitId: number }>(
      token,
      'POST',
      '/api/submit-problem-judge',
      { pid: 'P1000', language: 'C++', code: CPP_CODE, cid: 0 },
    );
    // No contest submit path exists yet; the row is queued as contest submissions will be.
    const contest = await submit({ priority: JUDGE_PRIORITY.contest, cid: 1 });

    const claimed: (JudgeTask | null)[] = [];
    for (let i = 0; i < 5; i++) claimed.push(await claimAny('w1'));
    const idOf = (task: JudgeTask | null) =>
      task && `${task.kind} ${task.kind === 'submission' ? task.submitId : task.id}`;
    expect(claimed.map(idOf)).toEqual([
      `submission ${contest}`,
      `submission ${ordinary}`,
      `test ${testKey}`,
      `submission ${rejudged}`,
      null,
    ]);
    for (const id of [rejudged, ordinary, contest]) await t.db.delete(judge).where(eq(judge.submitId, id));
    await t.db.delete(testRun).where(eq(testRun.id, testKey));
  });

  it('sends the problem and its test data by content hash', async () => {
    const id = await submit({ priority: 2 });
    const task = (await claim('w1'))!;
    expect(task).toMatchObject({
      kind: 'submission',
      submitId: id,
      attempt: 1,
      language: 'C++',
      leaseMs: LEASE_MS,
    });
    expect(task.problem).toMatchObject({ problemId: 'P1000', judgeMode: 'default', timeLimit: 1000 });
    expect(task.testCases.length).toBeGreaterThan(0);
    const first = task.testCases[0]!;
    const data = await t.app.inject({
      url: `/api/judge-gateway/testdata/${first.input.sha256}`,
      headers: { 'x-judge-token': JUDGE_TOKEN },
    });
    expect(data.statusCode).toBe(200);
    expect(data.rawPayload.length).toBe(first.input.size);
    const missing = await t.app.inject({
      url: `/api/judge-gateway/testdata/${'0'.repeat(64)}`,
      headers: { 'x-judge-token': JUDGE_TOKEN },
    });
    expect(missing.json().status).toBe(404);
    expect(
      (await gateway('result', { ...resultFor(task, JudgeStatus.ACCEPTED), name: 'w1' })).json().data,
    ).toEqual({
      accepted: true,
    });
  });

  it('gives a task whose worker went silent to another worker; the dead attempt changes nothing', async () => {
    const id = await submit({ priority: 2 });
    const first = (await claim('dying'))!;
    expect(first.submitId).toBe(id);
    expect(await claim('healthy')).toBeNull(); // leased

    clock.advance(LEASE_MS + 1);
    const second = (await claim('healthy'))!;
    expect(second.submitId).toBe(id);
    expect(second.attempt).toBe(first.attempt + 1);

    // The first worker wakes up and reports: ignored, both for progress and for the result.
    const lateProgress = await gateway('progress', {
      submitId: id,
      attempt: first.attempt,
      status: 7,
      cases: [],
      name: 'dying',
    });
    expect(lateProgress.json().data).toEqual({ keep: false });
    const late = await gateway('result', { ...resultFor(first, JudgeStatus.WRONG_ANSWER), name: 'dying' });
    expect(late.json().data).toEqual({ accepted: false });

    const progress = await gateway('progress', {
      submitId: id,
      attempt: second.attempt,
      status: 7,
      cases: [],
      name: 'healthy',
    });
    expect(progress.json().data).toEqual({ keep: true });
    const final = await gateway('result', { ...resultFor(second, JudgeStatus.ACCEPTED), name: 'healthy' });
    expect(final.json().data).toEqual({ accepted: true });
    // A repeated final report is stale too: exactly one result.
    expect(
      (await gateway('result', { ...resultFor(second, JudgeStatus.ACCEPTED), name: 'healthy' })).json().data,
    ).toEqual({
      accepted: false,
    });

    const [row] = await t.db.select().from(judge).where(eq(judge.submitId, id));
    expect(row).toMatchObject({
      status: JudgeStatus.ACCEPTED,
      time: 12,
      memory: 1024,
      judger: 'healthy',
      leaseOwner: null,
    });
    const cases = await t.db.select().from(judgeCase).where(eq(judgeCase.submitId, id));
    expect(cases).toHaveLength(second.testCases.length);
    const solved = await t.db.select().from(userAcproblem).where(eq(userAcproblem.submitId, id));
    expect(solved).toHaveLength(1);
  });

  it('progress reports extend the lease', async () => {
    const id = await submit({ priority: 2 });
    const task = (await claim('w1'))!;
    clock.advance(LEASE_MS - 1000);
    await gateway('progress', { submitId: id, attempt: task.attempt, status: 7, cases: [], name: 'w1' });
    clock.advance(LEASE_MS - 1000);
    expect(await claim('thief')).toBeNull();
    await gateway('result', { ...resultFor(task, JudgeStatus.WRONG_ANSWER), name: 'w1' });
    const solved = await t.db.select().from(userAcproblem).where(eq(userAcproblem.submitId, id));
    expect(solved).toHaveLength(0);
  });

  it('progress writes its cases only for the current holder, replacing earlier rows of their seqs; the result replaces them all', async () => {
    const id = await submit({ priority: 2 });
    const task = (await claim('w1'))!;
    const all = resultFor(task, JudgeStatus.WRONG_ANSWER).cases;
    expect(all.length).toBeGreaterThanOrEqual(2);
    const casesOf = async () =>
      (await t.db.select().from(judgeCase).where(eq(judgeCase.submitId, id))).sort(
        (a, b) => (a.seq ?? 0) - (b.seq ?? 0),
      );
    const report = (name: string, attempt: number, cases: typeof all) =>
      gateway('progress', { submitId: id, attempt, status: 7, cases, name });

    // a stranger's and a stale attempt's cases are not written
    expect((await report('thief', task.attempt, [all[0]!])).json().data).toEqual({ keep: false });
    expect((await report('w1', task.attempt - 1, [all[0]!])).json().data).toEqual({ keep: false });
    expect(await casesOf()).toHaveLength(0);

    const first = {
      ...all[0]!,
      status: JudgeStatus.ACCEPTED,
      userOutput: 'ok',
      mode: 'subtask_lowest' as const,
    };
    expect((await report('w1', task.attempt, [first])).json().data).toEqual({ keep: true });
    // the same seq again replaces its row; another seq is added beside it
    const again = { ...first, status: JudgeStatus.TIME_LIMIT_EXCEEDED, time: 99, userOutput: null };
    expect((await report('w1', task.attempt, [again, all[1]!])).json().data).toEqual({ keep: true });
    const during = await casesOf();
    expect(during).toHaveLength(2);
    expect(during[0]).toMatchObject({
      seq: again.seq,
      caseId: again.caseId,
      status: JudgeStatus.TIME_LIMIT_EXCEEDED,
      time: 99,
      memory: 1024,
      mode: 'subtask_lowest',
      userOutput: null,
      inputData: again.inputData,
      uid,
      pid,
    });
    const [row] = await t.db.select().from(judge).where(eq(judge.submitId, id));
    expect(row!.status).toBe(JudgeStatus.JUDGING);

    const result = resultFor(task, JudgeStatus.WRONG_ANSWER);
    expect((await gateway('result', { ...result, name: 'w1' })).json().data).toEqual({ accepted: true });
    const after = await casesOf();
    expect(after.map((c) => [c.seq, c.status, c.time])).toEqual(
      result.cases.map((c) => [c.seq, JudgeStatus.WRONG_ANSWER, 12]),
    );
    // a progress after the result changes nothing: progress never goes back
    expect((await report('w1', task.attempt, [first])).json().data).toEqual({ keep: false });
    expect(await casesOf()).toHaveLength(result.cases.length);
    const [final] = await t.db.select().from(judge).where(eq(judge.submitId, id));
    expect(final!.status).toBe(JudgeStatus.WRONG_ANSWER);
  });

  it('a result whose cases are exactly the stored ones keeps their rows; any difference replaces them all', async () => {
    const casesOf = async (id: number) =>
      (await t.db.select().from(judgeCase).where(eq(judgeCase.submitId, id))).sort(
        (a, b) => (a.seq ?? 0) - (b.seq ?? 0),
      );
    // a coalescing worker's last progress carried every case: the result leaves those rows
    const same = await submit({ priority: 2 });
    const sameTask = (await claim('w1'))!;
    expect(sameTask.submitId).toBe(same);
    const sameResult = resultFor(sameTask, JudgeStatus.WRONG_ANSWER);
    const progress = (submitId: number, attempt: number, cases: typeof sameResult.cases) =>
      gateway('progress', { submitId, attempt, status: 7, cases, name: 'w1' });
    expect((await progress(same, sameTask.attempt, sameResult.cases)).json().data).toEqual({ keep: true });
    const before = await casesOf(same);
    expect((await gateway('result', { ...sameResult, name: 'w1' })).json().data).toEqual({ accepted: true });
    expect(await casesOf(same)).toEqual(before);

    // one field differs, a seq is reported twice, or a case is missing: the result's rows, all anew
    const other = await submit({ priority: 2 });
    const otherTask = (await claim('w1'))!;
    expect(otherTask.submitId).toBe(other);
    const otherResult = resultFor(otherTask, JudgeStatus.WRONG_ANSWER);
    const [c1, ...rest] = otherResult.cases;
    expect(
      (await progress(other, otherTask.attempt, [{ ...c1!, time: 1 }, c1!, ...rest])).json().data,
    ).toEqual({
      keep: true,
    });
    const during = await casesOf(other);
    expect(during).toHaveLength(otherResult.cases.length + 1);
    expect((await gateway('result', { ...otherResult, name: 'w1' })).json().data).toEqual({ accepted: true });
    const after = await casesOf(other);
    expect(after.map((c) => [c.seq, c.time, c.status])).toEqual(
      otherResult.cases.map((c) => [c.seq, c.time, c.status]),
    );
    expect(after.some((c) => during.some((d) => d.id === c.id))).toBe(false);
  });

  it('rejects a malformed result with a 400 naming the field', async () => {
    const res = await gateway('result', { submitId: 1, attempt: 1, status: 99, name: 'w1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('status');
  });

  it('concurrent claims never hand out the same submission twice', async () => {
    const ids = await Promise.all(Array.from({ length: 12 }, () => submit({ priority: 2 })));
    const claimers = Array.from({ length: 4 }, async (_, w) => {
      const mine: number[] = [];
      for (let task = await claim(`c${w}`); task; task = await claim(`c${w}`)) mine.push(task.submitId);
      return mine;
    });
    const claimed = (await Promise.all(claimers)).flat();
    expect(claimed.sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
  });

  it('a long-polling claim wakes up when work is queued, through the signal', async () => {
    // No re-poll comes before the claim's 30 s deadline (CLAIM_POLL_MS), and the test sees the
    // claim's wait end on notify() itself: a broken signal fails here instead of being polled around.
    const waits = vi.spyOn(t.app.judgeQueue, 'wait');
    try {
      const pending = t.app.inject({
        method: 'POST',
        url: '/api/judge-gateway/claim',
        headers: { 'x-judge-token': JUDGE_TOKEN },
        payload: { name: 'w1', languages: ['C++'], waitMs: 30_000 },
      });
      // the claim found nothing and waits for the signal
      await vi.waitFor(() => expect(waits).toHaveBeenCalledTimes(1), EVENTUALLY);
      expect(waits.mock.calls[0]![0]).toBeGreaterThan(10_000); // what is left of 30 s, not a 1 s re-poll
      const id = await submit({ priority: 2 });
      let woken = false;
      void waits.mock.results[0]!.value.then(() => (woken = true));
      t.app.judgeQueue.notify();
      await new Promise((resolve) => setImmediate(resolve)); // no 30 s timer fires within one turn
      expect(woken, 'notify() ends the wait').toBe(true);
      const task = (await pending).json().data as SubmissionTask;
      expect(task.submitId).toBe(id);
      expect(waits).toHaveBeenCalledTimes(1);
    } finally {
      waits.mockRestore();
    }
  });
});
