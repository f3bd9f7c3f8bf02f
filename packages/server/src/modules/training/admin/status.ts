import { eq } from 'drizzle-orm';
import type { EditorScope } from '@verdict/shared';
import type { Db } from '../../../db/client.ts';
import { training } from '../../../db/schema/index.ts';
import type { AuthUser } from '../../../http/auth/access.ts';
import { notFound } from '../../../http/errors.ts';
import { problemMessages } from '../../../http/messages.ts';
import { manageableTraining } from './manage.ts';

/**
 * reference §3.12 `PUT /api/admin/training/change-training-status?tid&author&status`: shows or
 * hides a training. HOJ trusts the `author` parameter ("root or the author"); Verdict asks the
 * policy about the training itself (its author or root), so a forged author changes nothing.
 */
export async function changeTrainingStatus(
  db: Db,
  user: AuthUser,
  tid: number,
  status: boolean,
  now: Date,
  scope?: EditorScope,
) {
  await manageableTraining(db, user, tid, scope);
  await db.update(training).set({ status, gmtModified: now }).where(eq(training.id, tid));
}

/**
 * reference §3.12 `DELETE /api/admin/training?tid=` (R(root)): the training and, by cascade, its
 * category link, problem links, registrations and records. The submissions stay.
 */
export async function deleteTraining(db: Db, tid: number) {
  const gone = await db.delete(training).where(eq(training.id, tid)).returning({ id: training.id });
  if (gone.length === 0) throw notFound(problemMessages.trainingNotFound);
}
