import { eq } from 'drizzle-orm';
import { JudgeStatus, REMOTE_MESSAGES } from '@verdict/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { judge, problem, remoteJudgeAccount } from '../../../server/src/db/schema/index.ts';
import { replaceAccounts } from '../../../server/src/modules/remote-judge/accounts.ts';
import { buildTestApp, JUDGE_TOKEN, type TestApp } from '../../../server/test/helpers/app.ts';
import { poll } from '../../../server/test/helpers/api-client.ts';
import { createUser } from '../../../server/test/helpers/users.ts';
import { RemoteJudgeWorker } from '../../src/remote/remote-worker.ts';
import { ATCODER_TIMING } from '../../src/remote/sites/atcoder.ts';
import { CODEFORCES_TIMING } from '../../src/remote/sites/codeforces.ts';
import { LIBREOJ_TIMING } from '../../src/remote/sites/libreoj.ts';
import { FakeAtCoder } from '../remote-fakes/atcoder.ts';
import { FakeCodeforces } from '../remote-fakes/codeforces.ts';
import { FakeLibreOj } from '../remote-fakes/libreoj.ts';

ATCODER_TIMING.runIdDelayMs = 10;
CODEFORCES_TIMING.runIdRetryMs = 20;
LIBREOJ_TIMING.retryMs = 10;
let t: TestApp;
let url: string;
let uid: string;
let ac: FakeAtCoder;
let loj: FakeLibreOj;
let cf: FakeCodeforces;
const workers: RemoteJudgeWorker[] = [];

/** Per site: its problem, a language of it, its fake's scripted outcomes and refusals. */
const SITES = {
  AC: {
    problemId: 'AC-ABC110_A',
    language: 'C++ 17 (gcc 12.2)',
    env: () => ({ VERDICT_REMOTE_AC_URL: ac.url }),
    accept: () => (ac.outcome = { verdict: 'AC' }),
    compileError: (text: string) => (ac.outcome = { verdict: 'CE', ceText: text }),
    never: () => (ac.outcome = { verdict: 'AC', never: true }),
    refuseLanguage: (on: boolean) => (on ? ac.refusedLanguages.add('5053') : ac.refusedLanguages.clear()),
    accounts: (password: string) => ac.accounts.set('ac-club', password),
    password: 'ac-secret',
    accepted: { time: 12, memory: 3876 },
  },
  LIBRE: {
    problemId: 'LIBRE-2(102)',
    language: 'C++ 17 O2(G++)',
    env: () => ({ VERDICT_REMOTE_LIBRE_URL: loj.url }),
    accept: () => (loj.outcome = { verdict: 'Accepted' }),
    compileError: (text: string) => (loj.outcome = { verdict: 'CompilationError', ceText: text }),
    never: () => (loj.outcome = { verdict: 'Accepted', never: true }),
    refuseLanguage: (on: boolean) => (on ? loj.refusedLanguages.add('cpp') : loj.refusedLanguages.clear()),
    accounts: (password: string) => loj.accounts.set('loj-club', password),
    password: 'loj-secret',
    accepted: { time: 31, memory: 2048 },
  },
  GYM: {
    problemId: 'GYM-100001A',
    language: 'GNU G++17 7.3.0',
    env: () => ({ VERDICT_REMOTE_GYM_URL: cf.url }),
    accept: () => (cf.outcome = { verdict: 'OK' }),
    compileError: (text: string) => (cf.outcome = { verdict: 'COMPILATION_ERROR', ceText: text }),
    never: () => (cf.outcome = { verdict: 'OK', never: true }),
    refuseLanguage: (on: boolean) => (on ? cf.refusedPrograms.add('54') : cf.refusedPrograms.clear()),
    accounts: (password: string) => cf.accounts.set('cf-club', password),
    password: 'cf-secret',
    accepted: { time: 46, memory: 3600 },
  },
} as const;
type Oj = keyof typeof SITES;
const pids = new Map<Oj, number>();

async function startWorker(oj: Oj, maxPolls = 60) {
  const w = new RemoteJudgeWorker({
    serverUrl: url,
    token: JUDGE_TOKEN,
    name: `remote-${oj.toLowerCase()}`,
    sites: [oj],
    concurrency: 1,
    pollIntervalMs: 20,
    maxPolls,
    env: SITES[oj].env(),
    log: () => undefined,
  });
  await w.start();
  workers.push(w);
}

async function judged(oj: Oj) {
  const [row] = await t.db
    .insert(judge)
    .values({
      pid: pids.get(oj)!,
      displayPid: SITES[oj].problemId,
      uid,
      username: 'student',
      code: `int main() { return 0; } // ${Math.random()}`,
      language: SITES[oj].language,
      priority: 2,
    })
    .returning({ submitId: judge.submitId });
  return poll(
    `submission ${row!.submitId} final`,
    async () => {
      const [r] = await t.db.select().from(judge).where(eq(judge.submitId, row!.submitId));
      return r && ![5, 6, 7].includes(r.status) ? r : undefined;
    },
    60_000,
  );
}

const leasedAccounts = async () =>
  (await t.db.select().from(remoteJudgeAccount)).filter((a) => !a.status || a.leaseOwner !== null);

beforeAll(async () => {
  [ac, loj, cf] = await Promise.all([
    new FakeAtCoder().start(),
    new FakeLibreOj().start(),
    new FakeCodeforces().start(),
  ]);
  for (const site of Object.values(SITES)) site.accounts(site.password);
  t = await buildTestApp({ judgeLeaseMs: 5_000 });
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  uid = await createUser(t.db, { username: 'student' });
  for (const [oj, site] of Object.entries(SITES) as [Oj, (typeof SITES)[Oj]][]) {
    const [p] = await t.db
      .insert(problem)
      .values({ problemId: site.problemId, title: oj, author: 'root', isRemote: true, source: '' })
      .returning({ id: problem.id });
    pids.set(oj, p!.id);
  }
  await replaceAccounts(t.db, {
    AC: { usernames: ['ac-club'], passwords: ['ac-secret'] },
    LIBRE: { usernames: ['loj-club'], passwords: ['loj-secret'] },
    CF: { usernames: ['cf-club'], passwords: ['cf-secret'] },
  });
});
beforeEach(async () => {
  for (const w of workers.splice(0)) await w.stop();
});
afterAll(async () => {
  for (const w of workers) await w.stop();
  await t.close();
  await Promise.all([ac.close(), loj.close(), cf.close()]);
});

describe.each(Object.keys(SITES) as Oj[])('remote-judge worker with %s (reference §10.1, §10.2)', (oj) => {
  const site = SITES[oj];

  it('judges a submission: the verdict, time and memory and the run id stored; the account is released', async () => {
    await startWorker(oj);
    site.accept();
    const row = await judged(oj);
    expect(row).toMatchObject({ status: JudgeStatus.ACCEPTED, ...site.accepted });
    expect(row.vjudgeSubmitId).not.toBeNull();
    expect(await leasedAccounts()).toEqual([]);
  });

  it('a compile error keeps the site text; the account is released', async () => {
    await startWorker(oj);
    site.compileError("main.cpp:1: error: 'x' was not declared");
    const row = await judged(oj);
    expect(row).toMatchObject({
      status: JudgeStatus.COMPILE_ERROR,
      errorMessage: "main.cpp:1: error: 'x' was not declared",
    });
    expect(await leasedAccounts()).toEqual([]);
  });

  it('a language the site refuses ends Submitted Failed with its reason; the account is released', async () => {
    await startWorker(oj);
    site.refuseLanguage(true);
    try {
      const row = await judged(oj);
      expect(row.status).toBe(JudgeStatus.SUBMITTED_FAILED);
      expect(row.errorMessage).toMatch(/^\[(AtCoder|LibreOJ|Codeforces)\]/);
    } finally {
      site.refuseLanguage(false);
    }
    expect(await leasedAccounts()).toEqual([]);
  });

  it('a refused login ends Submitted Failed; the account is released', async () => {
    await startWorker(oj);
    site.accounts('changed');
    try {
      const row = await judged(oj);
      expect(row.status).toBe(JudgeStatus.SUBMITTED_FAILED);
      expect(row.errorMessage).toMatch(/Failed to (L|l)ogin/);
    } finally {
      site.accounts(site.password);
    }
    expect(await leasedAccounts()).toEqual([]);
  });

  it('a result that never comes ends after the poll bound with the reference text; the account is released', async () => {
    await startWorker(oj, 3);
    site.never();
    const row = await judged(oj);
    expect(row).toMatchObject({
      status: JudgeStatus.SUBMITTED_FAILED,
      errorMessage: REMOTE_MESSAGES.resultTimeout,
    });
    expect(row.vjudgeSubmitId).not.toBeNull();
    expect(await leasedAccounts()).toEqual([]);
  });
});
