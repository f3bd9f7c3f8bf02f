import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq, inArray } from 'drizzle-orm';
import { JudgeStatus, UNFINISHED_STATUSES, type JudgeResult, type SubmissionTask } from '@verdict/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { judge, judgeCase, testRun, userAcproblem } from '../src/db/schema/index.ts';
import { apiClient, finalSubmission, poll, signIn, type Api } from './helpers/api-client.ts';
import { createUser } from './helpers/users.ts';
import {
  C_APLUSB,
  freePort,
  prepareDataDir,
  SMALL_JUDGE_ENV,
  SOLVER,
  startVerdict,
  type VerdictProcess,
} from './helpers/verdict-process.ts';

/**
 * Issue 3 "A server restart loses nothing": submissions queued while no worker runs survive a
 * stop (SIGTERM) or a crash (SIGKILL, with one submission leased to a worker at that moment) of the
 * real server process on its embedded database; after the restart the embedded worker judges each
 * of them exactly once.
 */
const ROOT_PASSWORD = 'root-pass-1';
const JUDGE_TOKEN = 'restart-test-judge-token';

const C_WRONG = `#include <stdio.h>
int main(void) {
  long long a, b;
  while (scanf("%lld %lld", &a, &b) == 2) printf("%lld\\n", a - b);
  return 0;
}`;

/** Every test case of the seeded sample problem P1000. */
const P1000_CASES = 2;

let dataDir: string | undefined;
let running: VerdictProcess | undefined;

afterEach(async () => {
  await running?.kill();
  running = undefined;
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function start(port: number, embeddedJudge: boolean) {
  running = await startVerdict({
    DATA_DIR: dataDir!,
    PORT: String(port),
    JUDGE_TOKEN,
    EMBEDDED_JUDGE: String(embeddedJudge),
    ...SMALL_JUDGE_ENV,
  });
  return running;
}

/** A judge worker played over the gateway's HTTP calls, that claims one task and then dies. */
async function gateway<T>(port: number, call: string, body: object): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${port}/api/judge-gateway/${call}`, {
    method: 'POST',
    headers: { 'x-judge-token': JUDGE_TOKEN, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'doomed', ...body }),
  });
  const envelope = (await res.json()) as { status: number; msg: string; data: T };
  if (envelope.status !== 200) throw new Error(`${call}: ${envelope.msg}`);
  return envelope.data;
}

function wrongAnswerFor(task: SubmissionTask): JudgeResult {
  return {
    submitId: task.submitId,
    attempt: task.attempt,
    status: JudgeStatus.WRONG_ANSWER,
    time: 1,
    memory: 1,
    score: null,
    errorMessage: null,
    cases: task.testCases.map((c) => ({
      caseId: c.caseId,
      seq: c.seq,
      status: JudgeStatus.WRONG_ANSWER,
      time: 1,
      memory: 1,
      score: null,
      groupNum: c.groupNum,
      mode: 'default' as const,
      inputData: c.input.name,
      outputData: c.output.name,
      userOutput: null,
    })),
  };
}

interface Queued {
  api: Api;
  /** submitId → the verdict its code must get */
  expected: Map<number, number>;
  testKey: string;
}

/** Three submissions (two right, one wrong) and one online test run, while no worker runs. */
async function queueWork(port: number): Promise<Queued> {
  const url = `http://127.0.0.1:${port}`;
  const api = apiClient(url, await signIn(url, SOLVER.username, SOLVER.password));
  const expected = new Map<number, number>();
  for (const [code, verdict] of [
    [C_APLUSB, JudgeStatus.ACCEPTED],
    [C_WRONG, JudgeStatus.WRONG_ANSWER],
    [C_APLUSB, JudgeStatus.ACCEPTED],
  ] as const) {
    const { submitId } = await api<{ submitId: number }>('POST', '/api/submit-problem-judge', {
      pid: 'P1000',
      language: 'C',
      code,
    });
    expected.set(submitId, verdict);
  }
  const { problem } = await api<{ problem: { id: number } }>(
    'GET',
    '/api/get-problem-detail?problemId=P1000',
  );
  const testKey = await api<string>('POST', '/api/submit-problem-test-judge', {
    pid: problem.id,
    type: 'public',
    language: 'C',
    code: C_APLUSB,
    userInput: '20 22',
  });
  for (const submitId of expected.keys()) {
    const { submission } = await api<{ submission: { status: number } }>(
      'GET',
      `/api/get-submission-detail?submitId=${submitId}`,
    );
    expect(UNFINISHED_STATUSES).toContain(submission.status);
  }
  return { api, expected, testKey };
}

/** After the restart: every submission and the test run reach the verdict their code deserves. */
async function expectAllJudged({ api, expected, testKey }: Queued) {
  for (const [submitId, verdict] of expected) {
    const final = await finalSubmission(api, submitId);
    expect(final.status, final.errorMessage ?? '').toBe(verdict);
  }
  const run = await poll('the test run', async () => {
    const result = await api<{ status: number; userOutput?: string }>(
      'GET',
      `/api/get-test-judge-result?testJudgeKey=${testKey}`,
    );
    return result.status === JudgeStatus.PENDING ? undefined : result;
  });
  expect(run).toMatchObject({ status: JudgeStatus.ACCEPTED, userOutput: '42\n' });
}

/** Read from the database once the server has stopped: one final result per submission. */
async function expectExactlyOneResultEach(expected: Map<number, number>) {
  const database = await openDatabase({ dataDir });
  try {
    const ids = [...expected.keys()];
    const rows = await database.db.select().from(judge).where(inArray(judge.submitId, ids));
    expect(rows).toHaveLength(ids.length);
    for (const row of rows) {
      expect(row.status).toBe(expected.get(row.submitId));
      expect(row.leaseOwner).toBeNull();
      const [cases] = await database.db
        .select({ n: count() })
        .from(judgeCase)
        .where(eq(judgeCase.submitId, row.submitId));
      expect(cases!.n).toBe(P1000_CASES);
      const [solved] = await database.db
        .select({ n: count() })
        .from(userAcproblem)
        .where(eq(userAcproblem.submitId, row.submitId));
      expect(solved!.n).toBe(row.status === JudgeStatus.ACCEPTED ? 1 : 0);
    }
    return { rows, testRuns: await database.db.select().from(testRun) };
  } finally {
    await database.close();
  }
}

async function prepare() {
  dataDir = await mkdtemp(path.join(tmpdir(), 'verdict-restart-'));
  await prepareDataDir(dataDir, ROOT_PASSWORD, async (db) => {
    await createUser(db, SOLVER);
  });
}

describe('issue 3: a server restart loses nothing', () => {
  it('submissions queued before a stop (SIGTERM) are each judged once after the next start', async () => {
    await prepare();
    const port = await freePort();
    const first = await start(port, false);
    const queued = await queueWork(port);
    expect(await first.stop()).toBe(0);
    running = undefined;

    await start(port, true);
    await expectAllJudged(queued);
    expect(await running!.stop()).toBe(0);
    running = undefined;

    const { rows, testRuns } = await expectExactlyOneResultEach(queued.expected);
    // Nothing was claimed before the stop: each submission was judged in one attempt.
    expect(rows.map((r) => r.attempt)).toEqual(rows.map(() => 1));
    expect(testRuns.map((r) => r.attempt)).toEqual([1]);
  }, 240_000);

  it('after a crash (SIGKILL) with a submission leased to a worker, that one is judged again, once', async () => {
    await prepare();
    const port = await freePort();
    const first = await start(port, false);
    const queued = await queueWork(port);
    await gateway(port, 'register', {
      host: 'elsewhere',
      cpuCore: 1,
      maxTaskNumber: 1,
      version: 'test',
      languages: ['C'],
    });
    const leased = (await gateway<SubmissionTask>(port, 'claim', { languages: ['C'] }))!;
    expect(leased.kind).toBe('submission');
    expect(queued.expected.has(leased.submitId)).toBe(true);
    await gateway(port, 'progress', {
      submitId: leased.submitId,
      attempt: leased.attempt,
      status: 7,
      cases: [],
    });
    await first.kill();
    running = undefined;

    await start(port, true);
    await expectAllJudged(queued);
    // The dead worker's report, arriving late, changes nothing.
    const late = await gateway<{ accepted: boolean }>(port, 'result', wrongAnswerFor(leased));
    expect(late).toEqual({ accepted: false });
    expect(await running!.stop()).toBe(0);
    running = undefined;

    const { rows } = await expectExactlyOneResultEach(queued.expected);
    for (const row of rows) expect(row.attempt).toBe(row.submitId === leased.submitId ? 2 : 1);
  }, 240_000);
});
