import type { InjectOptions } from 'fastify';
import type { GroupDetailVO, GroupMemberVO, GroupVO } from '@verdict/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { group as groupTable, userInfo } from '../../src/db/schema/index.ts';
import { groupMessages as gm } from '../../src/modules/group/messages.ts';
import { policyMessages as pm } from '../../src/policy/messages.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { createUser } from '../helpers/users.ts';

/**
 * Issue 27 (first slice): the group calls of reference §3.10 and the membership rules of §7.12
 * (spec part 2 §2.2, §5, §6, §7 "Groups"), as anonymous, a non-member, an applicant, a member, a
 * group admin, the group root (its owner) and the site root.
 */
const CALLERS = ['anonymous', 'alice', 'applicant', 'member', 'gadmin', 'owner', 'root'] as const;
type Caller = (typeof CALLERS)[number];
type Who = Caller | 'newbie' | 'carol';

interface Reply<T = unknown> {
  http: number;
  status: number;
  msg: string;
  data: T;
}

let t: TestApp;
const uid: Partial<Record<Who, string>> = { root: '1' };
const token: Partial<Record<Who, string>> = {};
const CODE = 'abc123';
/** the Private group (owner's), the Public one (root's), the hidden one (root's) */
let priv: number;
let pub: number;
let hidden: number;

async function call<T = unknown>(
  who: Who,
  method: InjectOptions['method'],
  url: string,
  payload?: unknown,
): Promise<Reply<T>> {
  const headers: Record<string, string> = { 'accept-language': 'en-US' };
  if (who !== 'anonymous') headers.authorization = token[who]!;
  const res = await t.app.inject({ method, url, headers, payload: payload as InjectOptions['payload'] });
  return { ...(res.json() as Omit<Reply<T>, 'http'>), http: res.statusCode };
}

/** The answer as one word: ok, login (HTTP 401), role (HTTP 403) or the body status and message. */
function outcome(reply: Reply): string {
  if (reply.http === 401) return 'login';
  if (reply.http === 403) return 'role';
  return reply.status === 200 ? 'ok' : `${reply.status} ${reply.msg}`;
}

const refusal = (status: number, msg: { en: string }) => `${status} ${msg.en}`;

/** The titles of the caller's "Mine" system notices, newest first (reference §3.9 /api/msg/mine). */
async function mine(who: Who): Promise<string[]> {
  const reply = await call<{ records: { title: string; content: string }[] }>(
    who,
    'GET',
    '/api/msg/mine?limit=50',
  );
  return reply.data.records.map((r) => `${r.title.split('\n\n')[1]}: ${r.content.split('\n\n')[1]}`);
}

/** the applicant's own notice of an application to "Class One" (group/notices.test.ts) */
const SENT =
  'Your request to join the group was sent: Your application to the group "Class One" was sent; an admin of the group will review it.';

const level = async (who: Who, gid: number) =>
  (await call<number>(who, 'GET', `/api/get-group-auth?gid=${gid}`)).data;

const group = (values: Record<string, unknown>) => ({
  brief: 'A class of students',
  description: 'Weekly contests and homework.',
  auth: 1,
  visible: true,
  ...values,
});

beforeAll(async () => {
  t = await buildTestApp();
  for (const who of ['alice', 'applicant', 'member', 'gadmin', 'owner', 'newbie', 'carol'] as const)
    uid[who] = await createUser(t.db, { username: `user-${who}` });
  for (const [who, id] of Object.entries(uid))
    token[who as Who] = await t.app.auth.openSession(id, { userAgent: 'vitest', ip: '127.0.0.1' });
});
afterAll(() => t.close());

describe('reference §3.10 POST /api/group, §7.6 quotas, §7.12 create rules', () => {
  it('refuses a user without the accepted problems §7.6 asks (20 by default)', async () => {
    const reply = await call('owner', 'POST', '/api/group', group({ name: 'Class One', shortName: 'CLS01' }));
    expect(outcome(reply)).toBe(refusal(403, gm.notEnoughAc(20)));
    expect(outcome(await call('anonymous', 'POST', '/api/group', group({})))).toBe('login');
  });

  it('creates groups; the creator is their owner and root (level 5); checks every field', async () => {
    const sw = await call('root', 'PUT', '/api/admin/switch/update', { defaultCreateGroupACInitValue: 0 });
    expect(sw.status).toBe(200);
    const made = await call<number>(
      'owner',
      'POST',
      '/api/group',
      group({ name: 'Class One', shortName: 'CLS01', auth: 3, code: CODE }),
    );
    expect(outcome(made)).toBe('ok');
    priv = made.data;
    expect(await level('owner', priv)).toBe(5);
    pub = (await call<number>('root', 'POST', '/api/group', group({ name: 'Open Club', shortName: 'OPEN1' })))
      .data;
    hidden = (
      await call<number>(
        'root',
        'POST',
        '/api/group',
        group({ name: 'Hidden Team', shortName: 'HIDE1', auth: 2, code: 'zzzzzz', visible: false }),
      )
    ).data;
    const bad: [Record<string, unknown>, string][] = [
      [{ name: 'Class One', shortName: 'OTHER' }, refusal(400, gm.nameTaken)],
      [{ name: 'Other name', shortName: 'CLS01' }, refusal(400, gm.shortNameTaken)],
      // issue 27: regardless of case (the problem ids it prefixes are upper-cased)
      [{ name: 'Other name', shortName: 'cls01' }, refusal(400, gm.shortNameTaken)],
      [{ name: 'abcd', shortName: 'SHORT' }, refusal(400, gm.nameLength)],
      [{ name: 'Long enough', shortName: 'ABCD' }, refusal(400, gm.shortNameLength)],
      [{ name: 'Long enough', shortName: 'ABCDE', brief: 'x' }, refusal(400, gm.briefLength)],
      [{ name: 'Long enough', shortName: 'ABCDE', auth: 4 }, refusal(400, gm.authInvalid)],
      [{ name: 'Long enough', shortName: 'ABCDE', auth: 3 }, refusal(400, gm.codeLength)],
      [{ name: 'Long enough', shortName: 'ABCDE', auth: 2, code: '12345' }, refusal(400, gm.codeLength)],
    ];
    for (const [values, expected] of bad)
      expect(outcome(await call('owner', 'POST', '/api/group', group(values))), JSON.stringify(values)).toBe(
        expected,
      );
  });

  it('§7.6: at most defaultCreateGroupDailyLimit (2) groups a day for a non-admin', async () => {
    const second = await call(
      'owner',
      'POST',
      '/api/group',
      group({ name: 'Class Two', shortName: 'CLS02' }),
    );
    expect(outcome(second)).toBe('ok');
    const third = await call(
      'owner',
      'POST',
      '/api/group',
      group({ name: 'Class Three', shortName: 'CLS03' }),
    );
    expect(outcome(third)).toBe(refusal(403, gm.dailyLimit(2)));
  });
});

describe('reference §7.12 membership: join, apply, approve, refuse, levels', () => {
  it('joins a Public group at once, with a welcome notice', async () => {
    expect(outcome(await call('alice', 'POST', `/api/group/member?gid=${pub}`))).toBe('ok');
    expect(await level('alice', pub)).toBe(3);
    expect(await mine('alice')).toEqual([
      'Welcome to the group: You are now a member of the group "Open Club".',
    ]);
    expect(outcome(await call('alice', 'POST', `/api/group/member?gid=${pub}`))).toBe(
      refusal(400, gm.alreadyJoined),
    );
  });

  it('a Private group needs its code and a reason of 5 to 100 characters; the roots are told', async () => {
    const apply = (who: Who, query: string) => call(who, 'POST', `/api/group/member?gid=${priv}&${query}`);
    expect(outcome(await apply('applicant', 'code=wrong1&reason=Please let me in'))).toBe(
      refusal(400, gm.codeWrong),
    );
    expect(outcome(await apply('applicant', `reason=Please let me in`))).toBe(refusal(400, gm.codeWrong));
    expect(outcome(await apply('applicant', `code=${CODE}&reason=hi`))).toBe(refusal(400, gm.reasonLength));
    expect(await level('applicant', priv)).toBe(0);
    for (const who of ['applicant', 'member', 'gadmin', 'carol'] as const)
      expect(outcome(await apply(who, `code=${CODE}&reason=I am in this class`)), who).toBe('ok');
    expect(await level('applicant', priv)).toBe(1);
    expect(outcome(await apply('applicant', `code=${CODE}&reason=I am in this class`))).toBe(
      refusal(400, gm.alreadyApplied),
    );
    expect((await mine('owner')).filter((n) => n.includes('user-member'))).toEqual([
      'A request to join your group: user-member asks to join your group "Class One": I am in this class. Review it in the member admin.',
    ]);
    expect(
      outcome(await call('alice', 'POST', `/api/group/member?gid=${hidden}&code=zzzzzz&reason=hello there`)),
    ).toBe(refusal(404, pm.groupNotFound));
    expect(outcome(await call('alice', 'POST', '/api/group/member?gid=99999'))).toBe(
      refusal(404, pm.groupNotFound),
    );
  });

  it('lists applications for group admins; the owner approves, raises and refuses', async () => {
    const applications = await call<{ records: GroupMemberVO[]; total: number }>(
      'owner',
      'GET',
      `/api/group/get-apply-list?gid=${priv}`,
    );
    expect(applications.data.records.map((r) => [r.username, r.auth, r.reason])).toEqual(
      expect.arrayContaining([
        ['user-applicant', 1, 'I am in this class'],
        ['user-member', 1, 'I am in this class'],
        ['user-gadmin', 1, 'I am in this class'],
      ]),
    );
    const put = (who: Who, target: Who, auth: number, reason?: string) =>
      call(who, 'PUT', '/api/group/member', {
        // HOJ's client sends the member row as listed: its `reason` is the applicant's
        ...{ id: 1, username: 'x', reason: 'I am in this class' },
        gid: String(priv),
        uid: uid[target],
        auth,
        refusalReason: reason,
      });
    expect(outcome(await put('owner', 'member', 3))).toBe('ok');
    expect(outcome(await put('owner', 'gadmin', 4))).toBe('ok');
    expect(await mine('member')).toEqual([
      'Welcome to the group: You are now a member of the group "Class One".',
      SENT,
    ]);
    // §7.12: below site root, only members below one's level, to a level below one's own
    expect(outcome(await put('gadmin', 'member', 4))).toBe(refusal(403, gm.levelBeyondOwn));
    // spec part 2 §7 "member auth select": the owner appoints other roots (reference §7.12: none
    // below site root could); a root who is not the owner still changes only lower levels
    expect(outcome(await put('owner', 'gadmin', 5))).toBe('ok');
    expect(outcome(await put('gadmin', 'member', 5))).toBe(refusal(403, gm.levelBeyondOwn));
    expect(outcome(await put('owner', 'gadmin', 4))).toBe('ok');
    expect(outcome(await put('gadmin', 'owner', 3))).toBe(refusal(400, gm.ownerUnchangeable));
    expect(outcome(await put('owner', 'member', 1))).toBe(refusal(400, gm.memberCannotBeApplicant));
    expect(outcome(await put('member', 'carol', 3))).toBe(refusal(403, pm.groupAdminOnly));
    expect(outcome(await put('gadmin', 'newbie', 3))).toBe(refusal(404, gm.memberNotFound));
    // a group admin refuses an application, with a reason the applicant reads
    expect(outcome(await put('gadmin', 'carol', 2, 'Not in this class'))).toBe('ok');
    expect(await level('carol', priv)).toBe(2);
    expect(await mine('carol')).toEqual([
      'Your request to join the group: Your request to join the group "Class One" was refused: Not in this class.',
      SENT,
    ]);
    expect(
      outcome(await call('carol', 'POST', `/api/group/member?gid=${priv}&code=${CODE}&reason=again please`)),
    ).toBe(refusal(400, gm.applicationRefused));
    // site root raises anyone to any level
    expect(outcome(await put('root', 'member', 5))).toBe('ok');
    expect(outcome(await put('root', 'member', 3))).toBe('ok');
    expect((await mine('member')).slice(0, 2)).toEqual([
      'Your level in the group changed: Your level in the group "Class One" is now member.',
      'Your level in the group changed: Your level in the group "Class One" is now root.',
    ]);
  });
});

describe('reference §3.10 reads of a Private group, §7.12: as each caller', () => {
  it('answers detail, access, auth, the member list and the application list', async () => {
    const table: Record<string, unknown> = {};
    for (const who of CALLERS) {
      const detail = await call<GroupDetailVO>(who, 'GET', `/api/get-group-detail?gid=${priv}`);
      const access = await call<{ access: boolean }>(who, 'GET', `/api/get-group-access?gid=${priv}`);
      const auth = await call<number>(who, 'GET', `/api/get-group-auth?gid=${priv}`);
      const members = await call<{ records: GroupMemberVO[] }>(
        who,
        'GET',
        `/api/group/get-member-list?gid=${priv}`,
      );
      const apps = await call<{ records: GroupMemberVO[] }>(
        who,
        'GET',
        `/api/group/get-apply-list?gid=${priv}`,
      );
      table[who] = {
        detail: detail.status === 200 ? `code ${detail.data.code}` : outcome(detail),
        access: access.status === 200 ? access.data.access : outcome(access),
        auth: auth.status === 200 ? auth.data : outcome(auth),
        members:
          members.status === 200
            ? members.data.records.map((r) => `${r.username}:${r.auth}`)
            : outcome(members),
        apps: apps.status === 200 ? apps.data.records.map((r) => `${r.username}:${r.auth}`) : outcome(apps),
      };
    }
    const MEMBERS = ['user-owner:5', 'user-gadmin:4', 'user-member:3'];
    const APPS = ['user-applicant:1', 'user-carol:2'];
    const notMember = refusal(403, pm.groupMembersOnly);
    const notAdmin = refusal(403, pm.groupAdminOnly);
    expect(table).toEqual({
      anonymous: { detail: 'login', access: 'login', auth: 'login', members: 'login', apps: 'login' },
      alice: { detail: 'code null', access: false, auth: 0, members: notMember, apps: notAdmin },
      applicant: { detail: 'code null', access: false, auth: 1, members: notMember, apps: notAdmin },
      member: { detail: 'code null', access: true, auth: 3, members: MEMBERS, apps: notAdmin },
      gadmin: { detail: 'code null', access: true, auth: 4, members: MEMBERS, apps: APPS },
      owner: { detail: `code ${CODE}`, access: true, auth: 5, members: MEMBERS, apps: APPS },
      root: { detail: `code ${CODE}`, access: true, auth: 0, members: MEMBERS, apps: APPS },
    });
    for (const url of ['get-group-detail', 'get-group-access', 'get-group-auth', 'group/get-member-list'])
      expect(outcome(await call('root', 'GET', `/api/${url}?gid=424242`)), url).toBe(
        refusal(404, pm.groupNotFound),
      );
    expect(outcome(await call('alice', 'GET', `/api/get-group-detail?gid=${hidden}`))).toBe(
      refusal(404, pm.groupNotFound),
    );
    expect(outcome(await call('alice', 'GET', '/api/get-group-detail?gid=abc'))).not.toBe('ok');
  });

  it('lists groups: search, auth, mine; a hidden group only for its members and root', async () => {
    const names = async (who: Who, query = '') =>
      (
        await call<{ records: GroupVO[]; total: number }>(who, 'GET', `/api/get-group-list?limit=50${query}`)
      ).data.records.map((g) => `${g.name}:${g.memberCount}`);
    expect(await names('anonymous')).toEqual(['Class One:3', 'Open Club:2', 'Class Two:1']);
    expect(await names('root')).toEqual(['Class One:3', 'Open Club:2', 'Hidden Team:1', 'Class Two:1']);
    expect(await names('alice', '&onlyMine=true')).toEqual(['Open Club:2']);
    expect(await names('anonymous', '&keyword=cls0')).toEqual(['Class One:3', 'Class Two:1']);
    expect(await names('anonymous', '&keyword=user-owner')).toEqual(['Class One:3', 'Class Two:1']);
    expect(await names('anonymous', '&auth=3')).toEqual(['Class One:3']);
    expect(await names('anonymous', '&auth=0')).toHaveLength(3);
    // an invisible group stays listed for its members (§7.12)
    const edit = { id: pub, name: 'Open Club', shortName: 'OPEN1', visible: false };
    expect(outcome(await call('root', 'PUT', '/api/group', group(edit)))).toBe('ok');
    expect(await names('alice')).toEqual(['Class One:3', 'Open Club:2', 'Class Two:1']);
    expect(await names('member')).toEqual(['Class One:3', 'Class Two:1']);
    expect(outcome(await call('member', 'GET', `/api/get-group-detail?gid=${pub}`))).toBe(
      refusal(404, pm.groupNotFound),
    );
    expect(outcome(await call('root', 'PUT', '/api/group', group({ ...edit, visible: true })))).toBe('ok');
    const first = await call<{ records: GroupVO[]; total: number }>(
      'anonymous',
      'GET',
      '/api/get-group-list?limit=1&currentPage=2',
    );
    expect([first.data.total, first.data.records.map((g) => g.name)]).toEqual([3, ['Open Club']]);
  });
});

describe('reference §7.12: banned groups and users banned from the site', () => {
  it('a banned group (status 1) is not found, but for site root, and leaves the list', async () => {
    await t.db.update(groupTable).set({ status: 1 }).where(eq(groupTable.id, pub));
    expect(outcome(await call('alice', 'GET', `/api/get-group-detail?gid=${pub}`))).toBe(
      refusal(404, pm.groupNotFound),
    );
    expect(outcome(await call('newbie', 'POST', `/api/group/member?gid=${pub}`))).toBe(
      refusal(404, pm.groupNotFound),
    );
    expect(outcome(await call('root', 'GET', `/api/get-group-detail?gid=${pub}`))).toBe('ok');
    const listed = await call<{ total: number }>('root', 'GET', '/api/get-group-list');
    expect(listed.data.total).toBe(3);
    await t.db.update(groupTable).set({ status: 0 }).where(eq(groupTable.id, pub));
  });

  it('a user banned from the site is refused every group call (401) and lists as anonymous', async () => {
    expect(outcome(await call('newbie', 'POST', `/api/group/member?gid=${pub}`))).toBe('ok');
    await t.db.update(userInfo).set({ status: 1 }).where(eq(userInfo.uuid, uid.newbie!));
    for (const [method, url] of [
      ['GET', `/api/get-group-detail?gid=${pub}`],
      ['GET', `/api/get-group-auth?gid=${pub}`],
      ['GET', `/api/group/get-member-list?gid=${pub}`],
      ['DELETE', `/api/group/member/exit?gid=${pub}`],
      ['POST', `/api/group/member?gid=${priv}&code=${CODE}&reason=let me in please`],
    ] as const)
      expect(outcome(await call('newbie', method, url)), url).toBe('login');
    const listed = await call<{ total: number }>('newbie', 'GET', '/api/get-group-list?onlyMine=true');
    expect(listed.data.total).toBe(3);
  });
});

describe('reference §7.12 remove a member, leave, edit and delete the group', () => {
  it("removes members below one's level, never oneself nor the owner; the user is told", async () => {
    const remove = (who: Who, target: Who) =>
      call(who, 'DELETE', `/api/group/member?gid=${priv}&uid=${uid[target]}`);
    expect(outcome(await remove('member', 'applicant'))).toBe(refusal(403, pm.groupAdminOnly));
    expect(outcome(await remove('gadmin', 'gadmin'))).toBe(refusal(400, gm.removeSelf));
    expect(outcome(await remove('gadmin', 'owner'))).toBe(refusal(400, gm.removeOwner));
    expect(outcome(await remove('gadmin', 'alice'))).toBe(refusal(404, gm.memberNotFound));
    expect(
      outcome(await call('owner', 'PUT', '/api/group/member', { gid: priv, uid: uid.member, auth: 4 })),
    ).toBe('ok');
    expect(outcome(await remove('gadmin', 'member'))).toBe(refusal(403, gm.removeBeyondOwn));
    expect(outcome(await remove('owner', 'member'))).toBe('ok');
    expect(await level('member', priv)).toBe(0);
    expect((await mine('member'))[0]).toBe(
      'Removed from the group: You were removed from the group "Class One".',
    );
    // a removed member loses access on the next request
    expect(outcome(await call('member', 'GET', `/api/group/get-member-list?gid=${priv}`))).toBe(
      refusal(403, pm.groupMembersOnly),
    );
    expect(outcome(await remove('gadmin', 'applicant'))).toBe('ok');
  });

  it('leaves a group; the owner cannot', async () => {
    expect(outcome(await call('owner', 'DELETE', `/api/group/member/exit?gid=${priv}`))).toBe(
      refusal(400, gm.ownerCannotExit),
    );
    expect(outcome(await call('alice', 'DELETE', `/api/group/member/exit?gid=${priv}`))).toBe(
      refusal(400, gm.notMember),
    );
    expect(outcome(await call('alice', 'DELETE', `/api/group/member/exit?gid=${pub}`))).toBe('ok');
    expect(await level('alice', pub)).toBe(0);
    expect(outcome(await call('anonymous', 'DELETE', `/api/group/member/exit?gid=${pub}`))).toBe('login');
  });

  it('edits by the group root or site root, with the create checks', async () => {
    const edit = (who: Who, values: Record<string, unknown>) =>
      call(
        who,
        'PUT',
        '/api/group',
        group({ id: priv, name: 'Class One', shortName: 'CLS01', auth: 3, code: CODE, ...values }),
      );
    expect(outcome(await edit('gadmin', { brief: 'Taken over' }))).toBe(refusal(403, pm.groupAdminOnly));
    expect(outcome(await edit('alice', {}))).toBe(refusal(403, pm.groupAdminOnly));
    expect(outcome(await edit('owner', { shortName: 'OPEN1' }))).toBe(refusal(400, gm.shortNameTaken));
    expect(outcome(await edit('owner', { name: 'Open Club' }))).toBe(refusal(400, gm.nameTaken));
    expect(outcome(await edit('owner', { brief: 'The new brief', code: 'xyz789' }))).toBe('ok');
    expect(
      outcome(await edit('root', { brief: 'The new brief', auth: 2, code: 'xyz789', visible: false })),
    ).toBe('ok');
    const detail = await call<GroupDetailVO>('owner', 'GET', `/api/get-group-detail?gid=${priv}`);
    expect([detail.data.brief, detail.data.auth, detail.data.visible, detail.data.code]).toEqual([
      'The new brief',
      2,
      false,
      'xyz789',
    ]);
    expect(
      outcome(
        await call(
          'owner',
          'PUT',
          '/api/group',
          group({ id: 424242, name: 'Whatever x', shortName: 'WHATX' }),
        ),
      ),
    ).toBe(refusal(404, pm.groupNotFound));
  });

  it('deletes by the owner or site root; its members are told', async () => {
    expect(outcome(await call('gadmin', 'DELETE', `/api/group?gid=${priv}`))).toBe(
      refusal(403, pm.groupAdminOnly),
    );
    expect(outcome(await call('alice', 'DELETE', `/api/group?gid=${priv}`))).toBe(
      refusal(403, pm.groupAdminOnly),
    );
    expect(outcome(await call('owner', 'DELETE', '/api/group?gid=424242'))).toBe(
      refusal(404, pm.groupNotFound),
    );
    expect(outcome(await call('owner', 'DELETE', `/api/group?gid=${priv}`))).toBe('ok');
    expect((await mine('gadmin'))[0]).toBe('The group was disbanded: The group "Class One" was disbanded.');
    expect(outcome(await call('owner', 'GET', `/api/get-group-detail?gid=${priv}`))).toBe(
      refusal(404, pm.groupNotFound),
    );
    expect(outcome(await call('root', 'DELETE', `/api/group?gid=${pub}`))).toBe('ok');
  });
});
