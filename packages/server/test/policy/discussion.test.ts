import { describe, expect, it } from 'vitest';
import { problemMessages as m } from '../../src/http/messages.ts';
import { policyMessages as pm } from '../../src/policy/messages.ts';
import type { DiscussionFacts } from '../../src/policy/resources.ts';
import { admin, allScopes, anonymous, answer, other, root, user, type Row } from './support.ts';

const post: DiscussionFacts = { uid: user.uid, status: 0, gid: null };
const groupPost = (level?: number): DiscussionFacts => ({
  ...post,
  gid: 7,
  group: { gid: 7, owner: 'zz', level },
});
const contestComment: DiscussionFacts = {
  uid: user.uid,
  contest: { uid: 'creator', auth: 0, status: 0, visible: true },
};

describe('reference §7.15 (and §7.12 for group discussions): discussions, comments, replies', () => {
  type A = 'discussion.view' | 'discussion.edit' | 'discussion.delete' | 'comment.delete' | 'comment.reply';
  const cases: { action: A; row: Row<'discussion.view'> }[] = [
    {
      action: 'discussion.view',
      row: { name: 'a discussion: anyone', user: anonymous, resource: post, expected: 'allow' },
    },
    {
      action: 'discussion.view',
      row: {
        name: 'a banned one (status 1): 403-status',
        user: other,
        resource: { ...post, status: 1 },
        expected: pm.discussionBanned,
      },
    },
    {
      action: 'discussion.view',
      row: {
        name: 'a group one: login first',
        user: anonymous,
        resource: groupPost(3),
        expected: m.loginFirst,
      },
    },
    {
      action: 'discussion.view',
      row: {
        name: 'a group one: members only',
        user: other,
        resource: groupPost(1),
        expected: pm.groupMembersOnly,
      },
    },
    {
      action: 'discussion.edit',
      row: { name: 'edit: the author', user: user, resource: post, expected: 'allow' },
    },
    {
      action: 'discussion.edit',
      row: {
        name: 'edit: not an admin of the site',
        user: admin,
        resource: post,
        expected: pm.discussionNotYours,
      },
    },
    { action: 'discussion.edit', row: { name: 'edit: root', user: root, resource: post, expected: 'allow' } },
    {
      action: 'discussion.edit',
      row: {
        name: 'edit a group one: a group admin (4)',
        user: other,
        resource: groupPost(4),
        expected: 'allow',
      },
    },
    {
      action: 'discussion.edit',
      row: {
        name: 'edit a group one: a member (3)',
        user: other,
        resource: groupPost(3),
        expected: pm.discussionNotYours,
      },
    },
    {
      action: 'discussion.delete',
      row: { name: 'delete: the admin roles delete any', user: admin, resource: post, expected: 'allow' },
    },
    {
      action: 'discussion.delete',
      row: {
        name: 'delete: others only their own',
        user: other,
        resource: post,
        expected: pm.discussionNotYours,
      },
    },
    {
      action: 'discussion.delete',
      row: {
        name: 'delete a group one: a site admin outside the group',
        user: admin,
        resource: groupPost(undefined),
        expected: pm.groupMembersOnly,
      },
    },
    {
      action: 'comment.delete',
      row: { name: 'a discussion comment: the admin roles', user: admin, resource: post, expected: 'allow' },
    },
    {
      action: 'comment.delete',
      row: {
        name: 'a contest comment: the creator',
        user: { ...other, uid: 'creator' },
        resource: contestComment,
        expected: 'allow',
      },
    },
    {
      action: 'comment.delete',
      row: {
        name: 'a contest comment: not a site admin',
        user: admin,
        resource: contestComment,
        expected: pm.commentNotYours,
      },
    },
    {
      action: 'comment.reply',
      row: {
        name: 'a reply to a contest comment: its author',
        user: user,
        resource: contestComment,
        expected: 'allow',
      },
    },
    {
      action: 'comment.reply',
      row: {
        name: 'a reply to a contest comment: others may not',
        user: other,
        resource: contestComment,
        expected: pm.commentNotYours,
      },
    },
    {
      action: 'comment.reply',
      row: {
        name: 'a reply in a discussion: anyone signed in',
        user: other,
        resource: post,
        expected: 'allow',
      },
    },
  ];
  it.each(cases)('$action: $row.name', ({ action, row }) => {
    expect(answer(allScopes, action, row, row.expected)).toEqual(row.expected);
  });

  it("§7.15 contest comment visibility (comment.view): while running only own, roots' and the creator's; all after the end", () => {
    const running = (uid: string, authorRole: string | null = 'user'): DiscussionFacts => ({
      uid,
      authorRole,
      contest: { uid: 'creator', auth: 0, status: 0, visible: true },
    });
    expect(allScopes.can(other, 'comment.view', running(user.uid))).toBe(false);
    expect(allScopes.can(anonymous, 'comment.view', running(user.uid))).toBe(false);
    expect(allScopes.can(other, 'comment.view', running(other.uid))).toBe(true);
    expect(allScopes.can(other, 'comment.view', running('creator'))).toBe(true);
    expect(allScopes.can(other, 'comment.view', running('r9', 'root'))).toBe(true);
    // an admin role is not a contest admin; the creator and root are
    expect(allScopes.can(admin, 'comment.view', running(user.uid))).toBe(false);
    expect(allScopes.can(root, 'comment.view', running(user.uid))).toBe(true);
    const ended = { ...running(user.uid), contest: { uid: 'creator', auth: 0, status: 1, visible: true } };
    expect(allScopes.can(other, 'comment.view', ended)).toBe(true);
    expect(allScopes.can(anonymous, 'comment.view', post)).toBe(true);
  });

  it('only the admin roles pin or hide a post; in a group its admins and root', () => {
    expect(allScopes.can(user, 'discussion.moderate', post)).toBe(false);
    expect(allScopes.can(admin, 'discussion.moderate', post)).toBe(true);
    expect(allScopes.can(user, 'discussion.moderate', groupPost(3))).toBe(false);
    expect(allScopes.can(user, 'discussion.moderate', groupPost(4))).toBe(true);
    expect(allScopes.can(admin, 'discussion.moderate', groupPost(3))).toBe(false);
    expect(allScopes.can(root, 'discussion.moderate', groupPost())).toBe(true);
  });
});
