import { eq } from 'drizzle-orm';
import { JudgeStatus, REMOTE_MESSAGES } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judge, problem, remoteJudgeAccount } from '../../src/db/schema/index.ts';
import { seedDatabase } from '../../src/db/seed.ts';
import { JOBS } from '../../src/jobs/index.ts';
import { hashPassword } from '../../src/modules/account/password.ts';
import { replaceAccounts } from '../../src/modules/remote-judge/accounts.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { createUser } from '../helpers/users.ts';
import { recordingLog } from '../jobs/support.ts';

/**
 * reference §10.1: a remote submission that found no free account within ten minutes ends in
 * Submitted Failed "Waiting for account scheduling timeout" (HOJ's RemoteJudgeReceiver), run by the
 * scheduler's `remote-account-wait` job, instead of staying Pending forever.
 */
let t: TestDatabase;
let uid: string;
let remotePid: number;
let localPid: number;
const now = new Date(Date.UTC(2026, 5, 1, 12, 0, 0));
const MINUTE = 60_000;
const job = JOBS.find((j) => j.name === 'remote-account-wait')!;

async function submit(pid: number, queuedAgo: number, status: number = JudgeStatus.PENDING) {
  const at = new Date(now.getTime() - queuedAgo);
  const [row] = await t.db
    .insert(judge)
    .values({
      pid,
      displayPid: 'x',
      uid,
      username: 'solver',
      code: 'int main(){}',
      language: 'C++',
      status,
      gmtCreate: at,
      gmtModified: at,
    })
    .returning({ submitId: judge.submitId });
  return row!.submitId;
}
const row = async (submitId: number) =>
  (await t.db.select().from(judge).where(eq(judge.submitId, submitId)))[0]!;

beforeAll(async () => {
  t = await createTestDatabase();
  await seedDatabase(t.db, { hashPassword });
  uid = await createUser(t.db, { username: 'solver' });
  const [cf] = await t.db
    .insert(problem)
    .values({ problemId: 'CF-1000A', title: 'A+B', author: 'root', isRemote: true, source: '' })
    .returning({ id: problem.id });
  const [local] = await t.db
    .insert(problem)
    .values({ problemId: 'LOCAL-WAIT-1', title: 'A+B', author: 'root', source: '' })
    .returning({ id: problem.id });
  remotePid = cf!.id;
  localPid = local!.id;
  await replaceAccounts(t.db, { CF: { usernames: ['cf-a'], passwords: ['pa'] } });
});
afterAll(() => t.close());

describe('remote account wait timeout (reference §10.1)', () => {
  it('is a scheduled job, run every minute', () => {
    expect(job).toBeDefined();
    expect(job.schedule).toBe('* * * * *');
  });

  it('ends a remote submission pending for more than ten minutes in Submitted Failed, with HOJ text', async () => {
    const late = await submit(remotePid, 11 * MINUTE);
    const recent = await submit(remotePid, 9 * MINUTE);
    const local = await submit(localPid, 60 * MINUTE);
    const running = await submit(remotePid, 30 * MINUTE, JudgeStatus.JUDGING);
    // the account that submission holds stays held: it was never this submission's
    await t.db.update(remoteJudgeAccount).set({ status: false, leaseOwner: `judge:${running}:1` });

    const log = recordingLog();
    await job.run({ db: t.db, now, period: now, dataDir: '/nonexistent', log, options: {} });

    const ended = await row(late);
    expect(ended.status).toBe(JudgeStatus.SUBMITTED_FAILED);
    expect(ended.errorMessage).toBe(REMOTE_MESSAGES.accountWaitTimeout);
    expect(ended.errorMessage).toBe('Waiting for account scheduling timeout');
    expect((await row(recent)).status).toBe(JudgeStatus.PENDING);
    // a local problem's submission waits for a local worker, however long: not this rule
    expect((await row(local)).status).toBe(JudgeStatus.PENDING);
    expect((await row(running)).status).toBe(JudgeStatus.JUDGING);
    const [account] = await t.db.select().from(remoteJudgeAccount);
    expect(account!.leaseOwner).toBe(`judge:${running}:1`);
    expect(log.entries.some((e) => e.fields['ended'] === 1)).toBe(true);
  });

  it('counts the wait from a rejudge, not from the first submission', async () => {
    const id = await submit(remotePid, 60 * MINUTE);
    await t.db
      .update(judge)
      .set({ gmtModified: new Date(now.getTime() - 2 * MINUTE) })
      .where(eq(judge.submitId, id));
    await job.run({ db: t.db, now, period: now, dataDir: '/nonexistent', log: recordingLog(), options: {} });
    expect((await row(id)).status).toBe(JudgeStatus.PENDING);
  });
});
