import { and, eq, ne } from 'drizzle-orm';
import {
  addProblemFromPublicBody,
  contestProblemBody,
  PROBLEM_AUTH,
  type ContestProblemLink,
  type EditorScope,
} from '@verdict/shared';
import type { Db } from '../../../db/client.ts';
import { contest, contestProblem, contestRecord, problem } from '../../../db/schema/index.ts';
import type { AuthUser } from '../../../http/auth/access.ts';
import { fail, notFound } from '../../../http/errors.ts';
import { problemMessages } from '../../../http/messages.ts';
import type { Tx } from '../../submission/lifecycle/scopes.ts';
import { uniqueViolationConstraint } from '../../admin/unique.ts';
import { parseContestInput } from './input.ts';
import { contestProblemJson } from './json.ts';
import { manageableContest } from './manage.ts';
import { contestAdminMessages } from './messages.ts';

export interface NewLink {
  cid: number;
  pid: number;
  displayId: string;
  /** the problem's title when absent */
  displayTitle?: string | null;
  color?: string | null;
}

/** The refusal for a link that clashes with another of the contest (a race past the checks below). */
export function linkConflict(error: unknown) {
  const constraint = uniqueViolationConstraint(error);
  if (constraint === undefined) return undefined;
  return fail(
    constraint.includes('display_id')
      ? contestAdminMessages.displayIdTaken
      : contestAdminMessages.problemAlreadyInContest,
  );
}

async function assertDisplayIdFree(tx: Tx, cid: number, displayId: string, exceptId?: number) {
  const [clash] = await tx
    .select({ id: contestProblem.id })
    .from(contestProblem)
    .where(
      and(
        eq(contestProblem.cid, cid),
        eq(contestProblem.displayId, displayId),
        exceptId ? ne(contestProblem.id, exceptId) : undefined,
      ),
    );
  if (clash) throw fail(contestAdminMessages.displayIdTaken);
}

/**
 * Puts a problem into a contest (reference §3.12 add-problem-from-public, §13.6): a problem not yet
 * in the contest, under a display id no other problem of the contest uses; a hidden (auth 2)
 * problem, or a group's problem outside that group's contests, is refused. The problem becomes contest-only (auth 3), which takes it off the
 * public list and its statistics (reference §7.7). Runs in the caller's transaction.
 */
export async function linkProblem(tx: Tx, link: NewLink, now: Date): Promise<ContestProblemLink> {
  const [target] = await tx.select().from(problem).where(eq(problem.id, link.pid)).for('update');
  if (!target) throw notFound(problemMessages.problemNotFound);
  if (target.isGroup) {
    // a group's problem goes into that group's contests only (reference §3.10)
    const [owner] = await tx.select({ gid: contest.gid }).from(contest).where(eq(contest.id, link.cid));
    if (owner?.gid === null || owner?.gid !== target.gid) throw fail(contestAdminMessages.groupProblem);
  }
  if (target.auth === PROBLEM_AUTH.hidden) throw fail(contestAdminMessages.problemHidden);
  const [already] = await tx
    .select({ id: contestProblem.id })
    .from(contestProblem)
    .where(and(eq(contestProblem.cid, link.cid), eq(contestProblem.pid, link.pid)));
  if (already) throw fail(contestAdminMessages.problemAlreadyInContest);
  await assertDisplayIdFree(tx, link.cid, link.displayId);
  if (target.auth !== PROBLEM_AUTH.contest) {
    await tx
      .update(problem)
      .set({ auth: PROBLEM_AUTH.contest, gmtModified: now })
      .where(eq(problem.id, link.pid));
  }
  const [row] = await tx
    .insert(contestProblem)
    .values({
      cid: link.cid,
      pid: link.pid,
      displayId: link.displayId,
      displayTitle: link.displayTitle || target.title || link.displayId,
      color: link.color ?? null,
    })
    .returning();
  return contestProblemJson(row!);
}

async function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    throw linkConflict(error) ?? error;
  }
}

/** `linkProblem` in a transaction of its own, a clash answered as the form's message. */
export function linkProblemTo(db: Db, link: NewLink, now: Date) {
  return inTransaction(db, (tx) => linkProblem(tx, link, now));
}

/** reference §3.12 `POST /api/admin/contest/add-problem-from-public` `{pid, cid, displayId}`. */
export async function addProblemFromPublic(
  db: Db,
  user: AuthUser,
  body: unknown,
  now: Date,
  scope?: EditorScope,
) {
  const input = parseContestInput(addProblemFromPublicBody, body);
  await manageableContest(db, user, input.cid, now, scope);
  return linkProblemTo(db, input, now);
}

/** reference §3.12 `GET /api/admin/contest/contest-problem?cid&pid`. */
export async function contestProblemLink(db: Db, user: AuthUser, cid: number, pid: number, now: Date) {
  await manageableContest(db, user, cid, now);
  const [row] = await db
    .select()
    .from(contestProblem)
    .where(and(eq(contestProblem.cid, cid), eq(contestProblem.pid, pid)));
  if (!row) throw notFound(contestAdminMessages.contestProblemNotFound);
  return contestProblemJson(row);
}

/**
 * reference §3.12 `PUT /api/admin/contest/contest-problem` body ContestProblem: display id, display
 * title and balloon colour of a problem in the contest; a new display id is written into the
 * contest's records too, in the same transaction. Without an id (HOJ's saveOrUpdate, called by its
 * form after creating a contest problem) the link of (cid, pid) is edited, or made as
 * add-problem-from-public makes it.
 */
export async function updateContestProblem(db: Db, user: AuthUser, body: unknown, now: Date) {
  const input = parseContestInput(contestProblemBody, body);
  await manageableContest(db, user, input.cid, now);
  return inTransaction(db, async (tx) => {
    const [current] = await tx
      .select()
      .from(contestProblem)
      .where(
        input.id
          ? eq(contestProblem.id, input.id)
          : and(eq(contestProblem.cid, input.cid), eq(contestProblem.pid, input.pid)),
      )
      .for('update');
    if (!current) {
      if (input.id) throw notFound(contestAdminMessages.contestProblemNotFound);
      return linkProblem(tx, input, now);
    }
    if (current.cid !== input.cid || current.pid !== input.pid)
      throw fail(contestAdminMessages.contestProblemMismatch);
    await assertDisplayIdFree(tx, current.cid, input.displayId, current.id);
    const [row] = await tx
      .update(contestProblem)
      .set({
        displayId: input.displayId,
        displayTitle: input.displayTitle,
        color: input.color,
        gmtModified: now,
      })
      .where(eq(contestProblem.id, current.id))
      .returning();
    if (current.displayId !== input.displayId) {
      await tx
        .update(contestRecord)
        .set({ displayId: input.displayId })
        .where(eq(contestRecord.cpid, current.id));
    }
    return contestProblemJson(row!);
  });
}
