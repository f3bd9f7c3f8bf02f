import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

/**
 * Which part of a rank-list keyword drives the trigram index.
 *
 * pg_trgm answers `like '%keyword%'` by reading the index's list of users for every trigram of the
 * keyword and keeping the users in all of them. A trigram that nearly every user has (bench/api's
 * user names all start with "bench"; a school's ids all start with its year) costs a list of every
 * user: 10 ms per trigram over 100,000 users, for a search that finds one. Any part of the keyword
 * finds a superset of its matches, so the index is asked for the longest part whose trigrams are
 * all uncommon, and the whole keyword is checked on the rows it gives.
 */

/** A trigram in more than this share of the sampled users is common. */
const COMMON_SHARE = 0.02;
/** About this many users are sampled; more would cost more than it tells. */
const SAMPLE_USERS = 4000;
/** The common trigrams are looked at again after this long (they move as users register). */
const REFRESH_MS = 10 * 60_000;

interface Known {
  trigrams: ReadonlySet<string>;
  at: number;
}
const known = new WeakMap<Db, Known>();
const loading = new WeakMap<Db, Promise<ReadonlySet<string>>>();

/**
 * The trigrams common among the ranked users' search keys, from a sample of them, kept for
 * REFRESH_MS per database. A stale or empty answer only makes a search slower, never different.
 */
export async function commonTrigrams(db: Db, now = performance.now()): Promise<ReadonlySet<string>> {
  const held = known.get(db);
  if (held && now - held.at < REFRESH_MS) return held.trigrams;
  let load = loading.get(db);
  if (!load) {
    load = sampleCommonTrigrams(db).then(
      (trigrams) => {
        known.set(db, { trigrams, at: now });
        loading.delete(db);
        return trigrams;
      },
      (error: unknown) => {
        loading.delete(db);
        throw error;
      },
    );
    loading.set(db, load);
  }
  if (!held) return load;
  // a search does not wait for a refresh when an older answer exists; a failed refresh keeps it
  // (the next search tries again) instead of being an unhandled rejection
  load.catch(() => undefined);
  return held.trigrams;
}

async function sampleCommonTrigrams(db: Db): Promise<ReadonlySet<string>> {
  const [size] = await queryRows<{ n: number }>(
    db,
    sql`select reltuples::float8 as n from pg_class where oid = 'user_record'::regclass`,
  );
  const percent = size && size.n > SAMPLE_USERS ? (100 * SAMPLE_USERS) / size.n : 100;
  const rows = await queryRows<{ trigram: string; users: number; sampled: number }>(
    db,
    sql`with sample as (
          select search_key from user_record tablesample system (${sql.raw(percent.toFixed(6))}) where ranked)
        select t as trigram, count(*)::int as users, (select count(*) from sample)::int as sampled
        from sample, unnest(show_trgm(search_key)) t group by t`,
  );
  return new Set(rows.filter((r) => r.users > COMMON_SHARE * r.sampled).map((r) => r.trigram));
}

/**
 * The longest part of `keyword` (lower-cased ASCII letters and digits, three or more) none of
 * whose trigrams is common, or null when the whole keyword should drive the index: it has no
 * common trigram, no such part exists, or it holds other characters (whose lower case the database
 * decides).
 */
export function indexPart(keyword: string, common: ReadonlySet<string>): string | null {
  const lower = keyword.toLowerCase();
  if (common.size === 0 || !/^[a-z0-9 ]+$/.test(lower)) return null;
  let best = '';
  let anyCommon = false;
  for (const run of lower.split(' ')) {
    let start = 0; // where the current stretch of uncommon trigrams began
    for (let i = 0; i + 3 <= run.length; i++) {
      if (common.has(run.slice(i, i + 3))) {
        anyCommon = true;
        start = i + 1;
      } else if (i + 3 - start > best.length) best = run.slice(start, i + 3);
    }
  }
  return anyCommon && best.length >= 3 ? best : null;
}
