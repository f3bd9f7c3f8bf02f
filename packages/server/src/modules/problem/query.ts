import { LOCAL_OJ, REMOTE_OJS } from '@verdict/shared';
import { eq, ilike, like, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { problem } from '../../db/schema/index.ts';

/** `%keyword%` for ILIKE, with the keyword's own wildcards escaped. */
export function containsPattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, '\\$&')}%`;
}

/** reference §3.3: `keyword` matches the title or the problem id (HOJ's LIKE is case-insensitive in MySQL). */
export function keywordCondition(keyword: string, ...extra: SQL[]): SQL {
  const pattern = containsPattern(keyword);
  return or(ilike(problem.title, pattern), ilike(problem.problemId, pattern), ...extra.map((c) => c))!;
}

/**
 * reference §3.3: the public list's keyword, matched case-insensitively against the problem id and
 * the title through `search_key`, their lower-cased copy kept by the database: a plain LIKE on it
 * costs a fraction of ILIKE, which lower-cases every row again (the list is scanned on each search).
 */
export function searchCondition(keyword: string): SQL {
  return like(problem.searchKey, containsPattern(keyword.toLowerCase()));
}

/**
 * reference §3.3 / §3.12 `oj`: a remote judge name selects that judge's problems (problem id
 * prefix `NAME-`); `ALL` or nothing selects every problem; anything else (`ME`) local problems.
 */
export function ojCondition(oj: string | undefined): SQL | undefined {
  if (!oj || oj.toUpperCase() === 'ALL') return undefined;
  const name = oj.toUpperCase();
  if ((REMOTE_OJS as readonly string[]).includes(name)) {
    return sql`${problem.isRemote} = true and ${problem.problemId} like ${`${name}-%`}`;
  }
  return eq(problem.isRemote, false);
}

/** How the `oj` filter narrows the bank: no filter, local problems only, or one remote judge. */
export function ojKind(oj: string | undefined): 'all' | 'local' | 'remote' {
  if (!oj || oj.toUpperCase() === 'ALL') return 'all';
  return (REMOTE_OJS as readonly string[]).includes(oj.toUpperCase()) ? 'remote' : 'local';
}

/**
 * The number of problems of an auth (non-group), optionally of a difficulty and local only, from
 * the counters that triggers keep (schema/problems.ts problem_kind_count), as a scalar subquery.
 */
export function countedProblemsSql(filter: { auth: number; difficulty?: number; localOnly: boolean }): SQL {
  return sql`(select coalesce(sum(n), 0) from problem_kind_count
      where auth = ${filter.auth} and not is_group
      ${filter.difficulty === undefined ? sql`` : sql`and difficulty = ${filter.difficulty}`}
      ${filter.localOnly ? sql`and not is_remote` : sql``})`;
}

export async function countedProblems(
  db: Db,
  filter: { auth: number; difficulty?: number; localOnly: boolean },
) {
  const [row] = await queryRows<{ n: string | number }>(db, sql`select ${countedProblemsSql(filter)} as n`);
  return Number(row?.n ?? 0);
}

/** The tag namespace of a problem: 'ME' for local problems, else the remote prefix (spec part 2 §9). */
export function tagNamespace(problemId: string, isRemote: boolean): string {
  if (!isRemote) return LOCAL_OJ;
  const prefix = problemId.split('-')[0]!.toUpperCase();
  return prefix === 'GYM' ? 'CF' : prefix;
}
