import { sql, type SQL } from 'drizzle-orm';

/**
 * reference §7.13: a training's problem count, its public (auth 1) problems only, as SQL over the
 * training id `tid` (a column or a value).
 */
export function publicProblemCountSql(tid: SQL): SQL<number> {
  return sql<number>`(select count(*) from training_problem tp join problem p on p.id = tp.pid
    where tp.tid = ${tid} and p.auth = 1)`;
}

/**
 * reference §7.13: progress, the training's public problems the user solved anywhere outside
 * contests and groups, i.e. those in user_acproblem (whichever way they were submitted). One
 * index probe of user_acproblem (uid, pid) per problem of the training.
 */
export function progressSql(tid: SQL, uid: string | null): SQL<number> {
  if (uid === null) return sql<number>`0`;
  return sql<number>`(select count(*) from training_problem tp join problem p on p.id = tp.pid
    where tp.tid = ${tid} and p.auth = 1
      and exists (select 1 from user_acproblem a where a.uid = ${uid} and a.pid = tp.pid))`;
}
