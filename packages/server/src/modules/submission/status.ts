import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { judge, problem } from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/auth/access.ts';
import { assertScopeAvailable, can } from '../../policy/index.ts';
import { judgeStatusJson } from './json.ts';

/**
 * reference §3.4 `POST /api/check-submissions-status`: submitId → the submission without code, error
 * text or remote fields, for the ids the caller may see (contest ones come with contests; those of
 * problems that are not public only for their author and the admin roles).
 */
export async function submissionStatuses(db: Db, user: AuthUser | null, ids: number[], cid?: number | null) {
  if ((cid ?? 0) !== 0) assertScopeAvailable('contest');
  if (ids.length === 0) return {};
  const rows = await db
    .select({ submission: judge, auth: problem.auth, isGroup: problem.isGroup })
    .from(judge)
    .innerJoin(problem, eq(problem.id, judge.pid))
    .where(inArray(judge.submitId, ids));
  const visible = rows.filter(({ submission: s, auth, isGroup }) =>
    can(user, 'submission.view', { ...s, problem: { auth, isGroup } }),
  );
  return Object.fromEntries(
    visible.map(({ submission }) => [submission.submitId, judgeStatusJson(submission)]),
  );
}
