import { and, eq } from 'drizzle-orm';
import { CONTEST_ADMIN_MESSAGES, contestProblemDto, PROBLEM_AUTH } from '@verdict/shared';
import { contestProblem } from '../../../db/schema/index.ts';
import type { AuthUser } from '../../../http/auth/access.ts';
import { fail } from '../../../http/errors.ts';
import { createProblem, type GroupPlace, type SaveContext } from '../../problem/admin/save.ts';
import { parseContestInput } from './input.ts';
import { manageableContest } from './manage.ts';
import { contestAdminMessages } from './messages.ts';
import { linkConflict, linkProblem } from './problem-links.ts';

/**
 * reference §3.12 `POST /api/admin/contest/problem` body ProblemDTO: a new problem through the
 * problem bank's own save (admin/problem/save.ts: cases, languages, tags, templates), created
 * contest-only (auth 3). With `cid` and `displayId` (Verdict; HOJ's form links it by a second call)
 * the caller must manage that contest, and the problem and its place in the contest are written in
 * one transaction: a clashing display id leaves no problem behind. Answers `{pid, problemId}`.
 * In a group's contest (reference §3.10 `POST /api/group/contest-problem`) the problem is the
 * group's, its id in the group's namespace, and the contest must be that group's.
 */
export async function createContestProblem(
  ctx: SaveContext,
  user: AuthUser,
  body: unknown,
  group?: GroupPlace,
) {
  const { cid, displayId, displayTitle, color, ...dto } = parseContestInput(contestProblemDto, body);
  const forced = { ...dto, problem: { ...dto.problem, auth: PROBLEM_AUTH.contest } };
  if (!cid) return createProblem(ctx, user, forced, { group });
  const scope = group ? { kind: 'group' as const, gid: group.gid } : undefined;
  await manageableContest(ctx.db, user, cid, ctx.now, scope);
  if (!displayId) throw fail(CONTEST_ADMIN_MESSAGES.displayIdRequired);
  const [clash] = await ctx.db
    .select({ id: contestProblem.id })
    .from(contestProblem)
    .where(and(eq(contestProblem.cid, cid), eq(contestProblem.displayId, displayId)));
  if (clash) throw fail(contestAdminMessages.displayIdTaken);
  return createProblem(ctx, user, forced, {
    group,
    within: async (tx, created) => {
      try {
        await linkProblem(
          tx,
          { cid, pid: created.pid, displayId, displayTitle: displayTitle ?? dto.problem.title, color },
          ctx.now,
        );
      } catch (error) {
        throw linkConflict(error) ?? error;
      }
    },
  });
}
