import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Permission, RoleName } from '@verdict/shared';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { session, userRole } from '../../db/schema/index.ts';
import type { AuthUser } from './access.ts';
import { RoleGrants } from './role-grants.ts';
import { TokenSigner } from './tokens.ts';

export interface SessionMeta {
  userAgent: string;
  ip: string;
}

export type Authentication =
  { kind: 'ok'; user: AuthUser; refreshedToken?: string } | { kind: 'invalid' } | { kind: 'banned' };

/**
 * A signed-in request's session, its user and the user's role ids, in one statement that every
 * signed-in request runs (issue 12), prepared once (db/prepared.ts); the roles' names and
 * permissions come from `RoleGrants`. Timestamps come as text.
 */
const sessionStatement = preparedStatement<{
  uid: string;
  username: string;
  status: number;
  lastRefreshAt: string;
  revokedAt: string | null;
  expiresAt: string;
  roleIds: number[];
}>(
  `select u.uuid as "uid", u.username, u.status, s.last_refresh_at as "lastRefreshAt",
      s.revoked_at as "revokedAt", s.expires_at as "expiresAt",
      array(select ur.role_id::int from user_role ur where ur.uid = u.uuid) as "roleIds"
    from session s join user_info u on u.uuid = s.uid
    where s.id = $1 and s.uid = $2`,
);

/**
 * Login sessions behind the JWT (reference §1.3). HOJ keeps one Redis key per user; Verdict keeps
 * one `session` row per login, so a logout ends that login only and an admin can end them all.
 */
export class AuthService {
  private readonly signer: TokenSigner;
  private readonly roleGrants: RoleGrants;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly options: { secret: string; expireSeconds: number; refreshAfterSeconds: number },
  ) {
    this.signer = new TokenSigner(options.secret, options.expireSeconds, clock);
    this.roleGrants = new RoleGrants(db);
  }

  /** Opens a session for a user who has proven who they are; returns the token for `Authorization`. */
  async openSession(uid: string, meta: SessionMeta): Promise<string> {
    const now = this.clock.now();
    const [row] = await this.db
      .insert(session)
      .values({
        uid,
        userAgent: meta.userAgent.slice(0, 512),
        ip: meta.ip,
        expiresAt: this.expiryFrom(now),
        lastRefreshAt: now,
        gmtCreate: now,
        gmtModified: now,
      })
      .returning({ id: session.id });
    return this.signer.sign(uid, row!.id);
  }

  async authenticate(token: string): Promise<Authentication> {
    const claims = await this.signer.verify(token);
    if (!claims) return { kind: 'invalid' };
    const now = this.clock.now();
    const [found] = await sessionStatement(this.db, [claims.sessionId, claims.uid]);
    if (!found) return { kind: 'invalid' };
    // A ban also revokes the user's logins; their next request is still told why (issue 10).
    if (found.status === 1) return { kind: 'banned' };
    if (found.revokedAt !== null || new Date(found.expiresAt) <= now) return { kind: 'invalid' };
    const { roles, permissions } = await this.roleGrants.of(found.roleIds.map(Number));
    const user: AuthUser = {
      uid: found.uid,
      username: found.username,
      sessionId: claims.sessionId,
      roles,
      permissions,
    };
    const refreshedToken = await this.refreshIfDue(
      claims.sessionId,
      found.uid,
      new Date(found.lastRefreshAt),
      now,
    );
    return { kind: 'ok', user, refreshedToken };
  }

  /** Ends one login (logout). */
  async closeSession(sessionId: number): Promise<void> {
    await this.db.update(session).set({ revokedAt: this.clock.now() }).where(eq(session.id, sessionId));
  }

  /** Ends every login of a user (a ban, or an admin setting a new password: reference §1.3). */
  async closeAllSessions(uid: string): Promise<void> {
    await this.db
      .update(session)
      .set({ revokedAt: this.clock.now() })
      .where(and(eq(session.uid, uid), isNull(session.revokedAt)));
  }

  async grantsOf(uid: string): Promise<{ roles: RoleName[]; permissions: Permission[] }> {
    const held = await this.db.select({ id: userRole.roleId }).from(userRole).where(eq(userRole.uid, uid));
    return this.roleGrants.of(held.map((r) => Number(r.id)));
  }

  /**
   * reference §1.3: once the refresh window (12 h by default) has passed, a request gets a new token
   * in the response headers. The conditional update lets exactly one of several concurrent
   * requests rotate it (HOJ uses a 20 s Redis lock for the same purpose).
   */
  private async refreshIfDue(sessionId: number, uid: string, lastRefreshAt: Date, now: Date) {
    if (now.getTime() - lastRefreshAt.getTime() < this.options.refreshAfterSeconds * 1000) return undefined;
    const claimed = await this.db
      .update(session)
      .set({ lastRefreshAt: now, expiresAt: this.expiryFrom(now), gmtModified: now })
      .where(and(eq(session.id, sessionId), sql`${session.lastRefreshAt} = ${lastRefreshAt.toISOString()}`))
      .returning({ id: session.id });
    if (claimed.length === 0) return undefined;
    return this.signer.sign(uid, sessionId);
  }

  private expiryFrom(now: Date): Date {
    return new Date(now.getTime() + this.options.expireSeconds * 1000);
  }
}
