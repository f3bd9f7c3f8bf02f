import { count, sql, type SQL } from 'drizzle-orm';
import type { TrainingListQuery, TrainingVO } from '@verdict/shared';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { AuthUser } from '../../http/auth/access.ts';
import { page, type Page } from '../../http/envelope.ts';
import { containsPattern } from '../problem/query.ts';
import { trainingCountsSql } from './counts.ts';
import { trainingJson } from './json.ts';

interface ListRow {
  row: {
    id: number | string;
    title: string | null;
    author: string;
    auth: string;
    rank: number;
    gid: number | string | null;
    gmtCreate: string;
    gmtModified: string;
    categoryId: number | string | null;
    categoryName: string | null;
    categoryColor: string | null;
    problemCount: number | string;
    acCount: number | string;
  };
  total: number | string;
}

/** The one category of a training (HOJ keeps one mapping row per training), as a lateral join. */
const CATEGORY = sql`left join lateral (
    select c.id, c.name, c.color from mapping_training_category m
    join training_category c on c.id = m.cid where m.tid = t.id order by m.id limit 1) c on true`;

/**
 * reference §3.5 `GET /api/get-training-list`, §7.13: visible (status) trainings outside groups,
 * filtered by keyword (title or author), category and auth, by `rank` ascending, with the
 * category's name and colour, `problemCount` (public problems only) and, for a signed-in caller,
 * `acCount` (the progress: problems solved anywhere outside contests and groups).
 *
 * One statement whatever the page size: the page's ids with the total as a window count, then
 * each row's category, and the counts and progress of the page's rows in one pass over their problems.
 */
export async function listTrainings(
  db: Db,
  user: AuthUser | null,
  query: TrainingListQuery,
): Promise<Page<TrainingVO>> {
  const conditions: SQL[] = [sql`t.status and not t.is_group and t.gid is null`];
  if (query.categoryId !== undefined) conditions.push(sql`c.id = ${query.categoryId}`);
  if (query.auth !== undefined) conditions.push(sql`t.auth = ${query.auth}`);
  if (query.keyword) {
    const pattern = containsPattern(query.keyword);
    conditions.push(sql`(t.title ilike ${pattern} or t.author ilike ${pattern})`);
  }
  const where = sql.join(conditions, sql` and `);
  const offset = (query.currentPage - 1) * query.limit;
  // the category join filters the page only when a category is asked for
  const rows = await queryRows<ListRow>(
    db,
    sql`with page as (
        select t.id, t.rank, count(*) over () as total
        from training t ${query.categoryId !== undefined ? CATEGORY : sql``}
        where ${where}
        order by t.rank, t.id limit ${query.limit} offset ${offset}),
      counts as (${trainingCountsSql(sql`select id from page`, user?.uid ?? null)})
      select json_build_object('id', t.id, 'title', t.title, 'author', t.author, 'auth', t.auth,
          'rank', t.rank, 'gid', t.gid, 'gmtCreate', t.gmt_create, 'gmtModified', t.gmt_modified,
          'categoryId', c.id, 'categoryName', c.name, 'categoryColor', c.color,
          'problemCount', coalesce(k.problem_count, 0), 'acCount', coalesce(k.ac_count, 0)) as row,
        page.total
      from page join training t on t.id = page.id ${CATEGORY}
      left join counts k on k.tid = t.id
      order by page.rank, page.id`,
  );
  let total: number;
  if (rows.length > 0) total = Number(rows[0]!.total);
  else {
    // a page past the end: no row carries the total
    const [row] = await queryRows<{ n: number | string }>(
      db,
      sql`select ${count()} as n from training t ${CATEGORY} where ${where}`,
    );
    total = Number(row?.n ?? 0);
  }
  const records = rows.map(({ row: r }) =>
    trainingJson({ ...r, id: Number(r.id), gid: r.gid === null ? null : Number(r.gid) }, r),
  );
  return page(records, total, query.currentPage, query.limit);
}
