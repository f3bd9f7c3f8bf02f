import { accessDenied, forbidden, noPermission, notFound } from '../../http/errors.ts';
import { problemMessages } from '../../http/messages.ts';
import { policyMessages } from '../messages.ts';
import { CONTEST_STATUS, type DiscussionFacts } from '../resources.ts';
import type { Rule, RuleContext } from '../rule.ts';
import { scopeRefusal } from '../scopes.ts';
import { GROUP_LEVEL, groupLevel, isAdminRole, isRoot, type Subject } from '../subjects.ts';
import { isContestAdmin } from './contest.ts';

const inGroup = (d: DiscussionFacts) => d.gid !== undefined && d.gid !== null;
const isAuthor = (user: Subject, d: DiscussionFacts) => !!user && user.uid === d.uid;

/** A group discussion's gate: the scope, a login and membership (root bypasses membership). */
function groupGate(ctx: RuleContext, user: Subject, d: DiscussionFacts) {
  const off = scopeRefusal(ctx.scopes, 'groupDiscussion');
  if (off) return off;
  if (!user) return accessDenied(problemMessages.loginFirst);
  if (isRoot(user) || (d.group && groupLevel(user, d.group) >= GROUP_LEVEL.member)) return null;
  return forbidden(policyMessages.groupMembersOnly);
}

/** Author, group admin (group discussions) or root; `admins` lets the admin roles in outside groups. */
function authorOrAdmin(admins: boolean, refusal: () => ReturnType<typeof forbidden>): Rule<DiscussionFacts> {
  return (ctx, user, d) => {
    if (inGroup(d)) {
      const gate = groupGate(ctx, user, d);
      if (gate) return gate;
      if (isAuthor(user, d) || isRoot(user)) return null;
      return d.group && groupLevel(user, d.group) >= GROUP_LEVEL.admin ? null : refusal();
    }
    if (isAuthor(user, d) || isRoot(user) || (admins && isAdminRole(user))) return null;
    return refusal();
  };
}

/** Discussion, comment and reply rules: reference §7.15 (§7.12 for group discussions). */
export const discussionRules = {
  /** §7.15 detail: a banned discussion is refused; a group one needs login and membership. */
  'discussion.view': ((ctx, user, d) => {
    if (inGroup(d)) {
      const gate = groupGate(ctx, user, d);
      if (gate) return gate;
    }
    return d.status === 1 && !isRoot(user) ? forbidden(policyMessages.discussionBanned) : null;
  }) as Rule<DiscussionFacts>,

  /** §7.15 update: author, group admin (group discussions) or root. */
  'discussion.edit': authorOrAdmin(false, () => forbidden(policyMessages.discussionNotYours)),

  /** §7.15 delete: author, group admin or root; outside groups the admin roles delete any. */
  'discussion.delete': authorOrAdmin(true, () => forbidden(policyMessages.discussionNotYours)),

  /**
   * §7.15: pinning (`topPriority`) and hiding (`status`) a post: the admin roles. A group's post
   * (§3.10 the group admin table, §7.12): its group admins and root. **Changed:** HOJ's
   * `PUT /api/group/discussion` writes the row as sent, from its author too.
   */
  'discussion.moderate': ((ctx, user, d) => {
    if (!inGroup(d)) return isAdminRole(user) ? null : noPermission();
    const gate = groupGate(ctx, user, d);
    if (gate) return gate;
    if (isRoot(user)) return null;
    return d.group && groupLevel(user, d.group) >= GROUP_LEVEL.admin ? null : noPermission();
  }) as Rule<DiscussionFacts>,

  /**
   * §7.15 comment and reply delete: discussion comments by their author or the admin roles (group:
   * author, group admin, root); contest comments by their author, root, the contest's creator or
   * group root.
   */
  'comment.delete': ((ctx, user, d) => {
    if (d.contest) {
      const off = scopeRefusal(ctx.scopes, 'contest');
      if (off) return off;
      return isAuthor(user, d) || isContestAdmin(user, d.contest)
        ? null
        : forbidden(policyMessages.commentNotYours);
    }
    return authorOrAdmin(true, () => forbidden(policyMessages.commentNotYours))(ctx, user, d);
  }) as Rule<DiscussionFacts>,

  /**
   * §7.15 contest comment visibility: while the contest runs, callers other than its admins see only
   * comments by themselves, roots and the creator (group roots come with groups); another comment
   * answers as one that does not exist. Comment lists apply the same rule in SQL
   * (modules/discussion/sources.ts `visibleAuthors`).
   */
  'comment.view': ((_ctx, user, d) => {
    const c = d.contest;
    if (!c || c.status !== CONTEST_STATUS.running || isContestAdmin(user, c)) return null;
    if (isAuthor(user, d) || d.uid === c.uid || d.authorRole === 'root') return null;
    return notFound(policyMessages.commentNotFound);
  }) as Rule<DiscussionFacts>,

  /** §7.15: a reply to a contest comment only from its author, root, the creator or group root. */
  'comment.reply': ((ctx, user, d) => {
    if (!d.contest) return inGroup(d) ? groupGate(ctx, user, d) : null;
    const off = scopeRefusal(ctx.scopes, 'contest');
    if (off) return off;
    return isAuthor(user, d) || isContestAdmin(user, d.contest)
      ? null
      : forbidden(policyMessages.commentNotYours);
  }) as Rule<DiscussionFacts>,
};
