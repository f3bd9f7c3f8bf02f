import type { Db } from '../../db/client.ts';
import { preparedSelect, preparedStatement } from '../../db/prepared.ts';
import { training } from '../../db/schema/index.ts';
import { assertCan, can } from '../../policy/index.ts';
import type { TrainingFacts } from '../../policy/resources.ts';
import type { Subject } from '../../policy/subjects.ts';
import { withGroupFacts } from '../group/access.ts';

export type TrainingRow = typeof training.$inferSelect;

/** A training as one caller sees it. */
export interface TrainingView {
  row: TrainingRow;
  facts: TrainingFacts;
  /** root, the author or the group's root: real names in the rank, hidden problems (spec part 2 §6) */
  admin: boolean;
}

/** Every training page reads its training and the caller's registration: prepared once. */
const trainingById = preparedSelect(training, 'id = $1');
const registrationOf = preparedStatement<{ status: boolean }>(
  'select status from training_register where tid = $1 and uid = $2',
);

export async function loadTraining(db: Db, tid: number): Promise<TrainingRow | undefined> {
  const [row] = await trainingById(db, [tid]);
  return row;
}

/**
 * The policy's facts of a training for `user`: its row, the caller's registration (reference §4.5)
 * and, for a group's training, the caller's standing in the group (§7.12).
 */
export async function trainingFacts(db: Db, row: TrainingRow, user: Subject): Promise<TrainingFacts> {
  // the registration matters to a Private training only (policy rule training.view)
  const [registration] = user && row.auth === 'Private' ? await registrationOf(db, [row.id, user.uid]) : [];
  return { ...(await withGroupFacts(db, user, row))!, registration };
}

/**
 * reference §7.13: the training `tid` if `user` may use it (problems, rank, submit; policy rule
 * training.view): it exists and is visible (root sees hidden ones); a Private one needs a
 * registration that is not banned, unless the caller is its author or root; group trainings follow
 * the group rules. Its detail asks only that it be shown (`training.info`, issue 24 item 2).
 */
export async function trainingFor(
  db: Db,
  user: Subject,
  tid: number,
  action: 'training.view' | 'training.info' = 'training.view',
): Promise<TrainingView> {
  const row = await loadTraining(db, tid);
  const facts = row && (await trainingFacts(db, row, user));
  assertCan(user, action, facts);
  return { row: row!, facts: facts!, admin: can(user, 'training.manage', facts!) };
}
