import type { UnreadMsgCount, UserMsgVO } from '@verdict/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { msgRemind } from '../../db/schema/index.ts';
import { page, type Page } from '../../http/envelope.ts';
import { unreadSystemNotices } from './system-notices.ts';

/**
 * The reader's side of comment, reply and like messages (reference §3.9 `/api/msg/comment|reply|like`,
 * §4.6 msg_remind, §7.15). discussion/reminders.ts writes them; this module lists, marks and deletes
 * them, always of one recipient.
 */
export type RemindList = 'Discuss' | 'Reply' | 'Like';

/** The msg_remind actions each list shows (reference §3.9: the like list has both kinds of like). */
export const ACTIONS_OF: Record<RemindList, string[]> = {
  Discuss: ['Discuss'],
  Reply: ['Reply'],
  Like: ['Like_Post', 'Like_Discuss'],
};

/** reference §3.9: a reply message quotes "name : text", at most 100 characters. */
const QUOTE_MAX = 100;

const inActions = (list: RemindList) =>
  sql.join(
    ACTIONS_OF[list].map((a) => sql`${a}`),
    sql`, `,
  );

interface UserMsgRow {
  id: string | number;
  action: string;
  source_id: string | number | null;
  source_type: string | null;
  source_title: string | null;
  source_content: string | null;
  quote_id: number | null;
  quote_type: string | null;
  quote_content: string | null;
  url: string | null;
  state: boolean;
  sender_id: string | null;
  sender_username: string | null;
  sender_avatar: string | null;
  gmt_create: Date | string;
}

/**
 * One page of `uid`'s messages of one list as UserMsgVO, unread first, then newest (reference
 * §3.9). The source title and the quoted text are read now, so a deleted source reads as null.
 */
export async function userMessagesFor(
  db: Db,
  uid: string,
  list: RemindList,
  options: { current: number; size: number },
): Promise<Page<UserMsgVO>> {
  const where = sql`m.recipient_id = ${uid} and m.action in (${inActions(list)})`;
  const [rows, [total]] = await Promise.all([
    queryRows<UserMsgRow>(
      db,
      sql`select m.id, m.action, m.source_id, m.source_type, m.source_content, m.quote_id, m.quote_type,
          m.url, m.state, m.sender_id, m.gmt_create, u.username as sender_username, u.avatar as sender_avatar,
          case when m.source_type = 'Contest' then c.title else d.title end as source_title,
          case when m.action <> 'Reply' then null
               when m.quote_type = 'Reply' then qr.from_name || ' : ' || qr.content
               else qc.from_name || ' : ' || qc.content end as quote_content
        from msg_remind m
        left join user_info u on u.uuid = m.sender_id
        left join discussion d on m.source_type = 'Discussion' and d.id = m.source_id
        left join contest c on m.source_type = 'Contest' and c.id = m.source_id
        left join comment qc on m.quote_type = 'Comment' and qc.id = m.quote_id
        left join reply qr on m.quote_type = 'Reply' and qr.id = m.quote_id
        where ${where}
        order by m.state asc, m.gmt_create desc, m.id desc
        limit ${options.size} offset ${(options.current - 1) * options.size}`,
    ),
    queryRows<{ n: string | number }>(db, sql`select count(*) as n from msg_remind m where ${where}`),
  ]);
  const records = rows.map((r): UserMsgVO => ({
    id: Number(r.id),
    action: r.action,
    sourceId: r.source_id == null ? null : Number(r.source_id),
    sourceType: r.source_type,
    sourceTitle: r.source_title,
    sourceContent: r.source_content,
    quoteId: r.quote_id,
    quoteType: r.quote_type,
    quoteContent:
      r.quote_content != null && r.quote_content.length > QUOTE_MAX
        ? `${r.quote_content.slice(0, QUOTE_MAX)}...`
        : r.quote_content,
    url: r.url,
    state: r.state,
    senderId: r.sender_id,
    senderUsername: r.sender_username,
    senderAvatar: r.sender_avatar,
    gmtCreate: new Date(r.gmt_create).toISOString(),
  }));
  return page(records, Number(total?.n ?? 0), options.current, options.size);
}

/** reference §3.9: reading a page marks its messages read; only `uid`'s own are touched. */
export async function markUserMessagesRead(db: Db, uid: string, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(msgRemind)
    .set({ state: true })
    .where(and(eq(msgRemind.recipientId, uid), inArray(msgRemind.id, ids), eq(msgRemind.state, false)));
}

/**
 * reference §3.9 `DELETE /api/msg/clean` for the three remind lists: message `id` of the list, or
 * the whole list. Answers how many went: 0 for an id that is not `uid`'s (the route refuses it).
 */
export async function deleteUserMessages(
  db: Db,
  uid: string,
  list: RemindList,
  id?: number,
): Promise<number> {
  const gone = await db
    .delete(msgRemind)
    .where(
      and(
        eq(msgRemind.recipientId, uid),
        inArray(msgRemind.action, ACTIONS_OF[list]),
        id === undefined ? undefined : eq(msgRemind.id, id),
      ),
    )
    .returning({ id: msgRemind.id });
  return gone.length;
}

/** reference §3.9 `GET /api/msg/unread`, §7.15: unread messages of the five lists. */
export async function unreadCounts(db: Db, uid: string): Promise<UnreadMsgCount> {
  const [reminds, notices] = await Promise.all([
    queryRows<{ action: string; n: string | number }>(
      db,
      sql`select action, count(*) as n from msg_remind
        where recipient_id = ${uid} and state = false group by action`,
    ),
    unreadSystemNotices(db, uid),
  ]);
  const of = (list: RemindList) =>
    reminds.filter((r) => ACTIONS_OF[list].includes(r.action)).reduce((sum, r) => sum + Number(r.n), 0);
  return { comment: of('Discuss'), reply: of('Reply'), like: of('Like'), ...notices };
}
