import { and, eq, isNull, or } from 'drizzle-orm';
import {
  adminTrainingBody,
  SITE_SCOPE,
  type EditorScope,
  TRAINING_ADMIN_MESSAGES,
  TRAINING_AUTH,
  type AdminTrainingForm,
} from '@verdict/shared';
import type { Db } from '../../../db/client.ts';
import {
  mappingTrainingCategory,
  training,
  trainingCategory,
  trainingRegister,
} from '../../../db/schema/index.ts';
import type { AuthUser } from '../../../http/auth/access.ts';
import { fail } from '../../../http/errors.ts';
import { trainingScope, type Tx } from '../../submission/lifecycle/scopes.ts';
import { parseFormInput } from '../../contest/admin/input.ts';
import { manageableTraining } from './manage.ts';
import { trainingAdminMessages } from './messages.ts';

type CategoryChoice = NonNullable<AdminTrainingForm['trainingCategory']>;

/** The scope's own categories: the site's, or one group's. */
const ownCategories = (scope: EditorScope) =>
  scope.kind === 'site' ? isNull(trainingCategory.gid) : eq(trainingCategory.gid, scope.gid);

/**
 * The category a training form names: an existing one by id (the site's, or in a group also the
 * group's own), or by name in the scope (HOJ creates a category named in the form, and reuses the
 * one of that name if it exists; a group's new category is the group's, reference §7.12).
 */
async function categoryOf(tx: Tx, choice: CategoryChoice, now: Date, scope: EditorScope): Promise<number> {
  if (choice.id) {
    const usable =
      scope.kind === 'site' ? ownCategories(scope) : or(isNull(trainingCategory.gid), ownCategories(scope));
    const [row] = await tx
      .select({ id: trainingCategory.id })
      .from(trainingCategory)
      .where(and(eq(trainingCategory.id, choice.id), usable));
    if (!row) throw fail(trainingAdminMessages.categoryNotFound);
    return row.id;
  }
  const name = choice.name!.trim();
  const [existing] = await tx
    .select({ id: trainingCategory.id })
    .from(trainingCategory)
    .where(and(eq(trainingCategory.name, name), ownCategories(scope)));
  if (existing) return existing.id;
  const [created] = await tx
    .insert(trainingCategory)
    .values({
      name,
      color: choice.color || null,
      gid: scope.kind === 'group' ? scope.gid : null,
      gmtCreate: now,
      gmtModified: now,
    })
    .returning({ id: trainingCategory.id });
  return created!.id;
}

/** The form; a site form may not name a group (group trainings are managed inside their group). */
function parseForm(body: unknown, scope: EditorScope): AdminTrainingForm {
  const input = parseFormInput(adminTrainingBody, body, TRAINING_ADMIN_MESSAGES);
  if (scope.kind === 'site' && (input.training.gid || input.training.isGroup))
    throw fail(trainingAdminMessages.groupTrainingsLater);
  return input;
}

/** The columns the form sets (reference §4.5); author, group and timestamps are the server's. */
function formColumns(form: AdminTrainingForm['training']) {
  return {
    title: form.title,
    description: form.description,
    auth: form.auth,
    privatePwd: form.privatePwd || null,
    rank: form.rank,
    status: form.status,
  };
}

/**
 * reference §3.12 `POST /api/admin/training` `{training, trainingCategory}`: the training, owned by
 * the caller (its `author`), and its category link, in one transaction. Answers `{tid}` (HOJ: null).
 */
export async function createTraining(
  db: Db,
  user: AuthUser,
  body: unknown,
  now: Date,
  scope: EditorScope = SITE_SCOPE,
) {
  const input = parseForm(body, scope);
  const group = scope.kind === 'group' ? { isGroup: true, gid: scope.gid } : {};
  return db.transaction(async (tx) => {
    const cid = await categoryOf(tx, input.trainingCategory!, now, scope);
    const [row] = await tx
      .insert(training)
      .values({
        ...formColumns(input.training),
        ...group,
        author: user.username,
        gmtCreate: now,
        gmtModified: now,
      })
      .returning({ id: training.id });
    await tx.insert(mappingTrainingCategory).values({ tid: row!.id, cid, gmtCreate: now, gmtModified: now });
    return { tid: row!.id };
  });
}

/**
 * reference §3.12 `PUT /api/admin/training`: for its managers (policy training.manage; HOJ
 * compared the body's `author`, which the caller writes). A Private training whose password
 * changes loses its registrations (reference §3.12) and, with them, its records (the lifecycle's
 * training scope); the answer's `registrationsDropped` says how many. The author stays.
 */
export async function updateTraining(
  db: Db,
  user: AuthUser,
  body: unknown,
  now: Date,
  scope: EditorScope = SITE_SCOPE,
) {
  const input = parseForm(body, scope);
  if (!input.training.id) throw fail(trainingAdminMessages.trainingIdMissing);
  const old = await manageableTraining(db, user, input.training.id, scope);
  const columns = formColumns(input.training);
  return db.transaction(async (tx) => {
    const cid = await categoryOf(tx, input.trainingCategory!, now, scope);
    await tx
      .update(training)
      .set({ ...columns, gmtModified: now })
      .where(eq(training.id, old.id));
    let registrationsDropped = 0;
    if (columns.auth === TRAINING_AUTH.private && columns.privatePwd !== old.privatePwd) {
      const dropped = await tx
        .delete(trainingRegister)
        .where(eq(trainingRegister.tid, old.id))
        .returning({ id: trainingRegister.id });
      registrationsDropped = dropped.length;
      await trainingScope.onRegistrationsDropped(tx, old.id);
    }
    const linked = await tx
      .update(mappingTrainingCategory)
      .set({ cid, gmtModified: now })
      .where(eq(mappingTrainingCategory.tid, old.id))
      .returning({ id: mappingTrainingCategory.id });
    if (linked.length === 0)
      await tx.insert(mappingTrainingCategory).values({ tid: old.id, cid, gmtCreate: now, gmtModified: now });
    return { registrationsDropped };
  });
}
