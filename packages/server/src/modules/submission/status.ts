import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { judge, problem } from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/auth/access.ts';
import { accessDenied } from '../../http/errors.ts';
import { problemMessages } from '../../http/messages.ts';
import { can } from '../../policy/index.ts';
import { contestSubmissionStatuses } from '../contest/submissions.ts';
import { withGroupFacts } from '../group/access.ts';
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
  const visible: typeof rows = [];
  for (const row of rows) {
    const { submission: s, auth, isGroup } = row;
    // a group submission's facts: the caller's level in its group (few rows; most have none)
    const group = s.gid === null ? undefined : (await withGroupFacts(db, user, s))?.group;
    if (can(user, 'submission.view', { ...s, problem: { auth, isGroup }, group })) visible.push(row);
  }
  return Object.fromEntries(
    visible.map(({ submission }) => [submission.submitId, judgeStatusJson(submission)]),
  );
}
