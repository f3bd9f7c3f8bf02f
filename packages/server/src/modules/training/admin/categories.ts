import { and, eq, isNull, ne } from 'drizzle-orm';
import { TRAINING_ADMIN_MESSAGES, trainingCategoryInput, type TrainingCategoryVO } from '@verdict/shared';
import type { Db } from '../../../db/client.ts';
import { trainingCategory } from '../../../db/schema/index.ts';
import { fail, notFound } from '../../../http/errors.ts';
import { trainingCategoryJson } from '../json.ts';
import { parseFormInput } from '../../contest/admin/input.ts';
import { trainingAdminMessages } from './messages.ts';

/** One site category per name (HOJ relies on a unique name to reuse a category named in the training form). */
async function assertNameFree(db: Db, name: string, exceptId?: number) {
  const [clash] = await db
    .select({ id: trainingCategory.id })
    .from(trainingCategory)
    .where(
      and(
        eq(trainingCategory.name, name),
        isNull(trainingCategory.gid),
        exceptId ? ne(trainingCategory.id, exceptId) : undefined,
      ),
    );
  if (clash) throw fail(trainingAdminMessages.categoryNameTaken);
}

/** reference §3.12 `POST /api/admin/training/category` body TrainingCategory {name, color}: the new category. */
export async function createTrainingCategory(db: Db, body: unknown, now: Date): Promise<TrainingCategoryVO> {
  const input = parseFormInput(trainingCategoryInput, body, TRAINING_ADMIN_MESSAGES);
  await assertNameFree(db, input.name);
  const [row] = await db
    .insert(trainingCategory)
    .values({ name: input.name, color: input.color, gmtCreate: now, gmtModified: now })
    .returning();
  return trainingCategoryJson(row!);
}

/** reference §3.12 `PUT /api/admin/training/category` body TrainingCategory {id, name, color}. */
export async function updateTrainingCategory(db: Db, body: unknown, now: Date) {
  const input = parseFormInput(trainingCategoryInput, body, TRAINING_ADMIN_MESSAGES);
  if (!input.id) throw notFound(trainingAdminMessages.categoryNotFound);
  await assertNameFree(db, input.name, input.id);
  const updated = await db
    .update(trainingCategory)
    .set({ name: input.name, color: input.color, gmtModified: now })
    .where(and(eq(trainingCategory.id, input.id), isNull(trainingCategory.gid)))
    .returning({ id: trainingCategory.id });
  if (updated.length === 0) throw notFound(trainingAdminMessages.categoryNotFound);
}

/**
 * reference §3.12 `DELETE /api/admin/training/category?cid=`: the category; its trainings lose
 * their link to it (mapping rows go by cascade) and show no category until edited.
 */
export async function deleteTrainingCategory(db: Db, cid: number) {
  const gone = await db
    .delete(trainingCategory)
    .where(and(eq(trainingCategory.id, cid), isNull(trainingCategory.gid)))
    .returning({ id: trainingCategory.id });
  if (gone.length === 0) throw notFound(trainingAdminMessages.categoryNotFound);
}
