import { adminSysNotice, userSysNotice } from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import { announceUnread } from '../message/unread-bus.ts';

/**
 * Sends a system notice to each of `uids`, in their "Mine" list of the message centre (reference
 * §7.12: HOJ's group notices are 'Single' system notices). Call inside the transaction that makes
 * the change; `announce` after it commits.
 */
export async function notifyUsers(
  tx: Db,
  uids: readonly string[],
  notice: { title: string; content: string },
  adminId: string | null,
): Promise<void> {
  for (const uid of new Set(uids)) {
    const [row] = await tx
      .insert(adminSysNotice)
      .values({ ...notice, type: 'Single', recipientId: uid, adminId, state: true })
      .returning({ id: adminSysNotice.id });
    await tx.insert(userSysNotice).values({ sysNoticeId: row!.id, recipientId: uid, type: 'Mine' });
  }
}

/** Tells the open message streams of `uids` to re-read their counts (after the commit). */
export function announce(db: Db, uids: readonly string[]): void {
  if (uids.length > 0) announceUnread(db, uids);
}
