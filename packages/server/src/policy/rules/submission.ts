import { PROBLEM_AUTH } from '@verdict/shared';
import { accessDenied, fail, forbidden, noPermission } from '../../http/errors.ts';
import { problemMessages } from '../../http/messages.ts';
import { policyMessages } from '../messages.ts';
import { CONTEST_STATUS, type ContestFacts, type SubmissionFacts } from '../resources.ts';
import type { Rule } from '../rule.ts';
import { scopeRefusal } from '../scopes.ts';
import { GROUP_LEVEL, groupLevel, isAdminRole, isProblemAdmin, isRoot } from '../subjects.ts';
import { contestRules, isContestAdmin } from './contest.ts';

const isPublicProblem = (p: { auth: number; isGroup: boolean }) =>
  p.auth === PROBLEM_AUTH.public && !p.isGroup;

/** A contest submission whose contest is not described: nobody but root may see into it. */
const unknownContest: ContestFacts = { uid: '', auth: 0, status: CONTEST_STATUS.running, visible: false };

/** Submission rules: reference §7.10 (detail, code, cases), §3.4 (share, resubmit), §7.18 (contests). */
export const submissionRules = {
  /**
   * Who may open a submission at all (§7.10). Contest submissions: never anonymous, then the
   * contest's access rule; group submissions: the group's members. A submission of a problem that is
   * not public is shown only to its author and the admin roles (§7.7: hidden problems stay hidden).
   * Root sees everything.
   */
  'submission.view': ((ctx, user, s) => {
    if (s.cid !== 0) {
      if (!user) return accessDenied(problemMessages.loginFirst);
      if (!isRoot(user)) {
        const refusal = contestRules['contest.enter'](ctx, user, s.contest ?? unknownContest);
        if (refusal) return refusal;
      }
    }
    if (s.gid !== null && !isRoot(user)) {
      const off = scopeRefusal(ctx.scopes, 'group');
      if (off) return off;
      if (!s.group || groupLevel(user, s.group) < GROUP_LEVEL.member)
        return forbidden(policyMessages.groupMembersOnly);
    }
    const owner = !!user && user.uid === s.uid;
    if (s.cid === 0 && s.gid === null && !isPublicProblem(s.problem) && !owner && !isAdminRole(user))
      return forbidden(problemMessages.problemNotPublic);
    return null;
  }) as Rule<SubmissionFacts>,

  /**
   * §7.10 and spec part 1 §5: the code. Non-contest: its author, root and problem admins, a group
   * root of its group, and everyone when the author shared it and the problem allows sharing; with
   * `hideNonContestSubmissionCode` only root and problem admins. Contest: its author and the
   * contest's admins.
   */
  'submission.code': ((ctx, user, s) => {
    const owner = !!user && user.uid === s.uid;
    if (s.cid !== 0) {
      if (s.contest && isContestAdmin(user, s.contest)) return null;
      return owner || isRoot(user) ? null : forbidden(problemMessages.codeHidden);
    }
    if (isProblemAdmin(user)) return null;
    if (s.hideCode) return forbidden(problemMessages.codeHidden);
    if (owner || (s.share && s.problem.codeShare)) return null;
    if (s.group && !scopeRefusal(ctx.scopes, 'group') && groupLevel(user, s.group) >= GROUP_LEVEL.root)
      return null;
    return forbidden(problemMessages.codeHidden);
  }) as Rule<SubmissionFacts>,

  /** §3.3 get-last-ac-code, §7.14: one's own accepted code, unless the switch hides codes. */
  'submission.ownCode': ((_ctx, user, s) =>
    s.hideCode && !isProblemAdmin(user) ? forbidden(problemMessages.codeHidden) : null) as Rule<{
    hideCode: boolean;
  }>,

  /**
   * §7.10 get-all-case-result: hidden when the problem closes case results (root and problem admins
   * still see them); in a contest also while an ACM contest runs and while an OI board is sealed.
   */
  'submission.caseResults': ((_ctx, user, s) => {
    if (isProblemAdmin(user)) return null;
    if (!s.problem.openCaseResult) return noPermission();
    const c = s.contest;
    if (s.cid !== 0 && c && !isContestAdmin(user, c)) {
      if (c.status === CONTEST_STATUS.running && (c.type !== 1 || c.sealed)) return noPermission();
    }
    return null;
  }) as Rule<SubmissionFacts>,

  /**
   * issue 24 item 6: what the program itself wrote, quoted in its case messages (reference §4
   * judge_case.user_output holds the judge's or the checker's message; Verdict's judge adds an
   * excerpt of the output it compared and of the stderr of a runtime error). Its output on hidden
   * test data gives that data away, so it is for the submitter, the admin roles (who manage the
   * test data), the contest's admins and a group root of a group submission.
   */
  'submission.programOutput': ((ctx, user, s) => {
    if (user && (user.uid === s.uid || isAdminRole(user))) return null;
    if (s.cid !== 0 && s.contest && isContestAdmin(user, s.contest)) return null;
    if (s.group && !scopeRefusal(ctx.scopes, 'group') && groupLevel(user, s.group) >= GROUP_LEVEL.root)
      return null;
    return noPermission();
  }) as Rule<SubmissionFacts>,

  /** §7.10: the test file names of case results are for root and problem admins. */
  'submission.caseFiles': ((_ctx, user) => (isProblemAdmin(user) ? null : noPermission())) as Rule<void>,

  /** The submitter's IP address: root only. */
  'submission.ip': ((_ctx, user) => (isRoot(user) ? null : noPermission())) as Rule<void>,

  /** §3.4 get-submission-list, §7.7: submissions of problems that are not public are listed to root only. */
  'submission.listHidden': ((_ctx, user) => (isRoot(user) ? null : noPermission())) as Rule<void>,

  /** §3.4 `PUT /api/submission`: only the author toggles sharing; contest submissions never. */
  'submission.share': ((_ctx, user, s) => {
    if (!user || s.uid !== user.uid) return forbidden(problemMessages.notYourSubmission);
    if (s.cid !== 0) return fail(problemMessages.contestCannotShare);
    return null;
  }) as Rule<Pick<SubmissionFacts, 'uid' | 'cid'>>,

  /**
   * §3.4 `GET /api/resubmit`, §6.4: the author re-queues their own submission, in its scope's rules.
   * In a contest only a remote problem's (§6.4 (a)), while the author may still enter the contest.
   */
  'submission.resubmit': ((ctx, user, s) => {
    if (!user || s.uid !== user.uid) return forbidden(problemMessages.notYourSubmission);
    if (s.cid !== 0) {
      const off = scopeRefusal(ctx.scopes, 'contest');
      if (off) return off;
      if (!s.remote) return fail(problemMessages.contestResubmitRemoteOnly);
      return contestRules['contest.enter'](ctx, user, s.contest ?? unknownContest);
    }
    if (s.gid !== null) return scopeRefusal(ctx.scopes, 'group');
    return null;
  }) as Rule<Pick<SubmissionFacts, 'uid' | 'cid' | 'gid' | 'contest'> & { remote?: boolean }>,
};
