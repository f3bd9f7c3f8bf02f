import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contest, contestProblem, problem } from '../../src/db/schema/index.ts';
import { problemMessages as m } from '../../src/http/messages.ts';
import { contestAdminMessages as cm } from '../../src/modules/contest/admin/messages.ts';
import { groupMessages as gm } from '../../src/modules/group/messages.ts';
import { policyMessages as pm } from '../../src/policy/messages.ts';
import { contestForm } from '../admin/contest/fixtures.ts';
import { callAs, createClass, outcome, refusal } from './fixtures.ts';
import { CPP, createWorld, problemDto, type World } from '../problem/fixtures.ts';

/**
 * Issue 27, group contests: reference §3.10 (`/api/group/*contest*`), §7.12 (members read, group
 * admins create, a contest's creator or the group's root change it; the group root counts as contest
 * admin), §7.18 through the public contest calls. Callers: the group's owner (root, 5), a group admin
 * (4), a second group admin, a member (3), an applicant (1), a user outside the group (alice) and the
 * site root.
 */
let w: World;
const who = {} as Record<'owner' | 'gadmin' | 'gadmin2' | 'member' | 'applicant' | 'alice' | 'root', string>;
let gid: number;
let cid: number;
const as = callAs(() => w);
const HOUR = 3600_000;

type ContestPage = { records: { id: number; title: string }[]; total: number };
const titles = (reply: { data: ContestPage }) => reply.data.records.map((r) => r.title);

beforeAll(async () => {
  w = await createWorld();
  const cls = await createClass(w, 'cls11', 'Class Eleven');
  gid = cls.gid;
  Object.assign(who, cls.tokens, { root: w.tokens.root, alice: w.tokens.alice });
  who.gadmin2 = (await cls.join('cls11-gadmin2', 4)).token;
});

afterAll(async () => {
  await w?.t.close();
});

describe('issue 27: group contests (reference §3.10, §7.12)', () => {
  it('a group admin creates one in the group; members, outsiders and the site’s calls may not', async () => {
    const form = () => contestForm(w, { title: 'Friday Round', gid: String(gid) });
    expect(outcome(await as(who.member, 'POST', '/api/group/contest', form()))).toBe(
      refusal(403, pm.groupAdminOnly),
    );
    expect(outcome(await as(who.alice, 'POST', '/api/group/contest', form()))).not.toBe('ok');
    expect(outcome(await as(who.gadmin, 'POST', '/api/group/contest', contestForm(w)))).toBe(
      refusal(400, gm.contestGroupMissing),
    );
    expect(outcome(await as(who.root, 'POST', '/api/admin/contest', form()))).toBe(
      refusal(400, cm.groupContestsLater),
    );
    const made = await as<{ cid: number }>(who.gadmin, 'POST', '/api/group/contest', form());
    expect(outcome(made)).toBe('ok');
    cid = made.data.cid;
    const [row] = await w.t.db.select().from(contest).where(eq(contest.id, cid));
    expect(row).toMatchObject({ gid, isGroup: true, author: 'cls11-gadmin' });
  });

  it('members list its visible contests; its admins list them all; the site’s list has none of them', async () => {
    const list = `/api/group/get-contest-list?gid=${gid}&currentPage=1&limit=10`;
    expect(titles(await as<ContestPage>(who.member, 'GET', list))).toEqual(['Friday Round']);
    expect(outcome(await as(who.applicant, 'GET', list))).toBe(refusal(403, pm.groupMembersOnly));
    expect(outcome(await as(who.alice, 'GET', list))).toBe(refusal(403, pm.groupMembersOnly));
    const admin = `/api/group/get-admin-contest-list?gid=${gid}`;
    expect(outcome(await as(who.member, 'GET', admin))).toBe(refusal(403, pm.groupAdminOnly));
    // another group admin sees the contest he did not create (the site's list shows an admin his own)
    expect(titles(await as<ContestPage>(who.gadmin2, 'GET', admin))).toEqual(['Friday Round']);
    expect(titles(await as<ContestPage>(who.root, 'GET', '/api/get-contest-list'))).not.toContain(
      'Friday Round',
    );
    expect(
      titles(await as<ContestPage>(who.root, 'GET', '/api/admin/contest/get-contest-list')),
    ).not.toContain('Friday Round');
  });

  it('problems: a new group problem in the contest, one of the group by id, one of the public bank', async () => {
    const created = await as<{ pid: number; problemId: string }>(
      who.gadmin,
      'POST',
      '/api/group/contest-problem',
      {
        ...(await problemDto(w, { problemId: 'F1', title: 'Friday A' })),
        cid: String(cid),
        displayId: 'A',
      },
    );
    expect(outcome(created)).toBe('ok');
    const [made] = await w.t.db.select().from(problem).where(eq(problem.id, created.data.pid));
    expect(made).toMatchObject({ problemId: 'CLS11F1', isGroup: true, gid, auth: 3 });

    const groupOwn = await as<{ pid: number; problemId: string }>(
      who.gadmin,
      'POST',
      '/api/group/problem',
      await problemDto(w, { gid, problemId: 'F2', title: 'Friday B' }),
    );
    const fromGroup = (displayId: string, problemId = groupOwn.data.problemId) =>
      `/api/group/add-contest-problem-from-group?problemId=${problemId}&cid=${cid}&displayId=${displayId}`;
    expect(outcome(await as(who.gadmin2, 'POST', fromGroup('B')))).toBe(refusal(403, pm.contestNoPermission));
    expect(outcome(await as(who.gadmin, 'POST', fromGroup('A')))).toBe(refusal(400, cm.displayIdTaken));
    expect(outcome(await as(who.gadmin, 'POST', fromGroup('B')))).toBe('ok');
    expect(outcome(await as(who.gadmin, 'POST', fromGroup('C', 'P1000')))).toBe(
      refusal(404, m.problemNotFound),
    );
    const fromPublic = { pid: String(w.p1000), cid: String(cid), displayId: 'C' };
    expect(
      outcome(await as(who.gadmin, 'POST', '/api/group/add-contest-problem-from-public', fromPublic)),
    ).toBe('ok');

    // a problem's place in the contest: display title and balloon colour (PUT /api/group/contest-problem)
    const place = {
      cid,
      pid: created.data.pid,
      displayId: 'A',
      displayTitle: 'Friday A (final)',
      color: '#ff4d4f',
    };
    expect(outcome(await as(who.gadmin2, 'PUT', '/api/group/contest-problem', place))).toBe(
      refusal(403, pm.contestNoPermission),
    );
    expect(outcome(await as(who.gadmin, 'PUT', '/api/group/contest-problem', place))).toBe('ok');
    const [stored] = await w.t.db
      .select()
      .from(contestProblem)
      .where(and(eq(contestProblem.cid, cid), eq(contestProblem.pid, created.data.pid)));
    expect(stored).toMatchObject({ displayTitle: 'Friday A (final)', color: '#ff4d4f' });

    const linked = await as<{ problemList: { records: { problemId: string }[] } }>(
      who.owner,
      'GET',
      `/api/group/get-contest-problem-list?cid=${cid}&queryExisted=true`,
    );
    expect(linked.data.problemList.records.map((p) => p.problemId).sort()).toEqual([
      'CLS11F1',
      'CLS11F2',
      'P1000',
    ]);
  });

  it('members enter it through the public contest calls once it runs, and submit; outsiders may not', async () => {
    expect(outcome(await as(who.member, 'GET', `/api/get-contest-info?cid=${cid}`))).toBe('ok');
    expect(outcome(await as(who.alice, 'GET', `/api/get-contest-info?cid=${cid}`))).toBe(
      refusal(403, pm.contestGroupMembersOnly),
    );
    w.clock.advance(2 * HOUR);
    const problems = await as<{ displayId: string }[]>(
      who.member,
      'GET',
      `/api/get-contest-problem?cid=${cid}`,
    );
    expect(outcome(problems)).toBe('ok');
    expect(problems.data.map((p) => p.displayId)).toEqual(['A', 'B', 'C']);
    expect(outcome(await as(who.alice, 'GET', `/api/get-contest-problem?cid=${cid}`))).toBe(
      refusal(403, pm.contestGroupMembersOnly),
    );
    const submit = (token: string) =>
      as(token, 'POST', '/api/submit-problem-judge', {
        pid: 'A',
        language: 'C++',
        code: CPP,
        cid: String(cid),
        gid: String(gid),
        isRemote: false,
      });
    expect(outcome(await submit(who.member))).toBe('ok');
    expect(outcome(await submit(who.alice))).toBe(refusal(403, pm.contestGroupMembersOnly));
  });

  it('announcements, edits, visibility and deletion: its creator or the group root, never another group admin', async () => {
    const notice = {
      cid: String(cid),
      announcement: { title: 'Clarification', content: 'A is easy.', status: 0 },
    };
    expect(outcome(await as(who.gadmin2, 'POST', '/api/group/contest-announcement', notice))).toBe(
      refusal(403, pm.contestNoPermission),
    );
    expect(outcome(await as(who.gadmin, 'POST', '/api/group/contest-announcement', notice))).toBe('ok');
    const listed = await as<{ records: { title: string }[] }>(
      who.owner,
      'GET',
      `/api/group/get-contest-announcement-list?cid=${cid}&currentPage=1&limit=10`,
    );
    expect(listed.data.records.map((a) => a.title)).toEqual(['Clarification']);

    const edit = (token: string, title: string) =>
      as(token, 'PUT', '/api/group/contest', contestForm(w, { id: cid, title, gid }));
    expect(outcome(await edit(who.gadmin2, 'Mine'))).toBe(refusal(403, pm.contestNoPermission));
    expect(outcome(await edit(who.owner, 'Friday Round 2'))).toBe('ok');
    // reference §2, §3.6: the accepted code's zip is for the contest's admins, its creator and the group root
    const zip = `/api/file/download-contest-ac-submission?cid=${cid}&excludeAdmin=false&splitType=user`;
    for (const token of [who.gadmin, who.owner]) {
      const res = await w.t.app.inject({ method: 'GET', url: zip, headers: { authorization: token } });
      expect(String(res.headers['content-type'])).toContain('application/zip');
    }
    expect(outcome(await as(who.gadmin2, 'GET', zip))).toBe(refusal(403, pm.contestNoPermission));
    expect(outcome(await as(who.member, 'GET', zip))).toBe(refusal(403, pm.contestNoPermission));
    const hide = `/api/group/change-contest-visible?cid=${cid}&visible=false`;
    expect(outcome(await as(who.member, 'PUT', hide))).toBe(refusal(403, pm.contestNoPermission));
    expect(outcome(await as(who.gadmin, 'PUT', hide))).toBe('ok');
    expect(
      titles(await as<ContestPage>(who.member, 'GET', `/api/group/get-contest-list?gid=${gid}`)),
    ).toEqual([]);

    // the group calls never reach a site contest
    const site = await as<{ cid: number }>(who.root, 'POST', '/api/admin/contest', contestForm(w));
    for (const [method, url] of [
      ['GET', `/api/group/contest?cid=${site.data.cid}`],
      ['DELETE', `/api/group/contest?cid=${site.data.cid}`],
      ['PUT', `/api/group/change-contest-visible?cid=${site.data.cid}&visible=false`],
    ] as const)
      expect(outcome(await as(who.root, method, url)), url).toBe(refusal(404, m.contestNotFound));

    expect(outcome(await as(who.gadmin2, 'DELETE', `/api/group/contest?cid=${cid}`))).toBe(
      refusal(403, pm.contestNoPermission),
    );
    expect(outcome(await as(who.gadmin, 'DELETE', `/api/group/contest?cid=${cid}`))).toBe('ok');
    expect(await w.t.db.select().from(contest).where(eq(contest.id, cid))).toEqual([]);
  });
});
