import { and, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { adminContestListQuery, EditorScope } from '@verdict/shared';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { contest, contestRegister } from '../../../db/schema/index.ts';
import { inScope } from '../../../db/scope.ts';
import type { AuthUser } from '../../../http/auth/access.ts';
import { page } from '../../../http/envelope.ts';
import { isRoot } from '../../../policy/subjects.ts';
import { containsPattern } from '../../problem/query.ts';
import { adminContestJson } from './json.ts';
import { manageableContest } from './manage.ts';

/** Registrations per contest, for the `count` of each row. */
async function registrationCounts(db: Db, cids: number[]): Promise<Map<number, number>> {
  if (cids.length === 0) return new Map();
  const rows = await db
    .select({ cid: contestRegister.cid, n: count() })
    .from(contestRegister)
    .where(inArray(contestRegister.cid, cids))
    .groupBy(contestRegister.cid);
  return new Map(rows.map((r) => [r.cid, r.n]));
}

/**
 * reference §3.12 `GET /api/admin/contest/get-contest-list`: the scope's contests by keyword (title,
 * or the id when the keyword is a number), newest start first, without passwords. Root sees every
 * contest; another admin the contests he manages, i.e. created (reference §2, as HOJ's list does);
 * in a group, its admins see every contest of the group.
 */
export async function adminContestList(
  db: Db,
  user: AuthUser,
  query: z.output<typeof adminContestListQuery>,
  now: Date,
  scope: EditorScope,
) {
  const conditions: (SQL | undefined)[] = [inScope(contest, scope)];
  // a group's admins see all its contests (reference §7.12); changing one is for its managers
  if (!isRoot(user) && scope.kind === 'site') conditions.push(eq(contest.uid, user.uid));
  if (query.keyword) {
    const id = /^\d{1,15}$/.test(query.keyword) ? Number(query.keyword) : undefined;
    conditions.push(
      or(ilike(contest.title, containsPattern(query.keyword)), id ? eq(contest.id, id) : undefined),
    );
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(contest)
      .where(where)
      .orderBy(desc(contest.startTime), desc(contest.id))
      .limit(query.limit)
      .offset((query.currentPage - 1) * query.limit),
    db.select({ n: count() }).from(contest).where(where),
  ]);
  const counts = await registrationCounts(
    db,
    rows.map((r) => r.id),
  );
  return page(
    rows.map((row) => adminContestJson(row, now, { withPassword: false, count: counts.get(row.id) ?? 0 })),
    total?.n ?? 0,
    query.currentPage,
    query.limit,
  );
}

/** reference §3.12 `GET /api/admin/contest?cid=`: the whole AdminContestVO, for its creator or root. */
export async function adminContest(db: Db, user: AuthUser, cid: number, now: Date) {
  const row = await manageableContest(db, user, cid, now);
  const counts = await registrationCounts(db, [cid]);
  return adminContestJson(row, now, { withPassword: true, count: counts.get(cid) ?? 0 });
}
