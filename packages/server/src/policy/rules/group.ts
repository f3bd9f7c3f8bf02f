import { forbidden, notFound } from '../../http/errors.ts';
import { problemMessages } from '../../http/messages.ts';
import { policyMessages } from '../messages.ts';
import type { GroupFacts } from '../resources.ts';
import type { Rule, RuleContext } from '../rule.ts';
import { scopeRefusal } from '../scopes.ts';
import { GROUP_LEVEL, groupLevel, hasPermissions, isRoot, type Subject } from '../subjects.ts';

/**
 * The group's level the caller needs, root bypassing (reference §7.12), in a group that exists for
 * the caller: a banned group's members and admins can do nothing in it either.
 */
function atLeast(level: number, refusal: () => ReturnType<typeof forbidden>): Rule<GroupFacts> {
  return (ctx, user, g) =>
    existing(ctx, user, g) ?? (isRoot(user) || groupLevel(user, g) >= level ? null : refusal());
}

/** §7.12: a banned group is not found (root excepted); an invisible one only for members and root. */
function existing(ctx: RuleContext, user: Subject, g: GroupFacts) {
  const off = scopeRefusal(ctx.scopes, 'groupCore');
  if (off) return off;
  if (isRoot(user)) return null;
  if (g.status === 1) return notFound(policyMessages.groupNotFound);
  if (g.visible === false && groupLevel(user, g) < GROUP_LEVEL.member)
    return notFound(policyMessages.groupNotFound);
  return null;
}

const groupAdmin = atLeast(GROUP_LEVEL.admin, () => forbidden(policyMessages.groupAdminOnly));

/** Group rules: reference §7.12 (levels of §2: 3 member, 4 admin, 5 root; the owner is root). */
export const groupRules = {
  'group.view': existing as Rule<GroupFacts>,

  /** §7.12 join: the group must exist, be active and visible (root bypasses). */
  'group.join': ((ctx, user, g) => {
    const refusal = existing(ctx, user, g);
    if (refusal || isRoot(user)) return refusal;
    return g.visible === false ? notFound(policyMessages.groupNotFound) : null;
  }) as Rule<GroupFacts>,

  /** §7.12: lists of a group's content need membership. */
  'group.member': atLeast(GROUP_LEVEL.member, () => forbidden(policyMessages.groupMembersOnly)),

  /** §7.12: admin lists, creating content and managing members need group admin (4, 5). */
  'group.admin': groupAdmin,

  /**
   * §3.10 `compile-spj` / `compile-interactive` ("as admin compile"): the group's admins (4, 5) and
   * site root. **Changed:** the problem the check names (`pid`, when it names one) must be one of this
   * group's own, else it is not found, as the other group routes answer a problem of the public
   * bank or of another group (HOJ does not look at `pid`). `problem: null`: named, no such problem.
   */
  'group.compile': ((ctx, user, c) =>
    groupAdmin(ctx, user, c.group) ??
    (isRoot(user) ||
    c.problem === undefined ||
    (c.problem !== null && c.problem.isGroup && c.problem.gid === c.group.gid)
      ? null
      : notFound(problemMessages.problemNotFound))) as Rule<{
    group: GroupFacts;
    problem?: { isGroup: boolean; gid: number | null } | null;
  }>,

  /**
   * Verdict (spec part 2 §2.2 "Add Group Member"): group admins (4, 5) and site root add a user
   * straight in and search the site's users for it, in an active group only: a banned group is not
   * found, for site root too (nobody is brought into a group the site has switched off).
   */
  'group.addMember': ((ctx, user, g) =>
    scopeRefusal(ctx.scopes, 'groupCore') ??
    (g.status === 1
      ? notFound(policyMessages.groupNotFound)
      : isRoot(user) || groupLevel(user, g) >= GROUP_LEVEL.admin
        ? null
        : forbidden(policyMessages.groupAdminOnly))) as Rule<GroupFacts>,

  /**
   * The add-member search's private columns (a user's real name and whether the site restricts
   * them): for those who read them in the admin user list already (permission user_admin). Not
   * for group roots: any user with group_add (every default user, reference §2) can make a group
   * and would read the whole site's real names.
   */
  'group.userPrivate': ((_ctx, user) =>
    hasPermissions(user, ['user_admin']) ? null : forbidden(policyMessages.groupAdminOnly)) as Rule<void>,

  /** §7.12: the join code and updating the group are for its root (5) and site root. */
  'group.root': atLeast(GROUP_LEVEL.root, () => forbidden(policyMessages.groupAdminOnly)),

  /** §7.12: only the owner or site root deletes a group. */
  'group.delete': ((ctx, user, g) =>
    scopeRefusal(ctx.scopes, 'groupCore') ??
    (isRoot(user) || (!!user && g.owner === user.uid)
      ? null
      : forbidden(policyMessages.groupAdminOnly))) as Rule<GroupFacts>,

  /**
   * §7.12: editing or deleting a group's problem, training, contest or announcement: its author,
   * the group's root, or site root.
   */
  'group.editContent': ((ctx, user, c) =>
    scopeRefusal(ctx.scopes, 'group') ??
    (isRoot(user) ||
    (!!user && (c.authorUid === user.uid || c.author === user.username)) ||
    groupLevel(user, c.group) >= GROUP_LEVEL.root
      ? null
      : forbidden(policyMessages.groupAdminOnly))) as Rule<{
    group: GroupFacts;
    authorUid?: string;
    author?: string | null;
  }>,
};
