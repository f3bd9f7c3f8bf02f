/**
 * reference §7.13, per training of `tids` (SQL text giving training ids): `problem_count`, its
 * public (auth 1) problems only, and `ac_count`, the progress: those the user `uid` (SQL text, a
 * placeholder; null: anonymous, none) solved anywhere outside contests and groups, i.e. that have a
 * user_acproblem row (whichever way they were submitted). One pass over the trainings' problems: a
 * training without a public problem has no row. Text, not Drizzle SQL, for prepared statements.
 */
export function trainingCountsText(tids: string, uid: string | null): string {
  const solved =
    uid === null
      ? '0'
      : `count(*) filter (where exists (
          select 1 from user_acproblem a where a.uid = ${uid} and a.pid = tp.pid))`;
  return `select tp.tid, count(*) as problem_count, ${solved} as ac_count
    from training_problem tp join problem p on p.id = tp.pid and p.auth = 1
    where tp.tid in (${tids})
    group by tp.tid`;
}

/** The one category of training `tid` (SQL text; HOJ keeps one mapping row per training). */
export const CATEGORY_OF = (tid: string) => `select c.id, c.name, c.color from mapping_training_category m
    join training_category c on c.id = m.cid where m.tid = ${tid} order by m.id limit 1`;
