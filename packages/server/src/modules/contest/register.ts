import { createHash, timingSafeEqual } from 'node:crypto';
import { CONTEST_AUTH, type RegisterContestBody } from '@verdict/shared';
import type { Db } from '../../db/client.ts';
import { contestRegister } from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/auth/access.ts';
import { fail, forbidden } from '../../http/errors.ts';
import { policyMessages } from '../../policy/messages.ts';
import { contestFor } from './access.ts';
import { accountAllowed } from './facts.ts';
import { contestMessages } from './messages.ts';

/** Compares two passwords in constant time (their digests have one length). */
export function samePassword(given: string, stored: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(stored));
}

/**
 * reference §3.6 `POST /api/register-contest`, §7.18: a signed-in user who may see the contest's
 * info registers with its password, if the account-limit rule allows the username; a second
 * registration is refused. Public contests need none (Verdict: HOJ compared against a null
 * password). The unique (cid, uid) key settles two registrations sent at once.
 */
export async function registerContest(db: Db, user: AuthUser, body: RegisterContestBody, now: Date) {
  const { row, facts } = await contestFor(db, user, body.cid, now, 'contest.info');
  if (row.auth === CONTEST_AUTH.public) throw fail(contestMessages.publicNoRegistration);
  const password = body.password ?? '';
  if (password === '') throw fail(contestMessages.passwordEmpty);
  if (!accountAllowed(row, user)) throw forbidden(policyMessages.contestAccountLimited);
  if (!samePassword(password, row.pwd ?? '')) throw fail(contestMessages.passwordWrong);
  if (facts.registered) throw fail(contestMessages.alreadyRegistered);
  const inserted = await db
    .insert(contestRegister)
    .values({ cid: row.id, uid: user.uid })
    .onConflictDoNothing()
    .returning({ id: contestRegister.id });
  if (inserted.length === 0) throw fail(contestMessages.alreadyRegistered);
}
