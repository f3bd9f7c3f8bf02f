import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { JudgeStatus } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { language, problem, problemCase, problemLanguage } from '../src/db/schema/index.ts';
import { apiClient, finalSubmission, poll, signIn, type Api } from './helpers/api-client.ts';
import { createUser } from './helpers/users.ts';
import {
  C_APLUSB,
  childrenOf,
  commandLineOf,
  freePort,
  prepareDataDir,
  SMALL_JUDGE_ENV,
  SOLVER,
  startVerdict,
  type VerdictProcess,
} from './helpers/verdict-process.ts';

/**
 * ARCHITECTURE "Runtime shape": `npm start` runs one embedded judge worker as a child process that
 * the server supervises. Killed, it is started again, and the submission it held goes back to the
 * queue (its lease runs out) to be judged by the new one.
 */
const ROOT_PASSWORD = 'root-pass-1';

/** Correct A+B that first burns a second or two of CPU, so that its worker can be killed mid-run. */
const SLOW_C_APLUSB = `#include <stdio.h>
int main(void) {
  volatile unsigned long x = 0;
  for (unsigned long i = 0; i < 1500000000UL; i++) x += i;
  long long a, b;
  if (scanf("%lld %lld", &a, &b) != 2) return 1;
  printf("%lld\\n", a + b);
  return 0;
}`;

let dataDir: string;
let server: VerdictProcess | undefined;
let api: Api;

async function submit(pid: string, code: string) {
  return (await api<{ submitId: number }>('POST', '/api/submit-problem-judge', { pid, language: 'C', code }))
    .submitId;
}

const detail = async (submitId: number) =>
  (await api<{ submission: { status: number } }>('GET', `/api/get-submission-detail?submitId=${submitId}`))
    .submission;

const verdictOf = (submitId: number) => finalSubmission(api, submitId);

/** The embedded worker: the server's child process that runs `verdict-judge`. */
async function embeddedWorker(serverPid: number): Promise<number | undefined> {
  for (const pid of await childrenOf(serverPid)) {
    if ((await commandLineOf(pid)).includes('verdict-judge')) return pid;
  }
  return undefined;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'verdict-embedded-'));
  await prepareDataDir(dataDir, ROOT_PASSWORD, async (db) => {
    await createUser(db, SOLVER);
    // A+B with a time limit that leaves room for the slow solution.
    const [slow] = await db
      .insert(problem)
      .values({
        problemId: 'SLOW',
        title: 'Slow A+B',
        author: 'root',
        timeLimit: 10_000,
        isUploadCase: false,
      })
      .returning({ id: problem.id });
    await db.insert(problemCase).values({ pid: slow!.id, input: '20 22\n', output: '42\n' });
    const [c] = await db
      .select({ id: language.id })
      .from(language)
      .where(and(eq(language.oj, 'ME'), eq(language.name, 'C')));
    await db.insert(problemLanguage).values({ pid: slow!.id, lid: c!.id });
  });
  const port = await freePort();
  server = await startVerdict({
    DATA_DIR: dataDir,
    PORT: String(port),
    EMBEDDED_JUDGE: 'true',
    ...SMALL_JUDGE_ENV,
  });
  const url = `http://127.0.0.1:${port}`;
  api = apiClient(url, await signIn(url, SOLVER.username, SOLVER.password));
});

afterAll(async () => {
  if (server) expect(await server.stop()).toBe(0);
  await rm(dataDir, { recursive: true, force: true });
});

describe('the embedded judge of `npm start` (ARCHITECTURE "Runtime shape"; issue 3)', () => {
  it('judges A+B in C submitted through the API', async () => {
    const accepted = await verdictOf(await submit('P1000', C_APLUSB));
    expect(accepted.status, accepted.errorMessage ?? '').toBe(JudgeStatus.ACCEPTED);
  });

  it('is restarted after a SIGKILL; the submission it held and the next one are judged', async () => {
    const serverPid = server!.pid;
    const slowId = await submit('SLOW', SLOW_C_APLUSB);
    await poll('the slow submission to be judged', async () =>
      (await detail(slowId)).status === JudgeStatus.JUDGING ? true : undefined,
    );
    const killed = (await embeddedWorker(serverPid))!;
    expect(killed).toBeDefined();
    process.kill(killed, 'SIGKILL');

    const restarted = await poll('a new embedded worker', async () => {
      const pid = await embeddedWorker(serverPid);
      return pid !== undefined && pid !== killed ? pid : undefined;
    });
    expect(restarted).not.toBe(killed);
    expect(server!.output()).toContain('embedded judge exited (SIGKILL); restarting');

    const slow = await verdictOf(slowId);
    expect(slow.status, slow.errorMessage ?? '').toBe(JudgeStatus.ACCEPTED);
    const cases = await api<{ judgeCaseList: { status: number }[] }>(
      'GET',
      `/api/get-all-case-result?submitId=${slowId}`,
    );
    expect(cases.judgeCaseList.map((c) => c.status)).toEqual([JudgeStatus.ACCEPTED]);

    const next = await verdictOf(await submit('P1000', C_APLUSB));
    expect(next.status, next.errorMessage ?? '').toBe(JudgeStatus.ACCEPTED);
    expect(await embeddedWorker(serverPid)).toBe(restarted);
  }, 180_000);
});
