import { CONTEST_STATUS } from '@verdict/shared';
import type { Db } from '../../db/client.ts';
import type { comment } from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/auth/access.ts';
import { assertCan } from '../../policy/index.ts';
import type { DiscussionFacts } from '../../policy/resources.ts';
import type { Subject } from '../../policy/subjects.ts';
import { contestFor, viewOf, type ContestView } from '../contest/access.ts';
import { loadContest } from '../contest/facts.ts';
import { discussionFacts, loadDiscussion } from './discussions.ts';
import { assertContestCommentOpen, assertDiscussionOpen, discussionSwitches } from './gates.ts';

type DiscussionRow = Awaited<ReturnType<typeof loadDiscussion>>;
type CommentRow = typeof comment.$inferSelect;

/** Where comments live: a discussion or a contest (reference §4.6 comment.did / comment.cid). */
export type CommentSource =
  { kind: 'Discussion'; d: DiscussionRow; facts: DiscussionFacts } | { kind: 'Contest'; view: ContestView };

/**
 * The source a caller reads or writes comments in, after its gates: the public discussion switch
 * and the discussion's view rule, or the contest comment switch and contest access (reference §7.15).
 */
export async function openSource(
  db: Db,
  user: Subject,
  where: { did?: number | null; cid?: number | null },
  now: Date,
): Promise<CommentSource> {
  const sw = await discussionSwitches(db);
  if (where.did != null) {
    const d = await loadDiscussion(db, where.did);
    assertDiscussionOpen(sw, d.gid);
    const facts = await discussionFacts(db, user, d);
    assertCan(user, 'discussion.view', facts);
    return { kind: 'Discussion', d, facts };
  }
  assertContestCommentOpen(sw);
  return { kind: 'Contest', view: await contestFor(db, user, where.cid!, now, 'contest.enter') };
}

/**
 * The source of a comment for deleting (switch on, no access check: the delete rule decides who
 * may, and a contest admin may delete in a contest they do not take part in).
 */
export async function sourceForDelete(
  db: Db,
  user: AuthUser,
  c: CommentRow,
  now: Date,
): Promise<CommentSource> {
  const sw = await discussionSwitches(db);
  if (c.did != null) {
    const d = await loadDiscussion(db, c.did);
    assertDiscussionOpen(sw, d.gid);
    return { kind: 'Discussion', d, facts: await discussionFacts(db, user, d) };
  }
  assertContestCommentOpen(sw);
  return { kind: 'Contest', view: await viewOf(db, await loadContest(db, c.cid!), user, now) };
}

/** The policy's facts of something written by `uid` in `source`. */
export function writtenIn(source: CommentSource, uid: string): DiscussionFacts {
  return source.kind === 'Discussion' ? { ...source.facts, uid } : { uid, contest: source.view.facts };
}

/**
 * reference §7.15 contest comment visibility: while a contest runs, callers other than its admins
 * see only comments by themselves, roots and the creator (group roots come with groups). Answers
 * null when everything is visible. The SQL form of the policy's `comment.view`, for lists.
 */
export function visibleAuthors(source: CommentSource, user: Subject): { uids: string[]; roots: true } | null {
  if (source.kind !== 'Contest') return null;
  const { view } = source;
  if (view.admin || view.facts.status !== CONTEST_STATUS.running) return null;
  return { uids: [view.row.uid, ...(user ? [user.uid] : [])], roots: true };
}

/** The message centre's source of a comment's messages. */
export const remindSource = (source: CommentSource) =>
  source.kind === 'Discussion'
    ? ({ type: 'Discussion', did: source.d.id } as const)
    : ({ type: 'Contest', cid: source.view.row.id } as const);
