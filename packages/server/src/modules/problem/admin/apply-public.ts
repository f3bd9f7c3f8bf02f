import { count, eq, inArray, isNotNull } from 'drizzle-orm';
import { APPLY_PUBLIC, PROBLEM_AUTH, type GroupProblemApplyListQuery } from '@verdict/shared';
import type { Db } from '../../../db/client.ts';
import { problem, role, userRole } from '../../../db/schema/index.ts';
import { fail, notFound } from '../../../http/errors.ts';
import { problemMessages } from '../../../http/messages.ts';
import { announce, notifyUsers } from '../../group/notices.ts';
import { adminProblemKeyword } from './picker.ts';
import { adminProblemPage } from './service.ts';

/**
 * reference §3.12 `GET /api/admin/group-problem/list` (root, problem_admin): group problems that
 * applied to be public (any progress), newest first, by keyword and group.
 */
export async function applyPublicList(db: Db, query: GroupProblemApplyListQuery) {
  return adminProblemPage(db, query, [
    isNotNull(problem.applyPublicProgress),
    adminProblemKeyword(query.keyword),
    query.gid ? eq(problem.gid, query.gid) : undefined,
  ]);
}

/**
 * reference §3.12 `PUT /api/admin/group-problem/change-progress`, §7.12: approving (2) moves the
 * problem into the public bank (no longer a group's, open to everyone, its id and its past group
 * submissions kept); refusing (3) or reopening (1) only records the progress. Only a problem that
 * applied may be decided on; an approved one has left its group and stays public.
 */
export async function changeApplyProgress(db: Db, pid: number, progress: number, now: Date) {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(problem).where(eq(problem.id, pid)).for('update');
    if (!row) throw notFound(problemMessages.problemNotFound);
    if (row.applyPublicProgress === null) throw fail(problemMessages.notAppliedPublic);
    if (row.applyPublicProgress === APPLY_PUBLIC.approved) throw fail(problemMessages.alreadyPublic);
    const approved = progress === APPLY_PUBLIC.approved;
    await tx
      .update(problem)
      .set({
        applyPublicProgress: progress,
        ...(approved ? { isGroup: false, gid: null, auth: PROBLEM_AUTH.public, gmtModified: now } : {}),
      })
      .where(eq(problem.id, pid));
  });
}

/** The reviewers' notice (a system notice in "Mine", both languages in one text like the group notices). */
const REMINDER = {
  title: '团队题目公开申请待审核\n\nGroup problems wait for review',
  content: (n: number) =>
    `有 ${n} 道团队题目申请公开，请前往后台“团队题目审核”处理。\n\n` +
    `${n} group problem(s) applied to be public: see "Group problem review" in the admin area.`,
};

/**
 * reference §7.12, §7.16: when group problems wait for review, root and the problem admins get a
 * notice (the `group-problem-review` job, daily). Answers how many wait.
 */
export async function remindReviewers(db: Db): Promise<number> {
  const [waiting] = await db
    .select({ n: count() })
    .from(problem)
    .where(eq(problem.applyPublicProgress, APPLY_PUBLIC.applying));
  const n = waiting?.n ?? 0;
  if (n === 0) return 0;
  const reviewers = await db
    .selectDistinct({ uid: userRole.uid })
    .from(userRole)
    .innerJoin(role, eq(role.id, userRole.roleId))
    .where(inArray(role.role, ['root', 'problem_admin']));
  const uids = reviewers.map((r) => r.uid);
  await db.transaction((tx) =>
    notifyUsers(tx, uids, { title: REMINDER.title, content: REMINDER.content(n) }, null),
  );
  announce(db, uids);
  return n;
}
