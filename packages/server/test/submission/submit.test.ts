import { eq } from 'drizzle-orm';
import { JudgeStatus } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  judge,
  systemConfig,
  training,
  trainingProblem,
  trainingRecord,
  trainingRegister,
} from '../../src/db/schema/index.ts';
import { CPP, createProblem, createWorld, submit, type World } from '../problem/fixtures.ts';

let w: World;
let hidden: { pid: number; problemId: string };

const post = (token: string | undefined, payload: object) =>
  w.call<{ submitId: number; status: number; priority?: number }>('POST', '/api/submit-problem-judge', {
    token,
    payload: { pid: 'P1000', language: 'C++', code: CPP, cid: 0, isRemote: false, ...payload },
  });

async function setSwitch(values: Record<string, unknown>) {
  const [row] = await w.t.db.select().from(systemConfig).where(eq(systemConfig.name, 'switch'));
  await w.t.db
    .update(systemConfig)
    .set({ value: { ...(row!.value as object), ...values } })
    .where(eq(systemConfig.name, 'switch'));
}

beforeAll(async () => {
  w = await createWorld();
  hidden = await createProblem(w, { problemId: 'HID-1', auth: 2 });
  await createProblem(w, { problemId: 'CON-1', auth: 3 });
});
afterAll(() => w.t.close());

describe('submit (spec part 1 §4, §5; reference §3.4 submit-problem-judge, §6.1)', () => {
  it('queues a Pending submission at ordinary priority, which a judge worker claims', async () => {
    w.clock.advance(60_000);
    const res = await post(w.tokens.alice, { pid: 'p1000' });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      status: JudgeStatus.PENDING,
      displayPid: 'P1000',
      username: 'alice',
      language: 'C++',
      length: CPP.length,
      cid: 0,
      share: false,
      code: CPP,
    });
    expect(res.data).not.toHaveProperty('priority');
    expect(res.data).not.toHaveProperty('leaseOwner');
    const [row] = await w.t.db.select().from(judge).where(eq(judge.submitId, res.data.submitId));
    expect(row!.priority).toBe(2);
    expect(row!.submitTime.getTime()).toBe(w.clock.now().getTime());
    const task = await w.judge.claimSubmission();
    expect(task.submitId).toBe(res.data.submitId);
    await w.judge.finish(task, { status: JudgeStatus.ACCEPTED });
  });

  it('needs a login and the submit permission (reference §2: no-submit roles get HTTP 403)', async () => {
    expect((await post(undefined, {})).http).toBe(401);
    const refused = await post(w.tokens.noSubmit, {});
    expect(refused.http).toBe(403);
    expect(refused.status).toBe(403);
  });

  it('obeys the public judge switch (reference §6.1 step 1, §7.14)', async () => {
    await setSwitch({ openPublicJudge: false });
    w.clock.advance(60_000);
    const res = await post(w.tokens.alice, {});
    expect(res.http).toBe(403);
    expect(res.msg).toBe(
      'Judging is closed on this site at the moment: submitting and testing are disabled!',
    );
    await setSwitch({ openPublicJudge: true });
  });

  it('checks the code: not blank, at least 50 characters except script languages, at most 65535', async () => {
    w.clock.advance(60_000);
    expect((await post(w.tokens.alice, { code: '   ' })).msg).toBe('Code can not be empty');
    const short = await w.call('POST', '/api/submit-problem-judge', {
      token: w.tokens.alice,
      lang: 'zh',
      payload: { pid: 'P1000', language: 'C++', code: 'int main(){}', cid: 0 },
    });
    expect(short.status).toBe(400);
    expect(short.msg).toBe('代码字符长度请不要低于50');
    expect((await post(w.tokens.alice, { code: 'x'.repeat(65536) })).msg).toBe(
      'Code Length can not exceed 65535',
    );
    const python = await post(w.tokens.alice, {
      language: 'Python3',
      code: 'print(sum(map(int,input().split())))',
    });
    expect(python.status).toBe(200);
    await w.judge.judgeNext({ status: JudgeStatus.ACCEPTED });
  });

  it('takes only a language the problem offers', async () => {
    w.clock.advance(60_000);
    const made = await createProblem(w, { problemId: 'LANG-1' });
    const res = await post(w.tokens.alice, { pid: made.problemId, language: 'Java' });
    expect(res.status).toBe(400);
    expect(res.msg).toBe('This problem does not accept code in that language!');
    expect((await post(w.tokens.alice, { pid: made.problemId, language: 'Klingon' })).status).toBe(400);
  });

  it('keeps a user to the submission interval, measured with the clock (reference §6.1 step 4)', async () => {
    w.clock.advance(60_000);
    expect((await post(w.tokens.bob, {})).status).toBe(200);
    w.clock.advance(7_000);
    const tooSoon = await post(w.tokens.bob, {});
    expect(tooSoon.status).toBe(403);
    expect(tooSoon.msg).toBe('Sorry, you are submitting too often, please try again later!');
    // another user is not held up
    expect((await post(w.tokens.alice, {})).status).toBe(200);
    w.clock.advance(1_000);
    expect((await post(w.tokens.bob, {})).status).toBe(200);
    await setSwitch({ defaultSubmitInterval: 0 });
    expect((await post(w.tokens.bob, {})).status).toBe(200);
    await setSwitch({ defaultSubmitInterval: 8 });
    for (let i = 0; i < 4; i++) await w.judge.judgeNext({ status: JudgeStatus.WRONG_ANSWER });
  });

  it('lets only one of two simultaneous submissions through the interval', async () => {
    w.clock.advance(60_000);
    const results = await Promise.all([post(w.tokens.alice, {}), post(w.tokens.alice, {})]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 403]);
    await w.judge.judgeNext({ status: JudgeStatus.ACCEPTED });
  });

  it('refuses unknown, hidden (except to the admin roles) and contest-only problems (reference §13.21)', async () => {
    w.clock.advance(60_000);
    expect((await post(w.tokens.alice, { pid: 'NOPE-1' })).status).toBe(404);
    expect((await post(w.tokens.alice, { pid: hidden.problemId })).status).toBe(403);
    expect((await post(w.tokens.admin, { pid: hidden.problemId })).status).toBe(200);
    for (const token of [w.tokens.alice, w.tokens.root, w.tokens.problemAdmin]) {
      const res = await post(token, { pid: 'CON-1' });
      expect(res.status).toBe(403);
      expect(res.msg).toBe('This is a contest problem: it can only be submitted in its contest!');
    }
    await w.judge.judgeNext({ status: JudgeStatus.ACCEPTED });
  });

  it('answers contests and groups with "not available yet", after their switches', async () => {
    w.clock.advance(60_000);
    expect((await post(w.tokens.alice, { cid: 1000 })).msg).toBe('Contests are not available yet.');
    expect((await post(w.tokens.alice, { gid: 1000 })).msg).toBe('Groups are not available yet.');
    await setSwitch({ openContestJudge: false });
    expect((await post(w.tokens.alice, { cid: 1000 })).http).toBe(403);
    await setSwitch({ openContestJudge: true });
  });

  it('refuses malformed bodies with HTTP 400', async () => {
    expect((await post(w.tokens.alice, { language: '' })).http).toBe(400);
    expect((await post(w.tokens.alice, { code: 12 })).http).toBe(400);
  });

  it('records submissions in the private trainings of the user and through a training (reference §6.1 step 5)', async () => {
    const [priv] = await w.t.db
      .insert(training)
      .values({ title: 'Club', author: 'root', auth: 'Private', privatePwd: 'pw' })
      .returning();
    const [tp] = await w.t.db
      .insert(trainingProblem)
      .values({ tid: priv!.id, pid: w.p1000, displayId: 'P1000' })
      .returning();
    // not registered: no access through the training, no record on a plain submission
    w.clock.advance(60_000);
    expect((await post(w.tokens.bob, { tid: priv!.id })).status).toBe(403);
    const plain = await post(w.tokens.bob, {});
    expect(
      await w.t.db.select().from(trainingRecord).where(eq(trainingRecord.submitId, plain.data.submitId)),
    ).toEqual([]);
    await w.t.db.insert(trainingRegister).values({ tid: priv!.id, uid: w.uids.bob });
    w.clock.advance(60_000);
    const through = await post(w.tokens.bob, { tid: priv!.id });
    expect(through.status).toBe(200);
    const records = await w.t.db
      .select()
      .from(trainingRecord)
      .where(eq(trainingRecord.submitId, through.data.submitId));
    expect(records).toMatchObject([{ tid: priv!.id, tpid: tp!.id, pid: w.p1000, uid: w.uids.bob }]);
    w.clock.advance(60_000);
    expect((await post(w.tokens.bob, { tid: priv!.id, pid: 'HID-1' })).status).toBe(404);
    await w.judge.judgeNext({ status: JudgeStatus.ACCEPTED });
    await w.judge.judgeNext({ status: JudgeStatus.ACCEPTED });
  });

  it('accepts the optional captcha field without requiring it (the reference asks for none on submit)', async () => {
    const res = await submit(w, w.tokens.alice, 'P1000');
    expect(res.status).toBe(200);
    w.clock.advance(60_000);
    expect((await post(w.tokens.alice, { captcha: 'abcd' })).status).toBe(200);
  });
});
