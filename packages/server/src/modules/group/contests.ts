import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  adminContestProblemListQuery,
  EditorScope,
  groupAdminContestListQuery,
  groupContestListQuery,
  groupContestProblemFromGroupQuery,
} from '@verdict/shared';
import type { Db } from '../../db/client.ts';
import { problem } from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/auth/access.ts';
import { fail, notFound } from '../../http/errors.ts';
import { problemMessages } from '../../http/messages.ts';
import type { SaveContext } from '../problem/admin/save.ts';
import { loadContest } from '../contest/facts.ts';
import { listContests } from '../contest/list.ts';
import { deleteContest } from '../contest/admin/delete.ts';
import { adminContest, adminContestList } from '../contest/admin/list.ts';
import { manageableContest } from '../contest/admin/manage.ts';
import { contestProblemList } from '../contest/admin/problem-list.ts';
import { linkProblemTo } from '../contest/admin/problem-links.ts';
import { createContestProblem } from '../contest/admin/problem-save.ts';
import { createContest } from '../contest/admin/save.ts';
import { groupFor } from './access.ts';
import { groupMessages as m } from './messages.ts';

/**
 * A group's contests, reference §3.10 (`/api/group/*contest*`) and §7.12: the site's contest
 * services told the group's scope. Members read the list; the group's admins create; a contest's
 * creator or the group's root (policy 'contest.manage') change it. Entering, submitting and the
 * boards go through the public contest calls, whose policy knows group contests.
 */

const groupScope = (gid: number): EditorScope => ({ kind: 'group', gid });

/** The group contest `cid` and its scope, if the caller may still see its group; else not found. */
export async function groupContestScope(db: Db, user: AuthUser, cid: unknown): Promise<EditorScope> {
  const id = Number(cid);
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound(problemMessages.contestNotFound);
  const row = await loadContest(db, id);
  if (row.gid === null) throw notFound(problemMessages.contestNotFound);
  await groupFor(db, user, row.gid, 'group.view');
  return groupScope(row.gid);
}

/** `GET /api/group/get-contest-list`: the group's visible contests, for its members. */
export async function groupContestList(
  db: Db,
  user: AuthUser,
  query: z.output<typeof groupContestListQuery>,
  now: Date,
) {
  await groupFor(db, user, query.gid, 'group.member');
  return listContests(db, query, now, groupScope(query.gid));
}

/** `GET /api/group/get-admin-contest-list`: every contest of the group, for its admins. */
export async function groupAdminContestList(
  db: Db,
  user: AuthUser,
  query: z.output<typeof groupAdminContestListQuery>,
  now: Date,
) {
  await groupFor(db, user, query.gid, 'group.admin');
  return adminContestList(db, user, query, now, groupScope(query.gid));
}

/** `GET /api/group/contest?cid`: the contest for its editor (its creator or the group's root). */
export async function groupContest(db: Db, user: AuthUser, cid: number, now: Date) {
  await groupContestScope(db, user, cid);
  return adminContest(db, user, cid, now);
}

/** `POST /api/group/contest` (AdminContestVO with `gid`): the group's admins create. */
export async function createGroupContest(db: Db, user: AuthUser, body: unknown, now: Date) {
  const gid = Number((body as { gid?: unknown } | null)?.gid);
  if (!Number.isSafeInteger(gid) || gid <= 0) throw fail(m.contestGroupMissing);
  await groupFor(db, user, gid, 'group.admin');
  return createContest(db, user, body, now, groupScope(gid));
}

/** `DELETE /api/group/contest?cid`: its creator or the group's root (the site's is root's only). */
export async function deleteGroupContest(db: Db, user: AuthUser, cid: number, now: Date) {
  await manageableContest(db, user, cid, now, await groupContestScope(db, user, cid));
  await deleteContest(db, cid);
}

/** `GET /api/group/get-contest-problem-list`: as the admin list, with the group's problems as candidates. */
export async function groupContestProblemList(
  db: Db,
  user: AuthUser,
  query: z.output<typeof adminContestProblemListQuery>,
  now: Date,
) {
  return contestProblemList(db, user, query, now, await groupContestScope(db, user, query.cid));
}

/**
 * `POST /api/group/contest-problem` body ProblemDTO with `cid`: a new problem of the contest's
 * group, contest-only, in the contest (answers `{pid, problemId}`).
 */
export async function createGroupContestProblem(ctx: SaveContext, user: AuthUser, body: unknown) {
  const scope = await groupContestScope(ctx.db, user, (body as { cid?: unknown } | null)?.cid);
  if (scope.kind !== 'group') throw notFound(problemMessages.contestNotFound);
  const { row } = await groupFor(ctx.db, user, scope.gid, 'group.admin');
  return createContestProblem(ctx, user, body, { gid: row.id, shortName: row.shortName });
}

/**
 * `POST /api/group/add-contest-problem-from-group?problemId&cid&displayId`: a problem of the
 * contest's own group, by its problem id, joins the contest under `displayId`.
 */
export async function addContestProblemFromGroup(
  db: Db,
  user: AuthUser,
  query: z.output<typeof groupContestProblemFromGroupQuery>,
  now: Date,
) {
  const scope = await groupContestScope(db, user, query.cid);
  const contestRow = await manageableContest(db, user, query.cid, now, scope);
  const [target] = await db
    .select({ id: problem.id, title: problem.title, gid: problem.gid })
    .from(problem)
    .where(and(eq(problem.problemId, query.problemId.toUpperCase()), eq(problem.isGroup, true)));
  if (!target || target.gid !== contestRow.gid) throw notFound(problemMessages.problemNotFound);
  return linkProblemTo(
    db,
    { cid: query.cid, pid: target.id, displayId: query.displayId, displayTitle: target.title },
    now,
  );
}
