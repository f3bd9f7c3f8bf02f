import { eq } from 'drizzle-orm';
import { JudgeStatus, REMOTE_MESSAGES, type RemoteOj } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judge, problem, remoteJudgeAccount } from '../../../server/src/db/schema/index.ts';
import { replaceAccounts } from '../../../server/src/modules/remote-judge/accounts.ts';
import { buildTestApp, JUDGE_TOKEN, type TestApp } from '../../../server/test/helpers/app.ts';
import { poll } from '../../../server/test/helpers/api-client.ts';
import { createUser } from '../../../server/test/helpers/users.ts';
import { RemoteJudgeWorker } from '../../src/remote/remote-worker.ts';
import { HDU_TIMING } from '../../src/remote/sites/hdu.ts';
import { POJ_TIMING, poj } from '../../src/remote/sites/poj.ts';
import { HttpSession } from '@verdict/shared/node';
import { requeue } from '../../../server/src/modules/submission/lifecycle/transitions.ts';
import { FakeHdu } from '../remote-fakes/hdu.ts';
import { FakePoj } from '../remote-fakes/poj.ts';
import { FakeSpoj } from '../remote-fakes/spoj.ts';
import type { FakeOutcome } from '../remote-fakes/site-server.ts';

HDU_TIMING.runIdRetryMs = 20;
HDU_TIMING.resubmitMs = 20;
POJ_TIMING.runIdRetryMs = 20;
const pojSite = new FakePoj();

/**
 * The remote-judge role with each of HDU, POJ and SPOJ (reference §10.1, §10.2): a real server,
 * a worker in process, the site's fake; every path ends with the site's account free again.
 */
interface SiteCase {
  oj: RemoteOj;
  problemId: string;
  language: string;
  /** a language name the adapter refuses */
  badLanguage: string;
  site: {
    url: string;
    accounts: Map<string, string>;
    outcome: FakeOutcome;
    start(): Promise<unknown>;
    close(): Promise<void>;
  };
  accepted: FakeOutcome;
  compileError: FakeOutcome;
  /** the text the adapter gives a refused login */
  loginRefused: string;
}

const SITES: SiteCase[] = [
  {
    oj: 'HDU',
    problemId: '1000',
    language: 'G++',
    badLanguage: 'Python 3',
    site: new FakeHdu(),
    accepted: { verdict: 'Accepted', time: 31, memory: 1756 },
    compileError: { verdict: 'Compilation Error', ceText: "error C2065: 'x' : undeclared identifier" },
    loginRefused: '[HDU] Failed to login with account club-1',
  },
  {
    oj: 'POJ',
    problemId: '1000',
    language: 'C++',
    badLanguage: 'Kotlin',
    site: pojSite,
    accepted: { verdict: 'Accepted', time: 16, memory: 388 },
    compileError: {
      verdict: 'Compile Error',
      ceText: "Main.cpp(1) : error C2065: 'x' : undeclared identifier",
    },
    loginRefused: '[POJ] Failed to login with account club-1: wrong account or password',
  },
  {
    oj: 'SPOJ',
    problemId: 'TEST',
    language: 'C++14 (gcc 8.3)',
    // a SPOJ language, but not one this problem allows
    badLanguage: 'Kotlin (kotlin 1.3.21)',
    site: new FakeSpoj(),
    accepted: { verdict: '15', time: 40, memory: 5427 },
    compileError: { verdict: '11', ceText: "prog.cpp:1:1: error: 'x' does not name a type" },
    loginRefused: '[SPOJ] Failed to login with account club-1: authentication failed',
  },
];

let t: TestApp;
let url: string;
let uid: string;
const workers: RemoteJudgeWorker[] = [];

beforeAll(async () => {
  for (const s of SITES) await s.site.start();
  t = await buildTestApp({ judgeLeaseMs: 5_000 });
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  uid = await createUser(t.db, { username: 'student' });
  for (const s of SITES) {
    await t.db.insert(problem).values({
      problemId: `${s.oj}-${s.problemId}`,
      title: s.oj,
      author: 'root',
      isRemote: true,
      source: '',
    });
    s.site.accounts.set('club-1', 'secret-1');
  }
  pojSite.accounts.set('club-2', 'secret-2');
  await replaceAccounts(t.db, {
    ...Object.fromEntries(SITES.map((s) => [s.oj, { usernames: ['club-1'], passwords: ['secret-1'] }])),
    POJ: { usernames: ['club-1', 'club-2'], passwords: ['secret-1', 'secret-2'] },
  });
});
afterAll(async () => {
  for (const w of workers) await w.stop();
  await t.close();
  for (const s of SITES) await s.site.close();
});

async function startWorker(s: SiteCase, maxPolls = 40) {
  const w = new RemoteJudgeWorker({
    serverUrl: url,
    token: JUDGE_TOKEN,
    name: `remote-${s.oj.toLowerCase()}-${workers.length}`,
    sites: [s.oj],
    concurrency: 1,
    pollIntervalMs: 10,
    maxPolls,
    env: { [`VERDICT_REMOTE_${s.oj}_URL`]: s.site.url },
    log: () => undefined,
  });
  await w.start();
  workers.push(w);
  return w;
}

async function insertSubmission(
  s: SiteCase,
  language: string,
  values: Partial<typeof judge.$inferInsert> = {},
) {
  const [p] = await t.db
    .select()
    .from(problem)
    .where(eq(problem.problemId, `${s.oj}-${s.problemId}`));
  const [row] = await t.db
    .insert(judge)
    .values({
      pid: p!.id,
      displayPid: `${s.oj}-${s.problemId}`,
      uid,
      username: 'student',
      code: `int main() { return 0; } // ${Math.random()}`,
      language,
      priority: 2,
      ...values,
    })
    .returning({ submitId: judge.submitId });
  return row!.submitId;
}

/** The submission's final row once the worker is done, and the site's accounts still held. */
async function finished(s: SiteCase, submitId: number, w: RemoteJudgeWorker) {
  const final = await poll(
    `${s.oj} submission final`,
    async () => {
      const [r] = await t.db.select().from(judge).where(eq(judge.submitId, submitId));
      return r && ![5, 6, 7].includes(r.status) ? r : undefined;
    },
    30_000,
  );
  await w.stop();
  const held = (await t.db.select().from(remoteJudgeAccount).where(eq(remoteJudgeAccount.oj, s.oj))).filter(
    (a) => !a.status || a.leaseOwner !== null,
  );
  return { final, held };
}

async function judged(s: SiteCase, outcome: FakeOutcome, language = s.language, maxPolls = 40) {
  s.site.outcome = outcome;
  const w = await startWorker(s, maxPolls);
  return finished(s, await insertSubmission(s, language), w);
}

describe.each(SITES)('remote-judge worker with $oj (reference §10.1, §10.2)', (s) => {
  it('judges a submission on the site: its verdict, time and memory, the run id kept', async () => {
    const { final, held } = await judged(s, s.accepted);
    expect(final).toMatchObject({
      status: JudgeStatus.ACCEPTED,
      time: s.accepted.time,
      memory: s.accepted.memory,
      vjudgeUsername: 'club-1',
    });
    expect(final.vjudgeSubmitId).not.toBeNull();
    expect(held).toEqual([]);
  });

  it('keeps the compile error text of the site', async () => {
    const { final, held } = await judged(s, s.compileError);
    expect(final).toMatchObject({ status: JudgeStatus.COMPILE_ERROR, errorMessage: s.compileError.ceText });
    expect(held).toEqual([]);
  });

  it('ends a language the site refuses in Submitted Failed with the reason', async () => {
    const { final, held } = await judged(s, s.accepted, s.badLanguage);
    expect(final.status).toBe(JudgeStatus.SUBMITTED_FAILED);
    expect(final.errorMessage).toContain(s.badLanguage);
    expect(held).toEqual([]);
  });

  it('ends a refused login in Submitted Failed with the reason', async () => {
    s.site.accounts.set('club-1', 'changed');
    const { final, held } = await judged(s, s.accepted);
    s.site.accounts.set('club-1', 'secret-1');
    expect(final.status).toBe(JudgeStatus.SUBMITTED_FAILED);
    expect(final.errorMessage).toContain(s.loginRefused);
    expect(held).toEqual([]);
  });

  it('ends a result that never comes after the poll bound with the reference text', async () => {
    const { final, held } = await judged(s, { ...s.accepted, never: true }, s.language, 3);
    expect(final).toMatchObject({
      status: JudgeStatus.SUBMITTED_FAILED,
      errorMessage: REMOTE_MESSAGES.resultTimeout,
    });
    expect(final.vjudgeSubmitId).not.toBeNull();
    expect(held).toEqual([]);
  });
});

describe('POJ rejudge (reference §10.1: POJ re-polls with the account that submitted)', () => {
  it('polls the run again with its author, the other account free, without submitting again', async () => {
    const s = SITES.find((x) => x.oj === 'POJ')!;
    pojSite.outcome = { verdict: 'Time Limit Exceeded', waitingPolls: 0, time: 1000, memory: 512 };
    // club-2 submitted the run (as an earlier attempt of this submission did); club-1 is first in the pool
    const session = poj.open(new HttpSession(pojSite.url), { username: 'club-2', password: 'secret-2' });
    await session.login();
    const runId = await session.submit('1000', 'C++', 'int main() { for (;;); }');
    const submitId = await insertSubmission(s, 'C++', {
      status: JudgeStatus.ACCEPTED,
      vjudgeSubmitId: Number(runId),
      vjudgeUsername: 'club-2',
    });
    expect(await requeue(t.db, eq(judge.submitId, submitId), 'rejudge', new Date())).toHaveLength(1);
    const runs = pojSite.runs.length;
    const looks = pojSite.foreignLooks;
    const { final, held } = await finished(s, submitId, await startWorker(s));
    expect(final).toMatchObject({
      status: JudgeStatus.TIME_LIMIT_EXCEEDED,
      time: 1000,
      memory: 512,
      vjudgeSubmitId: Number(runId),
      vjudgeUsername: 'club-2',
    });
    expect(pojSite.runs.length).toBe(runs);
    expect(pojSite.foreignLooks).toBe(looks);
    expect(held).toEqual([]);
  });
});
