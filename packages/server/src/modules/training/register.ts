import type { RegisterTrainingBody } from '@verdict/shared';
import type { Db } from '../../db/client.ts';
import { trainingRegister } from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/auth/access.ts';
import { fail, forbidden, notFound } from '../../http/errors.ts';
import { problemMessages } from '../../http/messages.ts';
import { policy } from '../../policy/index.ts';
import { samePassword } from '../contest/register.ts';
import { trainingScope } from '../submission/lifecycle/scopes.ts';
import { loadTraining, trainingFacts } from './access.ts';
import { trainingMessages } from './messages.ts';

/**
 * reference §3.5 `POST /api/register-training`, §7.13: a signed-in user registers for a visible
 * Private training with its password; a second registration is refused, a banned one (status
 * false) too. The registration and the back-fill of the training's records with the user's
 * earlier submissions of its problems (the lifecycle's training scope) are one transaction.
 * Public trainings need none (Verdict: HOJ compared against a null password).
 */
export async function registerTraining(db: Db, user: AuthUser, body: RegisterTrainingBody) {
  const row = await loadTraining(db, body.tid);
  const facts = row && (await trainingFacts(db, row, user));
  const refusal = policy.refusal(user, 'training.view', facts);
  // missing, hidden or out of scope: as the detail answers; "not registered" is what we fix here
  if (refusal && (refusal.status === 404 || refusal.status === 400)) throw refusal;
  if (!row) throw notFound(problemMessages.trainingNotFound);
  if (row.auth !== 'Private') throw fail(trainingMessages.publicNoRegistration);
  const password = body.password ?? '';
  if (password === '') throw fail(trainingMessages.passwordEmpty);
  if (!samePassword(password, row.privatePwd ?? '')) throw fail(trainingMessages.passwordWrong);
  if (facts?.registration && !facts.registration.status) throw forbidden(problemMessages.trainingBanned);
  if (facts?.registration) throw fail(trainingMessages.alreadyRegistered);
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(trainingRegister)
      .values({ tid: row.id, uid: user.uid })
      .onConflictDoNothing()
      .returning({ id: trainingRegister.id });
    // the unique (tid, uid) key settles two registrations sent at once
    if (inserted.length === 0) throw fail(trainingMessages.alreadyRegistered);
    await trainingScope.onRegistered(tx, row.id, user.uid);
  });
}
