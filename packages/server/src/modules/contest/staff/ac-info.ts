import { and, asc, between, count, eq, ne, notInArray, sql } from 'drizzle-orm';
import { ROLES, type ContestAcInfoVO } from '@verdict/shared';
import type { Db } from '../../../db/client.ts';
import { contestProblem, contestRecord, userRole } from '../../../db/schema/index.ts';
import type { AuthUser } from '../../../http/auth/access.ts';
import { notFound } from '../../../http/errors.ts';
import { page, type Page } from '../../../http/envelope.ts';
import type { ContestRow } from '../facts.ts';
import { contestFor } from '../access.ts';
import { staffMessages } from './messages.ts';

/**
 * The AC helper / balloons (reference §3.6 get-contest-ac-info, check-contest-ac-info; §9.8).
 */

/** uids of every super admin (role root), who are neither ranked nor given balloons (reference §9.1). */
export const rootUids = (db: Db) =>
  db.select({ uid: userRole.uid }).from(userRole).where(eq(userRole.roleId, ROLES.root.id));

/**
 * reference §9.8: per (user, problem) the earliest AC record (smallest submit id), submitted between
 * start and end, neither by the creator nor by a root.
 */
function firstAcs(db: Db, c: ContestRow) {
  return db
    .selectDistinctOn([contestRecord.uid, contestRecord.pid], {
      id: contestRecord.id,
      cid: contestRecord.cid,
      uid: contestRecord.uid,
      username: contestRecord.username,
      realname: contestRecord.realname,
      pid: contestRecord.pid,
      cpid: contestRecord.cpid,
      displayId: contestRecord.displayId,
      time: contestRecord.time,
      status: contestRecord.status,
      checked: contestRecord.checked,
      submitId: contestRecord.submitId,
      submitTime: contestRecord.submitTime,
    })
    .from(contestRecord)
    .where(
      and(
        eq(contestRecord.cid, c.id),
        eq(contestRecord.status, 1),
        between(contestRecord.submitTime, c.startTime, c.endTime),
        ne(contestRecord.uid, c.uid),
        notInArray(contestRecord.uid, rootUids(db)),
      ),
    )
    .orderBy(contestRecord.uid, contestRecord.pid, asc(contestRecord.submitId))
    .as('first_ac');
}

/**
 * reference §3.6 `get-contest-ac-info`: unchecked first, then by submission time. `firstBlood` is
 * computed over all first ACs of the problem (the smallest `time`; ties share it, as on the ACM
 * board of §9.3), not over the page, so it does not move when paging.
 */
export async function listAcInfo(
  db: Db,
  user: AuthUser,
  q: { cid: number; currentPage: number; limit: number },
  now: Date,
): Promise<Page<ContestAcInfoVO>> {
  const c = (await contestFor(db, user, q.cid, now, 'contest.staff')).row;
  const f = firstAcs(db, c);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(f);
  const rows = await db
    .select({
      id: f.id,
      cid: f.cid,
      uid: f.uid,
      username: f.username,
      realname: f.realname,
      pid: f.pid,
      displayId: f.displayId,
      time: f.time,
      status: f.status,
      checked: f.checked,
      submitId: f.submitId,
      submitTime: f.submitTime,
      firstBlood: sql<boolean>`(${f.time} = min(${f.time}) over (partition by ${f.pid}))`.mapWith(Boolean),
      color: contestProblem.color,
    })
    .from(f)
    .leftJoin(contestProblem, eq(contestProblem.id, f.cpid))
    .orderBy(asc(f.checked), asc(f.submitTime), asc(f.id))
    .limit(q.limit)
    .offset((q.currentPage - 1) * q.limit);
  const records = rows.map((r) => ({ ...r, submitTime: r.submitTime.toISOString() }));
  return page(records, total, q.currentPage, q.limit);
}

/** reference §3.6 `check-contest-ac-info`: sets `checked` as sent (the client sends the flipped value). */
export async function checkAcInfo(
  db: Db,
  user: AuthUser,
  body: { id: number; cid: number; checked: boolean },
  now: Date,
) {
  await contestFor(db, user, body.cid, now, 'contest.staff');
  const rows = await db
    .update(contestRecord)
    .set({ checked: body.checked, gmtModified: now })
    .where(and(eq(contestRecord.id, body.id), eq(contestRecord.cid, body.cid)))
    .returning({ id: contestRecord.id });
  if (rows.length === 0) throw notFound(staffMessages.acRecordNotFound);
}
