import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { judge, problem } from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/auth/access.ts';
import { accessDenied } from '../../http/errors.ts';
import { problemMessages } from '../../http/messages.ts';
import { can } from '../../policy/index.ts';
import { contestSubmissionStatuses } from '../contest/submissions.ts';
import { judgeStatusJson } from './json.ts';

/**
 * reference §3.4 `POST /api/check-submissions-status`: submitId → the submission without code, error
 * text or remote fields, for the ids the caller may see (those of problems that are not public only
 * for their author and the admin roles; with `cid`, the contest's ones by its rules).
 */
export async function submissionStatuses(
  db: Db,
  user: AuthUser | null,
  ids: number[],
  cid: number | null | undefined,
  now: Date,
) {
  // a contest's submissions answer with its rules (reference §3.4 check-contest-submissions-status)
  if (cid) {
    if (!user) throw accessDenied(problemMessages.loginFirst);
    return contestSubmissionStatuses(db, user, cid, ids, now);
  }
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
