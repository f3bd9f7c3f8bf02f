import { describe, expect, it } from 'vitest';
import { messages, problemMessages as m } from '../../src/http/messages.ts';
import { policyMessages as pm } from '../../src/policy/messages.ts';
import type { ContestFacts } from '../../src/policy/resources.ts';
import { allScopes, anonymous, answer, other, root, today, user, type Row } from './support.ts';

const creator = { ...other, uid: 'creator' };
const base: ContestFacts = { uid: 'creator', auth: 0, status: 0, visible: true };
const privateC = { ...base, auth: 1 };
const protectedC = { ...base, auth: 2 };
const scheduled = { ...base, status: -1 };
const groupC = (level?: number): ContestFacts => ({ ...base, group: { gid: 7, owner: 'zz', level } });

describe('reference §7.18: entering a contest (problems, submissions, rank, announcements, print)', () => {
  const rows: Row<'contest.enter'>[] = [
    { name: 'a public running contest: users', user: user, resource: base, expected: 'allow' },
    { name: 'anonymous callers: login first', user: anonymous, resource: base, expected: m.loginFirst },
    {
      name: 'invisible = does not exist',
      user: user,
      resource: { ...base, visible: false },
      expected: m.contestNotFound,
    },
    {
      name: 'invisible: the creator still passes',
      user: creator,
      resource: { ...base, visible: false },
      expected: 'allow',
    },
    { name: 'scheduled: forbidden', user: user, resource: scheduled, expected: pm.contestNotStarted },
    { name: 'scheduled: root passes', user: root, resource: scheduled, expected: 'allow' },
    { name: 'private, not registered', user: user, resource: privateC, expected: pm.contestNotRegistered },
    {
      name: 'private, registered',
      user: user,
      resource: { ...privateC, registered: true },
      expected: 'allow',
    },
    { name: 'protected: viewed without registering', user: user, resource: protectedC, expected: 'allow' },
    {
      name: 'group contest: non-members refused',
      user: user,
      resource: groupC(undefined),
      expected: pm.contestGroupMembersOnly,
    },
    { name: 'group contest: members', user: user, resource: groupC(3), expected: 'allow' },
    {
      name: 'group contest: the group root is a contest admin',
      user: user,
      resource: { ...groupC(5), status: -1 },
      expected: 'allow',
    },
  ];
  it.each(rows)('$name', (row) => {
    expect(answer(allScopes, 'contest.enter', row, row.expected)).toEqual(row.expected);
  });

  it('the server’s policy has the contest scope on, and group contests (issue 27) for their members', () => {
    expect(today.refusal(user, 'contest.enter', base)).toBeNull();
    expect(today.refusal(user, 'contest.enter', groupC(3))).toBeNull();
    expect(today.refusal(user, 'contest.enter', groupC(1))?.msg).toBe(pm.contestGroupMembersOnly);
  });

  it('§7.18: a private contest also needs the account-limit rule to allow the registered user', () => {
    const limited = { ...privateC, registered: true, accountAllowed: false };
    expect(allScopes.refusal(user, 'contest.enter', limited)?.msg).toBe(pm.contestAccountLimited);
    expect(allScopes.refusal(creator, 'contest.enter', limited)).toBeNull();
  });
});

describe('reference §7.18: info, problem list, submitting and managing', () => {
  const cases: {
    action: 'contest.info' | 'contest.problems' | 'contest.submit' | 'contest.manage';
    row: Row<'contest.info'>;
  }[] = [
    {
      action: 'contest.info',
      row: { name: 'info of a private contest: any user', user: user, resource: privateC, expected: 'allow' },
    },
    {
      action: 'contest.info',
      row: {
        name: 'info: anonymous callers log in first',
        user: anonymous,
        resource: privateC,
        expected: m.loginFirst,
      },
    },
    {
      action: 'contest.info',
      row: {
        name: 'info of a group contest: members only',
        user: user,
        resource: groupC(1),
        expected: pm.contestGroupMembersOnly,
      },
    },
    {
      action: 'contest.problems',
      row: {
        name: 'problems, openRank, running: anonymous',
        user: anonymous,
        resource: { ...privateC, openRank: true },
        expected: 'allow',
      },
    },
    {
      action: 'contest.problems',
      row: {
        name: 'problems, openRank, scheduled: not anonymous',
        user: anonymous,
        resource: { ...scheduled, openRank: true },
        expected: m.loginFirst,
      },
    },
    {
      action: 'contest.problems',
      row: {
        name: 'problems, openRank: users skip the access check',
        user: user,
        resource: { ...privateC, openRank: true },
        expected: 'allow',
      },
    },
    {
      action: 'contest.problems',
      row: {
        name: 'problems, openRank, scheduled: no problems before the start (issue 11)',
        user: user,
        resource: { ...privateC, status: -1, openRank: true },
        expected: pm.contestNotStarted,
      },
    },
    {
      action: 'contest.submit',
      row: {
        name: '§6.1 ended: nobody submits, the creator neither',
        user: creator,
        resource: { ...base, status: 1 },
        expected: pm.contestEnded,
      },
    },
    {
      action: 'contest.submit',
      row: {
        name: '§6.1 ended with allowEndSubmit: users submit',
        user: user,
        resource: { ...base, status: 1, allowEndSubmit: true },
        expected: 'allow',
      },
    },
    {
      action: 'contest.submit',
      row: {
        name: '§7.18 protected, registered, but the account rule refuses the username',
        user: user,
        resource: { ...protectedC, registered: true, accountAllowed: false },
        expected: pm.contestAccountLimited,
      },
    },
    {
      action: 'contest.submit',
      row: {
        name: '§6.1 scheduled: the creator may try the problems',
        user: creator,
        resource: scheduled,
        expected: 'allow',
      },
    },
    {
      action: 'contest.problems',
      row: {
        name: 'problems without openRank: the access rule',
        user: user,
        resource: privateC,
        expected: pm.contestNotRegistered,
      },
    },
    {
      action: 'contest.submit',
      row: {
        name: 'submit to a protected contest needs registering',
        user: user,
        resource: protectedC,
        expected: pm.contestNotRegistered,
      },
    },
    {
      action: 'contest.submit',
      row: {
        name: 'submit to a protected contest, registered',
        user: user,
        resource: { ...protectedC, registered: true },
        expected: 'allow',
      },
    },
    {
      action: 'contest.submit',
      row: { name: 'submit to a public contest', user: user, resource: base, expected: 'allow' },
    },
    {
      action: 'contest.manage',
      row: {
        name: '§2 contest admin: not the contest_admin permission',
        user: user,
        resource: base,
        expected: pm.contestNoPermission,
      },
    },
    {
      action: 'contest.manage',
      row: { name: '§2 contest admin: the creator', user: creator, resource: base, expected: 'allow' },
    },
  ];
  it.each(cases)('$row.name', ({ action, row }) => {
    expect(answer(allScopes, action, row, row.expected)).toEqual(row.expected);
  });

  it('§9.2: real-time figures (AC counts, results after the seal) while sealed only for contest admins', () => {
    expect(allScopes.can(user, 'contest.realTime', { ...base, sealed: true })).toBe(false);
    expect(allScopes.can(creator, 'contest.realTime', { ...base, sealed: true })).toBe(true);
    expect(allScopes.can(root, 'contest.realTime', { ...base, sealed: true })).toBe(true);
    expect(allScopes.can(user, 'contest.realTime', base)).toBe(true);
  });

  it('§7.18: while running, others’ results are for contest admins only', () => {
    expect(allScopes.can(user, 'contest.seeOthersResults', base)).toBe(false);
    expect(allScopes.can(creator, 'contest.seeOthersResults', base)).toBe(true);
    expect(allScopes.can(user, 'contest.seeOthersResults', { ...base, status: 1 })).toBe(true);
  });
});

describe('reference §3.4 rejudge-contest-problem (contest.rejudge): site root; Changed (issue 27): a group contest’s contest admins', () => {
  const rejudgeAnswer = (u: typeof user | null, c: ContestFacts | undefined) => {
    const refusal = allScopes.refusal(u, 'contest.rejudge', c);
    return refusal ? [refusal.status, refusal.httpStatus, refusal.msg] : 'allow';
  };
  const NO_PERMISSION = [403, 403, messages.noPermission];
  const groupRoot = { ...user, uid: 'group-root' };

  it('site root in every contest; a contest that does not exist is not found for root alone', () => {
    expect([rejudgeAnswer(root, base), rejudgeAnswer(root, groupC(undefined))]).toEqual(['allow', 'allow']);
    expect(rejudgeAnswer(root, undefined)).toEqual([404, 200, m.contestNotFound]);
    expect(rejudgeAnswer(user, undefined)).toEqual(NO_PERMISSION);
  });

  it('a group contest: its group root and its creator; not a member, a group admin (4) or an outsider', () => {
    expect(rejudgeAnswer(user, groupC(5))).toBe('allow');
    expect(rejudgeAnswer(groupRoot, { ...groupC(undefined), group: { gid: 7, owner: 'group-root' } })).toBe(
      'allow',
    );
    expect(rejudgeAnswer(creator, groupC(3))).toBe('allow');
    // a creator who left the group (or was removed) runs its contest no more
    expect(rejudgeAnswer(creator, groupC(undefined))).toEqual(NO_PERMISSION);
    expect(allScopes.can(creator, 'contest.realTime', { ...groupC(undefined), sealed: true })).toBe(false);
    for (const level of [undefined, 1, 3, 4])
      expect(rejudgeAnswer(user, groupC(level))).toEqual(NO_PERMISSION);
    // an invisible group contest: "no permission" too, as the reference's route gate answers
    expect(rejudgeAnswer(user, { ...groupC(3), visible: false })).toEqual(NO_PERMISSION);
  });

  it('a public contest: its creator (not root) and everyone else but root are refused as by the route gate', () => {
    for (const u of [creator, user]) expect(rejudgeAnswer(u, base)).toEqual(NO_PERMISSION);
    expect(rejudgeAnswer(anonymous, base)).toEqual([401, 401, messages.loginRequired]);
  });
});
