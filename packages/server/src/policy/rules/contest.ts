import { accessDenied, forbidden, noPermission, notFound, unauthenticated } from '../../http/errors.ts';
import { problemMessages } from '../../http/messages.ts';
import { policyMessages } from '../messages.ts';
import { CONTEST_AUTH, CONTEST_STATUS, type ContestFacts } from '../resources.ts';
import type { Rule, RuleContext } from '../rule.ts';
import { scopeRefusal } from '../scopes.ts';
import { GROUP_LEVEL, groupLevel, hasPermissions, isRoot, type Subject } from '../subjects.ts';

/**
 * reference §2: "contest admin" in business code is not the contest_admin permission but root,
 * the contest's creator, or a group root of the contest's group. **Changed:** a group contest's
 * creator is its admin while still a member of the group, not after leaving or being removed.
 */
export function isContestAdmin(user: Subject, c: ContestFacts): boolean {
  if (!user) return false;
  if (isRoot(user)) return true;
  if (c.uid === user.uid) return groupMember(user, c);
  return !!c.group && groupLevel(user, c.group) >= GROUP_LEVEL.root;
}

function groupMember(user: Subject, c: ContestFacts) {
  return !c.group || groupLevel(user, c.group) >= GROUP_LEVEL.member;
}

/** A signed-in nobody: passes the login step of the gate when the rule lets anyone in. */
const ANYONE: NonNullable<Subject> = { uid: '', username: '', sessionId: 0, roles: [], permissions: [] };

/** Scope switched off, contest invisible ("does not exist") or anonymous caller, in that order. */
function gate(ctx: RuleContext, user: Subject, c: ContestFacts) {
  const off =
    scopeRefusal(ctx.scopes, 'contest') ?? (c.group ? scopeRefusal(ctx.scopes, 'groupContest') : null);
  if (off) return off;
  if (isContestAdmin(user, c)) return 'admin' as const;
  if (!c.visible) return notFound(problemMessages.contestNotFound);
  if (!user) return accessDenied(problemMessages.loginFirst);
  return null;
}

/**
 * §7.18: problems, submissions, rank, announcements, comments and print. Contest admins always
 * pass; others: scheduled → forbidden; group contest → members; private (auth 1) → registered.
 * Protected (auth 2) contests are viewed without registering.
 */
const enter: Rule<ContestFacts> = (ctx, user, c) => {
  const g = gate(ctx, user, c);
  if (g === 'admin') return null;
  if (g) return g;
  if (c.status === CONTEST_STATUS.scheduled) return forbidden(policyMessages.contestNotStarted);
  if (!groupMember(user, c)) return forbidden(policyMessages.contestGroupMembersOnly);
  if (c.auth === CONTEST_AUTH.private) {
    if (!c.registered) return forbidden(policyMessages.contestNotRegistered);
    if (c.accountAllowed === false) return forbidden(policyMessages.contestAccountLimited);
  }
  return null;
};

/**
 * §3.6, §9.8: the staff's calls on one contest (AC helper, print list, accepted-code zip, scroll
 * board; the rejudge of a contest problem through `contest.rejudge`): contest admins only. Unlike `contest.manage`, an invisible contest answers
 * as one that does not exist to everybody else (§7.18), and an anonymous caller is asked to log in.
 */
const staff: Rule<ContestFacts> = (ctx, user, c) => {
  const g = gate(ctx, user, c);
  if (g === 'admin') return null;
  return g ?? forbidden(policyMessages.contestNoPermission);
};

export const contestRules = {
  'contest.enter': enter,

  /** §7.18: contest info is readable by any logged-in user (group contests: members), even private. */
  'contest.info': ((ctx, user, c) => {
    const g = gate(ctx, user, c);
    if (g === 'admin') return null;
    if (g) return g;
    return groupMember(user, c) ? null : forbidden(policyMessages.contestGroupMembersOnly);
  }) as Rule<ContestFacts>,

  /**
   * §7.18: the problem list. With `openRank` (the public board shows the problems anyway) anonymous
   * and signed-in callers skip the access check, once the contest has started; otherwise as
   * `contest.enter`. Verdict keeps a scheduled contest's problems from everyone but its admins even
   * with `openRank` (issue 11: a scheduled contest shows its info but no problems).
   */
  'contest.problems': ((ctx, user, c) => {
    if (c.openRank && c.status !== CONTEST_STATUS.scheduled) {
      const g = gate(ctx, user ?? ANYONE, c);
      return g === 'admin' ? null : g;
    }
    return enter(ctx, user, c);
  }) as Rule<ContestFacts>,

  /**
   * §6.1 step 5, §7.18: submitting. After the end nobody submits unless `allowEndSubmit` (admins
   * included, as in HOJ); otherwise the access rule and, for private and protected contests, a
   * registration and the account-limit rule. Contest admins skip those.
   */
  'contest.submit': ((ctx, user, c) => {
    const refusal = enter(ctx, user, c);
    if (refusal) return refusal;
    if (c.status === CONTEST_STATUS.ended && !c.allowEndSubmit) return forbidden(policyMessages.contestEnded);
    if (isContestAdmin(user, c)) return null;
    if (c.auth !== CONTEST_AUTH.public) {
      if (!c.registered) return forbidden(policyMessages.contestNotRegistered);
      if (c.accountAllowed === false) return forbidden(policyMessages.contestAccountLimited);
    }
    return null;
  }) as Rule<ContestFacts>,

  /**
   * §7.18, §9.2: the real (unsealed) figures of a contest — problem AC counts, others' results after
   * the seal time: contest admins always, others while the board is not sealed.
   */
  'contest.realTime': ((_ctx, user, c) =>
    isContestAdmin(user, c) || !c.sealed
      ? null
      : forbidden(policyMessages.contestNoPermission)) as Rule<ContestFacts>,

  /** §2, §7.12: contest management (admin lists, rejudges, printing marks): contest admins only. */
  'contest.manage': ((ctx, user, c) => {
    const off = scopeRefusal(ctx.scopes, 'contest');
    if (off) return off;
    return isContestAdmin(user, c) ? null : forbidden(policyMessages.contestNoPermission);
  }) as Rule<ContestFacts>,

  /**
   * §3.6, §9.6: the outside scoreboard and its info (`get-contest-outside-scoreboard`,
   * `get-contest-outsize-info`): anyone, signed in or not, once the contest has started and when it
   * opened its board (`openRank`); contest admins always. An invisible contest does not exist.
   */
  'contest.outsideBoard': ((ctx, user, c) => {
    const g = gate(ctx, user ?? ANYONE, c);
    if (g === 'admin') return null;
    if (g) return g;
    if (!c.openRank) return forbidden(policyMessages.contestOutsideBoardClosed);
    if (c.status === CONTEST_STATUS.scheduled) return forbidden(policyMessages.contestOutsideBoardScheduled);
    return null;
  }) as Rule<ContestFacts>,

  /**
   * §3.6, §7.18: sending text to print needs the access rule of `contest.enter` and a contest that
   * opened printing (`openPrint`), for contest admins too: the print tab exists only then.
   */
  'contest.print': ((ctx, user, c) => {
    const refusal = enter(ctx, user, c);
    if (refusal) return refusal;
    return c.openPrint ? null : forbidden(policyMessages.contestPrintClosed);
  }) as Rule<ContestFacts>,

  /** §3.6, §9.8: the staff's calls on one contest (see `staff`). */
  'contest.staff': staff,

  /**
   * §3.4 `rejudge-contest-problem` is R(root) + P(rejudge): site root rejudges in every contest
   * (`contest.staff` still applies: scopes). **Changed** (issue 27): a group's contest is run by its
   * contest admins with every staff tool, so they rejudge in it too (§2, §7.12: the group root and
   * the creator). Everyone else is refused as the reference's route refuses them: no login → 401,
   * else HTTP 403 "no permission", also for a contest that does not exist (`undefined`) or that they
   * cannot see; only site root learns that a contest is missing.
   */
  'contest.rejudge': ((ctx, user, c) => {
    if (!user) return unauthenticated();
    if (isRoot(user) && hasPermissions(user, ['rejudge']))
      return c ? staff(ctx, user, c) : notFound(problemMessages.contestNotFound);
    return c?.group && staff(ctx, user, c) === null ? null : noPermission();
  }) as Rule<ContestFacts | undefined>,

  /**
   * §7.18, §7.10: while a contest runs, others' time, memory and length (and code, errors) are hidden
   * from all but contest admins.
   */
  'contest.seeOthersResults': ((_ctx, user, c) =>
    isContestAdmin(user, c) || c.status !== CONTEST_STATUS.running
      ? null
      : forbidden(policyMessages.contestNoPermission)) as Rule<ContestFacts>,
};
