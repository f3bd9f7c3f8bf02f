import { and, count, eq } from 'drizzle-orm';
import type { ContestAccessVO, ContestInfoVO } from '@verdict/shared';
import type { Db } from '../../db/client.ts';
import { contestRegister } from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/auth/access.ts';
import { contestFor } from './access.ts';
import { accountAllowed } from './facts.ts';
import { contestInfoJson } from './json.ts';

export async function registrationCount(db: Db, cid: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(contestRegister).where(eq(contestRegister.cid, cid));
  return row?.n ?? 0;
}

/**
 * reference §3.6 `GET /api/get-contest-info`, §7.18: any signed-in user reads a visible contest's
 * info, private ones too (group contests: members), with the server clock's `now` for the
 * countdown (spec part 1 §2).
 */
export async function contestInfo(db: Db, user: AuthUser, cid: number, now: Date): Promise<ContestInfoVO> {
  const { row } = await contestFor(db, user, cid, now, 'contest.info');
  return contestInfoJson(row, await registrationCount(db, cid), now);
}

/**
 * reference §3.6 `GET /api/get-contest-access`: whether the caller is registered. A registration
 * that the account-limit rule no longer allows (the rule changed since) is deleted (§7.18).
 */
export async function contestAccess(
  db: Db,
  user: AuthUser,
  cid: number,
  now: Date,
): Promise<ContestAccessVO> {
  const { row, facts } = await contestFor(db, user, cid, now, 'contest.info');
  if (!facts.registered) return { access: false };
  if (!accountAllowed(row, user)) {
    await db
      .delete(contestRegister)
      .where(and(eq(contestRegister.cid, cid), eq(contestRegister.uid, user.uid)));
    return { access: false };
  }
  return { access: true };
}
