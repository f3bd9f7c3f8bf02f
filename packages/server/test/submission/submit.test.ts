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
import { captchaAnswer } from '../account/support.ts';
import { createUser } from '../helpers/users.ts';
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
    expect(res.data).not.toHaveProperty('problemHidden');
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

  it('answers an unknown contest, and a public problem sent to a group, after their switches', async () => {
    w.clock.advance(60_000);
    expect((await post(w.tokens.alice, { cid: 1000 })).msg).toBe('The contest does not exist!');
    // issue 27: the problem is not that group's
    expect((await post(w.tokens.alice, { gid: 1000 })).status).toBe(404);
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

  it('accepts a captcha nobody asked for without requiring one (the reference asks for none on submit)', async () => {
    const res = await submit(w, w.tokens.alice, 'P1000');
    expect(res.status).toBe(200);
    w.clock.advance(60_000);
    expect((await post(w.tokens.alice, { captcha: 'abcd', captchaKey: 'nope' })).status).toBe(200);
    await w.judge.judgeNext({ status: JudgeStatus.ACCEPTED });
    await w.judge.judgeNext({ status: JudgeStatus.ACCEPTED });
  });
});

describe('the captcha of fast submitters (spec part 1 §3 submit payload captcha, §8 too-fast operation)', () => {
  const TOO_FAST_EN = 'Speed too fast, may be machine operation! Please verify again!';
  const TOO_FAST_ZH = '操作速度过快，可能是机器操作！请重新验证！';
  let token: string;

  const submitsOf = async (uid: string) =>
    (await w.t.db.select({ id: judge.submitId }).from(judge).where(eq(judge.uid, uid))).length;

  /** A new image captcha from GET /api/captcha and the answer the server keeps for it. */
  async function freshCaptcha() {
    const res = await w.call<{ img: string; captchaKey: string }>('GET', '/api/captcha');
    expect(res.data.img).toMatch(/^data:image\/png;base64,/);
    return { captchaKey: res.data.captchaKey, answer: await captchaAnswer(w.t.db, res.data.captchaKey) };
  }

  /** `n` quick submissions, one second apart, all let through. */
  async function submitQuickly(n: number) {
    for (let i = 0; i < n; i++) {
      w.clock.advance(1_000);
      expect((await post(token, {})).status).toBe(200);
    }
  }

  let uid: string;
  beforeAll(async () => {
    uid = await createUser(w.t.db, { username: 'speedy' });
    token = await w.t.app.auth.openSession(uid, { userAgent: 'vitest', ip: '127.0.0.1' });
    // only the captcha is under test here, not the 8 s interval
    await setSwitch({ defaultSubmitInterval: 0 });
  });
  afterAll(() => setSwitch({ defaultSubmitInterval: 8 }));

  it('asks for a captcha from the 11th submission within 60 s (the defaults), in both languages', async () => {
    w.clock.advance(120_000);
    await submitQuickly(10);
    w.clock.advance(1_000);
    const refused = await post(token, {});
    expect(refused).toMatchObject({
      http: 200,
      status: 403,
      msg: TOO_FAST_EN,
      data: { captchaRequired: true },
    });
    const zh = await w.call('POST', '/api/submit-problem-judge', {
      token,
      lang: 'zh',
      payload: { pid: 'P1000', language: 'C++', code: CPP, cid: 0 },
    });
    expect(zh).toMatchObject({ status: 403, msg: TOO_FAST_ZH, data: { captchaRequired: true } });
    expect(await submitsOf(uid)).toBe(10);
  });

  it('refuses a wrong answer with a clear message, uses that captcha up, and takes a right one', async () => {
    const first = await freshCaptcha();
    const wrongAnswer = String(Number(first.answer) + 1);
    const wrong = await post(token, { captcha: wrongAnswer, captchaKey: first.captchaKey });
    expect(wrong).toMatchObject({
      status: 403,
      msg: 'The captcha is incorrect',
      data: { captchaRequired: true },
    });
    // one attempt per captcha: the right answer to the same captcha is too late now
    const replay = await post(token, { captcha: first.answer, captchaKey: first.captchaKey });
    expect(replay).toMatchObject({
      status: 403,
      msg: 'The captcha has expired, please refresh it!',
      data: { captchaRequired: true },
    });
    expect(await submitsOf(uid)).toBe(10);

    const second = await freshCaptcha();
    const passed = await post(token, { captcha: ` ${second.answer} `, captchaKey: second.captchaKey });
    expect(passed.status).toBe(200);
    expect(passed.data).not.toHaveProperty('captchaRequired');
    expect(await submitsOf(uid)).toBe(11);
  });

  it('clears the requirement after a right answer, until the user is fast again', async () => {
    // the count starts again after the solved captcha: ten more go through without one
    await submitQuickly(10);
    w.clock.advance(1_000);
    expect((await post(token, {})).data).toEqual({ captchaRequired: true });
  });

  it('forgets submissions older than the window', async () => {
    w.clock.advance(61_000);
    expect((await post(token, {})).status).toBe(200);
  });

  it('follows the threshold and window in system_config; 0 turns the captcha off', async () => {
    await setSwitch({ submitCaptchaThreshold: 2, submitCaptchaWindow: 600 });
    w.clock.advance(601_000);
    await submitQuickly(2);
    w.clock.advance(300_000);
    expect((await post(token, {})).data).toEqual({ captchaRequired: true });
    await setSwitch({ submitCaptchaThreshold: 0 });
    expect((await post(token, {})).status).toBe(200);
    await setSwitch({ submitCaptchaThreshold: 10, submitCaptchaWindow: 60 });
  });

  it('counts simultaneous submissions one after another: only one slips in under the threshold', async () => {
    await setSwitch({ submitCaptchaThreshold: 2 });
    w.clock.advance(120_000);
    await submitQuickly(1);
    const before = await submitsOf(uid);
    const results = await Promise.all([post(token, {}), post(token, {})]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 403]);
    expect(await submitsOf(uid)).toBe(before + 1);
    await setSwitch({ submitCaptchaThreshold: 10 });
  });
});
