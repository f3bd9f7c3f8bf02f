import { PROBLEM_AUTH } from '@verdict/shared';
import { forbidden, noPermission, notFound } from '../../http/errors.ts';
import { problemMessages } from '../../http/messages.ts';
import { policyMessages } from '../messages.ts';
import type { TrainingFacts } from '../resources.ts';
import type { Rule } from '../rule.ts';
import { scopeRefusal } from '../scopes.ts';
import { GROUP_LEVEL, groupLevel, isAdminRole, isRoot } from '../subjects.ts';

/** Training rules: reference §7.13 (and §7.12 for group trainings). */
export const trainingRules = {
  /**
   * §7.13: who may use a training (detail, problems, rank, submit). It must exist and be visible
   * (root sees hidden ones); a group training needs membership; a Private one needs a registration
   * that is not banned, unless the caller is its author, root or the group's root.
   */
  'training.view': ((ctx, user, t) => {
    if (!t || (!t.status && !isRoot(user))) return notFound(problemMessages.trainingNotFound);
    const inGroup = t.isGroup || t.gid !== null;
    if (inGroup) {
      const off = scopeRefusal(ctx.scopes, 'group');
      if (off) return off;
      if (!isRoot(user) && (!t.group || groupLevel(user, t.group) < GROUP_LEVEL.member))
        return forbidden(policyMessages.groupMembersOnly);
    }
    if (t.auth !== 'Private' || isRoot(user)) return null;
    if (user && t.author === user.username) return null;
    if (inGroup && t.group && groupLevel(user, t.group) >= GROUP_LEVEL.root) return null;
    if (t.registration && !t.registration.status) return forbidden(problemMessages.trainingBanned);
    return t.registration ? null : forbidden(problemMessages.trainingNotRegistered);
  }) as Rule<TrainingFacts | undefined>,

  /**
   * reference §3.12 "Trainings", spec part 2 §6: who manages a training (edits it, its problems and
   * its status, and sees real names in its rank): root, its author, or the root of its group.
   */
  'training.manage': ((_ctx, user, t) => {
    if (isRoot(user)) return null;
    if (user && t.author === user.username) return null;
    if (t.group && groupLevel(user, t.group) >= GROUP_LEVEL.root) return null;
    return forbidden(problemMessages.trainingNoPermission);
  }) as Rule<TrainingFacts>,

  /** §7.13, §7.7: a training lists its public problems; the admin roles see them all. */
  'training.problem': ((_ctx, user, p) =>
    p.auth === PROBLEM_AUTH.public || isAdminRole(user) ? null : noPermission()) as Rule<{ auth: number }>,
};
