import { and, eq } from 'drizzle-orm';
import { CONTEST_ADMIN_MESSAGES, contestProblemDto, PROBLEM_AUTH } from '@verdict/shared';
import { contestProblem } from '../../../db/schema/index.ts';
import type { AuthUser } from '../../../http/auth/access.ts';
import { fail } from '../../../http/errors.ts';
import { createProblem, type SaveContext } from '../../problem/admin/save.ts';
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
 */
export async function createContestProblem(ctx: SaveContext, user: AuthUser, body: unknown) {
  const { cid, displayId, displayTitle, color, ...dto } = parseContestInput(contestProblemDto, body);
  const forced = { ...dto, problem: { ...dto.problem, auth: PROBLEM_AUTH.contest } };
  if (!cid) return createProblem(ctx, user, forced);
  await manageableContest(ctx.db, user, cid, ctx.now);
  if (!displayId) throw fail(CONTEST_ADMIN_MESSAGES.displayIdRequired);
  const [clash] = await ctx.db
    .select({ id: contestProblem.id })
    .from(contestProblem)
    .where(and(eq(contestProblem.cid, cid), eq(contestProblem.displayId, displayId)));
  if (clash) throw fail(contestAdminMessages.displayIdTaken);
  return createProblem(ctx, user, forced, {
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
