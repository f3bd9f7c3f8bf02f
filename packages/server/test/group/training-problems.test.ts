import { TRAINING_ADMIN_MESSAGES, type TrainingProblemLink } from '@verdict/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trainingProblem } from '../../src/db/schema/index.ts';
import { problemMessages as m } from '../../src/http/messages.ts';
import { trainingAdminMessages as tm } from '../../src/modules/training/admin/messages.ts';
import { callAs, createClass, outcome, refusal } from './fixtures.ts';
import { createWorld, problemDto, type World } from '../problem/fixtures.ts';

/**
 * Issue 27, a group training's problems: reference §3.10 `PUT /api/group/training-problem` (body
 * TrainingProblem: its place `rank`) and `DELETE /api/group/training-problem?pid&tid`, §7.12 (a
 * training's author or the group's root change it), §7.13 (problems listed by rank). Callers: the
 * training's author (a group admin), the group's owner (root, 5), a second group admin, a member
 * (3), a user outside the group (alice) and anonymous.
 */
let w: World;
const who = {} as Record<'owner' | 'gadmin' | 'gadmin2' | 'member' | 'alice' | 'root', string>;
let gid: number;
let tid: number;
/** the group's problems T1, T2 and the public P1000, in the training in that order */
const pids: Record<'T1' | 'T2' | 'P1000', number> = { T1: 0, T2: 0, P1000: 0 };
const as = callAs(() => w);

type LinkedList = { trainingProblemMap: Record<string, TrainingProblemLink> };
const links = async () =>
  (
    await as<LinkedList>(
      who.gadmin,
      'GET',
      `/api/group/get-training-problem-list?tid=${tid}&queryExisted=true&limit=50`,
    )
  ).data.trainingProblemMap;

/** The members' view of the training: its problem ids by rank (reference §7.13). */
const order = async () =>
  (
    await as<{ problemId: string }[]>(who.member, 'GET', `/api/get-training-problem-list?tid=${tid}`)
  ).data.map((p) => p.problemId);

beforeAll(async () => {
  w = await createWorld();
  const cls = await createClass(w, 'cls15', 'Class Fifteen');
  gid = cls.gid;
  Object.assign(who, cls.tokens, { root: w.tokens.root, alice: w.tokens.alice });
  who.gadmin2 = (await cls.join('cls15-gadmin2', 4)).token;
  const made = await as<{ tid: number }>(who.gadmin, 'POST', '/api/group/training', {
    training: { title: 'Week 3', description: 'Sorting', auth: 'Public', gid },
    trainingCategory: { name: 'Homework' },
  });
  tid = made.data.tid;
  for (const id of ['T1', 'T2'] as const) {
    const p = await as<{ pid: number; problemId: string }>(
      who.gadmin,
      'POST',
      '/api/group/problem',
      await problemDto(w, { gid, problemId: id, title: `Sort ${id}` }),
    );
    pids[id] = p.data.pid;
    await as(
      who.gadmin,
      'POST',
      `/api/group/add-training-problem-from-group?problemId=${p.data.problemId}&tid=${tid}`,
    );
  }
  pids.P1000 = w.p1000;
  await as(who.gadmin, 'POST', '/api/group/add-training-problem-from-public', { pid: w.p1000, tid });
});
afterAll(() => w?.t.close());

describe('reference §3.10 PUT /api/group/training-problem, §7.12, §7.13', () => {
  it('the author moves a problem to the front by its rank; the members see the new order', async () => {
    expect(await order()).toEqual(['CLS15T1', 'CLS15T2', 'P1000']);
    const map = await links();
    expect(map[pids.P1000]).toMatchObject({ tid, pid: pids.P1000, displayId: 'P1000' });
    // as HOJ's client sends it: the link as listed, its rank changed
    const moved = await as<TrainingProblemLink>(who.gadmin, 'PUT', '/api/group/training-problem', {
      ...map[pids.P1000]!,
      rank: 0,
    });
    expect(outcome(moved)).toBe('ok');
    expect(moved.data).toMatchObject({ id: map[pids.P1000]!.id, rank: 0 });
    for (const id of ['T1', 'T2'] as const)
      expect(
        outcome(
          await as(who.owner, 'PUT', '/api/group/training-problem', { id: map[pids[id]]!.id, tid, rank: 5 }),
        ),
        id,
      ).toBe('ok');
    expect(await order()).toEqual(['P1000', 'CLS15T1', 'CLS15T2']);
  });

  it('refused to members, another group admin, outsiders and anonymous; the rank stays', async () => {
    const link = (await links())[pids.T2]!;
    const put = (token: string) =>
      as(token, 'PUT', '/api/group/training-problem', { id: link.id, tid, rank: 0 });
    expect(outcome(await put(who.member))).toBe(refusal(403, m.trainingNoPermission));
    expect(outcome(await put(who.gadmin2))).toBe(refusal(403, m.trainingNoPermission));
    expect(outcome(await put(who.alice))).not.toBe('ok');
    const anonymous = await w.call('PUT', '/api/group/training-problem', {
      payload: { id: link.id, tid, rank: 0 },
    });
    expect(anonymous.http).toBe(401);
    expect((await links())[pids.T2]!.rank).toBe(link.rank);
    expect(await order()).toEqual(['P1000', 'CLS15T1', 'CLS15T2']);
  });

  it('a link of another training, a bad rank or an unknown link is refused', async () => {
    const link = (await links())[pids.T1]!;
    expect(
      outcome(await as(who.gadmin, 'PUT', '/api/group/training-problem', { id: link.id, tid, rank: -1 })),
    ).toBe(refusal(400, TRAINING_ADMIN_MESSAGES.rankInvalid));
    expect(
      outcome(await as(who.gadmin, 'PUT', '/api/group/training-problem', { id: 999_999, tid, rank: 1 })),
    ).toBe(refusal(404, tm.trainingProblemNotFound));
    expect(
      (await as(who.gadmin, 'PUT', '/api/group/training-problem', { id: link.id, tid: 999_999, rank: 1 }))
        .status,
    ).toBe(404);
    // the group call finds the training by the body's tid (HOJ's client sends the link as listed)
    expect(
      outcome(await as(who.gadmin, 'PUT', '/api/group/training-problem', { id: link.id, rank: 1 })),
    ).toBe(refusal(404, m.trainingNotFound));
  });
});

describe('reference §3.10 DELETE /api/group/training-problem?pid&tid, §7.12', () => {
  const remove = (token: string, pid: number, training: number = tid) =>
    as(token, 'DELETE', `/api/group/training-problem?pid=${pid}&tid=${training}`);
  const stillLinked = async (pid: number) =>
    (
      await w.t.db
        .select()
        .from(trainingProblem)
        .where(and(eq(trainingProblem.tid, tid), eq(trainingProblem.pid, pid)))
    ).length;

  it('refused to members, another group admin and outsiders; the problem stays', async () => {
    expect(outcome(await remove(who.member, pids.T1))).toBe(refusal(403, m.trainingNoPermission));
    expect(outcome(await remove(who.gadmin2, pids.T1))).toBe(refusal(403, m.trainingNoPermission));
    expect(outcome(await remove(who.alice, pids.T1))).not.toBe('ok');
    expect((await w.call('DELETE', `/api/group/training-problem?pid=${pids.T1}&tid=${tid}`)).http).toBe(401);
    expect(await stillLinked(pids.T1)).toBe(1);
  });

  it('the author and the group root remove problems from the training; the problems themselves stay', async () => {
    expect(outcome(await remove(who.gadmin, pids.T1))).toBe('ok');
    expect(outcome(await remove(who.owner, pids.P1000))).toBe('ok');
    expect(await order()).toEqual(['CLS15T2']);
    expect(await stillLinked(pids.T1)).toBe(0);
    // the group problem is still the group's (only the link went)
    expect(outcome(await as(who.gadmin, 'GET', `/api/group/problem?pid=${pids.T1}`))).toBe('ok');
    expect(outcome(await remove(who.gadmin, pids.T1))).toBe(refusal(404, tm.trainingProblemNotFound));
  });

  it('never reaches a site training, and always needs its training (reference §3.12 without tid deletes the problem)', async () => {
    const site = await as<{ tid: number }>(who.root, 'POST', '/api/admin/training', {
      training: { title: 'Site plan', description: 'For all', auth: 'Public' },
      trainingCategory: { name: 'Site' },
    });
    await as(who.root, 'POST', '/api/admin/training/add-problem-from-public', {
      pid: w.p1000,
      tid: site.data.tid,
      displayId: 'P1000',
    });
    expect(outcome(await remove(who.root, w.p1000, site.data.tid))).toBe(refusal(404, m.trainingNotFound));
    expect((await as(who.gadmin, 'DELETE', `/api/group/training-problem?pid=${pids.T2}`)).status).not.toBe(
      200,
    );
    expect(await stillLinked(pids.T2)).toBe(1);
  });
});
