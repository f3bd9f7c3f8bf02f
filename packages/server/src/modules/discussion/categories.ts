import type { CategoryVO, categoryUpsertBody } from '@verdict/shared';
import { asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { category, discussion } from '../../db/schema/index.ts';
import { fail } from '../../http/errors.ts';
import { discussionMessages as m } from './messages.ts';

/** reference §3.8 `GET /api/discussion-category`: every category, in creation order. */
export async function categories(db: Db): Promise<CategoryVO[]> {
  return db.select({ id: category.id, name: category.name }).from(category).orderBy(asc(category.id));
}

/**
 * reference §3.8 `POST /api/discussion-category` (root): the list sent becomes the categories —
 * entries with an id are renamed, without one added, blank names ignored. **Changed:** categories
 * left out of the list are removed, unless a discussion still uses one (then nothing changes), so
 * the edit mode of the list can delete one; HOJ's client sends the whole list.
 */
export async function saveCategories(
  db: Db,
  body: z.output<typeof categoryUpsertBody>,
): Promise<CategoryVO[]> {
  const named = body
    .map((c) => ({ id: c.id ?? null, name: c.name?.trim() ?? '' }))
    .filter((c) => c.name !== '');
  await db.transaction(async (tx) => {
    const kept = named.flatMap((c) => (c.id === null ? [] : [c.id]));
    const dropped = await tx
      .select({ id: category.id })
      .from(category)
      .where(kept.length > 0 ? notInArray(category.id, kept) : undefined);
    if (dropped.length > 0) {
      const ids = dropped.map((d) => d.id);
      const [used] = await tx
        .select({ id: discussion.id })
        .from(discussion)
        .where(inArray(discussion.categoryId, ids))
        .limit(1);
      if (used) throw fail(m.categoryInUse);
      await tx.delete(category).where(inArray(category.id, ids));
    }
    for (const c of named) {
      if (c.id === null) {
        await tx.insert(category).values({ name: c.name });
        continue;
      }
      const updated = await tx
        .update(category)
        .set({ name: c.name })
        .where(eq(category.id, c.id))
        .returning({ id: category.id });
      if (updated.length === 0) throw fail(m.categoryNotFound);
    }
  });
  return categories(db);
}
