import { eq, sql } from 'drizzle-orm';
import { JudgeStatus, REMOTE_MESSAGES, type SubmissionTask } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { judge, problem, remoteJudgeAccount } from '../../src/db/schema/index.ts';
import { replaceAccounts } from '../../src/modules/remote-judge/accounts.ts';
import { requeue } from '../../src/modules/submission/lifecycle/transitions.ts';
import { buildTestApp, JUDGE_TOKEN, type TestApp } from '../helpers/app.ts';
import { createUser } from '../helpers/users.ts';

const clock = new ManualClock(Date.UTC(2026, 5, 1));
const LEASE_MS = 10_000;
let t: TestApp;
let uid: string;
let cfPid: number;
let hduPid: number;

const gateway = async <T>(path: string, body: object) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/judge-gateway/${path}`,
    headers: { 'x-judge-token': JUDGE_TOKEN },
    payload: body,
  });
  const json = res.json() as { status: number; data: T; msg: string };
  if (json.status !== 200) throw new Error(`${path}: ${json.msg}`);
  return json.data;
};
const claimRemote = (name: string, remoteSites = ['CF', 'GYM', 'HDU']) =>
  gateway<SubmissionTask | null>('claim', { name, languages: [], remoteSites });

async function remoteProblem(problemId: string) {
  const [row] = await t.db
    .insert(problem)
    .values({ problemId, title: problemId, author: 'root', isRemote: true, source: '' })
    .returning({ id: problem.id });
  return row!.id;
}

async function submit(pid: number, language = 'GNU G++17 7.3.0') {
  const [row] = await t.db
    .insert(judge)
    .values({ pid, displayPid: 'x', uid, username: 'solver', code: 'int main(){}', language })
    .returning({ submitId: judge.submitId });
  return row!.submitId;
}

const accounts = () =>
  t.db
    .select({
      username: remoteJudgeAccount.username,
      status: remoteJudgeAccount.status,
      leaseOwner: remoteJudgeAccount.leaseOwner,
    })
    .from(remoteJudgeAccount)
    .where(eq(remoteJudgeAccount.oj, 'CF'))
    .orderBy(remoteJudgeAccount.username);
const row = async (submitId: number) =>
  (await t.db.select().from(judge).where(eq(judge.submitId, submitId)))[0]!;

beforeAll(async () => {
  t = await buildTestApp({ clock, judgeLeaseMs: LEASE_MS });
  uid = await createUser(t.db, { username: 'solver' });
  cfPid = await remoteProblem('CF-1000A');
  hduPid = await remoteProblem('HDU-1000');
  await replaceAccounts(t.db, { CF: { usernames: ['cf-a', 'cf-b'], passwords: ['pa', 'pb'] } });
});
afterAll(() => t.close());

describe('remote submissions through the one lifecycle (reference §10.1)', () => {
  it('ordinary workers never claim a remote submission, even in a language of the same name', async () => {
    const id = await submit(hduPid, 'C++');
    expect(await gateway('claim', { name: 'local', languages: ['C++'] })).toBeNull();
    await t.db.delete(judge).where(eq(judge.submitId, id));
  });

  it('a site without accounts ends its submission in System Error with the reference message', async () => {
    const id = await submit(hduPid, 'G++');
    expect(await claimRemote('remote-1')).toBeNull();
    const after = await row(id);
    expect(after.status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(after.errorMessage).toBe(REMOTE_MESSAGES.noAccount('HDU'));
  });

  it('leases one free account per submission; a third waits until one is freed by a result', async () => {
    const ids = [await submit(cfPid), await submit(cfPid), await submit(cfPid)];
    const first = (await claimRemote('remote-1'))!;
    const second = (await claimRemote('remote-2'))!;
    expect(first.remote).toMatchObject({ oj: 'CF', problemId: '1000A', runId: null });
    expect(first.testCases).toEqual([]);
    expect(new Set([first.remote!.username, second.remote!.username])).toEqual(new Set(['cf-a', 'cf-b']));
    expect(await claimRemote('remote-3')).toBeNull(); // both accounts busy
    expect((await accounts()).every((a) => !a.status)).toBe(true);

    // the site took the code: the run id is kept with the account's name (never its password)
    await gateway('progress', {
      name: 'remote-1',
      submitId: first.submitId,
      attempt: first.attempt,
      status: JudgeStatus.JUDGING,
      remote: { runId: '123456', username: first.remote!.username },
    });
    expect(await row(first.submitId)).toMatchObject({ vjudgeSubmitId: 123456, vjudgePassword: null });

    await gateway('result', {
      name: 'remote-1',
      submitId: first.submitId,
      attempt: first.attempt,
      status: JudgeStatus.ACCEPTED,
      time: 15,
      memory: 100,
      score: null,
      errorMessage: null,
      cases: [],
    });
    const freed = (await accounts()).find((a) => a.username === first.remote!.username)!;
    expect(freed).toMatchObject({ status: true, leaseOwner: null });
    const third = (await claimRemote('remote-3'))!;
    expect(third.submitId).toBe(ids[2]);
    expect(third.remote!.username).toBe(first.remote!.username);
  });

  it('an expired lease frees the account and the submission together (a crashed worker)', async () => {
    await t.db.execute(sql`update judge set status = ${JudgeStatus.CANCELLED}, lease_expires_at = null`);
    await t.db.execute(sql`update remote_judge_account set status = true, lease_owner = null`);
    const id = await submit(cfPid);
    await claimRemote('doomed');
    await submit(cfPid);
    await claimRemote('doomed'); // both accounts held by a worker that then dies
    expect(await claimRemote('survivor')).toBeNull();
    clock.advance(LEASE_MS + 1);
    const again = (await claimRemote('survivor'))!;
    expect(again.submitId).toBe(id);
    expect(again.attempt).toBe(2);
  });

  it('a rejudge keeps the run id and frees the account; the next claim carries the run id to poll', async () => {
    const [r] = await t.db
      .select()
      .from(judge)
      .where(sql`${judge.vjudgeSubmitId} is not null`);
    // reference §6.4 "Rejudge one", through the lifecycle as the admin route calls it
    expect(await requeue(t.db, eq(judge.submitId, r!.submitId), 'rejudge', clock.now())).toHaveLength(1);
    expect((await accounts()).filter((a) => a.leaseOwner?.startsWith(`judge:${r!.submitId}:`))).toEqual([]);
    await t.db.execute(
      sql`update judge set status = ${JudgeStatus.CANCELLED} where submit_id <> ${r!.submitId}`,
    );
    await t.db.execute(sql`update remote_judge_account set status = true, lease_owner = null`);
    const task = (await claimRemote('remote-1'))!;
    expect(task.submitId).toBe(r!.submitId);
    expect(task.remote!.runId).toBe('123456');
  });
});
