import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discussion } from '../../src/db/schema/index.ts';
import { messages as m } from '../../src/http/messages.ts';
import { discussionMessages as dm } from '../../src/modules/discussion/messages.ts';
import { groupMessages as gm } from '../../src/modules/group/messages.ts';
import { policyMessages as pm } from '../../src/policy/messages.ts';
import { QUOTAS_OFF } from '../discussion/support.ts';
import { callAs, createClass, outcome, refusal } from './fixtures.ts';
import { createWorld, problemDto, type World } from '../problem/fixtures.ts';

/**
 * Issue 27, group discussions: reference §3.10 (`/api/group/*discussion*`, behind openGroupDiscussion),
 * §7.12 (members post, the role is the writer's level in the group, a post about a group's problem
 * goes into that group, its author or a group admin edits and deletes), §7.15 through the public
 * discussion calls. Callers: the group's owner (5), a group admin (4), a member (3), an applicant
 * (1), a user outside the group (alice) and the site root.
 */
let w: World;
const who = {} as Record<'owner' | 'gadmin' | 'member' | 'applicant' | 'alice' | 'root', string>;
let gid: number;
let categoryId: number;
const as = callAs(() => w);

type PostPage = { records: { id: number; title: string; role: string; gid: number | null }[] };
const titles = (reply: { data: PostPage }) => reply.data.records.map((r) => r.title);

const post = (token: string, values: Record<string, unknown> = {}, path = '/api/group/discussion') =>
  as(token, 'POST', path, {
    title: 'Homework 1',
    description: 'Question about loops',
    content: 'Why does my loop not stop?',
    categoryId,
    gid,
    ...values,
  });

const newest = async () => (await w.t.db.select().from(discussion).orderBy(desc(discussion.id)).limit(1))[0]!;

beforeAll(async () => {
  w = await createWorld();
  const cls = await createClass(w, 'cls13', 'Class Thirteen');
  gid = cls.gid;
  Object.assign(who, cls.tokens, { root: w.tokens.root, alice: w.tokens.alice });
  await as(who.root, 'PUT', '/api/admin/switch/update', { ...QUOTAS_OFF, openGroupDiscussion: true });
  categoryId = (await as<{ id: number }[]>(who.root, 'GET', '/api/discussion-category')).data[0]!.id;
});

afterAll(async () => {
  await w?.t.close();
});

describe('issue 27: group discussions (reference §3.10, §7.12)', () => {
  it('members post in the group, with their group level as role; outsiders and applicants may not', async () => {
    expect(outcome(await post(who.member))).toBe('ok');
    expect(await newest()).toMatchObject({ gid, role: 'user', title: 'Homework 1' });
    expect(outcome(await post(who.gadmin, { title: 'Read the rules' }))).toBe('ok');
    expect((await newest()).role).toBe('admin');
    expect(outcome(await post(who.owner, { title: 'Welcome' }))).toBe('ok');
    expect((await newest()).role).toBe('root');
    expect(outcome(await post(who.alice))).toBe(refusal(403, pm.groupMembersOnly));
    expect(outcome(await post(who.applicant))).toBe(refusal(403, pm.groupMembersOnly));
    expect(outcome(await post(who.member, { gid: undefined }))).toBe(refusal(400, gm.discussionGroupMissing));
  });

  it('a post about a group problem goes into its group, even through the public call', async () => {
    const made = await as<{ problemId: string }>(
      who.gadmin,
      'POST',
      '/api/group/problem',
      await problemDto(w, { gid, problemId: 'D1', title: 'Loops' }),
    );
    expect(
      outcome(
        await post(
          who.member,
          { title: 'About D1', pid: made.data.problemId, gid: undefined },
          '/api/discussion',
        ),
      ),
    ).toBe('ok');
    expect(await newest()).toMatchObject({ gid, pid: 'CLS13D1' });
    // outsiders cannot post about it
    expect(
      outcome(await post(who.alice, { pid: made.data.problemId, gid: undefined }, '/api/discussion')),
    ).toBe(refusal(403, pm.groupMembersOnly));
    const byProblem = await as<PostPage>(
      who.member,
      'GET',
      `/api/group/get-discussion-list?gid=${gid}&pid=CLS13D1`,
    );
    expect(titles(byProblem)).toEqual(['About D1']);
  });

  it('members list and read the group’s posts; outsiders may not; the public list has none of them', async () => {
    const list = await as<PostPage>(
      who.member,
      'GET',
      `/api/group/get-discussion-list?gid=${gid}&currentPage=1&limit=10`,
    );
    expect(titles(list).sort()).toEqual(['About D1', 'Homework 1', 'Read the rules', 'Welcome']);
    expect(outcome(await as(who.alice, 'GET', `/api/group/get-discussion-list?gid=${gid}`))).toBe(
      refusal(403, pm.groupMembersOnly),
    );
    const did = list.data.records[0]!.id;
    expect(outcome(await as(who.member, 'GET', `/api/get-discussion-detail?did=${did}`))).toBe('ok');
    expect(outcome(await as(who.alice, 'GET', `/api/get-discussion-detail?did=${did}`))).toBe(
      refusal(403, pm.groupMembersOnly),
    );
    expect(outcome(await as(who.member, 'POST', '/api/comment', { did, content: 'Me too' }))).toBe('ok');
    expect(outcome(await as(who.alice, 'POST', '/api/comment', { did, content: 'Me too' }))).toBe(
      refusal(403, pm.groupMembersOnly),
    );
    const open = await as<PostPage>(who.root, 'GET', '/api/get-discussion-list');
    expect(open.data.records.filter((r) => r.gid !== null)).toEqual([]);
    expect(outcome(await as(who.member, 'GET', `/api/group/get-admin-discussion-list?gid=${gid}`))).toBe(
      refusal(403, pm.groupAdminOnly),
    );
    expect(outcome(await as(who.gadmin, 'GET', `/api/group/get-admin-discussion-list?gid=${gid}`))).toBe(
      'ok',
    );
  });

  it('its author or a group admin edits and deletes it; another member may not', async () => {
    const rows = await w.t.db.select().from(discussion).where(eq(discussion.gid, gid));
    const members = rows.find((r) => r.title === 'Homework 1')!;
    const admins = rows.find((r) => r.title === 'Read the rules')!;
    const edit = (token: string, row: typeof members, title: string) =>
      as(token, 'PUT', '/api/group/discussion', {
        id: row.id,
        title,
        description: row.description,
        content: row.content,
        categoryId,
        gid,
      });
    expect(outcome(await edit(who.member, admins, 'Mine now'))).toBe(refusal(403, pm.discussionNotYours));
    expect(outcome(await edit(who.member, members, 'Homework 1 (solved)'))).toBe('ok');
    expect(outcome(await edit(who.gadmin, members, 'Homework 1 (answered)'))).toBe('ok');
    expect(outcome(await as(who.member, 'DELETE', `/api/group/discussion?did=${admins.id}`))).toBe(
      refusal(403, pm.discussionNotYours),
    );
    expect(outcome(await as(who.gadmin, 'DELETE', `/api/group/discussion?did=${members.id}`))).toBe('ok');
    expect(await w.t.db.select().from(discussion).where(eq(discussion.id, members.id))).toEqual([]);
  });

  it('its admins and site root hide and pin a post from the admin table, the row sent back whole; its author may not', async () => {
    type Row = { id: number; title: string; content: string | null; status: number; topPriority: boolean };
    const table = async () =>
      (
        await as<{ records: Row[] }>(
          who.gadmin,
          'GET',
          `/api/group/get-admin-discussion-list?gid=${gid}&currentPage=1&limit=10`,
        )
      ).data.records.find((r) => r.title === 'About D1')!;
    const row = await table();
    // reference §3.10: HOJ's admin list answers whole rows, others' content too, for its table to send back
    expect(row.content).toBe('Why does my loop not stop?');
    const put = (token: string, change: Partial<Row>) =>
      as(token, 'PUT', '/api/group/discussion', { ...row, gid, ...change });
    expect(outcome(await put(who.member, { status: 1 }))).toBe(refusal(403, m.noPermission));
    expect(outcome(await put(who.member, { topPriority: true }))).toBe(refusal(403, m.noPermission));
    expect(outcome(await put(who.gadmin, { status: 1 }))).toBe('ok');
    expect(outcome(await put(who.owner, { status: 1, topPriority: true }))).toBe('ok');
    expect(await table()).toMatchObject({ status: 1, topPriority: true, content: row.content });
    const shown = await as<PostPage>(who.member, 'GET', `/api/group/get-discussion-list?gid=${gid}`);
    expect(titles(shown)).not.toContain('About D1');
    expect(outcome(await put(who.root, { status: 0, topPriority: false }))).toBe('ok');
    expect(await table()).toMatchObject({ status: 0, topPriority: false });
  });

  it('the group calls never reach a public post, and the openGroupDiscussion switch closes them', async () => {
    expect(
      outcome(
        await as(who.root, 'POST', '/api/discussion', {
          title: 'Public',
          description: 'd',
          content: 'c',
          categoryId,
        }),
      ),
    ).toBe('ok');
    const open = await newest();
    expect(outcome(await as(who.root, 'DELETE', `/api/group/discussion?did=${open.id}`))).toBe(
      refusal(404, dm.discussionNotFound),
    );
    await as(who.root, 'PUT', '/api/admin/switch/update', { openGroupDiscussion: false });
    const closed = await as(who.member, 'GET', `/api/group/get-discussion-list?gid=${gid}`);
    expect([closed.http, closed.msg]).toEqual([403, dm.groupDiscussionClosed.en]);
    expect(outcome(await as(who.root, 'GET', '/api/get-discussion-list'))).toBe('ok');
  });
});
