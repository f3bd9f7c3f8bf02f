import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userInfo } from '../../src/db/schema/index.ts';
import { policyMessages as pm } from '../../src/policy/messages.ts';
import { contestForm } from '../admin/contest/fixtures.ts';
import { QUOTAS_OFF } from '../discussion/support.ts';
import { createClass, refusal } from './fixtures.ts';
import { createWorld, problemDto, type Reply, type World } from '../problem/fixtures.ts';

/**
 * Issue 27 "API tests for every group call as anonymous, a non-member, an applicant, a member, a
 * group admin, ..., and a user banned from the site": a sample of the group's write calls of
 * reference §3.10 (a problem, a training, a contest, a discussion, a member's level, an
 * announcement) with the rules of §7.12 (group content is created by group admins; any member
 * posts in the discussions; levels change by group admins) and §1.2 (no login: HTTP 401). A user
 * banned from the site is refused as one without a login (HTTP 401), as groups.test.ts expects of
 * every group call.
 */
let w: World;
let gid: number;
let categoryId: number;
const CALLERS = ['anonymous', 'alice', 'applicant', 'member', 'banned', 'gadmin'] as const;
type Caller = (typeof CALLERS)[number];
const token = {} as Record<Exclude<Caller, 'anonymous'> | 'owner', string>;
const uid = {} as Record<'applicant' | 'member', string>;

/** The answer as one word: ok, login (HTTP 401), role (HTTP 403) or the body status and English message. */
const outcome = (reply: Reply) =>
  reply.http === 401
    ? 'login'
    : reply.http === 403
      ? 'role'
      : reply.status === 200
        ? 'ok'
        : `${reply.status} ${reply.msg}`;

let step = 0;
/** Each write call, its body made fresh per caller (unique titles and problem ids). */
const CALLS: Record<string, () => Promise<[method: 'POST' | 'PUT', url: string, payload: unknown]>> = {
  problem: async () => [
    'POST',
    '/api/group/problem',
    await problemDto(w, { gid, problemId: `C${++step}`, title: `Caller task ${step}` }),
  ],
  training: async () => [
    'POST',
    '/api/group/training',
    {
      training: { title: `Caller week ${++step}`, description: 'Loops', auth: 'Public', gid },
      trainingCategory: { name: 'Homework' },
    },
  ],
  contest: async () => [
    'POST',
    '/api/group/contest',
    contestForm(w, { title: `Caller round ${++step}`, gid }),
  ],
  discussion: async () => [
    'POST',
    '/api/group/discussion',
    { title: `Caller post ${++step}`, description: 'A question', content: 'Why?', categoryId, gid },
  ],
  // the applicant made a member: each caller tries it, the group admin last
  memberLevel: async () => ['PUT', '/api/group/member', { gid, uid: uid.applicant, auth: 3 }],
  announcement: async () => [
    'POST',
    '/api/group/announcement',
    { gid, title: `Caller notice ${++step}`, content: 'Homework due Friday', status: 0 },
  ],
};

beforeAll(async () => {
  w = await createWorld();
  const cls = await createClass(w, 'cls31', 'Class Thirty-One');
  gid = cls.gid;
  Object.assign(token, cls.tokens, { alice: w.tokens.alice });
  Object.assign(uid, { applicant: cls.uids.applicant, member: cls.uids.member });
  const banned = await cls.join('cls31-banned', 3);
  token.banned = banned.token;
  await w.t.db.update(userInfo).set({ status: 1 }).where(eq(userInfo.uuid, banned.uid));
  await w.call('PUT', '/api/admin/switch/update', {
    token: w.tokens.root,
    payload: { ...QUOTAS_OFF, openGroupDiscussion: true },
  });
  categoryId = (await w.call<{ id: number }[]>('GET', '/api/discussion-category')).data[0]!.id;
});
afterAll(() => w?.t.close());

describe('reference §3.10 group write calls as each caller, §7.12, §1.2', () => {
  it('anonymous: HTTP 401; outsiders, applicants and members: refused by the group policy; a banned user: HTTP 401', async () => {
    const table: Record<string, Record<Caller, string>> = {};
    for (const [name, make] of Object.entries(CALLS)) {
      table[name] = {} as Record<Caller, string>;
      for (const caller of CALLERS) {
        const [method, url, payload] = await make();
        const reply = await w.call(method, url, {
          token: caller === 'anonymous' ? undefined : token[caller],
          payload,
        });
        table[name][caller] = outcome(reply);
      }
    }
    const admins = refusal(403, pm.groupAdminOnly);
    const members = refusal(403, pm.groupMembersOnly);
    const row = (refused: string, member = refused) => ({
      anonymous: 'login',
      alice: refused,
      applicant: refused,
      member,
      banned: 'login',
      gadmin: 'ok',
    });
    expect(table).toEqual({
      problem: row(admins),
      training: row(admins),
      contest: row(admins),
      // §7.12: any member posts in the group's discussions
      discussion: row(members, 'ok'),
      memberLevel: row(admins),
      announcement: row(admins),
    });
  });

  it('the refusals changed nothing: the applicant became a member by the group admin’s call only', async () => {
    const members = await w.call<{ records: { username: string; auth: number }[] }>(
      'GET',
      `/api/group/get-member-list?gid=${gid}&limit=50`,
      { token: token.owner },
    );
    expect(members.data.records.find((r) => r.username === 'cls31-applicant')?.auth).toBe(3);
    // one of each made, by the group admin
    const problems = await w.call<{ total: number }>('GET', `/api/group/get-admin-problem-list?gid=${gid}`, {
      token: token.gadmin,
    });
    expect(problems.data.total).toBe(1);
    const trainings = await w.call<{ total: number }>(
      'GET',
      `/api/group/get-admin-training-list?gid=${gid}`,
      {
        token: token.gadmin,
      },
    );
    expect(trainings.data.total).toBe(1);
    const contests = await w.call<{ total: number }>('GET', `/api/group/get-admin-contest-list?gid=${gid}`, {
      token: token.gadmin,
    });
    expect(contests.data.total).toBe(1);
    const notices = await w.call<{ total: number }>(
      'GET',
      `/api/group/get-admin-announcement-list?gid=${gid}`,
      {
        token: token.gadmin,
      },
    );
    expect(notices.data.total).toBe(1);
  });
});
