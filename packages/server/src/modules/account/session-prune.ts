import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

/** reference §4.1, §7.16: login records are kept six months. */
export const SESSION_RETENTION_MS = 183 * 24 * 60 * 60 * 1000;

/**
 * reference §7.16 "prune old sessions": deletes login records (`session` rows) made more than six
 * months ago. HOJ spares the records of users who have not logged in since, so that their last
 * login stays known; Verdict keeps every user's two latest logins (the user home's recent login,
 * the admin dashboard's previous one) and any session still usable (not revoked, not expired: its
 * token keeps working until then). Returns how many rows went.
 */
export async function pruneOldSessions(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - SESSION_RETENTION_MS).toISOString();
  const at = now.toISOString();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    delete from session s
    where s.gmt_create < ${cutoff}::timestamptz
      and (s.revoked_at is not null or s.expires_at <= ${at}::timestamptz)
      and (select count(*) from session n
           where n.uid = s.uid and (n.gmt_create, n.id) > (s.gmt_create, s.id)) >= 2
    returning s.id`,
  );
  return rows.length;
}
