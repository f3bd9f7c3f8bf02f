import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { training, trainingRegister } from '../../db/schema/index.ts';
import { assertCan, can } from '../../policy/index.ts';
import type { TrainingFacts } from '../../policy/resources.ts';
import type { Subject } from '../../policy/subjects.ts';

export type TrainingRow = typeof training.$inferSelect;

/** A training as one caller sees it. */
export interface TrainingView {
  row: TrainingRow;
  facts: TrainingFacts;
  /** root, the author or the group's root: real names in the rank, hidden problems (spec part 2 §6) */
  admin: boolean;
}

export async function loadTraining(db: Db, tid: number): Promise<TrainingRow | undefined> {
  const [row] = await db.select().from(training).where(eq(training.id, tid));
  return row;
}

/** The policy's facts of a training for `user`: its row and the caller's registration (reference §4.5). */
export async function trainingFacts(db: Db, row: TrainingRow, user: Subject): Promise<TrainingFacts> {
  // the registration matters to a Private training only (policy rule training.view)
  const [registration] =
    user && row.auth === 'Private'
      ? await db
          .select({ status: trainingRegister.status })
          .from(trainingRegister)
          .where(and(eq(trainingRegister.tid, row.id), eq(trainingRegister.uid, user.uid)))
      : [];
  return { ...row, registration };
}

/**
 * A training with the caller's registration, one statement that every training page runs, prepared
 * once (db/prepared.ts). $1 the training, $2 the caller's uid (null: anonymous).
 */
const trainingWithRegistration = preparedStatement<
  Record<keyof TrainingRow, unknown> & { registration: boolean | null }
>(
  'training_for',
  `select t.id, t.title, t.description, t.author, t.auth, t.private_pwd as "privatePwd", t.rank,
      t.status, t.is_group as "isGroup", t.gid, t.gmt_create as "gmtCreate", t.gmt_modified as "gmtModified",
      (select r.status from training_register r where r.tid = t.id and r.uid = $2) as registration
    from training t where t.id = $1`,
);

/**
 * reference §7.13: the training `tid` if `user` may use it (detail, problems, rank, submit): it
 * exists and is visible (root sees hidden ones); a Private one needs a registration that is not
 * banned, unless the caller is its author or root; group trainings follow the group rules.
 */
export async function trainingFor(db: Db, user: Subject, tid: number): Promise<TrainingView> {
  const [found] = await trainingWithRegistration(db, [tid, user?.uid ?? null]);
  let row: TrainingRow | undefined;
  let facts: TrainingFacts | undefined;
  if (found) {
    const { registration, ...t } = found;
    row = {
      ...(t as TrainingRow),
      id: Number(t.id),
      rank: Number(t.rank),
      gid: t.gid === null ? null : Number(t.gid),
      gmtCreate: new Date(t.gmtCreate as string),
      gmtModified: new Date(t.gmtModified as string),
    };
    // the registration matters to a Private training only (policy rule training.view)
    const registered = row.auth === 'Private' && registration !== null;
    facts = { ...row, registration: registered ? { status: registration } : undefined };
  }
  assertCan(user, 'training.view', facts);
  return { row: row!, facts: facts!, admin: can(user, 'training.manage', facts!) };
}
