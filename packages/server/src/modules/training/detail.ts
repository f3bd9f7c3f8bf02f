import { asc, isNull, sql } from 'drizzle-orm';
import type { TrainingAccessVO, TrainingCategoryVO, TrainingVO } from '@verdict/shared';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { trainingCategory } from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/auth/access.ts';
import { policy } from '../../policy/index.ts';
import { loadTraining, trainingFacts, trainingFor } from './access.ts';
import { trainingCountsSql } from './counts.ts';
import { trainingCategoryJson, trainingJson } from './json.ts';

/**
 * reference §3.5 `GET /api/get-training-detail`, §7.13: TrainingVO of a training the caller may
 * use (a Private one needs a registration, unless the author or root), with its description,
 * category, public problem count and the caller's progress.
 */
export async function trainingDetail(db: Db, user: AuthUser, tid: number): Promise<TrainingVO> {
  const { row } = await trainingFor(db, user, tid);
  const [extra] = await queryRows<{
    categoryId: number | string | null;
    categoryName: string | null;
    categoryColor: string | null;
    problemCount: number | string;
    acCount: number | string;
  }>(
    db,
    sql`select c.id as "categoryId", c.name as "categoryName", c.color as "categoryColor",
        coalesce(k.problem_count, 0) as "problemCount", coalesce(k.ac_count, 0) as "acCount"
      from (select 1) one
      left join (${trainingCountsSql(sql`${row.id}`, user.uid)}) k on true
      left join lateral (select c.id, c.name, c.color from mapping_training_category m
        join training_category c on c.id = m.cid where m.tid = ${row.id} order by m.id limit 1) c on true`,
  );
  return trainingJson(row, extra!);
}

/**
 * reference §3.5 `GET /api/get-training-access`: whether the caller may use the training now.
 * **Changed:** HOJ answers true for any registration row, a banned one too; Verdict answers what
 * the detail, problem and rank calls will do (public, author, root, or registered and not banned).
 */
export async function trainingAccess(db: Db, user: AuthUser, tid: number): Promise<TrainingAccessVO> {
  const row = await loadTraining(db, tid);
  const refusal = policy.refusal(user, 'training.view', row && (await trainingFacts(db, row, user)));
  // a missing or hidden training, or one of a scope not available, answers as its detail would
  if (refusal && (refusal.status === 404 || refusal.status === 400)) throw refusal;
  return { access: refusal === null };
}

/** spec part 2 §7 `GET /api/get-training-category`: the site's categories (not the groups'). */
export async function trainingCategories(db: Db): Promise<TrainingCategoryVO[]> {
  const rows = await db
    .select()
    .from(trainingCategory)
    .where(isNull(trainingCategory.gid))
    .orderBy(asc(trainingCategory.id));
  return rows.map(trainingCategoryJson);
}
