import { asc, isNull } from 'drizzle-orm';
import type { TrainingAccessVO, TrainingCategoryVO, TrainingVO } from '@verdict/shared';
import type { Db } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { trainingCategory } from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/auth/access.ts';
import { policy } from '../../policy/index.ts';
import { loadTraining, trainingFacts, trainingFor } from './access.ts';
import { CATEGORY_OF, trainingCountsText } from './counts.ts';
import { trainingCategoryJson, trainingJson } from './json.ts';

/**
 * reference §3.5 `GET /api/get-training-detail`, §7.13: TrainingVO of a training the caller may
 * see, with its description, category, public problem count and the caller's progress. A Private
 * one is answered without registration (never its password: TrainingVO has none), so that a client
 * can show it and ask for the password (policy rule training.info, issue 24 item 2); its problems,
 * rank and submitting stay behind registration.
 */
export async function trainingDetail(db: Db, user: AuthUser, tid: number): Promise<TrainingVO> {
  const { row } = await trainingFor(db, user, tid, 'training.info');
  const [extra] = await detailExtras(db, [row.id, user.uid]);
  return trainingJson(row, extra!);
}

/** The detail's category and counts ($1 the training, $2 the caller), prepared once. */
const detailExtras = preparedStatement<{
  categoryId: number | string | null;
  categoryName: string | null;
  categoryColor: string | null;
  problemCount: number | string;
  acCount: number | string;
}>(
  `select c.id as "categoryId", c.name as "categoryName", c.color as "categoryColor",
      coalesce(k.problem_count, 0) as "problemCount", coalesce(k.ac_count, 0) as "acCount"
    from (select 1) one
    left join (${trainingCountsText('select $1::bigint', '$2::text')}) k on true
    left join lateral (${CATEGORY_OF('$1::bigint')}) c on true`,
);

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
