import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, count, eq, inArray } from 'drizzle-orm';
import { JudgeStatus } from '@verdict/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { judge, judgeCase, language, problem, problemCase, problemLanguage } from '../src/db/schema/index.ts';
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
 * Issue 25 item 1: "a worker dies with its server, and workers never share a box". A `kill -9` of the
 * server used to leave its embedded worker running under pid 1; it reconnected to the restarted
 * server beside the new worker, in the same DATA_DIR/judge/run/slot-0 with the same uid, and the new
 * worker's start-up removed the old one's files mid-judging (System Error).
 */
const ROOT_PASSWORD = 'root-pass-1';

const C_WRONG = `#include <stdio.h>
int main(void) {
  long long a, b;
  while (scanf("%lld %lld", &a, &b) == 2) printf("%lld\\n", a - b);
  return 0;
}`;

/** Right, after a second or two of CPU: the worker is judging it when the server is killed. */
const C_SLOW = `#include <stdio.h>
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

afterAll(async () => {
  await server?.kill();
  await rm(dataDir, { recursive: true, force: true });
});

/**
 * Judge workers of this DATA_DIR on the host, wherever their parent is: `verdict-judge` processes whose
 * environment names its judge directory (the tests run as root, so every environ is readable).
 */
function workersOf(dir: string): number[] {
  const marker = `VERDICT_JUDGE_WORK_DIR=${path.join(dir, 'judge')}\0`;
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        // the worker's own command line: the compilers it runs at start to build its precompiled
        // headers carry its environment and /var/cache/verdict-judge/pch in theirs
        if (!readFileSync(`/proc/${pid}/cmdline`, 'latin1').includes('verdict-judge.js\0worker\0'))
          return false;
        return `${readFileSync(`/proc/${pid}/environ`, 'latin1')}\0`.includes(marker);
      } catch {
        return false; // gone while we looked
      }
    })
    .map(Number);
}

async function start(port: number) {
  server = await startVerdict({
    DATA_DIR: dataDir,
    PORT: String(port),
    EMBEDDED_JUDGE: 'true',
    ...SMALL_JUDGE_ENV,
  });
  return server;
}

describe('issue 25 item 1: a worker dies with its server', () => {
  it('kill -9 of the server during a burst: no stray worker, no System Error, each submission judged once', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'verdict-crash-'));
    await prepareDataDir(dataDir, ROOT_PASSWORD, async (db) => {
      await createUser(db, SOLVER);
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
    const url = `http://127.0.0.1:${port}`;
    await start(port);
    const api: Api = apiClient(url, await signIn(url, SOLVER.username, SOLVER.password));
    const expected = new Map<number, { verdict: number; cases: number }>();
    const submit = async (pid: string, code: string, verdict: number, cases: number) => {
      const { submitId } = await api<{ submitId: number }>('POST', '/api/submit-problem-judge', {
        pid,
        language: 'C',
        code,
      });
      expected.set(submitId, { verdict, cases });
      return submitId;
    };
    // the burst: the slow one is judged while the rest wait behind it
    await submit('P1000', C_APLUSB, JudgeStatus.ACCEPTED, 2);
    const slowId = await submit('SLOW', C_SLOW, JudgeStatus.ACCEPTED, 1);
    for (let i = 0; i < 3; i++) {
      await submit('P1000', C_APLUSB, JudgeStatus.ACCEPTED, 2);
      await submit('P1000', C_WRONG, JudgeStatus.WRONG_ANSWER, 2);
    }
    await poll('the slow submission to be judged', async () => {
      const { submission } = await api<{ submission: { status: number } }>(
        'GET',
        `/api/get-submission-detail?submitId=${slowId}`,
      );
      return submission.status === JudgeStatus.JUDGING ? true : undefined;
    });
    const before = workersOf(dataDir);
    expect(before).toHaveLength(1);

    await server!.kill();
    server = undefined;
    // the worker notices at once that its server is gone and ends (it used to live on under pid 1)
    await poll(
      'the orphaned worker to end',
      async () => (workersOf(dataDir).length === 0 ? true : undefined),
      15_000,
    );

    await start(port);
    const api2 = apiClient(url, await signIn(url, SOLVER.username, SOLVER.password));
    for (const [submitId, { verdict }] of expected) {
      const final = await finalSubmission(api2, submitId);
      expect(final.status, `${submitId}: ${final.errorMessage ?? ''}`).toBe(verdict);
    }
    const after = workersOf(dataDir);
    expect(after).toHaveLength(1);
    expect(before).not.toContain(after[0]);
    expect(await server!.stop()).toBe(0);
    server = undefined;

    // one final result per submission: its own cases once, no lease left
    const database = await openDatabase({ dataDir });
    try {
      const ids = [...expected.keys()];
      const rows = await database.db.select().from(judge).where(inArray(judge.submitId, ids));
      expect(rows).toHaveLength(ids.length);
      for (const row of rows) {
        expect(row.status).toBe(expected.get(row.submitId)!.verdict);
        expect(row.leaseOwner).toBeNull();
        const [cases] = await database.db
          .select({ n: count() })
          .from(judgeCase)
          .where(eq(judgeCase.submitId, row.submitId));
        expect(cases!.n).toBe(expected.get(row.submitId)!.cases);
      }
    } finally {
      await database.close();
    }
  }, 300_000);
});
