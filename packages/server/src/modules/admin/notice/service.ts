import {
  ADMIN_ROLES,
  ROLES,
  type AdminSysNoticeVO,
  type SysNoticeType,
  type sysNoticeBody,
} from '@verdict/shared';
import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { adminSysNotice, userInfo, userRole, userSysNotice } from '../../../db/schema/index.ts';
import { page, type Page } from '../../../http/envelope.ts';
import { fail, notFound } from '../../../http/errors.ts';
import { announceUnread } from '../../message/unread-bus.ts';

export type SysNoticeInput = z.output<typeof sysNoticeBody>;

/**
 * System notices (reference §3.12, §7.15). **Changed:** HOJ copies an 'All' notice into one
 * user_sys_notice row per user (an hourly job) and copies every 'All' notice again into each new
 * user at registration, import and generation. Verdict stores an 'All' notice once: its readers
 * are every user, whenever they were created, and `systemNoticesFor` joins it with the reader's own
 * row, which only exists once the user has read it (the read flag; message/system-notices.ts). Sending costs one row with
 * 100,000 users, and no registration path has to remember to copy. 'Single' and 'Admin' notices
 * have few readers, so their rows are written when the notice is sent ('Mine' for the one user,
 * 'Sys' for each admin; HOJ delivers nothing for 'Admin').
 */

const RECIPIENT_MISSING = { zh: '接收通知的用户不存在！', en: 'The recipient of the notice does not exist!' };

const ADMIN_ROLE_IDS = Object.values(ROLES)
  .filter((r) => (ADMIN_ROLES as readonly string[]).includes(r.role))
  .map((r) => r.id);

/**
 * A 'Single' notice's recipient uid (null for the other types), which must exist: checked before
 * the notice row names it. HOJ's client sends the uid; Verdict's may send the username instead,
 * and the uid wins when both come.
 */
async function recipientOf(tx: Db, input: SysNoticeInput): Promise<string | null> {
  if (input.type !== 'Single') return null;
  const [recipient] = await tx
    .select({ uid: userInfo.uuid })
    .from(userInfo)
    .where(
      input.recipientId
        ? eq(userInfo.uuid, input.recipientId)
        : eq(userInfo.username, input.recipientUsername ?? ''),
    );
  if (!recipient) throw fail(RECIPIENT_MISSING);
  return recipient.uid;
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
    const recipientId = await recipientOf(tx, input);
    const [row] = await tx
      .insert(adminSysNotice)
      .values({ title: input.title, content: input.content, type: input.type, recipientId, adminId })
      .returning({ id: adminSysNotice.id });
    await deliver(tx, row!.id, input.type, recipientId);
  });
  // committed: open message streams re-read their counts (the few streams re-read, not every user)
  announceUnread(db, 'everyone');
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
    const recipientId = await recipientOf(tx, input);
    await tx
      .update(adminSysNotice)
      .set({ title: input.title, content: input.content, type: input.type, recipientId })
      .where(eq(adminSysNotice.id, id));
    if (old.type === input.type && (old.recipientId ?? null) === (recipientId ?? null)) return;
    await tx.delete(userSysNotice).where(eq(userSysNotice.sysNoticeId, id));
    await deliver(tx, id, input.type, recipientId);
  });
  announceUnread(db, 'everyone');
}

/** reference §3.12 `DELETE /api/admin/msg/notice?id=`: its users' rows go with it (FK cascade). */
export async function deleteSysNotice(db: Db, id: number): Promise<void> {
  const gone = await db
    .delete(adminSysNotice)
    .where(eq(adminSysNotice.id, id))
    .returning({ id: adminSysNotice.id });
  if (gone.length === 0) throw notFound();
  announceUnread(db, 'everyone');
}

/** reference §3.12 `GET /api/admin/msg/notice`: newest first, optionally of one type. */
export async function listSysNotices(
  db: Db,
  options: { current: number; size: number; type?: SysNoticeType },
): Promise<Page<AdminSysNoticeVO>> {
  const where = options.type ? eq(adminSysNotice.type, options.type) : undefined;
  const recipient = alias(userInfo, 'recipient');
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: adminSysNotice.id,
        title: adminSysNotice.title,
        content: adminSysNotice.content,
        type: adminSysNotice.type,
        state: adminSysNotice.state,
        recipientId: adminSysNotice.recipientId,
        recipientUsername: recipient.username,
        adminUsername: userInfo.username,
        gmtCreate: adminSysNotice.gmtCreate,
        gmtModified: adminSysNotice.gmtModified,
      })
      .from(adminSysNotice)
      .leftJoin(userInfo, eq(userInfo.uuid, adminSysNotice.adminId))
      .leftJoin(recipient, eq(recipient.uuid, adminSysNotice.recipientId))
      .where(where)
      .orderBy(desc(adminSysNotice.gmtCreate), desc(adminSysNotice.id))
      .limit(options.size)
      .offset((options.current - 1) * options.size),
    db.select({ n: count() }).from(adminSysNotice).where(where),
  ]);
  const records = rows.map((r) => ({
    ...r,
    recipientUsername: r.recipientUsername ?? null,
    adminUsername: r.adminUsername ?? null,
    gmtCreate: r.gmtCreate.toISOString(),
    gmtModified: r.gmtModified.toISOString(),
  }));
  return page(records, total?.n ?? 0, options.current, options.size);
}
