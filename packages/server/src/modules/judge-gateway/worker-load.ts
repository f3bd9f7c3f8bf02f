import { eq, sql } from 'drizzle-orm';
import type { WorkerLoad } from '@verdict/shared';
import type { Db } from '../../db/client.ts';
import { systemConfig } from '../../db/schema/index.ts';

/**
 * The host load each worker reports with its heartbeat, for the admin dashboard (reference §3.12
 * get-judge-service-info). Kept as one `system_config` document, worker name → load, so that every
 * server process shows what any of them received. **Changed:** judge_server has no load columns and
 * this issue adds no migration; the document can move into columns with the next one.
 */
const LOAD_DOCUMENT = 'judge-load';

/** A load older than this belongs to a worker long gone (or renamed); the next write drops it. */
const LOAD_KEPT_MS = 24 * 60 * 60 * 1000;

export async function recordLoad(db: Db, name: string, load: Omit<WorkerLoad, 'at'>, now: Date) {
  const entry = { [name]: { ...load, at: now.toISOString() } };
  const keptSince = new Date(now.getTime() - LOAD_KEPT_MS).toISOString();
  // One atomic merge, so that concurrent beats of different workers do not overwrite each other.
  const kept = sql`(select coalesce(jsonb_object_agg(e.key, e.value), '{}'::jsonb)
    from jsonb_each(${systemConfig.value}) e where (e.value->>'at')::timestamptz >= ${keptSince})`;
  await db
    .insert(systemConfig)
    .values({ name: LOAD_DOCUMENT, value: entry, gmtModified: now })
    .onConflictDoUpdate({
      target: systemConfig.name,
      set: { value: sql`${kept} || excluded.value`, gmtModified: now },
    });
}

export async function workerLoads(db: Db): Promise<Record<string, WorkerLoad>> {
  const [row] = await db
    .select({ value: systemConfig.value })
    .from(systemConfig)
    .where(eq(systemConfig.name, LOAD_DOCUMENT));
  return (row?.value as Record<string, WorkerLoad> | undefined) ?? {};
}
