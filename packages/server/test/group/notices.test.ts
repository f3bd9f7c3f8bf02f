import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupMessages as gm } from '../../src/modules/group/messages.ts';
import { createUser } from '../helpers/users.ts';
import { callAs, createClass, outcome, refusal } from './fixtures.ts';
import { createWorld, type World } from '../problem/fixtures.ts';

/**
 * Issue 27 "every change notifies the user in the message centre (system notices "Mine", §7.3)":
 * the notices of reference §7.12 "Join" and "Exit" that groups.test.ts does not read. The applicant
 * to a Protected or Private group is told the application was sent (**Changed:** HOJ tells only the
 * group's roots), in both languages; a member who leaves is told so.
 */
let w: World;
const as = callAs(() => w);
/** the Private group of createClass (code abc123), a Protected one and a Public one, all the owner's */
let priv: number;
let prot: number;
let pub: number;
let owner: string;
const user: Record<string, string> = {};

interface Notice {
  title: string;
  content: string;
}

/** The caller's "Mine" system notices, newest first (reference §3.9 `GET /api/msg/mine`). */
const mine = async (token: string) =>
  (await as<{ records: Notice[] }>(token, 'GET', '/api/msg/mine?limit=50')).data.records.map((r) => ({
    title: r.title,
    content: r.content,
  }));

const session = (uid: string) => w.t.app.auth.openSession(uid, { userAgent: 'vitest', ip: '127.0.0.1' });

const group = (values: Record<string, unknown>) => ({
  brief: 'A class of students',
  description: 'Weekly homework.',
  visible: true,
  ...values,
});

const sent = (name: string): Notice => ({
  title: '团队申请提交通知\n\nYour request to join the group was sent',
  content: `您加入团队【${name}】的申请已发送，请等待团队管理员审核。\n\nYour application to the group "${name}" was sent; an admin of the group will review it.`,
});

beforeAll(async () => {
  w = await createWorld();
  const cls = await createClass(w, 'ntc01', 'Notice Class');
  priv = cls.gid;
  owner = cls.tokens.owner;
  prot = (
    await as<number>(
      owner,
      'POST',
      '/api/group',
      group({ name: 'Notice Club', shortName: 'NTC02', auth: 2, code: 'zzz999' }),
    )
  ).data;
  pub = (
    await as<number>(
      w.tokens.root,
      'POST',
      '/api/group',
      group({ name: 'Notice Open', shortName: 'NTC03', auth: 1 }),
    )
  ).data;
  for (const name of ['pia', 'quinn', 'rae', 'sam'])
    user[name] = await session(await createUser(w.t.db, { username: `ntc-${name}` }));
});
afterAll(() => w?.t.close());

describe('reference §7.12 "Join", §7.3 "Mine": the applicant is told the application was sent', () => {
  it('to a Protected group (no code): the applicant in both languages, the roots as before', async () => {
    const before = (await mine(owner)).length;
    expect(
      outcome(await as(user.pia!, 'POST', `/api/group/member?gid=${prot}&reason=Please%20let%20me%20in`)),
    ).toBe('ok');
    // unread until read (reference §3.9 `GET /api/msg/unread`)
    const unread = await as<{ mine: number }>(user.pia!, 'GET', '/api/msg/unread');
    expect(unread.data.mine).toBe(1);
    expect(await mine(user.pia!)).toEqual([sent('Notice Club')]);
    const roots = await mine(owner);
    expect(roots).toHaveLength(before + 1);
    expect(roots[0]!.content).toContain('ntc-pia asks to join your group "Notice Club": Please let me in.');
  });

  it('to a Private group with its code; a refused application (wrong code, short reason) tells nobody', async () => {
    const apply = (query: string) => as(user.quinn!, 'POST', `/api/group/member?gid=${priv}&${query}`);
    expect(outcome(await apply('code=wrong1&reason=Please%20let%20me%20in'))).toBe(
      refusal(400, gm.codeWrong),
    );
    expect(outcome(await apply('code=abc123&reason=hi'))).toBe(refusal(400, gm.reasonLength));
    expect(await mine(user.quinn!)).toEqual([]);
    expect(outcome(await apply('code=abc123&reason=Please%20let%20me%20in'))).toBe('ok');
    expect(await mine(user.quinn!)).toEqual([sent('Notice Class')]);
    // a second application is refused and sends nothing more
    expect(outcome(await apply('code=abc123&reason=Please%20let%20me%20in'))).toBe(
      refusal(400, gm.alreadyApplied),
    );
    expect(await mine(user.quinn!)).toHaveLength(1);
  });

  it('a Public group is joined at once: a welcome, no "sent" notice', async () => {
    expect(outcome(await as(user.rae!, 'POST', `/api/group/member?gid=${pub}`))).toBe('ok');
    expect(await mine(user.rae!)).toEqual([
      {
        title: '团队加入通知\n\nWelcome to the group',
        content: '欢迎您加入团队【Notice Open】！\n\nYou are now a member of the group "Notice Open".',
      },
    ]);
  });
});

describe('reference §7.12 "Exit", §7.3 "Mine": a member who leaves is told', () => {
  it('sends the "left" notice in both languages; nothing for a refused exit', async () => {
    expect(outcome(await as(user.rae!, 'DELETE', `/api/group/member/exit?gid=${pub}`))).toBe('ok');
    expect((await mine(user.rae!))[0]).toEqual({
      title: '团队退出通知\n\nYou left the group',
      content: '您已退出团队【Notice Open】。\n\nYou left the group "Notice Open".',
    });
    // an applicant is no member: refused, and not told anything
    expect(outcome(await as(user.quinn!, 'DELETE', `/api/group/member/exit?gid=${priv}`))).toBe(
      refusal(400, gm.notMember),
    );
    expect(await mine(user.quinn!)).toHaveLength(1);
    expect(outcome(await as(owner, 'DELETE', `/api/group/member/exit?gid=${priv}`))).toBe(
      refusal(400, gm.ownerCannotExit),
    );
    expect((await mine(owner)).map((n) => n.title)).not.toContain('团队退出通知\n\nYou left the group');
  });

  it('an approved applicant who leaves reads, newest first: left, welcome, sent', async () => {
    expect(
      outcome(await as(user.sam!, 'POST', `/api/group/member?gid=${prot}&reason=Let%20me%20in%20please`)),
    ).toBe('ok');
    const samUid = (
      await as<{ records: { uid: string; username: string }[] }>(
        owner,
        'GET',
        `/api/group/get-apply-list?gid=${prot}`,
      )
    ).data.records.find((r) => r.username === 'ntc-sam')!.uid;
    expect(outcome(await as(owner, 'PUT', '/api/group/member', { gid: prot, uid: samUid, auth: 3 }))).toBe(
      'ok',
    );
    expect(outcome(await as(user.sam!, 'DELETE', `/api/group/member/exit?gid=${prot}`))).toBe('ok');
    expect((await mine(user.sam!)).map((n) => n.title.split('\n\n')[1])).toEqual([
      'You left the group',
      'Welcome to the group',
      'Your request to join the group was sent',
    ]);
  });
});
