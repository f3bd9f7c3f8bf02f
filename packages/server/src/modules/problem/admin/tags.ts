import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { adminTagBody, classificationBody } from '@verdict/shared';
import type { Db } from '../../../db/client.ts';
import { tag, tagClassification } from '../../../db/schema/index.ts';
import { fail, notFound } from '../../../http/errors.ts';
import { problemMessages } from '../../../http/messages.ts';
import { isUniqueViolation } from '../../admin/unique.ts';

type TagBody = z.output<typeof adminTagBody>;
type ClassificationBody = z.output<typeof classificationBody>;

async function assertClassification(db: Db, tcid: number | null | undefined) {
  if (!tcid) return;
  const [row] = await db
    .select({ id: tagClassification.id })
    .from(tagClassification)
    .where(eq(tagClassification.id, tcid));
  if (!row) throw fail(problemMessages.classificationNotFound);
}

const siteTag = (id: number) => and(eq(tag.id, id), isNull(tag.gid));

/** reference §3.12 `POST /api/admin/tag`: a site tag (gid null), unique per (name, oj). */
export async function createTag(db: Db, body: TagBody) {
  await assertClassification(db, body.tcid);
  try {
    const [row] = await db
      .insert(tag)
      .values({
        name: body.name,
        color: body.color ?? null,
        oj: body.oj.toUpperCase(),
        tcid: body.tcid ?? null,
      })
      .returning();
    return row!;
  } catch (error) {
    if (isUniqueViolation(error)) throw fail(problemMessages.tagExists);
    throw error;
  }
}

/** reference §3.12 `PUT /api/admin/tag`: group tags belong to their group and are not edited here. */
export async function updateTag(db: Db, body: TagBody) {
  if (!body.id) throw fail(problemMessages.tagNotFound);
  await assertClassification(db, body.tcid);
  try {
    const updated = await db
      .update(tag)
      .set({ name: body.name, color: body.color ?? null, oj: body.oj.toUpperCase(), tcid: body.tcid ?? null })
      .where(siteTag(body.id))
      .returning({ id: tag.id });
    if (updated.length === 0) throw notFound(problemMessages.tagNotFound);
  } catch (error) {
    if (isUniqueViolation(error)) throw fail(problemMessages.tagExists);
    throw error;
  }
}

/** reference §3.12 `DELETE /api/admin/tag`: the tag and its problem links (cascade). */
export async function deleteTag(db: Db, tid: number) {
  const deleted = await db.delete(tag).where(siteTag(tid)).returning({ id: tag.id });
  if (deleted.length === 0) throw notFound(problemMessages.tagNotFound);
}

/** reference §3.12 `GET /api/admin/tag/classification`: by rank (smaller first). */
export async function listClassifications(db: Db, oj: string | undefined) {
  const name = (oj ?? 'ME').toUpperCase();
  return db
    .select()
    .from(tagClassification)
    .where(name === 'ALL' ? undefined : eq(tagClassification.oj, name))
    .orderBy(sql`${tagClassification.rank} asc nulls last`, asc(tagClassification.id));
}

export async function createClassification(db: Db, body: ClassificationBody) {
  const [row] = await db
    .insert(tagClassification)
    .values({ name: body.name, oj: body.oj.toUpperCase(), rank: body.rank ?? null })
    .returning();
  return row!;
}

export async function updateClassification(db: Db, body: ClassificationBody) {
  if (!body.id) throw fail(problemMessages.classificationNotFound);
  const updated = await db
    .update(tagClassification)
    .set({ name: body.name, oj: body.oj.toUpperCase(), rank: body.rank ?? null })
    .where(eq(tagClassification.id, body.id))
    .returning({ id: tagClassification.id });
  if (updated.length === 0) throw notFound(problemMessages.classificationNotFound);
}

/** Its tags stay, unclassified (tag.tcid is ON DELETE SET NULL). */
export async function deleteClassification(db: Db, tcid: number) {
  const deleted = await db
    .delete(tagClassification)
    .where(eq(tagClassification.id, tcid))
    .returning({ id: tagClassification.id });
  if (deleted.length === 0) throw notFound(problemMessages.classificationNotFound);
}
