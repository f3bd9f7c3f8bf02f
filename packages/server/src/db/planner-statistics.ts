import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { queryRows } from './rows.ts';

/**
 * The planner's statistics, taken again where the rows moved (the `planner-statistics` job).
 *
 * The embedded database runs PostgreSQL in single-user mode, where autovacuum never runs: a table's
 * statistics stay as its last ANALYZE left them, and a few migrations analyse tables while they are
 * empty. A plan the server keeps (the statement cache's generic plans live as long as the process,
 * and PL/pgSQL triggers keep theirs) was made for the table as it was then: once user_problem_stat
 * (analysed empty by migration 0017) held 300,000 rows, each public verdict's counter trigger
 * scanned it, and a verdict cost the server 29 ms instead of 3 (a primary-key lookup alone: 20.8 ms
 * against 0.07 at 200,000 rows). ANALYZE gives the planner the table's size and values again and,
 * by invalidating the plans that read the table, has them made anew.
 *
 * Which tables: autovacuum's own rule (autovacuum_analyze_threshold 50 and _scale_factor 0.1): rows
 * inserted, updated or deleted since the last analysis more than 50 plus a tenth of the table. On a
 * PostgreSQL server, autovacuum has usually been there first, and nothing is left to do.
 */
export const ANALYZE_THRESHOLD = 50;
export const ANALYZE_SCALE_FACTOR = 0.1;

/** Analyses the tables whose rows changed past the rule above; answers their names. */
export async function analyzeChangedTables(db: Db): Promise<string[]> {
  // a session sends its counts of changed rows to the statistics at most once a second, when idle:
  // the counts of the last second are sent before the next statement
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const changed = await queryRows<{ name: string }>(
    db,
    sql`select s.relname as name
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where s.schemaname = 'public'
        and s.n_mod_since_analyze > ${ANALYZE_THRESHOLD} + ${ANALYZE_SCALE_FACTOR} * greatest(c.reltuples, 0)
      order by s.relname`,
  );
  // one table a statement: the embedded database answers nothing else meanwhile
  for (const { name } of changed) await db.execute(sql`analyze ${sql.identifier(name)}`);
  return changed.map((table) => table.name);
}
