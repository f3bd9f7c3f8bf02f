import { and, eq } from 'drizzle-orm';
import type { TrainingAccessVO } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trainingProblem, trainingRecord, trainingRegister } from '../../src/db/schema/index.ts';
import { CPP } from '../problem/fixtures.ts';
import {
  AC,
  CALLERS,
  outcome,
  PASSWORD,
  trainingWorld,
  WA,
  type Caller,
  type TrainingWorld,
} from './support.ts';

let tw: TrainingWorld;
let priv: number;
let pub: number;

beforeAll(async () => {
  tw = await trainingWorld();
  priv = await tw.training({ title: 'Secret', auth: 'Private', privatePwd: PASSWORD });
  pub = await tw.training({ title: 'Open' });
  // a hidden problem inside the private training (the admin calls refuse to add one; reference §7.7)
  await tw.w.t.db
    .insert(trainingProblem)
    .values({ tid: priv, pid: tw.hidden.pid, displayId: 'TR-H', rank: 9 });
  expect((await tw.register('bob', priv)).status).toBe(200);
});
afterAll(() => tw.w.t.close());

/** Every participant call of one training as `who`; a submission made is judged at once. */
async function outcomes(who: Caller, tid: number) {
  const submit = await tw.call<{ submitId: number }>(who, 'POST', '/api/submit-problem-judge', {
    pid: 'TR-1',
    language: 'C++',
    code: CPP,
    cid: 0,
    tid,
    isRemote: false,
  });
  if (submit.status === 200) await tw.w.judge.judgeNext({ status: WA, time: 1, memory: 1 });
  tw.w.clock.advance(60_000);
  return {
    detail: outcome(await tw.call(who, 'GET', `/api/get-training-detail?tid=${tid}`)),
    problems: outcome(await tw.call(who, 'GET', `/api/get-training-problem-list?tid=${tid}`)),
    problem: outcome(
      await tw.call(who, 'GET', `/api/get-training-problem-details?tid=${tid}&problemId=TR-1`),
    ),
    rank: outcome(await tw.call(who, 'GET', `/api/get-training-rank?tid=${tid}`)),
    submit: outcome(submit),
    access:
      who === 'anonymous'
        ? outcome(await tw.call(who, 'GET', `/api/get-training-access?tid=${tid}`))
        : (await tw.call<TrainingAccessVO>(who, 'GET', `/api/get-training-access?tid=${tid}`)).data.access,
  };
}

const ALL_OK = { detail: 'ok', problems: 'ok', problem: 'ok', rank: 'ok', submit: 'ok', access: true };
const LOGIN = {
  detail: 'login',
  problems: 'login',
  problem: 'login',
  rank: 'login',
  submit: 'login',
  access: 'login',
};

describe('reference §7.13: private trainings need registration, except for the author and root', () => {
  it('answers each call of a Private training as each caller', async () => {
    const table: Record<string, unknown> = {};
    for (const who of CALLERS) table[who] = await outcomes(who, priv);
    expect(table).toEqual({
      anonymous: LOGIN,
      // issue 24 item 2: the detail is answered (so a client can ask for the password); the rest is closed
      alice: {
        detail: 'ok',
        problems: 'body 403',
        problem: 'body 403',
        rank: 'body 403',
        submit: 'body 403',
        access: false,
      },
      bob: ALL_OK,
      admin: ALL_OK,
      root: ALL_OK,
    });
  });

  it('answers each call of a Public training as each caller (login still required, §3.5)', async () => {
    const table: Record<string, unknown> = {};
    for (const who of CALLERS) table[who] = await outcomes(who, pub);
    expect(table).toEqual({ anonymous: LOGIN, alice: ALL_OK, bob: ALL_OK, admin: ALL_OK, root: ALL_OK });
  });

  it('says why: not registered, in the caller language', async () => {
    const res = await tw.w.call('GET', `/api/get-training-problem-list?tid=${priv}`, {
      token: tw.w.tokens.alice,
    });
    expect(res).toMatchObject({
      status: 403,
      msg: 'Sorry, please register for this private training first!',
    });
    const zh = await tw.w.call('GET', `/api/get-training-rank?tid=${priv}`, {
      token: tw.w.tokens.alice,
      lang: 'zh',
    });
    expect(zh.msg).toBe('对不起，请你先注册该私有训练！');
  });

  it('answers an unknown or hidden training as missing, and a malformed id with HTTP 400', async () => {
    for (const url of [
      '/api/get-training-detail?tid=999',
      '/api/get-training-problem-list?tid=999',
      '/api/get-training-rank?tid=999',
      '/api/get-training-access?tid=999',
      '/api/get-training-problem-details?tid=999&problemId=TR-1',
    ]) {
      expect((await tw.call('bob', 'GET', url)).status, url).toBe(404);
    }
    expect((await tw.call('bob', 'GET', '/api/get-training-detail?tid=abc')).http).toBe(400);
    const hidden = await tw.training({ title: 'Hidden', status: false });
    expect((await tw.call('alice', 'GET', `/api/get-training-detail?tid=${hidden}`)).status).toBe(404);
    expect((await tw.call('root', 'GET', `/api/get-training-detail?tid=${hidden}`)).status).toBe(200);
  });
});

describe('issue 24 item 2: entering a private training from HOJ’s client', () => {
  it('answers the detail before registration (never the password); problems, rank and submit open after it', async () => {
    const tid = await tw.training({ title: 'Members only', auth: 'Private', privatePwd: 'open-sesame-24' });
    const detail = await tw.call<Record<string, unknown>>(
      'alice',
      'GET',
      `/api/get-training-detail?tid=${tid}`,
    );
    expect(detail).toMatchObject({
      http: 200,
      status: 200,
      data: { id: tid, title: 'Members only', auth: 'Private', author: expect.any(String) },
    });
    expect(JSON.stringify(detail)).not.toContain('open-sesame-24');
    expect(Object.keys(detail.data)).not.toContain('privatePwd');
    // HOJ's client asks for access, then shows the password form
    expect(
      (await tw.call<TrainingAccessVO>('alice', 'GET', `/api/get-training-access?tid=${tid}`)).data,
    ).toEqual({
      access: false,
    });
    for (const url of [`/api/get-training-problem-list?tid=${tid}`, `/api/get-training-rank?tid=${tid}`]) {
      expect((await tw.call('alice', 'GET', url)).status, url).toBe(403);
    }
    // the page reloaded: the id comes as a string (issue 24 item 1)
    const wrong = await tw.call('alice', 'POST', '/api/register-training', {
      tid: String(tid),
      password: 'nope',
    });
    expect(wrong.status).toBe(400);
    const registered = await tw.call('alice', 'POST', '/api/register-training', {
      tid: String(tid),
      password: 'open-sesame-24',
    });
    expect(registered.status).toBe(200);
    expect((await tw.call('alice', 'GET', `/api/get-training-problem-list?tid=${tid}`)).status).toBe(200);
    expect((await tw.call('alice', 'GET', `/api/get-training-rank?tid=${tid}`)).status).toBe(200);
  });

  it('still answers a hidden or missing training as missing, and a banned registration keeps the rest closed', async () => {
    const hidden = await tw.training({
      title: 'Hidden private',
      auth: 'Private',
      privatePwd: 'x',
      status: false,
    });
    expect((await tw.call('alice', 'GET', `/api/get-training-detail?tid=${hidden}`)).status).toBe(404);
    const tid = await tw.training({ title: 'Banned here', auth: 'Private', privatePwd: PASSWORD });
    expect((await tw.register('alice', tid)).status).toBe(200);
    await tw.w.t.db
      .update(trainingRegister)
      .set({ status: false })
      .where(and(eq(trainingRegister.tid, tid), eq(trainingRegister.uid, tw.w.uids.alice)));
    expect((await tw.call('alice', 'GET', `/api/get-training-detail?tid=${tid}`)).status).toBe(200);
    expect((await tw.call('alice', 'GET', `/api/get-training-problem-list?tid=${tid}`)).status).toBe(403);
  });
});

describe('reference §7.7, §7.13: only public problems inside a training', () => {
  it('lists and opens public problems only; a hidden one is refused to participants, shown to admins', async () => {
    const ids = async (who: Caller) =>
      (
        await tw.call<{ problemId: string }[]>(who, 'GET', `/api/get-training-problem-list?tid=${priv}`)
      ).data.map((p) => p.problemId);
    expect(await ids('bob')).toEqual(['TR-1', 'TR-2', 'TR-3']);
    expect(await ids('admin')).toEqual(['TR-1', 'TR-2', 'TR-3', 'TR-H']);
    const detail = await tw.call(
      'bob',
      'GET',
      `/api/get-training-problem-details?tid=${priv}&problemId=TR-H`,
    );
    expect(detail).toMatchObject({ status: 403, msg: 'This problem is not public and cannot be accessed!' });
    const inside = await tw.call<{ problem: { problemId: string } }>(
      'bob',
      'GET',
      `/api/get-training-problem-details?tid=${priv}&problemId=tr-2`,
    );
    expect(inside.data.problem.problemId).toBe('TR-2');
    const notThere = await tw.call(
      'bob',
      'GET',
      `/api/get-training-problem-details?tid=${pub}&problemId=P1000`,
    );
    expect(notThere).toMatchObject({ status: 404, msg: 'This problem is not part of the training!' });
    tw.w.clock.advance(60_000);
    const submit = await tw.call('bob', 'POST', '/api/submit-problem-judge', {
      pid: 'TR-H',
      language: 'C++',
      code: CPP,
      cid: 0,
      tid: priv,
      isRemote: false,
    });
    expect(submit.status).not.toBe(200);
  });
});

describe('reference §3.5 register-training, §7.13', () => {
  it('refuses a wrong or empty password, an unknown, hidden or public training, and a second registration', async () => {
    const wrong = await tw.register('alice', priv, 'guess');
    expect(wrong).toMatchObject({ status: 400, msg: 'The training password is wrong, please try again!' });
    expect(await tw.register('alice', priv, '')).toMatchObject({
      status: 400,
      msg: 'Enter the training password!',
    });
    expect((await tw.register('alice', 999)).status).toBe(404);
    expect((await tw.register('alice', pub)).msg).toBe('This training is public: no registration is needed!');
    const hidden = await tw.training({
      title: 'Closed',
      auth: 'Private',
      privatePwd: PASSWORD,
      status: false,
    });
    expect((await tw.register('alice', hidden)).status).toBe(404);
    expect((await tw.register('bob', priv)).msg).toBe('You have already registered for this training!');
    expect((await tw.register('anonymous', priv)).http).toBe(401);
    expect((await tw.call('alice', 'POST', '/api/register-training', { tid: 'x', password: 'y' })).http).toBe(
      400,
    );
  });

  it('refuses a banned registration, and a banned user may not use the training', async () => {
    const tid = await tw.training({ title: 'Banned', auth: 'Private', privatePwd: PASSWORD });
    await tw.w.t.db.insert(trainingRegister).values({ tid, uid: tw.w.uids.noSubmit, status: false });
    const again = await tw.w.call('POST', '/api/register-training', {
      token: tw.w.tokens.noSubmit,
      payload: { tid, password: PASSWORD },
    });
    expect(again).toMatchObject({ status: 403, msg: 'Sorry, you have been banned from this training!' });
    // its detail is shown (issue 24 item 2); using it is not
    const problems = await tw.w.call('GET', `/api/get-training-problem-list?tid=${tid}`, {
      token: tw.w.tokens.noSubmit,
    });
    expect(problems).toMatchObject({ status: 403, msg: 'Sorry, you have been banned from this training!' });
    const access = await tw.w.call<TrainingAccessVO>('GET', `/api/get-training-access?tid=${tid}`, {
      token: tw.w.tokens.noSubmit,
    });
    expect(access.data.access).toBe(false);
  });

  it('back-fills the records of earlier submissions of its problems on registering', async () => {
    const tid = await tw.training({ title: 'Late', auth: 'Private', privatePwd: PASSWORD });
    const ac = await tw.solve('alice', 'TR-1', AC);
    const wa = await tw.solve('alice', 'TR-2', WA);
    const records = () =>
      tw.w.t.db
        .select({ submitId: trainingRecord.submitId })
        .from(trainingRecord)
        .where(and(eq(trainingRecord.tid, tid), eq(trainingRecord.uid, tw.w.uids.alice)));
    expect(await records()).toEqual([]);
    expect((await tw.register('alice', tid)).status).toBe(200);
    expect((await records()).map((r) => r.submitId).sort()).toEqual(expect.arrayContaining([ac, wa]));
    const rank = await tw.call<{ records: { username: string; ac: number }[] }>(
      'alice',
      'GET',
      `/api/get-training-rank?tid=${tid}`,
    );
    expect(rank.data.records).toContainEqual(expect.objectContaining({ username: 'alice', ac: 1 }));
    // later submissions are recorded as they are made (reference §6.1 step 5)
    const later = await tw.solve('alice', 'TR-3', AC);
    expect((await records()).map((r) => r.submitId)).toContain(later);
  });
});
