import {
  ADMIN_ROLES,
  ROLES,
  type AdminSysNoticeVO,
  type SysMsgVO,
  type SysNoticeType,
  type sysNoticeBody,
} from '@verdict/shared';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { adminSysNotice, userInfo, userRole, userSysNotice } from '../../../db/schema/index.ts';
import { page, type Page } from '../../../http/envelope.ts';
import { fail, notFound } from '../../../http/errors.ts';

export type SysNoticeInput = z.output<typeof sysNoticeBody>;

/**
 * System notices (reference §3.12, §7.15). **Changed:** HOJ copies an 'All' notice into one
 * user_sys_notice row per user (an hourly job) and copies every 'All' notice again into each new
 * user at registration, import and generation. Verdict stores an 'All' notice once: its readers
 * are every user, whenever they were created, and `systemNoticesFor` joins it with the reader's own
 * row, which only exists once the user has read it (the read flag). Sending costs one row with
 * 100,000 users, and no registration path has to remember to copy. 'Single' and 'Admin' notices
 * have few readers, so their rows are written when the notice is sent ('Mine' for the one user,
 * 'Sys' for each admin; HOJ delivers nothing for 'Admin').
 */

const RECIPIENT_MISSING = { zh: '接收通知的用户不存在！', en: 'The recipient of the notice does not exist!' };

const ADMIN_ROLE_IDS = Object.values(ROLES)
  .filter((r) => (ADMIN_ROLES as readonly string[]).includes(r.role))
  .map((r) => r.id);

/** A 'Single' notice's recipient must exist (checked before the notice row names it). */
async function assertRecipient(tx: Db, type: SysNoticeType, recipientId: string | null | undefined) {
  if (type !== 'Single') return;
  const [recipient] = await tx
    .select({ uid: userInfo.uuid })
    .from(userInfo)
    .where(eq(userInfo.uuid, recipientId ?? ''));
  if (!recipient) throw fail(RECIPIENT_MISSING);
}

/** Writes the per-user rows of a 'Single' or 'Admin' notice and marks it pushed; inside `tx`. */
async function deliver(tx: Db, id: number, type: SysNoticeType, recipientId: string | null | undefined) {
  if (type === 'Single') {
    await tx.insert(userSysNotice).values({ sysNoticeId: id, recipientId, type: 'Mine' });
  } else if (type === 'Admin') {
    const admins = tx
      .selectDistinct({ uid: userRole.uid })
      .from(userRole)
      .where(inArray(userRole.roleId, ADMIN_ROLE_IDS));
    await tx.execute(sql`insert into user_sys_notice (sys_notice_id, recipient_id, type)
      select ${id}, a.uid, 'Sys' from (${admins}) a`);
  }
  await tx.update(adminSysNotice).set({ state: true }).where(eq(adminSysNotice.id, id));
}

/** reference §3.12 `POST /api/admin/msg/notice`: stored and delivered at once, or not at all. */
export async function createSysNotice(db: Db, adminId: string, input: SysNoticeInput): Promise<void> {
  await db.transaction(async (tx) => {
    const recipientId = input.type === 'Single' ? input.recipientId : null;
    await assertRecipient(tx, input.type, recipientId);
    const [row] = await tx
      .insert(adminSysNotice)
      .values({ title: input.title, content: input.content, type: input.type, recipientId, adminId })
      .returning({ id: adminSysNotice.id });
    await deliver(tx, row!.id, input.type, recipientId);
  });
}

/**
 * reference §3.12 `PUT /api/admin/msg/notice`. A new text is what every reader sees next (they
 * read it from the notice); a new type or recipient takes the notice back from its old readers
 * (their rows, read flags included) and delivers it to the new ones, in one transaction.
 */
export async function updateSysNotice(db: Db, input: SysNoticeInput): Promise<void> {
  if (!input.id) throw notFound();
  const id = input.id;
  await db.transaction(async (tx) => {
    const [old] = await tx.select().from(adminSysNotice).where(eq(adminSysNotice.id, id)).for('update');
    if (!old) throw notFound();
    const recipientId = input.type === 'Single' ? input.recipientId : null;
    await assertRecipient(tx, input.type, recipientId);
    await tx
      .update(adminSysNotice)
      .set({ title: input.title, content: input.content, type: input.type, recipientId })
      .where(eq(adminSysNotice.id, id));
    if (old.type === input.type && (old.recipientId ?? null) === (recipientId ?? null)) return;
    await tx.delete(userSysNotice).where(eq(userSysNotice.sysNoticeId, id));
    await deliver(tx, id, input.type, recipientId);
  });
}

/** reference §3.12 `DELETE /api/admin/msg/notice?id=`: its users' rows go with it (FK cascade). */
export async function deleteSysNotice(db: Db, id: number): Promise<void> {
  const gone = await db
    .delete(adminSysNotice)
    .where(eq(adminSysNotice.id, id))
    .returning({ id: adminSysNotice.id });
  if (gone.length === 0) throw notFound();
}

/** reference §3.12 `GET /api/admin/msg/notice`: newest first, optionally of one type. */
export async function listSysNotices(
  db: Db,
  options: { current: number; size: number; type?: SysNoticeType },
): Promise<Page<AdminSysNoticeVO>> {
  const where = options.type ? eq(adminSysNotice.type, options.type) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: adminSysNotice.id,
        title: adminSysNotice.title,
        content: adminSysNotice.content,
        type: adminSysNotice.type,
        state: adminSysNotice.state,
        recipientId: adminSysNotice.recipientId,
        adminUsername: userInfo.username,
        gmtCreate: adminSysNotice.gmtCreate,
        gmtModified: adminSysNotice.gmtModified,
      })
      .from(adminSysNotice)
      .leftJoin(userInfo, eq(userInfo.uuid, adminSysNotice.adminId))
      .where(where)
      .orderBy(desc(adminSysNotice.gmtCreate), desc(adminSysNotice.id))
      .limit(options.size)
      .offset((options.current - 1) * options.size),
    db.select({ n: count() }).from(adminSysNotice).where(where),
  ]);
  const records = rows.map((r) => ({
    ...r,
    adminUsername: r.adminUsername ?? null,
    gmtCreate: r.gmtCreate.toISOString(),
    gmtModified: r.gmtModified.toISOString(),
  }));
  return page(records, total?.n ?? 0, options.current, options.size);
}

// ---- the reader's side (the message centre's system tab, reference §3.9 /api/msg/sys|mine) ----

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
