import { and, eq, sql } from 'drizzle-orm';
import { JudgeStatus, type TagSummary, type TrainingProblemVO } from '@verdict/shared';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { problem, trainingProblem } from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/auth/access.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { problemMessages } from '../../http/messages.ts';
import { can } from '../../policy/index.ts';
import { userProblemStatuses } from '../problem/counts.ts';
import { problemInfoAnswer, problemInfoRow } from '../problem/detail.ts';
import { trainingFor } from './access.ts';
import { trainingMessages } from './messages.ts';

interface Row {
  pid: number | string;
  problemId: string;
  title: string;
  difficulty: number;
  type: number;
  auth: number;
  rank: number;
  tags: TagSummary[] | null;
  ac: number | string;
  total: number | string;
}

/**
 * reference §3.5 `GET /api/get-training-problem-list`, §7.13: the problems of a training the caller
 * may use, by rank, as ProblemVO with the training display id as `problemId`, tags, `ac` / `total`
 * of non-contest submissions (§7.8, from the problem counters) and the caller's status (§7.9).
 * Only public problems are listed (the admin roles see all: policy training.problem).
 */
export async function trainingProblemList(db: Db, user: AuthUser, tid: number): Promise<TrainingProblemVO[]> {
  await trainingFor(db, user, tid);
  const rows = await queryRows<{ row: Row }>(
    db,
    sql`select json_build_object('pid', p.id, 'problemId', tp.display_id, 'title', p.title,
        'difficulty', p.difficulty, 'type', p.type, 'auth', p.auth, 'rank', tp.rank,
        'tags', (select json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color,
                   'oj', t.oj) order by t.id)
                 from tag t where t.id = any(array(select pt.tid from problem_tag pt where pt.pid = p.id))),
        'ac', coalesce((select c.n from judge_problem_count c where c.pid = p.id and c.status = 0), 0),
        'total', coalesce((select sum(c.n) from judge_problem_count c where c.pid = p.id), 0)) as row
      from training_problem tp join problem p on p.id = tp.pid
      where tp.tid = ${tid}
      order by tp.rank, length(tp.display_id), tp.display_id`,
  );
  const visible = rows.map((r) => r.row).filter((r) => can(user, 'training.problem', r));
  const statuses = await userProblemStatuses(
    db,
    user.uid,
    visible.map((r) => Number(r.pid)),
  );
  return visible.map((r) => ({
    pid: Number(r.pid),
    problemId: r.problemId,
    title: r.title,
    difficulty: r.difficulty,
    type: r.type,
    auth: r.auth,
    tags: (r.tags ?? []).map((t) => ({ ...t, id: Number(t.id) })),
    ac: Number(r.ac),
    total: Number(r.total),
    myStatus: statuses.get(Number(r.pid)) ?? JudgeStatus.NOT_SUBMITTED,
    rank: r.rank,
  }));
}

/**
 * spec part 2 §7 `GET /api/get-training-problem-details` (HOJ's client calls it; HOJ has no such
 * endpoint, reference §13.17): ProblemInfoVO of a problem of the training by its display id, after
 * the training's rules (§7.13); a problem that is not public only for the admin roles (§7.7).
 */
export async function trainingProblemDetails(
  db: Db,
  user: AuthUser,
  query: { tid: number; problemId: string },
) {
  await trainingFor(db, user, query.tid);
  const [link] = await db
    .select({ pid: trainingProblem.pid })
    .from(trainingProblem)
    .where(
      and(eq(trainingProblem.tid, query.tid), eq(trainingProblem.displayId, query.problemId.toUpperCase())),
    );
  if (!link) throw notFound(trainingMessages.problemNotInTraining);
  const row = await problemInfoRow(db, eq(problem.id, link.pid));
  if (!row) throw notFound(problemMessages.problemNotFound);
  if (!can(user, 'training.problem', row.problem)) throw forbidden(problemMessages.problemNotPublic);
  return problemInfoAnswer(db, user, row);
}
