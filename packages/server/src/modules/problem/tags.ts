import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { LOCAL_OJ } from '@verdict/shared';
import type { Db } from '../../db/client.ts';
import { tag, tagClassification } from '../../db/schema/index.ts';

const ojOf = (oj: string | undefined) => (oj ?? LOCAL_OJ).toUpperCase();

/** reference §3.2 `GET /api/get-all-problem-tags`: site tags (gid null) of one judge, `ALL` = every judge. */
export async function allTags(db: Db, oj: string | undefined) {
  const name = ojOf(oj);
  return db
    .select()
    .from(tag)
    .where(and(isNull(tag.gid), name === 'ALL' ? undefined : eq(tag.oj, name)))
    .orderBy(asc(tag.id));
}

/**
 * reference §3.2 `GET /api/get-problem-tags-and-classification`: the classifications of a judge by
 * rank (smaller first), each with its tags, and a trailing entry `classification: null` holding the
 * tags of no classification (only when there are some).
 */
export async function tagsByClassification(db: Db, oj: string | undefined) {
  const name = ojOf(oj);
  const [classifications, tags] = await Promise.all([
    db
      .select()
      .from(tagClassification)
      .where(name === 'ALL' ? undefined : eq(tagClassification.oj, name))
      .orderBy(sql`${tagClassification.rank} asc nulls last`, asc(tagClassification.id)),
    allTags(db, oj),
  ]);
  const known = new Set(classifications.map((c) => c.id));
  const result: { classification: (typeof classifications)[number] | null; tagList: typeof tags }[] =
    classifications.map((classification) => ({
      classification,
      tagList: tags.filter((t) => t.tcid === classification.id),
    }));
  const rest = tags.filter((t) => t.tcid === null || !known.has(t.tcid));
  if (rest.length > 0) result.push({ classification: null, tagList: rest });
  return result;
}
