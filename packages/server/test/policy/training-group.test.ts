import { describe, expect, it } from 'vitest';
import { problemMessages as m } from '../../src/http/messages.ts';
import { policyMessages as pm } from '../../src/policy/messages.ts';
import type { GroupFacts, TrainingFacts } from '../../src/policy/resources.ts';
import { admin, allScopes, answer, other, root, today, user, type Row } from './support.ts';

type P = { policy?: typeof today };
const pub: TrainingFacts = { status: true, auth: 'Public', author: 'carol', isGroup: false, gid: null };
const priv: TrainingFacts = { ...pub, auth: 'Private' };
const groupT = (level?: number): TrainingFacts => ({
  ...priv,
  isGroup: true,
  gid: 7,
  group: { gid: 7, owner: 'zz', level },
});

describe('issue 24 item 2: reading a training’s detail (training.info) needs no registration', () => {
  const rows: (Row<'training.info'> & P)[] = [
    { name: 'private, not registered', user: user, resource: priv, expected: 'allow' },
    {
      name: 'private, registration banned',
      user: user,
      resource: { ...priv, registration: { status: false } },
      expected: 'allow',
    },
    { name: 'a missing training', user: root, resource: undefined, expected: m.trainingNotFound },
    {
      name: 'a hidden training',
      user: user,
      resource: { ...priv, status: false },
      expected: m.trainingNotFound,
    },
    {
      name: 'issue 27: group trainings are on (root)',
      user: root,
      resource: groupT(5),
      expected: 'allow',
    },
    {
      name: '§7.12 group training: non-members',
      user: user,
      resource: groupT(1),
      expected: pm.groupMembersOnly,
      policy: allScopes,
    },
    {
      name: '§7.12 group training: members',
      user: user,
      resource: groupT(3),
      expected: 'allow',
      policy: allScopes,
    },
  ];
  it.each(rows)('$name', (row) => {
    expect(answer(row.policy ?? today, 'training.info', row, row.expected)).toEqual(row.expected);
  });
});

describe('reference §7.13: using a training (training.view)', () => {
  const rows: (Row<'training.view'> & P)[] = [
    { name: 'a public training', user: user, resource: pub, expected: 'allow' },
    { name: 'a missing training', user: root, resource: undefined, expected: m.trainingNotFound },
    {
      name: 'a hidden training: not found for users',
      user: user,
      resource: { ...pub, status: false },
      expected: m.trainingNotFound,
    },
    { name: 'a hidden training: root', user: root, resource: { ...pub, status: false }, expected: 'allow' },
    { name: 'private, not registered', user: user, resource: priv, expected: m.trainingNotRegistered },
    {
      name: 'private, registration banned (status false)',
      user: user,
      resource: { ...priv, registration: { status: false } },
      expected: m.trainingBanned,
    },
    {
      name: 'private, registered',
      user: user,
      resource: { ...priv, registration: { status: true } },
      expected: 'allow',
    },
    { name: 'private: its author', user: admin, resource: priv, expected: 'allow' },
    { name: 'private: root', user: root, resource: priv, expected: 'allow' },
    {
      name: 'issue 27: group trainings are on (root)',
      user: root,
      resource: groupT(5),
      expected: 'allow',
    },
    {
      name: '§7.12 group training: non-members',
      user: user,
      resource: groupT(1),
      expected: pm.groupMembersOnly,
      policy: allScopes,
    },
    {
      name: '§7.12 group training, private: members register',
      user: user,
      resource: groupT(3),
      expected: m.trainingNotRegistered,
      policy: allScopes,
    },
    {
      name: '§7.12 group training, private: the group root',
      user: user,
      resource: groupT(5),
      expected: 'allow',
      policy: allScopes,
    },
  ];
  it.each(rows)('$name', (row) => {
    expect(answer(row.policy ?? today, 'training.view', row, row.expected)).toEqual(row.expected);
  });

  it('§3.12, spec part 2 §6: a training is managed by its author, root or its group root (training.manage)', () => {
    expect(today.can(admin, 'training.manage', priv)).toBe(true);
    expect(today.can(root, 'training.manage', priv)).toBe(true);
    expect(today.can(user, 'training.manage', priv)).toBe(false);
    expect(today.can(other, 'training.manage', pub)).toBe(false);
    expect(today.can(user, 'training.manage', groupT(5))).toBe(true);
    expect(today.can(user, 'training.manage', groupT(4))).toBe(false);
  });

  it('§7.13, §7.7: a training shows its public problems; the admin roles see all', () => {
    expect(today.can(user, 'training.problem', { auth: 1 })).toBe(true);
    expect(today.can(user, 'training.problem', { auth: 2 })).toBe(false);
    expect(today.can(admin, 'training.problem', { auth: 2 })).toBe(true);
  });
});

const group = (level?: number, more: Partial<GroupFacts> = {}): GroupFacts => ({
  gid: 7,
  owner: 'owner',
  level,
  auth: 1,
  status: 0,
  visible: true,
  ...more,
});
const owner = { ...other, uid: 'owner' };

describe('reference §7.12, §2: groups and member levels', () => {
  type A = 'group.view' | 'group.join' | 'group.member' | 'group.admin' | 'group.root' | 'group.delete';
  const cases: { action: A; row: Row<'group.view'> }[] = [
    {
      action: 'group.view',
      row: {
        name: 'a banned group is not found',
        user: user,
        resource: group(3, { status: 1 }),
        expected: pm.groupNotFound,
      },
    },
    {
      action: 'group.view',
      row: {
        name: 'a banned group: root sees it',
        user: root,
        resource: group(undefined, { status: 1 }),
        expected: 'allow',
      },
    },
    {
      action: 'group.view',
      row: {
        name: 'an invisible group: not for outsiders',
        user: user,
        resource: group(undefined, { visible: false }),
        expected: pm.groupNotFound,
      },
    },
    {
      action: 'group.view',
      row: {
        name: 'an invisible group: members',
        user: user,
        resource: group(3, { visible: false }),
        expected: 'allow',
      },
    },
    {
      action: 'group.join',
      row: { name: 'join a visible active group', user: user, resource: group(), expected: 'allow' },
    },
    {
      action: 'group.join',
      row: {
        name: 'join an invisible group',
        user: user,
        resource: group(undefined, { visible: false }),
        expected: pm.groupNotFound,
      },
    },
    {
      action: 'group.member',
      row: {
        name: 'content lists: an applicant (1) is not a member',
        user: user,
        resource: group(1),
        expected: pm.groupMembersOnly,
      },
    },
    {
      action: 'group.member',
      row: {
        name: 'content lists: a refused one (2) neither',
        user: user,
        resource: group(2),
        expected: pm.groupMembersOnly,
      },
    },
    {
      action: 'group.member',
      row: { name: 'content lists: members (3)', user: user, resource: group(3), expected: 'allow' },
    },
    {
      action: 'group.admin',
      row: {
        name: 'admin lists: a member (3) is not an admin',
        user: user,
        resource: group(3),
        expected: pm.groupAdminOnly,
      },
    },
    {
      action: 'group.admin',
      row: { name: 'admin lists: group admins (4)', user: user, resource: group(4), expected: 'allow' },
    },
    {
      action: 'group.admin',
      row: {
        name: 'a banned group: its admins can do nothing in it',
        user: user,
        resource: group(4, { status: 1 }),
        expected: pm.groupNotFound,
      },
    },
    {
      action: 'group.member',
      row: {
        name: 'a banned group: its members neither',
        user: user,
        resource: group(3, { status: 1 }),
        expected: pm.groupNotFound,
      },
    },
    {
      action: 'group.admin',
      row: {
        name: 'a banned group: site root still administers it',
        user: root,
        resource: group(undefined, { status: 1 }),
        expected: 'allow',
      },
    },
    {
      action: 'group.root',
      row: {
        name: 'update and code: not a group admin (4)',
        user: user,
        resource: group(4),
        expected: pm.groupAdminOnly,
      },
    },
    {
      action: 'group.root',
      row: { name: 'update and code: the group root (5)', user: user, resource: group(5), expected: 'allow' },
    },
    {
      action: 'group.root',
      row: {
        name: 'update and code: the owner counts as root',
        user: owner,
        resource: group(),
        expected: 'allow',
      },
    },
    {
      action: 'group.root',
      row: { name: 'update and code: site root', user: root, resource: group(), expected: 'allow' },
    },
    {
      action: 'group.delete',
      row: {
        name: 'delete: a group root who is not the owner',
        user: user,
        resource: group(5),
        expected: pm.groupAdminOnly,
      },
    },
    {
      action: 'group.delete',
      row: { name: 'delete: the owner', user: owner, resource: group(), expected: 'allow' },
    },
    {
      action: 'group.delete',
      row: { name: 'delete: site root', user: root, resource: group(), expected: 'allow' },
    },
  ];
  it.each(cases)('$action: $row.name', ({ action, row }) => {
    expect(answer(allScopes, action, row, row.expected)).toEqual(row.expected);
  });

  it('issue 27 Add Group Member: group admins and site root, in an active group only', () => {
    const add = (u: typeof user, g: GroupFacts) => allScopes.refusal(u, 'group.addMember', g)?.msg ?? 'allow';
    expect([1, 2, 3].map((level) => add(user, group(level)))).toEqual(Array(3).fill(pm.groupAdminOnly));
    expect(add(user, group())).toBe(pm.groupAdminOnly);
    expect([add(user, group(4)), add(user, group(5)), add(owner, group()), add(root, group())]).toEqual(
      Array(4).fill('allow'),
    );
    // a banned group is not found, for site root too
    expect([add(user, group(5, { status: 1 })), add(root, group(undefined, { status: 1 }))]).toEqual(
      Array(2).fill(pm.groupNotFound),
    );
    // its private columns (real name, true user type): user_admin only, not group roots nor admins
    expect([root, admin, user].map((u) => allScopes.can(u, 'group.userPrivate'))).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('§7.12 group content: its author, the group root or site root edit it', () => {
    const content = { group: group(4), authorUid: 'someone-else' };
    expect(allScopes.can(user, 'group.editContent', content)).toBe(false);
    expect(allScopes.can(user, 'group.editContent', { ...content, authorUid: user.uid })).toBe(true);
    expect(allScopes.can(user, 'group.editContent', { ...content, group: group(5) })).toBe(true);
    expect(allScopes.can(root, 'group.editContent', content)).toBe(true);
  });

  it('§3.10 compile-spj / compile-interactive (group.compile): group admins and site root, for the group’s own problems', () => {
    const compile = (
      u: typeof user,
      level?: number,
      problem?: { isGroup: boolean; gid: number | null } | null,
    ) => allScopes.refusal(u, 'group.compile', { group: group(level), problem })?.msg ?? 'allow';
    const own = { isGroup: true, gid: 7 };
    const otherGroup = { isGroup: true, gid: 8 };
    const publicBank = { isGroup: false, gid: null };
    // the level first: members and outsiders learn nothing of the problem
    expect([compile(user, 3), compile(user), compile(user, 3, otherGroup)]).toEqual(
      Array(3).fill(pm.groupAdminOnly),
    );
    expect([
      compile(user, 4),
      compile(user, 4, own),
      compile(user, 5, own),
      compile(owner, undefined, own),
    ]).toEqual(Array(4).fill('allow'));
    // another group's problem, a public one, or an id naming no problem: not found
    expect([
      compile(user, 4, otherGroup),
      compile(user, 5, publicBank),
      compile(user, 4, { isGroup: false, gid: 7 }),
      compile(user, 4, null),
    ]).toEqual(Array(4).fill(m.problemNotFound));
    expect([compile(root, undefined, otherGroup), compile(root, undefined, null)]).toEqual([
      'allow',
      'allow',
    ]);
  });

  it('issue 27: the groups and their problems are on (scopes groupCore, group); trainings, contests and discussions wait for their slice (groupDiscussion)', () => {
    expect(today.refusal(root, 'group.view', group())).toBeNull();
    expect(today.can(user, 'group.member', group(3))).toBe(true);
    expect(today.refusal(root, 'group.editContent', { group: group() })).toBeNull();
  });
});
