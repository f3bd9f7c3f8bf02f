import type { SysMsgVO } from '@verdict/shared';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { userSysNotice } from '../../db/schema/index.ts';
import { page, type Page } from '../../http/envelope.ts';

/**
 * The reader's side of system notices (reference §3.9 /api/msg/sys and /api/msg/mine, §7.15): an
 * 'All' notice has no row per user until the user reads it (admin/notice/service.ts says why).
 */

/** The notices `uid` receives: every 'All' notice, and those with a row of the user's own. */
const noticesOf = (uid: string, kind: 'Sys' | 'Mine') => sql`
  from admin_sys_notice n
  left join user_sys_notice u on u.sys_notice_id = n.id and u.recipient_id = ${uid}
  where (n.type = 'All' or u.id is not null) and coalesce(u.type, 'Sys') = ${kind}`;

interface SysMsgRow {
  id: string | number;
  title: string | null;
  content: string | null;
  admin_id: string | null;
  type: 'Sys' | 'Mine';
  state: boolean;
  gmt_create: Date | string;
}

/**
 * One page of a user's system notices, newest first, as SysMsgVO. `id` is the notice's id (an
 * 'All' notice has no row of the user's until it is read). `kind` 'Sys' = to everyone or to the
 * admins, 'Mine' = to this user alone (reference §3.9's two lists).
 */
export async function systemNoticesFor(
  db: Db,
  uid: string,
  options: { current: number; size: number; kind?: 'Sys' | 'Mine' },
): Promise<Page<SysMsgVO>> {
  const kind = options.kind ?? 'Sys';
  const [rows, [total]] = await Promise.all([
    queryRows<SysMsgRow>(
      db,
      sql`select n.id, n.title, n.content, n.admin_id, coalesce(u.type, 'Sys') as type,
        coalesce(u.state, false) as state, n.gmt_create ${noticesOf(uid, kind)}
        order by n.gmt_create desc, n.id desc
        limit ${options.size} offset ${(options.current - 1) * options.size}`,
    ),
    queryRows<{ n: string | number }>(db, sql`select count(*) as n ${noticesOf(uid, kind)}`),
  ]);
  const records = rows.map((r) => ({
    id: Number(r.id),
    title: r.title,
    content: r.content,
    adminId: r.admin_id,
    type: r.type,
    state: r.state,
    gmtCreate: new Date(r.gmt_create).toISOString(),
  }));
  return page(records, Number(total?.n ?? 0), options.current, options.size);
}

/** Unread counts of the two lists (reference §3.9 `/api/msg/unread` `sys` and `mine`). */
export async function unreadSystemNotices(db: Db, uid: string): Promise<{ sys: number; mine: number }> {
  const [sys, mine] = await Promise.all(
    (['Sys', 'Mine'] as const).map(async (kind) => {
      const [row] = await queryRows<{ n: string | number }>(
        db,
        sql`select count(*) as n ${noticesOf(uid, kind)} and not coalesce(u.state, false)`,
      );
      return Number(row?.n ?? 0);
    }),
  );
  return { sys: sys!, mine: mine! };
}

/**
 * Marks notices read for `uid` (reference §3.9: reading a page marks its items read): the user's
 * rows are flagged, and an 'All' notice gets the user's row now. The user's lock keeps two
 * simultaneous reads from writing that row twice.
 */
export async function markSystemNoticesRead(db: Db, uid: string, noticeIds: number[]): Promise<void> {
  if (noticeIds.length === 0) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sys-notice:${uid}`}))`);
    await tx
      .update(userSysNotice)
      .set({ state: true })
      .where(and(eq(userSysNotice.recipientId, uid), inArray(userSysNotice.sysNoticeId, noticeIds)));
    const ids = sql.join(
      noticeIds.map((id) => sql`${id}`),
      sql`, `,
    );
    await tx.execute(sql`insert into user_sys_notice (sys_notice_id, recipient_id, type, state)
      select n.id, ${uid}, 'Sys', true from admin_sys_notice n
      where n.type = 'All' and n.id in (${ids})
        and not exists (select 1 from user_sys_notice u where u.sys_notice_id = n.id and u.recipient_id = ${uid})`);
  });
}

/**
 * reference §3.9 `DELETE /api/msg/clean` for 'Sys' and 'Mine': notice `id` (SysMsgVO id) or the
 * whole list, for `uid` alone. A 'Mine' row is deleted. An 'All' notice has no row to delete, so
 * the reader's row is given the type 'Deleted' (written now if the notice was never read), which
 * `noticesOf` no longer lists; 'Sys' rows of 'Admin' notices are marked the same way. Answers how
 * many notices went: 0 for an id the user does not receive (the route refuses it).
 */
export async function hideSystemNotices(
  db: Db,
  uid: string,
  kind: 'Sys' | 'Mine',
  id?: number,
): Promise<number> {
  const oneNotice = (column: SQL) => (id === undefined ? sql`` : sql`and ${column} = ${id}`);
  if (kind === 'Mine') {
    const gone = await queryRows(
      db,
      sql`delete from user_sys_notice u where u.recipient_id = ${uid} and u.type = 'Mine'
        ${oneNotice(sql`u.sys_notice_id`)} returning u.id`,
    );
    return gone.length;
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sys-notice:${uid}`}))`);
    const marked = await queryRows(
      tx,
      sql`update user_sys_notice u set type = 'Deleted', state = true
        where u.recipient_id = ${uid} and coalesce(u.type, 'Sys') = 'Sys' ${oneNotice(sql`u.sys_notice_id`)}
        returning u.id`,
    );
    const written = await queryRows(
      tx,
      sql`insert into user_sys_notice (sys_notice_id, recipient_id, type, state)
        select n.id, ${uid}, 'Deleted', true from admin_sys_notice n
        where n.type = 'All' ${oneNotice(sql`n.id`)}
          and not exists (select 1 from user_sys_notice u where u.sys_notice_id = n.id and u.recipient_id = ${uid})
        returning id`,
    );
    return marked.length + written.length;
  });
}
