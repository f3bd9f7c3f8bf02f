import { PROBLEM_AUTH } from '@verdict/shared';
import { forbidden, noPermission, notFound } from '../../http/errors.ts';
import { problemMessages, type Message } from '../../http/messages.ts';
import type { ProblemFacts } from '../resources.ts';
import type { Rule, RuleContext } from '../rule.ts';
import { policyMessages } from '../messages.ts';
import { scopeRefusal } from '../scopes.ts';
import { GROUP_LEVEL, groupLevel, isAdminRole, isProblemAdmin, isRoot, type Subject } from '../subjects.ts';

/**
 * §7.12: a group's problem opened or submitted inside its group: for its members when the group
 * made it public among them (auth 1), for the group's admins also when hidden (2) or kept for its
 * contests (3); root always. Outside its group (no `group`, or another one) it is not public.
 */
function groupProblemRefusal(ctx: RuleContext, user: Subject, p: ProblemFacts, refusal: Message) {
  if (isRoot(user)) return null;
  if (!p.group || p.group.gid !== p.gid) return forbidden(problemMessages.problemNotPublic);
  const off = scopeRefusal(ctx.scopes, 'group');
  if (off) return off;
  const level = groupLevel(user, p.group);
  if (level < GROUP_LEVEL.member) return forbidden(policyMessages.groupMembersOnly);
  if (p.auth !== PROBLEM_AUTH.public && level < GROUP_LEVEL.admin) return forbidden(refusal);
  return null;
}

/** Problem rules: reference §7.7 (visibility), §3.12 (admin), §6.1 step 5 and §13.21 (submit). */
export const problemRules = {
  /**
   * §7.7: a problem opened by id outside a contest. Public problems are open to everyone; hidden (2)
   * and contest-only (3) ones to the admin roles only (spec part 1 §6: they edit and preview them).
   * Group problems need their group and membership (root bypasses).
   */
  'problem.view': ((ctx, user, p) => {
    if (!p) return notFound(problemMessages.problemNotFound);
    if (p.isGroup) return groupProblemRefusal(ctx, user, p, problemMessages.problemNotPublic);
    if (p.auth !== PROBLEM_AUTH.public && !isAdminRole(user))
      return forbidden(problemMessages.problemNotPublic);
    return null;
  }) as Rule<ProblemFacts | undefined>,

  /** spec part 1 §2: only a super admin lists hidden or contest problems with `auth`. */
  'problem.listAnyAuth': ((_ctx, user) => (isRoot(user) ? null : noPermission())) as Rule<void>,

  /**
   * §3.12: admin calls on one problem are for root, problem_admin or the problem's author (part 2
   * §6: non-root admins change only what they authored); §7.12: a group problem also for its group root.
   */
  'problem.edit': ((ctx, user, p) => {
    if (!p) return notFound(problemMessages.problemNotFound);
    if (isProblemAdmin(user)) return null;
    if (user && p.author && p.author === user.username) return null;
    if (p.group && !scopeRefusal(ctx.scopes, 'group') && groupLevel(user, p.group) >= GROUP_LEVEL.root)
      return null;
    return forbidden(problemMessages.problemNotYours);
  }) as Rule<ProblemFacts | undefined>,

  /** §3.12 change-problem-auth: only root and problem admins make a problem public. */
  'problem.publish': ((_ctx, user, change) =>
    change.auth === PROBLEM_AUTH.public && change.previous !== PROBLEM_AUTH.public && !isProblemAdmin(user)
      ? forbidden(problemMessages.publishNeedsProblemAdmin)
      : null) as Rule<{ auth: number; previous?: number }>,

  /**
   * §6.1 step 5: who may submit to a problem outside a contest. Hidden problems only for the admin
   * roles; contest-only problems never — HOJ accepted them from anyone who knew the id (§13.21),
   * although their page is refused. Group problems need their group.
   */
  'problem.submit': ((ctx, user, p) => {
    if (p.isGroup || (p.gid !== undefined && p.gid !== null)) {
      if (!p.group) return forbidden(problemMessages.groupProblemOutside);
      return groupProblemRefusal(ctx, user, p, problemMessages.problemNotSubmittable);
    }
    if (p.auth === PROBLEM_AUTH.contest) return forbidden(problemMessages.contestProblemOutside);
    if (p.auth !== PROBLEM_AUTH.public && !isAdminRole(user))
      return forbidden(problemMessages.problemNotSubmittable);
    return null;
  }) as Rule<ProblemFacts>,
};
