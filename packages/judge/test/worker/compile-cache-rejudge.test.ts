import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { JudgeStatus, UNFINISHED_STATUSES } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contestProblem,
  judge,
  problem,
  problemCase,
  userInfo,
} from '../../../server/src/db/schema/index.ts';
import * as lifecycle from '../../../server/src/modules/submission/lifecycle/transitions.ts';
import { buildTestApp, JUDGE_TOKEN, ROOT_PASSWORD, type TestApp } from '../../../server/test/helpers/app.ts';
import { apiClient, poll, signIn } from '../../../server/test/helpers/api-client.ts';
import { addContestProblem, createContest, minutesFrom } from '../../../server/test/helpers/contests.ts';
import { createUser } from '../../../server/test/helpers/users.ts';
import { CompileCache } from '../../src/grading/compile-cache.ts';
import { findLanguage, LanguageTable } from '../../src/languages/index.ts';
import { JudgeWorker } from '../../src/worker.ts';

/**
 * Issue 25 item 4: "a rejudge of a whole contest compiles nothing twice". A real server, a worker in
 * this process with a compile cache, a contest whose submissions share some sources (two users with
 * one program, one program on two problems, a compile error twice); every compiler run is counted.
 */
const root = fs.mkdtempSync(path.join(tmpdir(), 'verdict-rejudge-cache-'));
let t: TestApp;
let url: string;
let worker: JudgeWorker;
const cache = new CompileCache(path.join(root, 'compiled'), 256 << 20);

const C_AB =
  '#include <stdio.h>\nint main(void) { long long a, b; while (scanf("%lld %lld", &a, &b) == 2) printf("%lld\\n", a + b); }\n';
const C_WA =
  '#include <stdio.h>\nint main(void) { long long a, b; while (scanf("%lld %lld", &a, &b) == 2) printf("%lld\\n", a - b); }\n';
const C_CE = 'int main(void) { return undeclared; }\n';
const CPP_AB =
  '#include <iostream>\nint main() { long long a, b; while (std::cin >> a >> b) std::cout << a + b << "\\n"; }\n';

beforeAll(async () => {
  t = await buildTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  worker = new JudgeWorker({
    serverUrl: url,
    token: JUDGE_TOKEN,
    name: 'cache-worker',
    concurrency: 1,
    slots: [950 - (process.pid % 40)],
    workRoot: path.join(root, 'run'),
    cacheDir: path.join(root, 'cache'),
    cacheBytes: 16 << 20,
    languages: LanguageTable.of(['C', 'C++ 17'].map((l) => findLanguage(l)!)),
    version: 'test',
    compileCache: cache,
  });
  await worker.start();
});

afterAll(async () => {
  await worker.stop();
  await t.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('issue 25 item 4: compile cache and rejudges', () => {
  it('judging a contest compiles each distinct program once, and its whole rejudge compiles nothing', async () => {
    const clock = t.app.clock;
    const [rootUser] = await t.db.select().from(userInfo).where(eq(userInfo.username, 'root'));
    const contest = await createContest(t.db, clock, {
      uid: rootUser!.uuid,
      startTime: minutesFrom(clock, -10),
      endTime: minutesFrom(clock, 120),
    });
    const [p1] = await t.db.select().from(problem).where(eq(problem.problemId, 'P1000'));
    const [p2] = await t.db
      .insert(problem)
      .values({ problemId: 'SUM2', title: 'Sum again', author: 'root', isUploadCase: false })
      .returning();
    await t.db.insert(problemCase).values({ pid: p2!.id, input: '40 2\n', output: '42\n' });
    await addContestProblem(t.db, { cid: contest.id, pid: p1!.id, displayId: 'A' });
    await addContestProblem(t.db, { cid: contest.id, pid: p2!.id, displayId: 'B' });
    const users = [
      await createUser(t.db, { username: 'alice' }),
      await createUser(t.db, { username: 'bob' }),
    ];

    const planned: [number, string, 'C' | 'C++ 17', string, number][] = [
      [0, 'A', 'C', C_AB, JudgeStatus.ACCEPTED],
      [1, 'A', 'C', C_AB, JudgeStatus.ACCEPTED], // another user, the same program
      [0, 'B', 'C', C_AB, JudgeStatus.ACCEPTED], // the same program on another problem
      [1, 'A', 'C', C_WA, JudgeStatus.WRONG_ANSWER],
      [0, 'B', 'C', C_CE, JudgeStatus.COMPILE_ERROR],
      [1, 'B', 'C', C_CE, JudgeStatus.COMPILE_ERROR],
      [0, 'A', 'C++ 17', CPP_AB, JudgeStatus.ACCEPTED],
    ];
    const expected = new Map<number, number>();
    for (const [who, display, language, code, verdict] of planned) {
      const pid = display === 'A' ? p1!.id : p2!.id;
      const row = await t.db.transaction((tx) =>
        lifecycle.create(tx, {
          pid,
          displayPid: display,
          uid: users[who]!,
          username: who === 0 ? 'alice' : 'bob',
          code,
          language,
          cid: contest.id,
          priority: 3,
        }),
      );
      expected.set(row.submitId, verdict);
    }
    const ids = [...expected.keys()];
    const allJudged = () =>
      poll('every submission judged', async () => {
        const rows = await t.db.select().from(judge).where(inArray(judge.submitId, ids));
        return rows.every((r) => !UNFINISHED_STATUSES.includes(r.status)) ? rows : undefined;
      });
    const wake = () => t.app.judgeQueue.notify();
    wake();
    for (const row of await allJudged())
      expect(row.status, row.errorMessage ?? '').toBe(expected.get(row.submitId));
    // four distinct programs: A+B in C, the wrong one, the compile error, A+B in C++
    expect(cache.stats.compiles).toBe(4);

    const api = apiClient(url, await signIn(url, 'root', ROOT_PASSWORD));
    const links = await t.db.select().from(contestProblem).where(eq(contestProblem.cid, contest.id));
    for (const link of links)
      await api('GET', `/api/admin/judge/rejudge-contest-problem?cid=${contest.id}&pid=${link.pid}`);
    const rejudged = await allJudged();
    for (const row of rejudged) {
      expect(row.status, row.errorMessage ?? '').toBe(expected.get(row.submitId));
      expect(row.attempt).toBe(2);
    }
    expect(cache.stats.compiles).toBe(4);
    expect(cache.stats.hits).toBe(ids.length * 2 - 4);
  }, 300_000);
});
