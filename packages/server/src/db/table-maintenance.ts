import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { queryRows } from './rows.ts';

/**
 * What autovacuum does, for a database that has none (the `table-maintenance` job).
 *
 * The embedded database runs PostgreSQL in single-user mode, where autovacuum never runs. Without it:
 * - a table's planner statistics stay as its last ANALYZE left them (migrations 0017 and 0018
 *   analyse user_problem_stat and training_rank_row while empty), and a plan the server keeps (the
 *   statement cache's generic plans live as long as the process, PL/pgSQL triggers keep theirs) stays
 *   the plan for the table as it was: once user_problem_stat held 300,000 rows, each public verdict's
 *   counter trigger scanned it, and a verdict cost the server 29 ms instead of 3 (a primary-key lookup
 *   alone: 20.8 ms against 0.07 at 200,000 rows). ANALYZE gives the planner the table's size and
 *   values again and, by invalidating the plans that read it, has them made anew;
 * - the row versions every status change leaves behind are never removed from the indexes, the
 *   visibility map is never set (index-only scans read the table all the same), and no row is ever
 *   frozen: after about two billion writing transactions PostgreSQL would stop taking any. VACUUM
 *   does all three.
 *
 * Which tables, by autovacuum's own rules and default settings: VACUUM when dead rows exceed 50 plus
 * a fifth of the table (autovacuum_vacuum_threshold, _scale_factor), rows inserted since the last
 * vacuum exceed 1,000 plus a fifth (autovacuum_vacuum_insert_threshold, _scale_factor), or the
 * table's oldest unfrozen row is older than 150 million transactions (vacuum_freeze_table_age);
 * ANALYZE when rows inserted, updated or deleted since the last analysis exceed 50 plus a tenth
 * (autovacuum_analyze_threshold, _scale_factor). Measured on the embedded database of 200,000
 * submissions: VACUUM of judge (258 MB, 220,000 dead rows) 477 ms, ANALYZE of it 503 ms, of
 * judge_case (1,000,000 rows) 218 and 215 ms; the look at what is due, 2 ms.
 *
 * A PostgreSQL server whose autovacuum runs is left to it: nothing is done there.
 */
export const AUTOVACUUM_RULES = {
  vacuumThreshold: 50,
  vacuumScaleFactor: 0.2,
  vacuumInsertThreshold: 1000,
  vacuumInsertScaleFactor: 0.2,
  freezeTableAge: 150_000_000,
  analyzeThreshold: 50,
  analyzeScaleFactor: 0.1,
} as const;

export interface Maintained {
  vacuumed: string[];
  analyzed: string[];
}

/** Whether the database's own autovacuum runs (a server's launcher; never the embedded database). */
export async function autovacuumRuns(db: Db): Promise<boolean> {
  const [row] = await queryRows<{ runs: boolean }>(
    db,
    sql`select exists (select 1 from pg_stat_activity where backend_type = 'autovacuum launcher') as runs`,
  );
  return row!.runs;
}

/** VACUUM and ANALYZE each table that autovacuum's rules call for; answers which were. */
export async function maintainTables(db: Db): Promise<Maintained> {
  const done: Maintained = { vacuumed: [], analyzed: [] };
  if (await autovacuumRuns(db)) return done;
  // a session sends its counts of changed rows to the statistics at most once a second, when idle:
  // the counts of the last second are sent before the next statement
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const rules = AUTOVACUUM_RULES;
  const due = await queryRows<{ name: string; vacuum_due: boolean; analyse_due: boolean }>(
    db,
    sql`select name, vacuum_due, analyse_due from (
        select s.relname as name,
          s.n_dead_tup > ${rules.vacuumThreshold} + ${rules.vacuumScaleFactor} * greatest(c.reltuples, 0)
            or s.n_ins_since_vacuum > ${rules.vacuumInsertThreshold} + ${rules.vacuumInsertScaleFactor} * greatest(c.reltuples, 0)
            or age(c.relfrozenxid) > ${rules.freezeTableAge} as vacuum_due,
          s.n_mod_since_analyze > ${rules.analyzeThreshold} + ${rules.analyzeScaleFactor} * greatest(c.reltuples, 0) as analyse_due
        from pg_stat_user_tables s join pg_class c on c.oid = s.relid
        where s.schemaname = 'public') t
      where vacuum_due or analyse_due
      order by name`,
  );
  // one table a statement: the embedded database answers nothing else meanwhile
  for (const { name, vacuum_due: vacuum, analyse_due: analyse } of due) {
    const table = sql.identifier(name);
    if (vacuum) await db.execute(analyse ? sql`vacuum (analyze) ${table}` : sql`vacuum ${table}`);
    else await db.execute(sql`analyze ${table}`);
    if (vacuum) done.vacuumed.push(name);
    if (analyse) done.analyzed.push(name);
  }
  return done;
}
