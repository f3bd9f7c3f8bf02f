import { and, count, desc, ilike, notInArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { problem } from '../../../db/schema/index.ts';
import { containsPattern, keywordCondition } from '../query.ts';

/** The admin problem lists' keyword: title, problem id or author (reference §3.12). */
export function adminProblemKeyword(keyword: string | undefined): SQL | undefined {
  return keyword ? keywordCondition(keyword, ilike(problem.author, containsPattern(keyword))) : undefined;
}

/**
 * One page of bank problems, newest first: those matching `conditions` and not among `taken` (a
 * contest's or training's problems when picking more). The admin problem list and the contest and
 * training pickers.
 */
export async function newestProblemPage(
  db: Db,
  conditions: (SQL | undefined)[],
  taken: number[],
  currentPage: number,
  limit: number,
) {
  const where = and(...conditions, taken.length > 0 ? notInArray(problem.id, taken) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(problem)
      .where(where)
      .orderBy(desc(problem.id))
      .limit(limit)
      .offset((currentPage - 1) * limit),
    db.select({ n: count() }).from(problem).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
