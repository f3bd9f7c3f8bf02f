import { PROBLEM_AUTH } from '@verdict/shared';
import { forbidden, noPermission, notFound } from '../../http/errors.ts';
import { problemMessages } from '../../http/messages.ts';
import { policyMessages } from '../messages.ts';
import type { TrainingFacts } from '../resources.ts';
import type { Rule } from '../rule.ts';
import { scopeRefusal } from '../scopes.ts';
import { GROUP_LEVEL, groupLevel, isAdminRole, isRoot } from '../subjects.ts';

/** §7.13, §7.12: the training exists and is visible (root sees hidden ones); a group one needs membership. */
const trainingShown: Rule<TrainingFacts | undefined> = (ctx, user, t) => {
  if (!t || (!t.status && !isRoot(user))) return notFound(problemMessages.trainingNotFound);
  if (t.isGroup || t.gid !== null) {
    const off = scopeRefusal(ctx.scopes, 'groupTraining');
    if (off) return off;
    if (!isRoot(user) && (!t.group || groupLevel(user, t.group) < GROUP_LEVEL.member))
      return forbidden(policyMessages.groupMembersOnly);
  }
  return null;
};

/** Training rules: reference §7.13 (and §7.12 for group trainings). */
export const trainingRules = {
  /**
   * Who may read a training's detail (its title, description, category and counts, never its
   * password): whoever may see it, registered or not. **Changed** (issue 24 item 2): reference
   * §7.13 puts the detail of a Private training behind registration too, and HOJ's client, which
   * reads the detail before anything else, then shows "undefined / undefined" and no password form.
   * Problems, rank and submitting stay behind registration (training.view).
   */
  'training.info': trainingShown,

  /**
   * §7.13: who may use a training (problems, rank, submit). It must exist and be visible (root
   * sees hidden ones); a group training needs membership; a Private one needs a registration that
   * is not banned, unless the caller is its author, root or the group's root.
   */
  'training.view': ((ctx, user, t) => {
    const hidden = trainingShown(ctx, user, t);
    if (hidden || !t) return hidden;
    const inGroup = t.isGroup || t.gid !== null;
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
