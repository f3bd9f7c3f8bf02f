import { eq } from 'drizzle-orm';
import { JudgeStatus, MANUAL_JUDGE_STATUSES } from '@verdict/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  contest,
  contestProblem,
  contestRecord,
  judge,
  judgeCase,
  judgeStatusCount,
  training,
  trainingProblem,
  trainingRecord,
  trainingRegister,
  userAcproblem,
} from '../../src/db/schema/index.ts';
import {
  SCOPES,
  scopesOf,
  trainingScope,
  type ScopeName,
} from '../../src/modules/submission/lifecycle/scopes.ts';
import { allows, JUDGED_STATUSES, TRANSITIONS } from '../../src/modules/submission/lifecycle/states.ts';
import * as lifecycle from '../../src/modules/submission/lifecycle/transitions.ts';
import { createUser } from '../helpers/users.ts';
import { createProblem, createWorld, submit, type World } from '../problem/fixtures.ts';

let w: World;
const S = JudgeStatus;

beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w.t.close());
afterEach(() => vi.restoreAllMocks());

const row = async (submitId: number) =>
  (await w.t.db.select().from(judge).where(eq(judge.submitId, submitId)))[0]!;
const acRows = (submitId: number) =>
  w.t.db.select().from(userAcproblem).where(eq(userAcproblem.submitId, submitId));
const recordOf = async (submitId: number) =>
  (await w.t.db.select().from(contestRecord).where(eq(contestRecord.submitId, submitId)))[0];
const acCount = async () =>
  (await w.t.db.select().from(judgeStatusCount).where(eq(judgeStatusCount.status, S.ACCEPTED)))[0]?.n ?? 0;

async function judged(status: number, token = w.tokens.alice) {
  const id = (await submit(w, token, 'P1000')).data.submitId;
  const task = await w.judge.claimSubmission();
  expect(task.submitId).toBe(id);
  expect(await w.judge.finish(task, { status })).toBe(true);
  return id;
}

type Hook = 'onCreated' | 'onFinal' | 'onRequeued';
const HOOKS: Hook[] = ['onCreated', 'onFinal', 'onRequeued'];

/** The counts `spyHooks().calls()` should give: `hook` once in each of `scopes`, nothing else. */
const calledOnce = (hook?: Hook, ...scopes: ScopeName[]) =>
  Object.fromEntries(
    (Object.keys(SCOPES) as ScopeName[]).map((name) => [
      name,
      HOOKS.map((h) => (h === hook && scopes.includes(name) ? 1 : 0)),
    ]),
  );

/** Counts the calls of every hook of every scope (the real hooks still run: spies, not mocks). */
function spyHooks() {
  const spies = {} as Record<ScopeName, Record<Hook, ReturnType<typeof vi.spyOn>>>;
  for (const name of Object.keys(SCOPES) as ScopeName[]) {
    const hooks = SCOPES[name];
    spies[name] = {
      onCreated: vi.spyOn(hooks, 'onCreated'),
      onFinal: vi.spyOn(hooks, 'onFinal'),
      onRequeued: vi.spyOn(hooks, 'onRequeued'),
    };
  }
  const calls = () =>
    Object.fromEntries(
      Object.entries(spies).map(([name, s]) => [name, HOOKS.map((h) => s[h].mock.calls.length)]),
    );
  const reset = () => Object.values(spies).forEach((s) => Object.values(s).forEach((spy) => spy.mockClear()));
  return { spies, calls, reset };
}

/** A running contest with P1000 as problem A, and a Pending contest submission of alice made by `create`. */
async function contestSubmission(startOffsetMs: number) {
  const now = w.clock.now();
  const [c] = await w.t.db
    .insert(contest)
    .values({
      uid: '1',
      title: 'Lifecycle cup',
      startTime: new Date(now.getTime() - startOffsetMs),
      endTime: new Date(now.getTime() + 3_600_000),
    })
    .returning();
  const [cp] = await w.t.db
    .insert(contestProblem)
    .values({ cid: c!.id, pid: w.p1000, displayId: 'A', displayTitle: 'A' })
    .returning();
  const created = await w.t.db.transaction((tx) =>
    lifecycle.create(tx, {
      pid: w.p1000,
      displayPid: 'A',
      uid: w.uids.alice,
      username: 'alice',
      submitTime: now,
      code: 'int main() { return 0; } // a contest submission of at least fifty chars',
      language: 'C++',
      cid: c!.id,
      cpid: cp!.id,
      priority: 3,
    }),
  );
  return created;
}

describe('the transition table (ARCHITECTURE "Submission lifecycle"; reference §6.3, §6.4, §8.3)', () => {
  it('allows exactly the edges of the diagram', () => {
    const unfinished = [S.PENDING, S.COMPILING, S.JUDGING];
    expect(allows('create', null, S.PENDING)).toBe(true);
    expect(allows('claim', S.PENDING, S.COMPILING)).toBe(true);
    expect(allows('claim', S.COMPILING)).toBe(false); // only once its lease ran out: reclaim
    expect(allows('reclaim', S.JUDGING, S.COMPILING)).toBe(true);
    expect(allows('progress', S.COMPILING, S.JUDGING)).toBe(true);
    expect(allows('progress', S.ACCEPTED)).toBe(false);
    for (const s of unfinished) expect(allows('judge', s, S.WRONG_ANSWER)).toBe(true);
    for (const s of JUDGED_STATUSES) expect(allows('judge', s)).toBe(false); // §8.3: a result lands once
    expect(allows('judge', S.JUDGING, S.PENDING)).toBe(false);
    // §6.4 rejudge: from anything, back to Pending
    for (const s of [...unfinished, ...JUDGED_STATUSES]) expect(allows('rejudge', s, S.PENDING)).toBe(true);
    // Verdict's resubmit: only after the judge failed
    expect(TRANSITIONS.resubmit.from).toEqual([S.SYSTEM_ERROR, S.SUBMITTED_FAILED]);
    // §6.4 manual judge: refused for 5, 6, 7 and -2; only the statuses of spec part 1 §4
    for (const s of [...unfinished, S.COMPILE_ERROR]) expect(allows('manualJudge', s)).toBe(false);
    for (const s of [S.ACCEPTED, S.WRONG_ANSWER, S.SYSTEM_ERROR, S.CANCELLED])
      expect(allows('manualJudge', s, S.ACCEPTED)).toBe(true);
    expect(TRANSITIONS.manualJudge.to).toEqual(MANUAL_JUDGE_STATUSES);
    expect(allows('manualJudge', S.WRONG_ANSWER, S.CANCELLED)).toBe(false);
    // §6.4 cancel: to Cancelled only (the live-lease guard is not a status)
    expect(allows('cancel', S.ACCEPTED, S.CANCELLED)).toBe(true);
    expect(allows('cancel', S.ACCEPTED, S.WRONG_ANSWER)).toBe(false);
  });

  it('puts a submission in one of public / contest, plus training and group', () => {
    expect(scopesOf({ cid: 0, gid: null })).toEqual(['public', 'training']);
    expect(scopesOf({ cid: 7, gid: null })).toEqual(['contest']);
    expect(scopesOf({ cid: 0, gid: 3 })).toEqual(['training', 'group']);
    expect(scopesOf({ cid: 7, gid: 3 })).toEqual(['contest', 'group']);
  });
});

describe('scope hooks (reference §6.1, §6.4, §8.3)', () => {
  it('are called once per transition, by the scopes the submission is in', async () => {
    const hooks = spyHooks();
    const id = (await submit(w, w.tokens.alice, 'P1000')).data.submitId;
    expect(hooks.calls()).toEqual(calledOnce('onCreated', 'public', 'training'));
    hooks.reset();

    const task = await w.judge.claimSubmission();
    await w.judge.finish(task, { status: S.ACCEPTED });
    expect(hooks.calls()).toEqual(calledOnce('onFinal', 'public', 'training'));
    expect(hooks.spies.public.onFinal.mock.calls[0]![1]).toMatchObject({
      kind: 'judged',
      before: { status: S.COMPILING },
      after: { status: S.ACCEPTED },
    });
    hooks.reset();

    // a duplicate of the same report changes nothing and calls nothing
    expect(await w.judge.finish(task, { status: S.ACCEPTED })).toBe(false);
    expect(hooks.calls()).toEqual(calledOnce());

    await w.call('GET', `/api/admin/judge/rejudge?submitId=${id}`, { token: w.tokens.root });
    expect(hooks.calls()).toEqual(calledOnce('onRequeued', 'public', 'training'));
    hooks.reset();

    await w.judge.judgeNext({ status: S.WRONG_ANSWER });
    hooks.reset();
    await w.call('GET', `/api/admin/judge/manual-judge?submitId=${id}&status=${S.ACCEPTED}`, {
      token: w.tokens.root,
    });
    expect(hooks.calls()).toEqual(calledOnce('onFinal', 'public', 'training'));
    expect(hooks.spies.public.onFinal.mock.calls[0]![1]).toMatchObject({ kind: 'manual' });
    hooks.reset();

    await w.call('GET', `/api/admin/judge/cancel-judge?submitId=${id}`, { token: w.tokens.root });
    expect(hooks.calls()).toEqual(calledOnce('onFinal', 'public', 'training'));
    expect(hooks.spies.public.onFinal.mock.calls[0]![1]).toMatchObject({ kind: 'cancelled' });
  });

  it('a bulk rejudge calls each scope once for all its submissions', async () => {
    await judged(S.ACCEPTED);
    await judged(S.WRONG_ANSWER, w.tokens.bob);
    const hooks = spyHooks();
    const res = await w.call<{ count: number }>('GET', `/api/admin/judge/rejudge-problem?pid=${w.p1000}`, {
      token: w.tokens.root,
    });
    expect(res.data.count).toBeGreaterThanOrEqual(2);
    expect(hooks.calls()).toEqual(calledOnce('onRequeued', 'public', 'training'));
    expect((hooks.spies.public.onRequeued.mock.calls[0]![1] as unknown[]).length).toBe(res.data.count);
    for (let i = 0; i < res.data.count; i++) await w.judge.judgeNext({ status: S.WRONG_ANSWER });
  });
});

describe('user_acproblem, written by the public scope only (reference §4.1, §6.4)', () => {
  it('a rejudge removes the row of the rejudged AC and keeps the others; a new AC adds it back', async () => {
    const first = await judged(S.ACCEPTED);
    const second = await judged(S.ACCEPTED);
    const wrong = await judged(S.WRONG_ANSWER);
    expect(await acRows(first)).toHaveLength(1);

    await w.call('GET', `/api/admin/judge/rejudge?submitId=${wrong}`, { token: w.tokens.root });
    expect(await acRows(first)).toHaveLength(1);
    expect(await acRows(second)).toHaveLength(1);
    await w.judge.judgeNext({ status: S.WRONG_ANSWER });

    await w.call('GET', `/api/admin/judge/rejudge?submitId=${first}`, { token: w.tokens.root });
    expect(await acRows(first)).toEqual([]);
    expect(await acRows(second)).toHaveLength(1); // another accepted submission of the same problem stays
    await w.judge.judgeNext({ status: S.ACCEPTED });
    expect(await acRows(first)).toHaveLength(1);
  });

  it('a duplicate result is applied once: one solved row, one count', async () => {
    const before = await acCount();
    const id = (await submit(w, w.tokens.bob, 'P1000')).data.submitId;
    const task = await w.judge.claimSubmission();
    const result = { status: S.ACCEPTED };
    const answers = await Promise.all([w.judge.finish(task, result), w.judge.finish(task, result)]);
    expect(answers.sort()).toEqual([false, true]);
    expect(await acRows(id)).toHaveLength(1);
    expect(Number(await acCount())).toBe(Number(before) + 1);
  });

  it('a stale report from an earlier attempt changes nothing (reference §6.4 rejudge while judging)', async () => {
    const id = (await submit(w, w.tokens.bob, 'P1000')).data.submitId;
    const stale = await w.judge.claimSubmission();
    await w.call('GET', `/api/admin/judge/rejudge?submitId=${id}`, { token: w.tokens.root });
    const hooks = spyHooks();
    expect(await w.judge.finish(stale, { status: S.ACCEPTED })).toBe(false);
    expect(hooks.calls()).toEqual(calledOnce());
    expect(await row(id)).toMatchObject({ status: S.PENDING, time: null });
    expect(await acRows(id)).toEqual([]);
    await w.judge.judgeNext({ status: S.WRONG_ANSWER });
  });
});

describe('manual judge and cancel go through the final step (reference §6.4)', () => {
  it('manual judge writes the verdict, the solved row and the contest record like a result', async () => {
    const made = await contestSubmission(90_000);
    const task = await w.judge.claimSubmission();
    expect(task.submitId).toBe(made.submitId);
    await w.judge.finish(task, { status: S.WRONG_ANSWER, time: 33 });
    expect(await recordOf(made.submitId)).toMatchObject({ status: -1, useTime: 33, score: null });

    const hooks = spyHooks();
    const manual = await lifecycle.manualJudge(w.t.db, 'root', {
      submitId: made.submitId,
      status: S.ACCEPTED,
    });
    expect(manual).toMatchObject({ status: S.ACCEPTED, isManual: true, judger: 'root' });
    expect(await recordOf(made.submitId)).toMatchObject({ status: 1, useTime: 33 });
    expect(hooks.calls()).toEqual(calledOnce('onFinal', 'contest'));
    expect(await acRows(made.submitId)).toEqual([]); // contest submissions never count as solved (§4.1)

    await lifecycle.cancel(w.t.db, 'root', made.submitId, w.clock.now());
    expect(await recordOf(made.submitId)).toMatchObject({ status: 0, score: null });
    expect(await row(made.submitId)).toMatchObject({ status: S.CANCELLED, isManual: true });
  });

  it('refuses a manual judge of a pending submission and a cancel under a live lease, changing nothing', async () => {
    const id = (await submit(w, w.tokens.alice, 'P1000')).data.submitId;
    await expect(
      lifecycle.manualJudge(w.t.db, 'root', { submitId: id, status: S.ACCEPTED }),
    ).rejects.toThrow();
    const task = await w.judge.claimSubmission();
    await expect(lifecycle.cancel(w.t.db, 'root', id, w.clock.now())).rejects.toThrow();
    expect(await row(id)).toMatchObject({ status: S.COMPILING, isManual: false, leaseOwner: 'fake-judge' });
    await w.judge.finish(task, { status: S.ACCEPTED });
    const cancelled = await lifecycle.cancel(w.t.db, 'root', id, w.clock.now());
    expect(cancelled.status).toBe(S.CANCELLED);
    expect(await acRows(id)).toEqual([]); // §6.4: cancel removes the solved row
  });

  it('a resubmit goes back to Pending at ordinary priority and keeps its case rows (reference §6.4)', async () => {
    const id = await judged(S.SYSTEM_ERROR);
    const cases = await w.t.db.select().from(judgeCase).where(eq(judgeCase.submitId, id));
    expect(cases.length).toBeGreaterThan(0);
    const res = await w.call<{ status: number }>('GET', `/api/resubmit?submitId=${id}`, {
      token: w.tokens.alice,
    });
    expect(res.data.status).toBe(S.PENDING);
    expect(await row(id)).toMatchObject({ priority: 2, version: 1 });
    expect(await w.t.db.select().from(judgeCase).where(eq(judgeCase.submitId, id))).toHaveLength(
      cases.length,
    );
    await w.judge.judgeNext({ status: S.ACCEPTED });
  });
});

describe('contest_record, written by the contest scope only (reference §6.1 step 5 "Contest", §8.1)', () => {
  it('a contest submission resubmitted waits at contest priority, a rejudged one at rejudge priority (reference §6.2, §6.4)', async () => {
    const { submitId } = await contestSubmission(60_000);
    await w.judge.judgeNext({ status: S.SYSTEM_ERROR });
    await lifecycle.requeue(w.t.db, eq(judge.submitId, submitId), 'resubmit', w.clock.now());
    expect(await row(submitId)).toMatchObject({ status: S.PENDING, priority: 3 });
    await w.judge.judgeNext({ status: S.ACCEPTED });
    await lifecycle.requeue(w.t.db, eq(judge.submitId, submitId), 'rejudge', w.clock.now());
    expect(await row(submitId)).toMatchObject({ status: S.PENDING, priority: 0 });
    await w.judge.judgeNext({ status: S.ACCEPTED });
  });

  it('is created Pending with the seconds since the start, and 0 before the start', async () => {
    const during = await contestSubmission(90_500);
    expect(await recordOf(during.submitId)).toMatchObject({
      cid: during.cid,
      cpid: during.cpid,
      uid: w.uids.alice,
      username: 'alice',
      displayId: 'A',
      status: null,
      time: 90,
    });
    const early = await contestSubmission(-60_000);
    expect((await recordOf(early.submitId))!.time).toBe(0);
    // rejudge resets both records' verdicts
    await w.judge.judgeNext({ status: S.ACCEPTED });
    await w.judge.judgeNext({ status: S.ACCEPTED });
    expect((await recordOf(during.submitId))!.status).toBe(1);
    await w.call('GET', `/api/admin/judge/rejudge?submitId=${during.submitId}`, { token: w.tokens.root });
    expect(await recordOf(during.submitId)).toMatchObject({ status: null, score: null });
    await w.judge.judgeNext({ status: S.ACCEPTED });
  });
});

describe('training_record, written by the training scope only (reference §4.5, §6.1 step 5, §7.13)', () => {
  it('back-fills a registration with the earlier non-contest submissions, once, for Private trainings only', async () => {
    const earlier = await judged(S.WRONG_ANSWER, w.tokens.bob);
    const [priv] = await w.t.db
      .insert(training)
      .values({ title: 'Backfill', author: 'root', auth: 'Private', privatePwd: 'pw' })
      .returning();
    const [pub] = await w.t.db
      .insert(training)
      .values({ title: 'Open', author: 'root', auth: 'Public' })
      .returning();
    for (const t of [priv!, pub!])
      await w.t.db.insert(trainingProblem).values({ tid: t.id, pid: w.p1000, displayId: 'P1000' });
    const bobsSubmissions = await w.t.db.select().from(judge).where(eq(judge.uid, w.uids.bob));
    const nonContest = bobsSubmissions.filter((s) => s.cid === 0).map((s) => s.submitId);
    const recordsOf = async (tid: number) =>
      (await w.t.db.select().from(trainingRecord).where(eq(trainingRecord.tid, tid))).map((r) => r.submitId);

    await w.t.db.insert(trainingRegister).values({ tid: priv!.id, uid: w.uids.bob });
    await w.t.db.transaction((tx) => trainingScope.onRegistered(tx, priv!.id, w.uids.bob));
    expect((await recordsOf(priv!.id)).sort()).toEqual(nonContest.sort());
    expect(await recordsOf(priv!.id)).toContain(earlier);
    // registering again (or a second call) adds nothing twice
    await w.t.db.transaction((tx) => trainingScope.onRegistered(tx, priv!.id, w.uids.bob));
    expect(await recordsOf(priv!.id)).toHaveLength(nonContest.length);
    // Public trainings keep no records (§7.13: their rank is empty)
    await w.t.db.transaction((tx) => trainingScope.onRegistered(tx, pub!.id, w.uids.bob));
    expect(await recordsOf(pub!.id)).toEqual([]);

    // from now on each submission of bob's gets its record at creation
    const later = (await submit(w, w.tokens.bob, 'P1000')).data.submitId;
    expect(await recordsOf(priv!.id)).toContain(later);
    await w.judge.judgeNext({ status: S.ACCEPTED });
  });
});

describe('case rows go with their submission (reference §4 cascades; migration 0024)', () => {
  it('deleting a user or a problem through the admin API removes the case rows of their submissions only', async () => {
    const casesOf = async (submitId: number) =>
      (await w.t.db.select().from(judgeCase).where(eq(judgeCase.submitId, submitId))).length;
    const uid = await createUser(w.t.db, { username: 'cases-go' });
    const token = await w.t.app.auth.openSession(uid, { userAgent: 'vitest', ip: '127.0.0.1' });
    const made = await createProblem(w, { problemId: 'CASES-GO' });
    const judgedOn = async (problemId: string, by: string) => {
      const id = (await submit(w, by, problemId)).data.submitId;
      const task = await w.judge.claimSubmission();
      expect(task.submitId).toBe(id);
      expect(await w.judge.finish(task, { status: S.WRONG_ANSWER })).toBe(true);
      expect(await casesOf(id)).toBeGreaterThan(0);
      return id;
    };
    const usersOwn = await judgedOn('P1000', token);
    const onTheProblem = await judgedOn('CASES-GO', w.tokens.alice);
    const kept = await judgedOn('P1000', w.tokens.alice);

    const deleted = await w.call('DELETE', '/api/admin/user/delete-user', {
      token: w.tokens.root,
      payload: { ids: [uid] },
    });
    expect(deleted.status).toBe(200);
    expect(await casesOf(usersOwn)).toBe(0);
    expect(await casesOf(onTheProblem)).toBeGreaterThan(0);

    const removed = await w.call('DELETE', `/api/admin/problem?pid=${made.pid}`, { token: w.tokens.root });
    expect(removed.status).toBe(200);
    expect(await casesOf(onTheProblem)).toBe(0);
    expect(await casesOf(kept)).toBeGreaterThan(0);
  });
});
