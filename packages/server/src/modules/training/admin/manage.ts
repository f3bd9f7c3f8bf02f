import type { EditorScope } from '@verdict/shared';
import type { Db } from '../../../db/client.ts';
import { rowInScope } from '../../../db/scope.ts';
import type { AuthUser } from '../../../http/auth/access.ts';
import { notFound } from '../../../http/errors.ts';
import { problemMessages } from '../../../http/messages.ts';
import { assertCan } from '../../../policy/index.ts';
import { loadTraining, trainingFacts, type TrainingRow } from '../access.ts';

/**
 * The training `tid` if the caller manages it (reference §3.12: root or its author; a group root
 * for group trainings; policy 'training.manage'), else the policy's refusal. Told a scope, a
 * training of another scope is not found (the group calls never reach the site's trainings).
 */
export async function manageableTraining(
  db: Db,
  user: AuthUser,
  tid: number,
  scope?: EditorScope,
): Promise<TrainingRow> {
  const row = await loadTraining(db, tid);
  if (!row || (scope && !rowInScope(row, scope))) throw notFound(problemMessages.trainingNotFound);
  assertCan(user, 'training.manage', await trainingFacts(db, row, user));
  return row;
}
