import { SITE_SCOPE, type EditorScope, type TrainingListQuery, type TrainingVO } from '@verdict/shared';
import type { Db } from '../../db/client.ts';
import { byShape, preparedStatement } from '../../db/prepared.ts';
import type { AuthUser } from '../../http/auth/access.ts';
import { page, type Page } from '../../http/envelope.ts';
import { containsPattern } from '../problem/query.ts';
import { CATEGORY_OF, trainingCountsText } from './counts.ts';
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

/** The one category of a training, as a lateral join. */
const CATEGORY = `left join lateral (${CATEGORY_OF('t.id')}) c on true`;

interface Shape {
  /** a group's trainings (its id the first filter value), or the site's */
  group: boolean;
  user: boolean;
  category: boolean;
  auth: boolean;
  keyword: boolean;
  limit: number;
}

/** The list's filters as SQL text, `next()` naming each parameter (category, auth, keyword). */
function filtersText(shape: Shape, next: () => string): string {
  const conditions = [
    shape.group ? `t.status and t.gid = ${next()}` : 't.status and not t.is_group and t.gid is null',
  ];
  if (shape.category) conditions.push(`c.id = ${next()}`);
  if (shape.auth) conditions.push(`t.auth = ${next()}`);
  if (shape.keyword) {
    const pattern = next();
    conditions.push(`(t.title ilike ${pattern} or t.author ilike ${pattern})`);
  }
  return conditions.join(' and ');
}

/** The values of the filters' parameters, in filtersText's order. */
function filterValues(query: TrainingListQuery, scope: EditorScope): unknown[] {
  return [
    ...(scope.kind === 'group' ? [scope.gid] : []),
    ...(query.categoryId !== undefined ? [query.categoryId] : []),
    ...(query.auth !== undefined ? [query.auth] : []),
    ...(query.keyword ? [containsPattern(query.keyword)] : []),
  ];
}

/**
 * The list's statements for one shape of query (which filters, signed in or not, page size),
 * prepared once (db/prepared.ts): planning the page with its counts took most of its time. The
 * page takes the offset ($1), the caller's uid if signed in, then the filters' values; the count
 * (for a page past the end, which has no row to carry the total) the filters' values.
 */
const statementsFor = byShape((shape: Shape) => {
  let n = 1;
  const uid = shape.user ? `$${++n}` : null;
  const pageFilters = filtersText(shape, () => `$${++n}`);
  let m = 0;
  const countFilters = filtersText(shape, () => `$${++m}`);
  // the category join filters the page only when a category is asked for
  const from = `training t ${shape.category ? CATEGORY : ''}`;
  return {
    page: preparedStatement<ListRow>(
      `with page as (
        select t.id, t.rank, count(*) over () as total from ${from}
        where ${pageFilters}
        order by t.rank, t.id limit ${shape.limit} offset $1),
      counts as (${trainingCountsText('select id from page', uid)})
      select json_build_object('id', t.id, 'title', t.title, 'author', t.author, 'auth', t.auth,
          'rank', t.rank, 'gid', t.gid, 'gmtCreate', t.gmt_create, 'gmtModified', t.gmt_modified,
          'categoryId', c.id, 'categoryName', c.name, 'categoryColor', c.color,
          'problemCount', coalesce(k.problem_count, 0), 'acCount', coalesce(k.ac_count, 0)) as row,
        page.total
      from page join training t on t.id = page.id ${CATEGORY}
      left join counts k on k.tid = t.id
      order by page.rank, page.id`,
    ),
    count: preparedStatement<{ n: number | string }>(
      `select count(*) as n from ${from} where ${countFilters}`,
    ),
  };
});

/**
 * reference §3.5 `GET /api/get-training-list`, §7.13: visible (status) trainings outside groups (or,
 * for `GET /api/group/get-training-list`, of one group),
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
  scope: EditorScope = SITE_SCOPE,
): Promise<Page<TrainingVO>> {
  const shape: Shape = {
    group: scope.kind === 'group',
    user: user !== null,
    category: query.categoryId !== undefined,
    auth: query.auth !== undefined,
    keyword: !!query.keyword,
    limit: query.limit,
  };
  const statement = statementsFor(shape);
  const filters = filterValues(query, scope);
  const offset = (query.currentPage - 1) * query.limit;
  const rows = await statement.page(db, [offset, ...(user ? [user.uid] : []), ...filters]);
  // a page past the end: no row carries the total
  const total = Number(rows[0]?.total ?? (await statement.count(db, filters))[0]?.n ?? 0);
  const records = rows.map(({ row: r }) =>
    trainingJson({ ...r, id: Number(r.id), gid: r.gid === null ? null : Number(r.gid) }, r),
  );
  return page(records, total, query.currentPage, query.limit);
}
