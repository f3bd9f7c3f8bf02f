import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { JudgeStatus, UNFINISHED_STATUSES, type CaseResultsView } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  language,
  problem,
  problemCase,
  problemLanguage,
  systemConfig,
} from '../../../server/src/db/schema/index.ts';
import { buildTestApp, JUDGE_TOKEN, type TestApp } from '../../../server/test/helpers/app.ts';
import { createUser } from '../../../server/test/helpers/users.ts';
import { fixture, missingToolchain, USER_LANGUAGES } from '../regression/harness.ts';

/**
 * Issue 5 end to end: submissions through the HTTP API, judged by a real `verdict-judge worker`
 * process with real compilers in the real sandbox, read back through the API.
 */
const cli = path.resolve(import.meta.dirname, '../../bin/verdict-judge.js');
const workDir = path.join(tmpdir(), `verdict-e2e-worker-${process.pid}`);
const INSTALLED = USER_LANGUAGES.filter((l) => missingToolchain(l) === null);

let t: TestApp;
let url: string;
let worker: ChildProcess;
let token: string;

async function api<T>(method: 'GET' | 'POST', route: string, body?: unknown): Promise<T> {
  const res = await fetch(`${url}${route}`, {
    method,
    headers: { authorization: token, 'content-type': 'application/json', 'accept-language': 'en' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await res.json()) as { status: number; msg: string; data: T };
  if (envelope.status !== 200) throw new Error(`${route}: ${envelope.msg}`);
  return envelope.data;
}

interface Detail {
  submission: { submitId: number; status: number; score: number | null; errorMessage: string | null };
}

function verdictOf(submitId: number, timeoutMs = 120_000) {
  return vi.waitFor(
    async () => {
      const { submission } = await api<Detail>('GET', `/api/get-submission-detail?submitId=${submitId}`);
      if (UNFINISHED_STATUSES.includes(submission.status))
        throw new Error(`submission ${submitId} still ${submission.status}`);
      return submission;
    },
    { timeout: timeoutMs, interval: 200 },
  );
}

const submit = (pid: string, language: string, code: string) =>
  api<{ submitId: number }>('POST', '/api/submit-problem-judge', { pid, language, code });

beforeAll(async () => {
  t = await buildTestApp();
  // The site's 8 s interval between one user's submissions (reference §6.1) would only slow this
  // test, and its two submissions per language would soon meet the captcha of fast submitters.
  const [row] = await t.db.select().from(systemConfig).where(eq(systemConfig.name, 'switch'));
  await t.db
    .update(systemConfig)
    .set({ value: { ...(row!.value as object), defaultSubmitInterval: 0, submitCaptchaThreshold: 0 } })
    .where(eq(systemConfig.name, 'switch'));
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const uid = await createUser(t.db, { username: 'solver' });
  token = await t.app.auth.openSession(uid, { userAgent: 'vitest', ip: '127.0.0.1' });
  worker = spawn(process.execPath, [cli, 'worker', '--server', url, '--name', 'e2e', '--concurrency', '2'], {
    env: { ...process.env, VERDICT_JUDGE_TOKEN: JUDGE_TOKEN, VERDICT_JUDGE_WORK_DIR: workDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  worker.stdout!.resume();
  worker.stderr!.resume();
});

afterAll(async () => {
  worker.kill('SIGTERM');
  await new Promise((r) => worker.once('exit', r));
  await t.close();
  await rm(workDir, { recursive: true, force: true });
});

describe('issue 5: A+B through the API in every installed language', () => {
  it.each(INSTALLED)(
    '%s: a correct solution is Accepted and a wrong one is Wrong Answer',
    async (language) => {
      const ac = await submit('P1000', language, fixture('ab-ac', language)!);
      const wa = await submit('P1000', language, fixture('ab-wa', language)!);
      const [accepted, wrong] = await Promise.all([verdictOf(ac.submitId), verdictOf(wa.submitId)]);
      expect(accepted.status, accepted.errorMessage ?? '').toBe(JudgeStatus.ACCEPTED);
      expect(wrong.status, wrong.errorMessage ?? '').toBe(JudgeStatus.WRONG_ANSWER);
    },
  );
});

describe('issue 5: an OI problem with subtasks (reference §8.10 subtask_lowest)', () => {
  it('shows a user the right per-case, per-subtask and total scores', async () => {
    // 100 points: subtask 1 is worth 40 (its lowest case), subtask 2 is worth 60.
    const [p] = await t.db
      .insert(problem)
      .values({
        problemId: 'OISUB',
        title: 'Subtasks',
        author: 'root',
        type: 1,
        judgeCaseMode: 'subtask_lowest',
        ioScore: 100,
        isUploadCase: false,
      })
      .returning({ id: problem.id });
    await t.db.insert(problemCase).values([
      { pid: p!.id, input: '1 2\n', output: '3\n', score: 40, groupNum: 1 },
      { pid: p!.id, input: '3 4\n', output: '7\n', score: 40, groupNum: 1 },
      { pid: p!.id, input: '100 1\n', output: '101\n', score: 60, groupNum: 2 },
      { pid: p!.id, input: '5 5\n', output: '10\n', score: 60, groupNum: 2 },
    ]);
    const [cpp] = await t.db.select({ id: language.id }).from(language).where(eq(language.name, 'C++'));
    await t.db.insert(problemLanguage).values({ pid: p!.id, lid: cpp!.id });
    // Right for small inputs only: subtask 1 passes, subtask 2 fails on its first case, and
    // subtask_lowest skips the rest of that subtask.
    const code = `#include <cstdio>
int main() { long a, b; scanf("%ld %ld", &a, &b); printf("%ld\\n", a < 100 ? a + b : 0L); return 0; }`;
    const { submitId } = await submit('OISUB', 'C++', code);
    const final = await verdictOf(submitId);
    expect(final.status, final.errorMessage ?? '').toBe(JudgeStatus.PARTIAL_ACCEPTED);
    expect(final.score).toBe(40);

    // what the submission details page shows the user (who is no admin)
    const cases = await api<CaseResultsView>('GET', `/api/get-all-case-result?submitId=${submitId}`);
    expect(cases.judgeCaseMode).toBe('subtask_lowest');
    expect(cases.judgeCaseList).toBeUndefined();
    const subtasks = cases.subTaskJudgeCaseVoList!;
    expect(
      subtasks.map(({ groupNum, status, score, ac, total }) => ({ groupNum, status, score, ac, total })),
    ).toEqual([
      { groupNum: 1, status: JudgeStatus.ACCEPTED, score: 40, ac: 2, total: 2 },
      { groupNum: 2, status: JudgeStatus.WRONG_ANSWER, score: 0, ac: 0, total: 2 },
    ]);
    const perCase = subtasks.flatMap((group) =>
      group.subtaskDetailList.map(({ seq, groupNum, status, score }) => ({ seq, groupNum, status, score })),
    );
    expect(perCase).toEqual([
      { seq: 1, groupNum: 1, status: JudgeStatus.ACCEPTED, score: 40 },
      { seq: 2, groupNum: 1, status: JudgeStatus.ACCEPTED, score: 40 },
      { seq: 3, groupNum: 2, status: JudgeStatus.WRONG_ANSWER, score: 0 },
      { seq: 4, groupNum: 2, status: JudgeStatus.CANCELLED, score: 0 },
    ]);
    // the total is the sum of the subtask scores
    expect(subtasks.reduce((sum, group) => sum + group.score, 0)).toBe(final.score);
    // a user sees no test data file names
    for (const c of subtasks.flatMap((group) => group.subtaskDetailList)) {
      expect(c).not.toHaveProperty('inputData');
      expect(c).not.toHaveProperty('outputData');
    }
  });
});
