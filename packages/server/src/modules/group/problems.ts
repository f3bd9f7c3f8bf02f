import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  APPLY_PUBLIC,
  type groupAdminProblemListQuery,
  type groupProblemListQuery,
  type CompileDto,
  type ProblemDto,
} from '@verdict/shared';
import type { Db } from '../../db/client.ts';
import { problem, tag } from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/auth/access.ts';
import { fail, notFound } from '../../http/errors.ts';
import { problemMessages } from '../../http/messages.ts';
import { assertCan } from '../../policy/index.ts';
import { listProblems } from '../problem/list.ts';
import { createProblem, updateProblem, type SaveContext } from '../problem/admin/save.ts';
import { adminProblemList, casesOf, deleteProblem, setProblemAuth } from '../problem/admin/service.ts';
import { groupFor, type GroupView } from './access.ts';
import { groupMessages as m } from './messages.ts';

type ProblemRow = typeof problem.$inferSelect;

/**
 * A group's problem that the caller may change (reference §7.12: its author, the group's root, or
 * site root), with its group. A problem of no group, or of a group the caller cannot see, is not
 * found: the group routes never reach the public bank.
 */
async function editableGroupProblem(db: Db, user: AuthUser, pid: number) {
  const [row] = await db.select().from(problem).where(eq(problem.id, pid));
  if (!row || !row.isGroup || row.gid === null) throw notFound(problemMessages.problemNotFound);
  const view = await groupFor(db, user, row.gid, 'group.view');
  assertCan(user, 'group.editContent', { group: view.facts, author: row.author });
  return { row, view };
}

/**
 * reference §3.10 `compile-spj` / `compile-interactive`: the group's admins may compile a checker
 * or an interactor in group `gid`, for one of its problems when the body names one (`pid`, an id;
 * anything else names none, as for a problem not saved yet). Policy `group.compile`.
 */
export async function assertGroupCompile(db: Db, user: AuthUser, gid: number, pid: CompileDto['pid']) {
  const view = await groupFor(db, user, gid, 'group.admin');
  const named = typeof pid === 'number' && pid !== 0;
  const [row] = named
    ? await db.select({ isGroup: problem.isGroup, gid: problem.gid }).from(problem).where(eq(problem.id, pid))
    : [];
  assertCan(user, 'group.compile', { group: view.facts, problem: named ? (row ?? null) : undefined });
}

const place = (view: GroupView) => ({ gid: view.row.id, shortName: view.row.shortName, facts: view.facts });

/** reference §3.10 `GET /api/group/get-problem-list`: the group's problems open to its members (auth 1). */
export async function groupProblemList(
  db: Db,
  user: AuthUser,
  query: z.output<typeof groupProblemListQuery>,
) {
  await groupFor(db, user, query.gid, 'group.member');
  return listProblems(db, query, user, { gid: query.gid });
}

/** reference §3.10 `GET /api/group/get-admin-problem-list`: every problem of the group, for its admins. */
export async function groupAdminProblemList(
  db: Db,
  user: AuthUser,
  query: z.output<typeof groupAdminProblemListQuery>,
) {
  await groupFor(db, user, query.gid, 'group.admin');
  return adminProblemList(db, query, { kind: 'group', gid: query.gid });
}

/** reference §3.10 `GET /api/group/problem`: the problem for its editor. */
export async function groupProblem(db: Db, user: AuthUser, pid: number): Promise<ProblemRow> {
  return (await editableGroupProblem(db, user, pid)).row;
}

/**
 * reference §3.10 `POST /api/group/problem` (group admins): the site's problem save inside the
 * group `problem.gid`, its id prefixed with the group's short name (§7.12). Answers `{pid, problemId}`.
 */
export async function createGroupProblem(ctx: SaveContext, user: AuthUser, dto: ProblemDto) {
  const gid = dto.problem.gid;
  if (!gid) throw fail(m.problemGroupMissing);
  const view = await groupFor(ctx.db, user, gid, 'group.admin');
  return createProblem(ctx, user, dto, { group: place(view) });
}

/** reference §3.10 `PUT /api/group/problem`: its author or the group's root. */
export async function updateGroupProblem(ctx: SaveContext, user: AuthUser, dto: ProblemDto) {
  const pid = dto.problem.id;
  if (!pid) throw fail(problemMessages.problemIdMissing);
  const { view } = await editableGroupProblem(ctx.db, user, pid);
  await updateProblem(ctx, user, dto, place(view));
}

/** reference §3.10 `DELETE /api/group/problem`: its author or the group's root. */
export async function deleteGroupProblem(db: Db, user: AuthUser, pid: number) {
  await editableGroupProblem(db, user, pid);
  await deleteProblem(db, pid);
}

/** reference §3.10 `GET /api/group/get-problem-cases`. */
export async function groupProblemCases(db: Db, user: AuthUser, pid: number, isUpload: boolean) {
  await editableGroupProblem(db, user, pid);
  return casesOf(db, pid, isUpload);
}

/** reference §3.10 `GET /api/group/get-all-problem-tags?gid`: the group's own tags, for its members. */
export async function groupTags(db: Db, user: AuthUser, gid: number) {
  await groupFor(db, user, gid, 'group.member');
  return db.select().from(tag).where(eq(tag.gid, gid)).orderBy(asc(tag.id));
}

/**
 * reference §3.10 `PUT /api/group/change-problem-auth`: 1 open to the members, 2 hidden, 3 for the
 * group's contests. Inside a group this is the group's own business: no site publishing rule.
 */
export async function changeGroupProblemAuth(db: Db, user: AuthUser, pid: number, auth: number, now: Date) {
  await editableGroupProblem(db, user, pid);
  await setProblemAuth(db, user, pid, auth, now);
}

/**
 * reference §3.10 `PUT /api/group/apply-public`, §7.12: the author or the group's root asks the
 * site's admins to make the problem public (progress 1), or withdraws the request. An approved
 * problem has left the group; a refused one may apply again.
 */
export async function applyPublic(db: Db, user: AuthUser, pid: number, isApplied: boolean) {
  const { row } = await editableGroupProblem(db, user, pid);
  if (row.applyPublicProgress === APPLY_PUBLIC.approved) throw fail(problemMessages.alreadyPublic);
  if (!isApplied && row.applyPublicProgress !== APPLY_PUBLIC.applying)
    throw fail(problemMessages.notAppliedPublic);
  await db
    .update(problem)
    .set({ applyPublicProgress: isApplied ? APPLY_PUBLIC.applying : null })
    .where(eq(problem.id, pid));
}
