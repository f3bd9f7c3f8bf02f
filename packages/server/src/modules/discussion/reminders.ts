import type { Db } from '../../db/client.ts';
import { msgRemind } from '../../db/schema/index.ts';
import { announceUnread } from '../message/unread-bus.ts';

/**
 * The message centre's comment, reply and like messages (reference §3.9, §4.6 msg_remind, §7.15):
 * this module only writes them; the message centre reads, marks and deletes them.
 */
export type RemindAction = 'Discuss' | 'Reply' | 'Like_Post' | 'Like_Discuss';

export interface Remind {
  action: RemindAction;
  senderId: string;
  recipientId: string;
  /** the discussion or contest the message is about */
  source: { type: 'Discussion'; did: number } | { type: 'Contest'; cid: number };
  /** the text the message quotes from (a comment, a reply, a post title) */
  sourceContent?: string | null;
  quote?: { id: number; type: 'Comment' | 'Reply' };
}

/** reference §4.6: source_content holds at most 200 characters plus "...". */
export function excerpt(text: string | null | undefined, max = 200): string | null {
  if (text == null) return null;
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** reference §7.15: where the message links to. */
export function sourceUrl(source: Remind['source']): string {
  return source.type === 'Discussion' ? `/discussion-detail/${source.did}` : `/contest/${source.cid}/comment`;
}

/**
 * Stores one message, unless the sender is the recipient. **Changed:** HOJ also told authors about
 * their own comments and replies (reference §13.15); nobody is notified of what they did themselves.
 */
export async function remind(tx: Db, r: Remind): Promise<void> {
  if (r.senderId === r.recipientId) return;
  recipientsPending.get(tx)?.add(r.recipientId);
  await tx.insert(msgRemind).values({
    action: r.action,
    sourceId: r.source.type === 'Discussion' ? r.source.did : r.source.cid,
    sourceType: r.source.type,
    sourceContent: excerpt(r.sourceContent),
    quoteId: r.quote?.id ?? null,
    quoteType: r.quote?.type ?? null,
    url: sourceUrl(r.source),
    senderId: r.senderId,
    recipientId: r.recipientId,
  });
}

/** The recipients of the messages a transaction of `transactionWithReminders` stored so far. */
const recipientsPending = new WeakMap<Db, Set<string>>();

/**
 * `db.transaction(work)`, then, once it has committed, tells the recipients' open message streams
 * (message/unread-bus.ts) that a message arrived; a rolled-back message tells nobody.
 */
export async function transactionWithReminders<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  const recipients = new Set<string>();
  const result = await db.transaction(async (tx) => {
    recipientsPending.set(tx, recipients);
    return work(tx);
  });
  announceUnread(db, recipients);
  return result;
}
