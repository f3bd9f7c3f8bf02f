import type { GroupMemberVO, GroupUserCandidateVO } from '@verdict/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { group as groupTable, groupMember, userInfo } from '../../src/db/schema/index.ts';
import { groupMessages as gm } from '../../src/modules/group/messages.ts';
import { policyMessages as pm } from '../../src/policy/messages.ts';
import { createUser } from '../helpers/users.ts';
import { createWorld, type Reply, type World } from '../problem/fixtures.ts';
import { createClass, refusal, type Class } from './fixtures.ts';

/**
 * Issue 27, spec part 2 §2.2 "Add Group Member" (§7 "add member … admin add with uid", "admin user
 * list"): `POST /api/group/member?gid&uid` by a group admin or site root, and the dialog's user
 * search `GET /api/group/get-user-list`; HOJ's own join (`?gid&code&reason`) is unchanged.
 */

let w: World;
let cls: Class;
/** a banned group whose admin is the class's admin */
let bannedGid: number;
const uids: Record<string, string> = {};
const tokens: Record<string, string> = {};
const DORA = {
  nickname: 'Explorer',
  realname: 'Dora Marquez',
  school: 'Harbour High',
  email: 'dora@example.org',
  mobile: '+8613800000000',
};

type Who = 'anonymous' | 'alice' | 'applicant' | 'member' | 'gadmin' | 'owner' | 'root' | 'dora' | 'exadmin';

function tokenOf(who: Who): string | undefined {
  if (who === 'anonymous') return undefined;
  if (who === 'alice' || who === 'root') return w.tokens[who];
  if (who === 'dora' || who === 'exadmin') return tokens[who];
  return cls.tokens[who];
}

const call = <T = unknown>(who: Who, method: 'GET' | 'POST', url: string) =>
  w.call<T>(method, url, { token: tokenOf(who) });

/** The answer as one word: ok, login (HTTP 401) or the body status and the English message. */
const outcome = (reply: Reply) =>
  reply.http === 401 ? 'login' : reply.status === 200 ? 'ok' : `${reply.status} ${reply.msg}`;

const add = (who: Who, uid: string, gid = cls.gid) =>
  call(who, 'POST', `/api/group/member?gid=${gid}&uid=${encodeURIComponent(uid)}`);
const search = (who: Who, query: string, gid: number | string = cls.gid) =>
  call<{ records: GroupUserCandidateVO[]; total: number; size: number; current: number }>(
    who,
    'GET',
    `/api/group/get-user-list?gid=${gid}&${query}`,
  );
const level = async (who: Who) => (await call<number>(who, 'GET', `/api/get-group-auth?gid=${cls.gid}`)).data;

beforeAll(async () => {
  w = await createWorld();
  cls = await createClass(w, 'addm1', 'Add Member Class');
  for (const username of ['dora', 'exadmin', 'refusee', 'racer'])
    uids[username] = await createUser(w.t.db, { username });
  uids.banned = await createUser(w.t.db, { username: 'banned-bob', banned: true });
  await w.t.db.update(userInfo).set(DORA).where(eq(userInfo.uuid, uids.dora!));
  for (const who of ['dora', 'exadmin'])
    tokens[who] = await w.t.app.auth.openSession(uids[who]!, { userAgent: 'vitest', ip: '127.0.0.1' });
  const [banned] = await w.t.db
    .insert(groupTable)
    .values({
      name: 'Banned Class',
      shortName: 'addm2',
      owner: cls.usernames.owner,
      uid: cls.uids.owner,
      auth: 1,
      status: 1,
    })
    .returning({ id: groupTable.id });
  bannedGid = banned!.id;
  await w.t.db.insert(groupMember).values([
    { gid: bannedGid, uid: cls.uids.owner, auth: 5 },
    { gid: bannedGid, uid: cls.uids.gadmin, auth: 4 },
  ]);
});
afterAll(() => w.t.close());

describe('the user search of the Add Group Member dialog (GET /api/group/get-user-list)', () => {
  it('answers group admins, group roots and site root only', async () => {
    const table: Record<string, string> = {};
    for (const who of ['anonymous', 'alice', 'applicant', 'member', 'gadmin', 'owner', 'root'] as const)
      table[who] = outcome(await search(who, 'keyword=dora'));
    expect(table).toEqual({
      anonymous: 'login',
      alice: refusal(403, pm.groupAdminOnly),
      applicant: refusal(403, pm.groupAdminOnly),
      member: refusal(403, pm.groupAdminOnly),
      gadmin: 'ok',
      owner: 'ok',
      root: 'ok',
    });
    // an unknown group, and a banned one: not found, for its admins and site root alike
    expect(outcome(await search('root', 'keyword=dora', 424242))).toBe(refusal(404, pm.groupNotFound));
    expect(outcome(await search('gadmin', 'keyword=dora', bannedGid))).toBe(refusal(404, pm.groupNotFound));
    expect(outcome(await search('root', 'keyword=dora', bannedGid))).toBe(refusal(404, pm.groupNotFound));
  });

  it('matches username, nickname, real name or school; never private fields to a group admin', async () => {
    for (const keyword of ['DORA', 'explor', 'marquez', 'harbour']) {
      const reply = await search('gadmin', `keyword=${keyword}`);
      expect(
        reply.data.records.map((r) => r.username),
        keyword,
      ).toEqual(['dora']);
    }
    const [dora] = (await search('owner', 'keyword=dora')).data.records;
    expect(dora).toEqual({
      uid: uids.dora,
      username: 'dora',
      nickname: DORA.nickname,
      school: DORA.school,
      avatar: null,
      role: 'default_user',
      groupAuth: 0,
    });
    // site root (permission user_admin) reads the real name too, never e-mail, mobile or password
    const [forRoot] = (await search('root', 'keyword=dora')).data.records;
    expect(forRoot).toEqual({ ...dora, realname: DORA.realname });
    const raw = await w.t.app.inject({
      method: 'GET',
      url: `/api/group/get-user-list?gid=${cls.gid}&limit=100`,
      headers: { authorization: w.tokens.root },
    });
    for (const secret of [DORA.email, DORA.mobile, 'password', 'mobile', 'email', 'scrypt'])
      expect(raw.body, secret).not.toContain(secret);
  });

  it("shows each user's type and level in the group; a banned user is not listed", async () => {
    const rows = async (who: Who, keyword: string) =>
      (await search(who, `keyword=${keyword}&limit=100`)).data.records.map(
        (r) => `${r.username}:${r.role}:${r.groupAuth}`,
      );
    expect(await rows('gadmin', 'addm1')).toEqual([
      'addm1-applicant:default_user:1',
      'addm1-gadmin:default_user:4',
      'addm1-member:default_user:3',
      'addm1-owner:default_user:5',
    ]);
    // the site's restrictions are not the group's business; its admins show as admins
    expect(await rows('gadmin', 'n')).toEqual(
      expect.arrayContaining(['admin:admin:0', 'noSubmit:default_user:0', 'problemAdmin:problem_admin:0']),
    );
    expect(await rows('root', 'nosubmit')).toEqual(['noSubmit:no_subimit_user:0']);
    expect(await rows('root', 'banned')).toEqual([]);
  });

  it('pages: currentPage and limit (below 1 the default 10, above 100 capped); bad input refused', async () => {
    const all = await search('gadmin', 'limit=100');
    expect(all.data.total).toBeGreaterThan(10);
    const second = await search('gadmin', 'limit=2&currentPage=2');
    expect(second.data.records.map((r) => r.username)).toEqual(
      all.data.records.slice(2, 4).map((r) => r.username),
    );
    expect((await search('gadmin', 'limit=0')).data.size).toBe(10);
    expect((await search('gadmin', '')).data.size).toBe(10);
    expect((await search('gadmin', 'limit=1000')).data.size).toBe(100);
    // ids as digit strings; anything else refused before any rule
    expect(outcome(await search('gadmin', 'limit=2', String(cls.gid)))).toBe('ok');
    for (const query of [
      'gid=abc',
      'gid=0',
      'gid=1.5',
      'gid=-3',
      'limit=x',
      'limit=1.5',
      'currentPage=x',
      `keyword=${'x'.repeat(256)}`,
    ]) {
      const url = `/api/group/get-user-list?${query.startsWith('gid=') ? query : `gid=${cls.gid}&${query}`}`;
      expect((await call('gadmin', 'GET', url)).status, query).toBe(400);
    }
    expect((await call('gadmin', 'GET', '/api/group/get-user-list')).status).toBe(400);
  });
});

describe('POST /api/group/member?gid&uid: a group admin adds a user', () => {
  it('is refused to anyone below group admin, before the user is looked at', async () => {
    expect(outcome(await add('anonymous', uids.dora!))).toBe('login');
    for (const who of ['alice', 'applicant', 'member', 'dora'] as const) {
      expect(outcome(await add(who, uids.dora!)), who).toBe(refusal(403, pm.groupAdminOnly));
      expect(outcome(await add(who, 'no-such-user')), who).toBe(refusal(403, pm.groupAdminOnly));
    }
    expect(await level('dora')).toBe(0);
  });

  it('adds: the user is told in "Mine" and opens the members-only lists at once', async () => {
    expect(outcome(await call('dora', 'GET', `/api/group/get-member-list?gid=${cls.gid}`))).toBe(
      refusal(403, pm.groupMembersOnly),
    );
    expect(outcome(await add('gadmin', uids.dora!))).toBe('ok');
    expect(await level('dora')).toBe(3);
    const mine = await call<{ records: { title: string; content: string }[] }>(
      'dora',
      'GET',
      '/api/msg/mine?limit=10',
    );
    expect(mine.data.records.map((r) => [r.title, r.content])).toEqual([
      [
        '团队加入通知\n\nWelcome to the group',
        `管理员【addm1-gadmin】已将您加入团队【Add Member Class】！\n\naddm1-gadmin, an admin of the group "Add Member Class", added you to it: you are now a member.`,
      ],
    ]);
    const members = await call<{ records: GroupMemberVO[] }>(
      'dora',
      'GET',
      `/api/group/get-member-list?gid=${cls.gid}`,
    );
    expect(outcome(members)).toBe('ok');
    expect(members.data.records.find((r) => r.username === 'dora')?.auth).toBe(3);
    expect(outcome(await call('dora', 'GET', `/api/group/get-problem-list?gid=${cls.gid}`))).toBe('ok');
    expect((await search('gadmin', 'keyword=dora')).data.records[0]?.groupAuth).toBe(3);
  });

  it('refuses one already in the group (member, admin, the owner) and unknown or banned users', async () => {
    for (const uid of [uids.dora!, cls.uids.member, cls.uids.gadmin, cls.uids.owner])
      expect(outcome(await add('owner', uid)), uid).toBe(refusal(400, gm.userAlreadyJoined));
    // a banned user is not found, as on the user's home page (reference §7.11)
    expect(outcome(await add('gadmin', 'no-such-user'))).toBe(refusal(404, gm.userNotFound));
    expect(outcome(await add('gadmin', uids.banned!))).toBe(refusal(404, gm.userNotFound));
    // an unknown group, and a banned one (its own admins and site root alike)
    expect(outcome(await add('root', uids.racer!, 424242))).toBe(refusal(404, pm.groupNotFound));
    expect(outcome(await add('gadmin', uids.racer!, bannedGid))).toBe(refusal(404, pm.groupNotFound));
    expect(outcome(await add('root', uids.racer!, bannedGid))).toBe(refusal(404, pm.groupNotFound));
    expect(await w.t.db.select().from(groupMember).where(eq(groupMember.uid, uids.racer!))).toEqual([]);
  });

  it('turns an application or a refusal into the membership; site root adds too', async () => {
    // the applicant (1), added by the owner, leaves the application list
    expect(outcome(await add('owner', cls.uids.applicant))).toBe('ok');
    expect(await level('applicant')).toBe(3);
    const apps = await call<{ records: GroupMemberVO[] }>(
      'owner',
      'GET',
      `/api/group/get-apply-list?gid=${cls.gid}`,
    );
    expect(apps.data.records.map((r) => r.username)).not.toContain(cls.usernames.applicant);
    // a refused user (2), added by site root, who is not in the group
    const refusee = await w.t.app.auth.openSession(uids.refusee!, { userAgent: 'vitest', ip: '127.0.0.1' });
    const asRefusee = (method: 'GET' | 'POST', url: string) => w.call(method, url, { token: refusee });
    expect(
      outcome(
        await asRefusee('POST', `/api/group/member?gid=${cls.gid}&code=abc123&reason=Please%20let%20me%20in`),
      ),
    ).toBe('ok');
    expect(
      outcome(
        await w.call('PUT', '/api/group/member', {
          token: cls.tokens.owner,
          payload: { gid: cls.gid, uid: uids.refusee, auth: 2 },
        }),
      ),
    ).toBe('ok');
    expect(outcome(await add('root', uids.refusee!))).toBe('ok');
    expect((await asRefusee('GET', `/api/get-group-auth?gid=${cls.gid}`)).data).toBe(3);
  });

  it('two admins adding the same user at once add them once', async () => {
    const replies = await Promise.all([add('gadmin', uids.racer!), add('owner', uids.racer!)]);
    expect(replies.map(outcome).sort()).toEqual([refusal(400, gm.userAlreadyJoined), 'ok']);
    expect(await w.t.db.select().from(groupMember).where(eq(groupMember.uid, uids.racer!))).toHaveLength(1);
  });

  it('a banned caller is stopped at the door', async () => {
    expect(outcome(await add('owner', uids.exadmin!))).toBe('ok');
    await w.call('PUT', '/api/group/member', {
      token: cls.tokens.owner,
      payload: { gid: cls.gid, uid: uids.exadmin, auth: 4 },
    });
    await w.t.db.update(userInfo).set({ status: 1 }).where(eq(userInfo.uuid, uids.exadmin!));
    expect(outcome(await add('exadmin', uids.refusee!))).toBe('login');
    expect(outcome(await search('exadmin', 'keyword=dora'))).toBe('login');
  });

  it('validates gid and uid; without uid it is still the caller joining (HOJ)', async () => {
    for (const query of [
      `gid=abc&uid=${uids.dora}`,
      `gid=0&uid=${uids.dora}`,
      `gid=1.5&uid=${uids.dora}`,
      `uid=${uids.dora}`,
      `gid=${cls.gid}&uid=${'a'.repeat(65)}`,
      `gid=${cls.gid}&uid=a&uid=b`,
    ])
      expect((await call('owner', 'POST', `/api/group/member?${query}`)).status, query).toBe(400);
    // an empty uid is none: the owner is joining their own group
    expect(
      outcome(
        await call('owner', 'POST', `/api/group/member?gid=${cls.gid}&uid=&code=abc123&reason=Let%20me%20in`),
      ),
    ).toBe(refusal(400, gm.alreadyJoined));
    const alice = await call(
      'alice',
      'POST',
      `/api/group/member?gid=${cls.gid}&code=abc123&reason=Let%20me%20in`,
    );
    expect(outcome(alice)).toBe('ok');
    expect((await call<number>('alice', 'GET', `/api/get-group-auth?gid=${cls.gid}`)).data).toBe(1);
  });
});
