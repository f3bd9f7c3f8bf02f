import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { group, groupMember } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { assertCan, type Action } from '../../policy/index.ts';
import { policyMessages } from '../../policy/messages.ts';
import type { GroupFacts } from '../../policy/resources.ts';
import type { Subject } from '../../policy/subjects.ts';

export type GroupRow = typeof group.$inferSelect;

/** A group as one caller sees it: its row, the policy's facts and the caller's member row's level. */
export interface GroupView {
  row: GroupRow;
  facts: GroupFacts;
  /** the caller's group_member.auth (0 when not in the group; the owner's row says 5) */
  level: number;
}

/** The caller's group_member.auth in `gid` (0 when none). */
export async function memberLevel(db: Db, gid: number, uid: string): Promise<number> {
  const [row] = await db
    .select({ auth: groupMember.auth })
    .from(groupMember)
    .where(and(eq(groupMember.gid, gid), eq(groupMember.uid, uid)));
  return row?.auth ?? 0;
}

export function groupFacts(row: GroupRow, level: number): GroupFacts {
  return {
    gid: row.id,
    owner: row.uid,
    level,
    auth: row.auth,
    status: row.status,
    visible: row.visible,
  };
}

type GroupAction = Extract<Action, `group.${string}`> &
  Exclude<Action, 'group.editContent' | 'group.userPrivate' | 'group.compile'>;

/**
 * The group `gid` if `user` may do `action` to it (policy rules/group.ts, reference §7.12): an
 * unknown group is not found; a banned or invisible one follows `group.view`.
 */
export async function groupFor(db: Db, user: Subject, gid: number, action: GroupAction): Promise<GroupView> {
  const view = await groupView(db, user, gid);
  if (!view) throw notFound(policyMessages.groupNotFound);
  assertCan(user, action, view.facts);
  return view;
}

/** The group `gid` as `user` stands in it, unchecked; undefined when there is none. */
async function groupView(db: Db, user: Subject, gid: number): Promise<GroupView | undefined> {
  const [row] = await db.select().from(group).where(eq(group.id, gid));
  if (!row) return undefined;
  const level = user ? await memberLevel(db, gid, user.uid) : 0;
  return { row, facts: groupFacts(row, level), level };
}

/**
 * A problem, training, contest or submission row with its group's facts for `user` when it belongs
 * to a group (the policy's group rules read them: membership, level), or as it is.
 */
export async function withGroupFacts<T extends { gid: number | null }>(
  db: Db,
  user: Subject,
  row: T | undefined,
): Promise<(T & { group?: GroupFacts }) | undefined> {
  if (!row || row.gid === null) return row;
  const view = await groupView(db, user, row.gid);
  return view ? { ...row, group: view.facts } : row;
}
