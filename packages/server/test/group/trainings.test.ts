import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { training, trainingCategory } from '../../src/db/schema/index.ts';
import { problemMessages as m } from '../../src/http/messages.ts';
import { groupMessages as gm } from '../../src/modules/group/messages.ts';
import { trainingAdminMessages as tm } from '../../src/modules/training/admin/messages.ts';
import { policyMessages as pm } from '../../src/policy/messages.ts';
import { callAs, createClass, outcome, refusal } from './fixtures.ts';
import { CPP, createWorld, problemDto, type Reply, type World } from '../problem/fixtures.ts';

/**
 * Issue 27, group trainings: reference §3.10 (`/api/group/*training*`), §7.12 (members read, group
 * admins create, a training's author or the group's root change it), §7.13 through the public
 * training calls. Callers: the group's owner (root, 5), a group admin (4), a second group admin, a
 * member (3), an applicant (1), a user outside the group (alice) and the site root.
 */
let w: World;
const who = {} as Record<'owner' | 'gadmin' | 'gadmin2' | 'member' | 'applicant' | 'alice' | 'root', string>;
let gid: number;
let tid: number;
const as = callAs(() => w);

const trainingBody = (extra: object = {}, category: object = { name: 'Homework', color: '#2db7f5' }) => ({
  training: { title: 'Week 1', description: 'Loops and arrays', auth: 'Public', gid, ...extra },
  trainingCategory: category,
});

type TrainingPage = Reply<{ records: { id: number; title: string; problemCount: number }[]; total: number }>;
const titles = (reply: TrainingPage) => reply.data.records.map((r) => r.title);

beforeAll(async () => {
  w = await createWorld();
  const cls = await createClass(w, 'cls09', 'Class Nine');
  gid = cls.gid;
  Object.assign(who, cls.tokens, { root: w.tokens.root, alice: w.tokens.alice });
  who.gadmin2 = (await cls.join('cls09-gadmin2', 4)).token;
});

afterAll(async () => {
  await w?.t.close();
});

describe('issue 27: group trainings (reference §3.10, §7.12)', () => {
  it('a group admin creates one in the group, with a category of the group; members and outsiders may not', async () => {
    expect(outcome(await as(who.member, 'POST', '/api/group/training', trainingBody()))).toBe(
      refusal(403, pm.groupAdminOnly),
    );
    expect(outcome(await as(who.alice, 'POST', '/api/group/training', trainingBody()))).not.toBe('ok');
    expect(
      outcome(await as(who.gadmin, 'POST', '/api/group/training', trainingBody({ gid: undefined }))),
    ).toBe(refusal(400, gm.trainingGroupMissing));
    const made = await as<{ tid: number }>(who.gadmin, 'POST', '/api/group/training', trainingBody());
    expect(outcome(made)).toBe('ok');
    tid = made.data.tid;
    const [row] = await w.t.db.select().from(training).where(eq(training.id, tid));
    expect(row).toMatchObject({ gid, isGroup: true, author: 'cls09-gadmin' });
    const [category] = await w.t.db
      .select()
      .from(trainingCategory)
      .where(eq(trainingCategory.name, 'Homework'));
    expect(category?.gid).toBe(gid);
    // the site's calls do not take group trainings
    expect(outcome(await as(who.root, 'POST', '/api/admin/training', trainingBody()))).toBe(
      refusal(400, tm.groupTrainingsLater),
    );
  });

  it('members list the visible ones; the group admins list all; neither list is the site’s', async () => {
    const list = `/api/group/get-training-list?gid=${gid}`;
    expect(titles(await as<TrainingPage['data']>(who.member, 'GET', list))).toEqual(['Week 1']);
    expect(outcome(await as(who.applicant, 'GET', list))).toBe(refusal(403, pm.groupMembersOnly));
    expect(outcome(await as(who.alice, 'GET', list))).toBe(refusal(403, pm.groupMembersOnly));
    const admin = `/api/group/get-admin-training-list?gid=${gid}`;
    expect(outcome(await as(who.member, 'GET', admin))).toBe(refusal(403, pm.groupAdminOnly));
    expect(titles(await as<TrainingPage['data']>(who.gadmin2, 'GET', admin))).toEqual(['Week 1']);
    // HOJ's client after a reload: ids as strings
    expect(outcome(await as(who.member, 'GET', `${list}&currentPage=1&limit=10`))).toBe('ok');
    expect(titles(await as<TrainingPage['data']>(who.root, 'GET', '/api/get-training-list'))).not.toContain(
      'Week 1',
    );
    expect(
      titles(await as<TrainingPage['data']>(who.root, 'GET', '/api/admin/training/get-training-list')),
    ).not.toContain('Week 1');
  });

  it('problems join from the group (by problem id) and from the public bank; members read them through the training calls', async () => {
    const made = await as<{ pid: number; problemId: string }>(
      who.gadmin,
      'POST',
      '/api/group/problem',
      await problemDto(w, { gid, problemId: 'T1', title: 'Group loop' }),
    );
    expect(outcome(made)).toBe('ok');
    const fromGroup = `/api/group/add-training-problem-from-group?problemId=${made.data.problemId.toLowerCase()}&tid=${tid}`;
    expect(outcome(await as(who.member, 'POST', fromGroup))).toBe(refusal(403, m.trainingNoPermission));
    expect(outcome(await as(who.gadmin, 'POST', fromGroup))).toBe('ok');
    expect(outcome(await as(who.gadmin, 'POST', fromGroup))).toBe(refusal(400, tm.problemAlreadyInTraining));
    // a problem of the public bank is no group problem
    expect(
      outcome(
        await as(who.gadmin, 'POST', `/api/group/add-training-problem-from-group?problemId=P1000&tid=${tid}`),
      ),
    ).toBe(refusal(404, m.problemNotFound));
    expect(
      outcome(
        await as(who.gadmin, 'POST', '/api/group/add-training-problem-from-public', {
          pid: String(w.p1000),
          tid: String(tid),
        }),
      ),
    ).toBe('ok');

    const linked = await as<{ problemList: { records: { problemId: string }[] } }>(
      who.gadmin,
      'GET',
      `/api/group/get-training-problem-list?tid=${tid}&queryExisted=true`,
    );
    expect(linked.data.problemList.records.map((p) => p.problemId).sort()).toEqual(['CLS09T1', 'P1000']);

    // the public training calls, for members only (policy training.view, reference §7.12)
    expect(outcome(await as(who.member, 'GET', `/api/get-training-detail?tid=${tid}`))).toBe('ok');
    const problems = await as<{ problemId: string }[]>(
      who.member,
      'GET',
      `/api/get-training-problem-list?tid=${tid}`,
    );
    expect(problems.data.map((p) => p.problemId).sort()).toEqual(['CLS09T1', 'P1000']);
    expect(outcome(await as(who.alice, 'GET', `/api/get-training-detail?tid=${tid}`))).toBe(
      refusal(403, pm.groupMembersOnly),
    );
    expect(outcome(await as(who.alice, 'GET', `/api/get-training-problem-list?tid=${tid}`))).toBe(
      refusal(403, pm.groupMembersOnly),
    );

    // members submit inside the training; outsiders may not
    const submit = (token: string) => {
      w.clock.advance(60_000);
      return as<{ submitId: number }>(token, 'POST', '/api/submit-problem-judge', {
        pid: 'CLS09T1',
        language: 'C++',
        code: CPP,
        cid: 0,
        tid: String(tid),
        gid: String(gid),
        isRemote: false,
      });
    };
    expect(outcome(await submit(who.member))).toBe('ok');
    expect(outcome(await submit(who.alice))).toBe(refusal(403, pm.groupMembersOnly));
  });

  it('its author or the group root change it; another group admin and members may not', async () => {
    const edit = (token: string, title: string) =>
      as(token, 'PUT', '/api/group/training', trainingBody({ id: tid, title }));
    expect(outcome(await edit(who.member, 'Mine'))).toBe(refusal(403, m.trainingNoPermission));
    expect(outcome(await edit(who.gadmin2, 'Mine'))).toBe(refusal(403, m.trainingNoPermission));
    expect(outcome(await edit(who.gadmin, 'Week 1 (loops)'))).toBe('ok');
    expect(outcome(await edit(who.owner, 'Week one'))).toBe('ok');
    const [row] = await w.t.db.select().from(training).where(eq(training.id, tid));
    expect(row).toMatchObject({ title: 'Week one', author: 'cls09-gadmin', gid });
    expect(outcome(await as(who.gadmin, 'GET', `/api/group/training?tid=${tid}`))).toBe('ok');
    expect(outcome(await as(who.gadmin2, 'GET', `/api/group/training?tid=${tid}`))).toBe(
      refusal(403, m.trainingNoPermission),
    );

    // hidden: gone from the members' list, still in the admins'
    const hide = `/api/group/change-training-status?tid=${tid}&status=false`;
    expect(outcome(await as(who.gadmin2, 'PUT', hide))).toBe(refusal(403, m.trainingNoPermission));
    expect(outcome(await as(who.gadmin, 'PUT', hide))).toBe('ok');
    expect(
      titles(await as<TrainingPage['data']>(who.member, 'GET', `/api/group/get-training-list?gid=${gid}`)),
    ).toEqual([]);
    expect(
      titles(
        await as<TrainingPage['data']>(who.gadmin2, 'GET', `/api/group/get-admin-training-list?gid=${gid}`),
      ),
    ).toEqual(['Week one']);
  });

  it('the group calls never reach a site training, and the author deletes theirs', async () => {
    const site = await as<{ tid: number }>(who.root, 'POST', '/api/admin/training', {
      training: { title: 'Site plan', description: 'For all', auth: 'Public' },
      trainingCategory: { name: 'Site' },
    });
    expect(outcome(site)).toBe('ok');
    for (const [method, url] of [
      ['GET', `/api/group/training?tid=${site.data.tid}`],
      ['DELETE', `/api/group/training?tid=${site.data.tid}`],
      ['PUT', `/api/group/change-training-status?tid=${site.data.tid}&status=false`],
    ] as const)
      expect(outcome(await as(who.root, method, url)), url).toBe(refusal(404, m.trainingNotFound));

    expect(outcome(await as(who.member, 'DELETE', `/api/group/training?tid=${tid}`))).toBe(
      refusal(403, m.trainingNoPermission),
    );
    expect(outcome(await as(who.gadmin, 'DELETE', `/api/group/training?tid=${tid}`))).toBe('ok');
    expect(await w.t.db.select().from(training).where(eq(training.id, tid))).toEqual([]);
  });
});
