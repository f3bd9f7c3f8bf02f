import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appliedMigrations } from '../../db/migrations-applied.ts';

/** How many migrations this build of the server expects (drizzle's journal of db/migrations). */
const EXPECTED_MIGRATIONS = (
  JSON.parse(
    readFileSync(fileURLToPath(new URL('../../db/migrations/meta/_journal.json', import.meta.url)), 'utf8'),
  ) as { entries: unknown[] }
).entries.length;

/** A readiness check answers within this, or counts as failed: a load balancer waits no longer. */
const CHECK_TIMEOUT_MS = 2_000;

export interface Readiness {
  ready: boolean;
  database: 'reachable' | 'unreachable';
  /** applied and expected migrations; a server that expects more than were applied is not ready */
  migrations: { applied: number | null; expected: number };
}

/**
 * Whether this server can serve: its database answers and holds every migration this build
 * expects (a server started against a database another build migrated further is ready too).
 */
export async function readiness(db: Db): Promise<Readiness> {
  const reachable = await withTimeout(db.execute(sql`select 1`)).then(
    () => true,
    () => false,
  );
  // drizzle's own record of what ran; a database never migrated has none
  const applied = reachable ? await withTimeout(appliedMigrations(db)).catch(() => 0) : null;
  return {
    ready: applied !== null && applied >= EXPECTED_MIGRATIONS,
    database: reachable ? 'reachable' : 'unreachable',
    migrations: { applied, expected: EXPECTED_MIGRATIONS },
  };
}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
