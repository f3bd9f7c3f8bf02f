import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import {
  JudgeStatus,
  JUDGE_TOKEN_HEADER,
  type AcmRankRow,
  type JudgeTask,
  type SubmissionTask,
} from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../../src/clock.ts';
import { migrateDatabase, openDatabase, type DatabaseHandle } from '../../../src/db/client.ts';
import { problem } from '../../../src/db/schema/index.ts';
import { seedDatabase } from '../../../src/db/seed.ts';
import { hashPassword } from '../../../src/modules/account/password.ts';
import { apiClient, signIn, type Api } from '../../helpers/api-client.ts';
import { addContestProblem, createContest } from '../../helpers/contests.ts';
import { onServer } from '../../helpers/db.ts';
import { FakeJudge, ALL_LOCAL_LANGUAGES } from '../../helpers/judge.ts';
import { createUser } from '../../helpers/users.ts';
import { freePort, startVerdict, type VerdictProcess } from '../../helpers/verdict-process.ts';
import { CPP } from '../../problem/fixtures.ts';

/**
 * Issue 12: two real server processes on one PostgreSQL keep their own incremental boards. A
 * verdict stored through either is on its own board at the next read and on the other's once that
 * one looks at the contest's change feed again (every 100 ms at most).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const JUDGE_TOKEN = randomBytes(16).toString('hex');

// Only a real PostgreSQL server can be shared by several server processes.
describe.runIf(serverUrl)('two server processes on one PostgreSQL: the scoreboards', () => {
  const name = `verdict_test_${randomBytes(6).toString('hex')}`;
  let url: string;
  let dataDir: string;
  let database: DatabaseHandle | undefined;
  const servers: VerdictProcess[] = [];
  const urls: string[] = [];

  beforeAll(async () => {
    await onServer(serverUrl!, `create database "${name}"`);
    const u = new URL(serverUrl!);
    u.pathname = `/${name}`;
    url = u.toString();
    dataDir = await mkdtemp(path.join(tmpdir(), 'verdict-two-boards-'));
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.kill()));
    await database?.close();
    await onServer(serverUrl!, `drop database if exists "${name}" with (force)`);
    await rm(dataDir, { recursive: true, force: true });
  });

  /** The gateway over HTTP, as a judge worker calls it, on server `i`. */
  async function gateway<T>(i: number, call: string, body: object): Promise<T> {
    const res = await fetch(`${urls[i]}/api/judge-gateway/${call}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [JUDGE_TOKEN_HEADER]: JUDGE_TOKEN },
      body: JSON.stringify({ name: 'board-test-judge', ...body }),
    });
    const envelope = (await res.json()) as { status: number; msg: string; data: T };
    if (envelope.status !== 200) throw new Error(`${call}: ${envelope.msg}`);
    return envelope.data;
  }

  it(
    'a verdict stored through one process is on its board at once and on the other one soon after',
    { timeout: 240_000 },
    async () => {
      database = await openDatabase({ url });
      await migrateDatabase(database);
      await seedDatabase(database.db, { hashPassword, rootPassword: 'root-pass-1' });
      const db = database.db;
      const creator = await createUser(db, { username: 'creator', role: 'admin' });
      for (const who of ['ann', 'ben']) await createUser(db, { username: who });
      const contest = await createContest(db, systemClock, {
        uid: creator,
        startTime: new Date(Date.now() - 60_000),
        endTime: new Date(Date.now() + 3_600_000),
      });
      const [p1000] = await db.select({ id: problem.id }).from(problem).where(eq(problem.problemId, 'P1000'));
      await addContestProblem(db, { cid: contest.id, pid: p1000!.id, displayId: 'A' });

      for (let i = 0; i < 2; i++) {
        const port = await freePort();
        servers.push(
          await startVerdict({
            DATABASE_URL: url,
            DATA_DIR: dataDir,
            PORT: String(port),
            JUDGE_TOKEN,
            VERDICT_ROOT_PASSWORD: 'root-pass-1',
          }),
        );
        urls.push(`http://127.0.0.1:${port}`);
      }
      const client = async (i: number, who: string) =>
        apiClient(urls[i]!, await signIn(urls[i]!, who, 'password1'));
      const ann: Api[] = [await client(0, 'ann'), await client(1, 'ann')];
      const ben = await client(1, 'ben');
      await gateway(0, 'register', {
        host: 't',
        cpuCore: 1,
        maxTaskNumber: 1,
        version: 't',
        languages: ALL_LOCAL_LANGUAGES,
      });

      const board = async (i: number) => {
        const page = await ann[i]!<{ records: AcmRankRow[] }>('POST', '/api/get-contest-rank', {
          cid: contest.id,
        });
        return page.records.map((r) => [r.username, r.rank, r.ac, r.submissionInfo.A?.errorNum ?? null]);
      };
      /** Submits on one server, judges through the other's gateway. */
      const judged = async (api: Api, judgeOn: number, status: number) => {
        await api('POST', '/api/submit-problem-judge', {
          pid: 'A',
          language: 'C++',
          code: CPP,
          cid: contest.id,
          isRemote: false,
        });
        const task = await gateway<JudgeTask | null>(judgeOn, 'claim', {
          languages: ALL_LOCAL_LANGUAGES,
          judgePrograms: [],
          waitMs: 0,
        });
        expect(task?.kind).toBe('submission');
        await gateway(judgeOn, 'result', FakeJudge.resultFor(task as SubmissionTask, { status }));
      };

      // both boards exist before the verdicts (built from the records on first read)
      expect(await board(0)).toEqual([]);
      expect(await board(1)).toEqual([]);

      // The process that stored the verdict shows it at once; the other one reads the change feed at
      // most every 100 ms, so its board is polled (the bench measures how soon).
      await judged(ben, 0, JudgeStatus.WRONG_ANSWER);
      expect(await board(0)).toEqual([['ben', 1, 0, 1]]);
      await expect.poll(() => board(1)).toEqual([['ben', 1, 0, 1]]);

      await judged(ann[0]!, 1, JudgeStatus.ACCEPTED);
      const annFirst = [
        ['ann', 1, 1, 0],
        ['ann', 1, 1, 0],
        ['ben', 2, 0, 1],
      ];
      expect(await board(1)).toEqual(annFirst);
      await expect.poll(() => board(0)).toEqual(annFirst);

      await judged(ben, 1, JudgeStatus.ACCEPTED);
      const bothSolved = [
        ['ann', 1, 1, 0],
        ['ann', 1, 1, 0],
        ['ben', 2, 1, 1],
      ];
      expect(await board(1)).toEqual(bothSolved);
      await expect.poll(() => board(0)).toEqual(bothSolved);
    },
  );
});
