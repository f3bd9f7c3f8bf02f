import { lt } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { preparedStatement } from '../../../db/prepared.ts';
import { contestRankChange } from '../../../db/schema/index.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** How long the feed keeps a change; a board that has not read it for an hour is rebuilt instead. */
export const FEED_RETENTION_MS = 24 * 3600_000;

/** How many changes this process noted per contest (counted in the noting transaction). */
const localNotes = new Map<number, number>();

/** This process's count of noted changes of contest `cid`: a board looks at the feed when it moved. */
export function localNoteCount(cid: number): number {
  return localNotes.get(cid) ?? 0;
}

/**
 * The users of contest `cid` whose board rows changed in transaction `tx` (the lifecycle's contest
 * hook calls it on every verdict, manual judge, cancel and rejudge). Bumping the contest's version
 * row takes its lock until commit, so versions are given in commit order: a reader that sees
 * version v has every change up to v.
 */
export async function noteRankChange(tx: Tx, cid: number, uids: Iterable<string>) {
  const distinct = [...new Set(uids)];
  if (distinct.length === 0) return;
  localNotes.set(cid, localNoteCount(cid) + 1);
  // one statement, prepared (db/prepared.ts): a verdict is already several (issue 12's bench), and
  // the feed is on every one
  await bumpFeed(tx as unknown as Db, [cid, distinct]);
}

/** $1 the contest, $2 its users whose rows changed: the version bumped, a change row per user. */
const bumpFeed = preparedStatement<never>(
  `with bumped as (
      insert into contest_rank_version (cid, version) values ($1, 1)
      on conflict (cid) do update set version = contest_rank_version.version + 1
      returning version)
    insert into contest_rank_change (cid, version, uid)
    select $1, bumped.version, changed.uid
    from bumped, unnest($2::text[]) as changed (uid)
    on conflict do nothing`,
);

/** The `contest-rank-feed` job: changes older than the retention go. */
export async function pruneRankFeed(db: Db, now: Date) {
  await db
    .delete(contestRankChange)
    .where(lt(contestRankChange.gmtCreate, new Date(now.getTime() - FEED_RETENTION_MS)));
}
