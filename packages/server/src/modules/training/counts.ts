import { sql, type SQL } from 'drizzle-orm';

/**
 * reference §7.13, per training of `tids` (SQL giving training ids): `problem_count`, its public
 * (auth 1) problems only, and `ac_count`, the progress: those the user `uid` solved anywhere outside
 * contests and groups, i.e. that have a user_acproblem row (whichever way they were submitted; none
 * for an anonymous caller). One pass over the trainings' problems: a training without a public
 * problem has no row.
 */
export function trainingCountsSql(tids: SQL, uid: string | null): SQL {
  const solved =
    uid === null
      ? sql`0`
      : sql`count(*) filter (where exists (
          select 1 from user_acproblem a where a.uid = ${uid} and a.pid = tp.pid))`;
  return sql`select tp.tid, count(*) as problem_count, ${solved} as ac_count
    from training_problem tp join problem p on p.id = tp.pid and p.auth = 1
    where tp.tid in (${tids})
    group by tp.tid`;
}
