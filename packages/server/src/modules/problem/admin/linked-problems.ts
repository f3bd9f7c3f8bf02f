import { and, count, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.ts';
import { problem } from '../../../db/schema/index.ts';
import { page } from '../../../http/envelope.ts';
import { problemJson } from '../json.ts';

/** One contest's or training's links to its problems, and the order its admin list shows them in. */
export interface ProblemLinks {
  table: PgTable;
  /** the link's problem id column */
  pid: PgColumn;
  /** the links of that one contest or training */
  owner: SQL;
  orderBy: SQL[];
}

export interface Paging {
  currentPage: number;
  limit: number;
}

/** One page of the problems a contest or training links to, matching `keyword`, in the links' order. */
export async function linkedProblemPage(
  db: Db,
  links: ProblemLinks,
  keyword: SQL | undefined,
  paging: Paging,
) {
  const where = and(links.owner, keyword);
  const [rows, [total]] = await Promise.all([
    db
      .select({ problem })
      .from(links.table)
      .innerJoin(problem, eq(problem.id, links.pid))
      .where(where)
      .orderBy(...links.orderBy)
      .limit(paging.limit)
      .offset((paging.currentPage - 1) * paging.limit),
    db.select({ n: count() }).from(links.table).innerJoin(problem, eq(problem.id, links.pid)).where(where),
  ]);
  return { rows: rows.map((r) => r.problem), total: total?.n ?? 0 };
}

/**
 * The answer of the contest and training admin problem lists (reference §3.12): a page of problems
 * and the links by problem id (the caller names the map: `contestProblemMap`, `trainingProblemMap`).
 */
export function linkedProblemAnswer<Link extends { pid: number }, LinkJson>(
  rows: (typeof problem.$inferSelect)[],
  total: number,
  paging: Paging,
  links: Link[],
  linkJson: (link: Link) => LinkJson,
) {
  const byPid: Record<number, LinkJson> = {};
  for (const link of links) byPid[link.pid] = linkJson(link);
  return {
    problemList: page(
      rows.map((row) => problemJson(row)),
      total,
      paging.currentPage,
      paging.limit,
    ),
    byPid,
  };
}
