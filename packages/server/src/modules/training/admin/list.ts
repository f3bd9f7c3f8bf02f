import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { adminTrainingListQuery, AdminTrainingDto, EditorScope } from '@verdict/shared';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { mappingTrainingCategory, training, trainingCategory } from '../../../db/schema/index.ts';
import { inScope } from '../../../db/scope.ts';
import type { AuthUser } from '../../../http/auth/access.ts';
import { page } from '../../../http/envelope.ts';
import { containsPattern } from '../../problem/query.ts';
import { adminTrainingJson } from './json.ts';
import { manageableTraining } from './manage.ts';

/**
 * reference §3.12 `GET /api/admin/training/get-training-list`: the scope's trainings by keyword
 * (title, or the id or rank when the keyword is a number), by rank, without passwords. Every admin
 * sees the whole list, as in HOJ; changing one is for its managers (policy training.manage).
 */
export async function adminTrainingList(
  db: Db,
  query: z.output<typeof adminTrainingListQuery>,
  scope: EditorScope,
) {
  const conditions: (SQL | undefined)[] = [inScope(training, scope)];
  if (query.keyword) {
    const n = /^\d{1,9}$/.test(query.keyword) ? Number(query.keyword) : undefined;
    conditions.push(
      or(
        ilike(training.title, containsPattern(query.keyword)),
        n !== undefined ? eq(training.id, n) : undefined,
        n !== undefined ? eq(training.rank, n) : undefined,
      ),
    );
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(training)
      .where(where)
      .orderBy(asc(training.rank), asc(training.id))
      .limit(query.limit)
      .offset((query.currentPage - 1) * query.limit),
    db.select({ n: count() }).from(training).where(where),
  ]);
  return page(
    rows.map((row) => adminTrainingJson(row, { withPassword: false })),
    total?.n ?? 0,
    query.currentPage,
    query.limit,
  );
}

/** reference §3.12 `GET /api/admin/training?tid=`: `{training, trainingCategory}` for its managers. */
export async function adminTraining(db: Db, user: AuthUser, tid: number): Promise<AdminTrainingDto> {
  const row = await manageableTraining(db, user, tid);
  const [category] = await db
    .select({
      id: trainingCategory.id,
      name: trainingCategory.name,
      color: trainingCategory.color,
      gid: trainingCategory.gid,
    })
    .from(mappingTrainingCategory)
    .innerJoin(trainingCategory, eq(trainingCategory.id, mappingTrainingCategory.cid))
    .where(eq(mappingTrainingCategory.tid, tid))
    .orderBy(asc(mappingTrainingCategory.id))
    .limit(1);
  return { training: adminTrainingJson(row, { withPassword: true }), trainingCategory: category ?? null };
}
