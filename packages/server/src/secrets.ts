import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { systemConfig } from './db/schema/index.ts';

/**
 * A secret from the environment, or else one generated once and kept in the database, so that
 * restarts and every server sharing the database agree on it (reference §1.3 keeps it in Nacos).
 */
export async function ensureSecret(db: Db, name: string, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv;
  const key = `secret:${name}`;
  // ON CONFLICT DO NOTHING: when two servers start at once, the first insert wins and both read it.
  await db
    .insert(systemConfig)
    .values({ name: key, value: { secret: randomBytes(48).toString('base64url') } })
    .onConflictDoNothing();
  const [row] = await db.select().from(systemConfig).where(eq(systemConfig.name, key));
  const secret = (row?.value as { secret?: unknown } | undefined)?.secret;
  if (typeof secret !== 'string') throw new Error(`system_config ${key} holds no secret`);
  return secret;
}
