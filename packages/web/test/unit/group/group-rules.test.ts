import { describe, expect, it } from 'vitest';
import {
  ADD_MEMBER_PAGE_SIZES,
  applyProblems,
  canAddMember,
  canChangeGroupContent,
  canDisband,
  canExit,
  canRemoveMember,
  groupFormBody,
  groupFormProblems,
  groupTabOfPath,
  groupTabs,
  isInGroup,
  memberAuthOptionDisabled,
  memberAuthSelectDisabled,
  MEMBER_LEVELS,
  readGroupQuery,
  showsOnlyMine,
  writeGroupQuery,
  type GroupDraft,
  type GroupViewer,
} from '../../../src/pages/group/group-rules.ts';

const viewer = (level: number, extra: Partial<GroupViewer> = {}): GroupViewer => ({
  level,
  superAdmin: false,
  owner: false,
  ...extra,
});
const OWNER = 'owner-uid';
const enabledOptions = (v: GroupViewer, member: { uid: string; auth: number }) =>
  MEMBER_LEVELS.filter((level) => !memberAuthOptionDisabled(v, member, level));

const draft = (change: Partial<GroupDraft> = {}): GroupDraft => ({
  name: 'Algorithms club',
  shortName: 'algo1',
  brief: 'We solve problems',
  description: 'Weekly training.',
  auth: 1,
  code: '',
  visible: true,
  ...change,
});

describe('the group list query (spec part 2 §2.2)', () => {
  it('reads auth, keyword, onlyMine, currentPage and limit; bad values fall back', () => {
    expect(
      readGroupQuery(new URLSearchParams('auth=3&keyword=cl&onlyMine=false&currentPage=2&limit=60')),
    ).toEqual({ auth: 3, keyword: 'cl', onlyMine: false, currentPage: 2, limit: 60 });
    expect(readGroupQuery(new URLSearchParams('auth=7&currentPage=0&limit=16'))).toEqual({
      auth: 0,
      keyword: '',
      onlyMine: undefined,
      currentPage: 1,
      limit: 15,
    });
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    const query = { auth: 2, keyword: ' x ', onlyMine: true, currentPage: 3, limit: 9 };
    expect(writeGroupQuery(query).toString()).toBe('auth=2&keyword=x&onlyMine=true&currentPage=3&limit=9');
    expect(
      writeGroupQuery({ auth: 0, keyword: '', onlyMine: undefined, currentPage: 1, limit: 15 }).toString(),
    ).toBe('');
  });

  it('signed-in users see My Groups unless they chose All; anonymous users all groups', () => {
    const base = readGroupQuery(new URLSearchParams());
    expect(showsOnlyMine(base, true)).toBe(true);
    expect(showsOnlyMine({ ...base, onlyMine: false }, true)).toBe(false);
    expect(showsOnlyMine({ ...base, onlyMine: true }, false)).toBe(false);
  });
});

describe('the group form (spec part 2 §5)', () => {
  it('accepts a valid Public group and sends no code', () => {
    expect(groupFormProblems(draft())).toEqual({});
    expect(groupFormBody(draft({ code: 'abcdef' })).code).toBeNull();
  });

  it('checks the lengths: name 5–25, short name 5–10, brief 5–50, description 5–1000', () => {
    expect(
      groupFormProblems(
        draft({ name: 'abcd', shortName: 'a'.repeat(11), brief: '', description: 'x'.repeat(1001) }),
      ),
    ).toEqual({
      name: { kind: 'length', min: 5, max: 25 },
      shortName: { kind: 'length', min: 5, max: 10 },
      brief: { kind: 'required' },
      description: { kind: 'length', min: 5, max: 1000 },
    });
  });

  it('Protected and Private groups need a code of exactly 6 characters', () => {
    expect(groupFormProblems(draft({ auth: 2 }))).toEqual({ code: { kind: 'required' } });
    expect(groupFormProblems(draft({ auth: 3, code: '12345' }))).toEqual({ code: { kind: 'exact', n: 6 } });
    expect(groupFormProblems(draft({ auth: 3, code: '123456' }))).toEqual({});
    expect(groupFormBody(draft({ auth: 3, code: '123456' })).code).toBe('123456');
  });

  it('counts characters as the server does (code points)', () => {
    expect(groupFormProblems(draft({ name: '算法兴趣组' }))).toEqual({});
  });
});

describe('the apply dialog (spec part 2 §5)', () => {
  it('a Public group needs nothing', () => {
    expect(applyProblems(1, '', '')).toEqual({});
  });
  it('a Protected group needs a reason of 5–100 characters', () => {
    expect(applyProblems(2, '', 'hi')).toEqual({ reason: { kind: 'length', min: 5, max: 100 } });
    expect(applyProblems(2, '', 'Please let me in')).toEqual({});
  });
  it('a Private group also needs the 6-character code', () => {
    expect(applyProblems(3, '', '')).toEqual({ code: { kind: 'required' }, reason: { kind: 'required' } });
    expect(applyProblems(3, 'abc', 'Please let me in')).toEqual({ code: { kind: 'exact', n: 6 } });
  });
});

describe('the group tabs (spec part 2 §2.2)', () => {
  const keys = (v: GroupViewer, discussion = true) => groupTabs(v, discussion).map((tab) => tab.key);
  it('a non-member sees home enabled and the member tabs disabled; no announcements or setting', () => {
    const tabs = groupTabs(viewer(0), true);
    expect(tabs.filter((tab) => !tab.disabled).map((tab) => tab.key)).toEqual(['home']);
    expect(keys(viewer(1))).not.toContain('announcement');
  });
  it('members get every tab; admins announcements; roots and site root the setting', () => {
    expect(keys(viewer(3))).toEqual([
      'home',
      'problem',
      'training',
      'contest',
      'status',
      'discussion',
      'member',
      'rank',
    ]);
    expect(keys(viewer(4))).toContain('announcement');
    expect(keys(viewer(4))).not.toContain('setting');
    expect(keys(viewer(5))).toContain('setting');
    expect(keys(viewer(0, { superAdmin: true }))).toContain('setting');
    expect(groupTabs(viewer(3), true).every((tab) => !tab.disabled)).toBe(true);
  });
  it('the discussion tab only while openGroupDiscussion is on', () => {
    expect(keys(viewer(3), false)).not.toContain('discussion');
  });
  it('a related page keeps its parent tab', () => {
    expect(groupTabOfPath('')).toBe('home');
    expect(groupTabOfPath('/problem/12')).toBe('problem');
    expect(groupTabOfPath('/submission-detail/5')).toBe('status');
    expect(groupTabOfPath('/discussion-detail/3')).toBe('discussion');
    expect(groupTabOfPath('/training/2/rank')).toBe('training');
    expect(groupTabOfPath('/setting')).toBe('setting');
  });
});

describe('the member level select and removal (spec part 2 §6)', () => {
  const member = (auth: number, uid = 'm') => ({ uid, auth });

  it('a group admin changes members below them, to levels below theirs', () => {
    const admin = viewer(4);
    expect(memberAuthSelectDisabled(admin, member(3), OWNER)).toBe(false);
    expect(memberAuthSelectDisabled(admin, member(4), OWNER)).toBe(true);
    expect(memberAuthSelectDisabled(admin, member(5), OWNER)).toBe(true);
    expect(enabledOptions(admin, member(3))).toEqual([3]);
  });

  it('a group root (not the owner) may pick member or admin', () => {
    const root = viewer(5);
    expect(memberAuthSelectDisabled(root, member(4), OWNER)).toBe(false);
    expect(enabledOptions(root, member(4))).toEqual([3, 4]);
  });

  it('the owner and super admin may pick any member level; nobody changes the owner', () => {
    const owner = viewer(5, { owner: true });
    expect(memberAuthSelectDisabled(owner, member(5), OWNER)).toBe(false);
    expect(enabledOptions(owner, member(4))).toEqual([3, 4, 5]);
    expect(enabledOptions(viewer(0, { superAdmin: true }), member(3))).toEqual([3, 4, 5]);
    expect(memberAuthSelectDisabled(owner, member(5, OWNER), OWNER)).toBe(true);
  });

  it('applicants may still be set to applying or refused', () => {
    expect(enabledOptions(viewer(5, { owner: true }), member(1))).toEqual([1, 2, 3, 4, 5]);
  });

  it('remove: the owner, super admin or a higher level; never oneself nor the owner', () => {
    expect(canRemoveMember(viewer(4), member(3), 'me', OWNER)).toBe(true);
    expect(canRemoveMember(viewer(4), member(4), 'me', OWNER)).toBe(false);
    expect(canRemoveMember(viewer(3), member(3), 'me', OWNER)).toBe(false);
    expect(canRemoveMember(viewer(5, { owner: true }), member(5), 'me', OWNER)).toBe(true);
    expect(canRemoveMember(viewer(5, { owner: true }), member(5, 'me'), 'me', OWNER)).toBe(false);
    expect(canRemoveMember(viewer(0, { superAdmin: true }), member(5, OWNER), 'me', OWNER)).toBe(false);
  });

  it('exit is for members but the owner; disband for the owner and super admin', () => {
    expect(canExit(viewer(3))).toBe(true);
    expect(canExit(viewer(5, { owner: true }))).toBe(false);
    expect(canExit(viewer(1))).toBe(false);
    expect(canDisband(viewer(5))).toBe(false);
    expect(canDisband(viewer(5, { owner: true }))).toBe(true);
    expect(canDisband(viewer(0, { superAdmin: true }))).toBe(true);
  });
});

describe('spec part 2 §2.2 Add Group Member', () => {
  const active = { status: 0 };
  it('is offered to group admins, roots, the owner and site root, in an active group', () => {
    expect([0, 1, 2, 3].map((level) => canAddMember(viewer(level), active))).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect([4, 5].map((level) => canAddMember(viewer(level), active))).toEqual([true, true]);
    expect(canAddMember(viewer(5, { owner: true }), active)).toBe(true);
    expect(canAddMember(viewer(0, { superAdmin: true }), active)).toBe(true);
    // a banned group, or one not loaded yet: not offered (the server refuses a banned group)
    expect(canAddMember(viewer(0, { superAdmin: true }), { status: 1 })).toBe(false);
    expect(canAddMember(viewer(5), undefined)).toBe(false);
  });

  it('marks members, admins and roots Joined; applicants and refused users may be added', () => {
    expect([0, 1, 2, 3, 4, 5].map(isInGroup)).toEqual([false, false, false, true, true, true]);
    expect(ADD_MEMBER_PAGE_SIZES).toEqual([10, 30, 50, 100]);
  });
});

describe('who changes a group’s problems, trainings, contests and announcements (reference §7.12)', () => {
  const me = { uid: 'u1', username: 'alice' };

  it('their author, by uid or by username', () => {
    expect(canChangeGroupContent(viewer(4), me, { uid: 'u1' })).toBe(true);
    expect(canChangeGroupContent(viewer(4), me, { author: 'alice' })).toBe(true);
    expect(canChangeGroupContent(viewer(4), me, { uid: 'u2', author: 'bob' })).toBe(false);
  });

  it('the group root, the owner and site root change anyone’s; another group admin does not', () => {
    const bobs = { uid: 'u2', author: 'bob' };
    expect(canChangeGroupContent(viewer(5), me, bobs)).toBe(true);
    expect(canChangeGroupContent(viewer(4, { owner: true }), me, bobs)).toBe(true);
    expect(canChangeGroupContent(viewer(0, { superAdmin: true }), me, bobs)).toBe(true);
    expect(canChangeGroupContent(viewer(4), me, bobs)).toBe(false);
  });

  it('nobody by an unknown author, and nobody signed out but the roots', () => {
    expect(canChangeGroupContent(viewer(4), { uid: '', username: '' }, { uid: '', author: null })).toBe(
      false,
    );
    expect(canChangeGroupContent(viewer(4), null, { uid: 'u1' })).toBe(false);
    expect(canChangeGroupContent(viewer(5), null, { uid: 'u1' })).toBe(true);
  });
});
