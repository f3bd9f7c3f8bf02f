import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { session, userInfo } from '../../../db/schema/index.ts';
import { notFound } from '../../../http/errors.ts';
import { page } from '../../../http/envelope.ts';

const sessionFields = {
  id: session.id,
  uid: session.uid,
  userAgent: session.userAgent,
  ip: session.ip,
  gmtCreate: session.gmtCreate,
};

/**
 * reference §3.12 `get-sessions`: the admin's previous login, or the current one when there is only
 * one. One row per login (ARCHITECTURE "Login sessions"), newest first on the (uid, gmt_create) index.
 */
export async function previousLogin(db: Db, uid: string) {
  const rows = await db
    .select(sessionFields)
    .from(session)
    .where(eq(session.uid, uid))
    .orderBy(desc(session.gmtCreate), desc(session.id))
    .limit(2);
  return rows[1] ?? rows[0] ?? null;
}

/**
 * Verdict (issue 10 "Sessions and login records"): a user's logins, newest first, with the address,
 * the browser, and whether the login has ended (logout, ban, password change) or run out.
 */
export async function loginRecords(
  db: Db,
  query: { uid?: string; username?: string; currentPage: number; limit: number },
  now: Date,
) {
  const [user] = await db
    .select({ uid: userInfo.uuid, username: userInfo.username })
    .from(userInfo)
    .where(query.uid !== undefined ? eq(userInfo.uuid, query.uid) : eq(userInfo.username, query.username!));
  if (!user) throw notFound({ zh: '该用户不存在！', en: 'The user does not exist!' });
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...sessionFields, revokedAt: session.revokedAt, expiresAt: session.expiresAt })
      .from(session)
      .where(eq(session.uid, user.uid))
      .orderBy(desc(session.gmtCreate), desc(session.id))
      .limit(query.limit)
      .offset((query.currentPage - 1) * query.limit),
    db.select({ n: count() }).from(session).where(eq(session.uid, user.uid)),
  ]);
  const records = rows.map((r) => ({
    ...r,
    username: user.username,
    revoked: r.revokedAt !== null,
    expired: r.expiresAt.getTime() <= now.getTime(),
  }));
  return page(records, total!.n, query.currentPage, query.limit);
}
