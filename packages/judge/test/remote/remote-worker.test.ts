import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { JudgeStatus, REMOTE_MESSAGES } from '@verdict/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { judge, judgeCase, problem, remoteJudgeAccount } from '../../../server/src/db/schema/index.ts';
import { replaceAccounts } from '../../../server/src/modules/remote-judge/accounts.ts';
import { body, client, signIn } from '../../../server/test/account/support.ts';
import { buildTestApp, JUDGE_TOKEN, ROOT_PASSWORD, type TestApp } from '../../../server/test/helpers/app.ts';
import { poll } from '../../../server/test/helpers/api-client.ts';
import { createUser } from '../../../server/test/helpers/users.ts';
import { RemoteJudgeWorker } from '../../src/remote/remote-worker.ts';
import { CODEFORCES_TIMING } from '../../src/remote/sites/codeforces.ts';
import { FakeCodeforces } from '../remote-fakes/codeforces.ts';

CODEFORCES_TIMING.runIdRetryMs = 20;
const cli = path.resolve(import.meta.dirname, '../../bin/verdict-judge.js');
const LEASE_MS = 5_000;
let t: TestApp;
let url: string;
let cf: FakeCodeforces;
let uid: string;
let pid: number;
const children: ChildProcess[] = [];
const inProcess: RemoteJudgeWorker[] = [];

function startProcess(name: string): ChildProcess {
  const child = spawn(process.execPath, [cli, 'worker', '--server', url, '--name', name, '--remote', 'CF'], {
    env: {
      ...process.env,
      VERDICT_JUDGE_TOKEN: JUDGE_TOKEN,
      VERDICT_REMOTE_CF_URL: cf.url,
      VERDICT_REMOTE_FAST: '1',
      VERDICT_JUDGE_CONCURRENCY: '3',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.resume();
  child.stderr!.resume();
  children.push(child);
  return child;
}

async function startInProcess(name: string, maxPolls = 60) {
  const w = new RemoteJudgeWorker({
    serverUrl: url,
    token: JUDGE_TOKEN,
    name,
    sites: ['CF'],
    concurrency: 1,
    pollIntervalMs: 20,
    maxPolls,
    env: { VERDICT_REMOTE_CF_URL: cf.url },
    log: () => undefined,
  });
  await w.start();
  inProcess.push(w);
  return w;
}

async function submit(code: string, language = 'GNU G++17 7.3.0') {
  const [row] = await t.db
    .insert(judge)
    .values({ pid, displayPid: 'CF-1000A', uid, username: 'student', code, language, priority: 2 })
    .returning({ submitId: judge.submitId });
  return row!.submitId;
}

const finalRow = (submitId: number) =>
  poll(
    `submission ${submitId} final`,
    async () => {
      const [row] = await t.db.select().from(judge).where(eq(judge.submitId, submitId));
      return row && ![5, 6, 7].includes(row.status) ? row : undefined;
    },
    60_000,
  );

const leasedAccounts = async () =>
  (await t.db.select().from(remoteJudgeAccount)).filter((a) => !a.status || a.leaseOwner !== null);

beforeAll(async () => {
  cf = await new FakeCodeforces().start();
  cf.accounts.set('club-1', 'secret-1');
  cf.accounts.set('club-2', 'secret-2');
  t = await buildTestApp({ judgeLeaseMs: LEASE_MS });
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  uid = await createUser(t.db, { username: 'student' });
  const [p] = await t.db
    .insert(problem)
    .values({ problemId: 'CF-1000A', title: 'Stones', author: 'root', isRemote: true, source: '' })
    .returning({ id: problem.id });
  pid = p!.id;
  await replaceAccounts(t.db, {
    CF: { usernames: ['club-1', 'club-2'], passwords: ['secret-1', 'secret-2'] },
  });
});
beforeEach(async () => {
  for (const w of inProcess.splice(0)) await w.stop();
  cf.outcome = { verdict: 'OK', tests: 3 };
});
afterAll(async () => {
  for (const w of inProcess) await w.stop();
  for (const c of children) c.kill('SIGKILL');
  await t.close();
  await cf.close();
});

describe('remote-judge worker role with Codeforces (reference §10.1, §10.2)', () => {
  it('ten submissions on a pool of two accounts, two worker processes: never one account twice at once', async () => {
    startProcess('remote-a');
    startProcess('remote-b');
    cf.outcome = { verdict: 'OK', tests: 3, waitingPolls: 2 };
    const ids = [];
    for (let i = 0; i < 10; i++) ids.push(await submit(`int main() { return ${i}; }`));
    const rows = await Promise.all(ids.map(finalRow));
    expect(rows.map((r) => r.status)).toEqual(Array(10).fill(JudgeStatus.ACCEPTED));
    expect(rows.every((r) => r.time === 45 && r.memory === 300 && r.vjudgeSubmitId !== null)).toBe(true);
    expect(new Set(rows.map((r) => r.vjudgeUsername))).toEqual(new Set(['club-1', 'club-2']));
    expect(cf.maxConcurrentPerUser).toBe(1);
    expect(rows.every((r) => ['remote-a', 'remote-b'].includes(r.judger!))).toBe(true);
    const cases = await t.db.select().from(judgeCase).where(inArray(judgeCase.submitId, ids));
    expect(cases).toHaveLength(30);
    expect(await leasedAccounts()).toEqual([]);
    for (const c of children.splice(0)) {
      c.kill('SIGTERM');
      await once(c, 'exit');
    }
  });

  it('through the API: the problem imported from Codeforces, its languages, a submission Accepted with time and memory', async () => {
    process.env.VERDICT_REMOTE_CF_URL = cf.url;
    await startInProcess('remote-api');
    const c = client(t);
    const root = await signIn(c, 'root', ROOT_PASSWORD);
    const imported = await c.get('/api/admin/problem/import-remote-oj-problem', {
      token: root,
      query: { name: 'CF', problemId: '1001A' },
    });
    expect(body(imported)).toMatchObject({ status: 200 });
    const [p] = await t.db.select().from(problem).where(eq(problem.problemId, 'CF-1001A'));
    const langs = body(await c.get('/api/languages', { query: { pid: String(p!.id) } })).data as unknown as {
      name: string;
      oj: string;
    }[];
    expect(langs.length).toBeGreaterThan(20);
    expect(langs.every((l) => l.oj === 'CF')).toBe(true);

    await createUser(t.db, { username: 'api-student', password: 'api-pass' });
    const token = await signIn(c, 'api-student', 'api-pass');
    const submitted = await c.post(
      '/api/submit-problem-judge',
      {
        pid: 'CF-1001A',
        language: 'GNU G++17 7.3.0',
        code: 'int main() { return 0; } // a submission made through the API, long enough',
        cid: 0,
        isRemote: true,
      },
      { token },
    );
    expect(body(submitted).msg).toBe('success');
    const submitId = (body(submitted).data as { submitId: number }).submitId;
    await finalRow(submitId);
    const detail = body(
      await c.get('/api/get-submission-detail', { token, query: { submitId: String(submitId) } }),
    ).data as { submission: Record<string, unknown> };
    expect(detail.submission).toMatchObject({ status: JudgeStatus.ACCEPTED, time: 45, memory: 300 });
    // reference §7.10: the remote account is never shown
    expect(detail.submission).toMatchObject({ vjudgeUsername: null, vjudgePassword: null });
    expect(JSON.stringify(detail)).not.toContain('secret-');
    delete process.env.VERDICT_REMOTE_CF_URL;
  });

  it('a compile error keeps the site text; the account is released', async () => {
    await startInProcess('remote-ce');
    cf.outcome = { verdict: 'COMPILATION_ERROR', ceText: "main.cpp:1: error: 'x' was not declared" };
    const row = await finalRow(await submit('int main() { x; }'));
    expect(row).toMatchObject({
      status: JudgeStatus.COMPILE_ERROR,
      errorMessage: "main.cpp:1: error: 'x' was not declared",
    });
    expect(await leasedAccounts()).toEqual([]);
  });

  it('a refused language ends Submitted Failed with the reason; the account is released', async () => {
    await startInProcess('remote-lang');
    cf.refusedPrograms.add('54');
    const row = await finalRow(await submit('int main() {}'));
    cf.refusedPrograms.clear();
    expect(row.status).toBe(JudgeStatus.SUBMITTED_FAILED);
    expect(row.errorMessage).toContain('is not allowed for this problem');
    expect(await leasedAccounts()).toEqual([]);
  });

  it('a refused login ends Submitted Failed with the reference text; the account is released', async () => {
    await startInProcess('remote-login');
    cf.accounts.set('club-1', 'changed');
    cf.accounts.set('club-2', 'changed');
    const row = await finalRow(await submit('int main() { return 1; }'));
    cf.accounts.set('club-1', 'secret-1');
    cf.accounts.set('club-2', 'secret-2');
    expect(row).toMatchObject({
      status: JudgeStatus.SUBMITTED_FAILED,
      errorMessage:
        '[Codeforces] Failed to Login, possibly due to incorrect remote judge account or password of codeforces!',
    });
    expect(await leasedAccounts()).toEqual([]);
  });

  it('a result that never comes ends after the poll bound with the reference text; the account is released', async () => {
    await startInProcess('remote-slow', 3);
    cf.outcome = { verdict: 'OK', never: true };
    const row = await finalRow(await submit('int main() { return 2; }'));
    expect(row).toMatchObject({
      status: JudgeStatus.SUBMITTED_FAILED,
      errorMessage: REMOTE_MESSAGES.resultTimeout,
    });
    expect(row.vjudgeSubmitId).not.toBeNull();
    expect(await leasedAccounts()).toEqual([]);
  });

  it('a worker killed mid-poll loses nothing: another one polls the same run, without submitting again', async () => {
    cf.outcome = { verdict: 'WRONG_ANSWER', tests: 2, waitingPolls: 1_000_000 };
    const doomed = startProcess('remote-doomed');
    const id = await submit('int main() { return 3; }');
    const submitted = await poll('run id stored', async () => {
      const [row] = await t.db.select().from(judge).where(eq(judge.submitId, id));
      return row?.vjudgeSubmitId ? row : undefined;
    });
    expect(submitted.judger).toBe('remote-doomed');
    doomed.kill('SIGKILL');
    const runsBefore = cf.runs.length;
    cf.runs.at(-1)!.outcome.waitingPolls = 0;
    await startInProcess('remote-heir');
    const row = await finalRow(id);
    expect(row).toMatchObject({
      status: JudgeStatus.WRONG_ANSWER,
      judger: 'remote-heir',
      attempt: submitted.attempt + 1,
      vjudgeSubmitId: submitted.vjudgeSubmitId,
    });
    expect(cf.runs.length).toBe(runsBefore);
    expect(await leasedAccounts()).toEqual([]);
  });
});
