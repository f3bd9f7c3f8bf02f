import { sql, type SQL } from 'drizzle-orm';
import { HOME_LIMITS, RANK_TYPE, type ACMRankVO, type OIRankVO, type RankListQuery } from '@verdict/shared';
import type { Db } from '../../db/client.ts';
import { byShape, preparedStatement } from '../../db/prepared.ts';
import { queryRows } from '../../db/rows.ts';
import { page, type Page } from '../../http/envelope.ts';
import { containsPattern } from '../problem/query.ts';
import { commonTrigrams, indexPart } from './search-trigrams.ts';

/**
 * The orders of reference §7.11, written exactly as the partial indexes of user_record are built
 * (schema/users.ts), so that a page is read in index order: ACM `ac desc, total asc`, OI
 * `score desc, ac desc`; ties go to the user registered first, then the uid. `keys` are the leading
 * keys that user_rank_bucket counts by (its k1, k2).
 */
const LISTS = {
  [RANK_TYPE.acm]: { order: '-r.ac, r.total, r.gmt_create, r.uid', keys: '(-r.ac, r.total)' },
  [RANK_TYPE.oi]: { order: '-r.score, -r.ac, r.gmt_create, r.uid', keys: '(-r.score, -r.ac)' },
};

type RankRow = OIRankVO;

/** Keywords shorter than this have no trigram to look up (pg_trgm indexes three characters). */
export const SHORT_KEYWORD = 3;

/**
 * What `searchUser` matches in `search_key` (lower-cased "username nickname realname"), always
 * through the trigram index (migration 0016): a keyword of three characters or more anywhere
 * (HOJ's `like %…%`; the index reads its uncommon part, search-trigrams.ts); **Changed:** a
 * shorter one only at the start of a word of the key (the start, or after a space), since one or
 * two letters anywhere match most users and no index finds them, so every such search read every
 * user. pg_trgm indexes word starts ("  b", " bo"), so these are found.
 */
async function searchCondition(db: Db, searchUser: string): Promise<SQL> {
  const anywhere = containsPattern(searchUser); // `%keyword%`, its own wildcards escaped
  if ([...searchUser].length >= SHORT_KEYWORD) {
    // the index reads the keyword's uncommon part; the whole keyword is checked on its rows (a
    // concatenation the index cannot answer, so the planner does not read the common part too)
    const part = indexPart(searchUser, await commonTrigrams(db));
    if (part === null) return sql`r.search_key like lower(${anywhere})`;
    return sql`r.search_key like ${`%${part}%`} and (r.search_key || '') like lower(${anywhere})`;
  }
  const wordStart = anywhere.slice(1); // `keyword%`
  return sql`(r.search_key like lower(${wordStart}) or r.search_key like lower(${`% ${wordStart}`}))`;
}

const USER_COLUMNS = `r.uid, u.username, u.nickname, left(u.signature, ${HOME_LIMITS.rankSignatureMax}) as signature,
      u.avatar, u.title_name as "titleName", u.title_color as "titleColor", r.total, r.ac, r.score`;

/**
 * The number of ranked users: one row kept by a trigger on user_record (ranked_user_count), not a
 * count.
 */
const RANKED_USERS = 'select n from ranked_user_count where id = 1';

/**
 * A page of the whole list at any depth, one statement: the running sums of user_rank_bucket (a few
 * hundred keys, not one row per user) name the key that holds the page's first row and how many
 * rows of that key come before it; the page then starts at that key inside the rank index and skips
 * only those. HOJ's (and Verdict's earlier) OFFSET walked every row before the page. Prepared once
 * per list (db/prepared.ts): its plan does not depend on the page, and planning it took longer
 * than running it. The page size is part of the text (a generic plan for an unknown limit would
 * sort the whole list); parameters: $1 the list, $2 the offset.
 */
const wholeList = byShape(({ type, limit }: { type: 0 | 1; limit: number }) => {
  const list = LISTS[type];
  return preparedStatement<RankRow & { listTotal: number }>(
    `with b as (
      select k1, k2, n, sum(n) over (order by k1, k2) - n as before
      from user_rank_bucket where list = $1
    ), s as (
      select k1, k2, $2::int - before as skip from b where before + n > $2::int order by k1, k2 limit 1
    ), ranked as (
      select r.uid, r.ac, r.total, r.score, r.gmt_create from user_record r
      where r.ranked and ${list.keys} >= ((select k1 from s), (select k2 from s))
      order by ${list.order}
      limit ${limit} offset (select skip from s)
    )
    select ${USER_COLUMNS}, (${RANKED_USERS}) as "listTotal"
    from ranked r join user_info u on u.uuid = r.uid
    order by ${list.order}`,
  );
});

async function rankedUsers(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql.raw(RANKED_USERS));
  return row?.n ?? 0;
}

/**
 * reference §3.7 `GET /api/get-rank-list`, §7.11: active users other than super admins, in the
 * ACM or OI order, optionally those whose username, nickname or real name contains `searchUser`
 * (case-insensitive; see searchCondition for short keywords). **Changed:** HOJ counts every user's
 * submissions on each request and caches unfiltered pages for 60 s; Verdict reads the counters that
 * triggers keep in user_record as verdicts arrive (migration 0015), so a page is one indexed query
 * and never stale, at any depth (user_rank_bucket, migration 0016); the whole list's page carries
 * the list's size in the same statement. OI `total` counts public submissions, as ACM's does and
 * as `ac` does (HOJ's counted contest submissions there, so its AC/total rate mixed scopes).
 */
export async function rankList(db: Db, query: RankListQuery): Promise<Page<ACMRankVO | OIRankVO>> {
  const oi = query.type === RANK_TYPE.oi;
  const list = LISTS[query.type as 0 | 1];
  let rows: RankRow[];
  let total: number;
  if (query.searchUser) {
    const search = await searchCondition(db, query.searchUser);
    const offset = (query.currentPage - 1) * query.limit;
    // The page and the count apart: a window count over the matches would hold them all before
    // the limit, while the page alone may stop at its last row (a common keyword walks the rank
    // index; a rare one reads its few matches from the trigram index and sorts them).
    rows = await queryRows<RankRow>(
      db,
      sql`
        with ranked as (
          select r.uid, r.ac, r.total, r.score, r.gmt_create from user_record r
          where r.ranked and ${search}
          order by ${sql.raw(list.order)}
          limit ${query.limit} offset ${offset}
        )
        select ${sql.raw(USER_COLUMNS)} from ranked r join user_info u on u.uuid = r.uid
        order by ${sql.raw(list.order)}`,
    );
    // A page that is not full ends the matches, so it tells their number: looking one user up (a
    // rare keyword) reads the trigram index once, not twice; only a full or an empty page counts.
    if (rows.length > 0 && rows.length < query.limit) total = offset + rows.length;
    else {
      const [counted] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from user_record r where r.ranked and ${search}`,
      );
      total = counted?.n ?? 0;
    }
  } else {
    // the list's size comes with the page; a page past the end has no row to carry it
    const found = await wholeList({ type: query.type as 0 | 1, limit: query.limit })(db, [
      query.type,
      (query.currentPage - 1) * query.limit,
    ]);
    rows = found;
    total = found[0]?.listTotal ?? (await rankedUsers(db));
  }
  const records = rows.map((row) => {
    const base: ACMRankVO = {
      uid: row.uid,
      username: row.username,
      nickname: row.nickname,
      signature: row.signature,
      avatar: row.avatar,
      titleName: row.titleName,
      titleColor: row.titleColor,
      total: row.total,
      ac: row.ac,
    };
    return oi ? { ...base, score: row.score } : base;
  });
  return page(records, total, query.currentPage, query.limit);
}
