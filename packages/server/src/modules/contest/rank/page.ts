import { inArray, sql } from 'drizzle-orm';
import type { AcmRankRow, ContestRankRow, OiRankRow } from '@verdict/shared';
import type { Db } from '../../../db/client.ts';
import { userInfo } from '../../../db/schema/index.ts';
import { page, type Page } from '../../../http/envelope.ts';
import type { RankedRow } from './model.ts';

/** What a board page asks for (reference §9.6). */
export interface RankPageRequest {
  currentPage: number;
  limit: number;
  removeStar: boolean;
  concernedList: readonly string[];
  /** the caller, whose row comes first (the in-contest board only) */
  currentUid?: string;
  /** users matching the keyword, when one was given (`keywordMatches`) */
  matching?: ReadonlySet<string>;
}

/** A page of rows copied out of the board, without the profile fields yet. */
export type RowCopy = Omit<RankedRow, 'acm' | 'scores' | 'times'> &
  Pick<RankedRow, 'acm' | 'scores' | 'times'>;

/**
 * A board's rows in order, and where each user stands on it, worked out on first use: the
 * incremental board keeps one per change (ViewBoard), so its reads find a user's row without
 * walking every row.
 */
export class BoardRows {
  private positions?: Map<string, number>;
  private starless?: readonly RankedRow[];

  constructor(readonly rows: readonly RankedRow[]) {}

  positionOf(uid: string): number | undefined {
    if (!this.positions) {
      this.positions = new Map();
      for (let i = 0; i < this.rows.length; i++) this.positions.set(this.rows[i]!.uid, i);
    }
    return this.positions.get(uid);
  }

  /** the rows of the users in `uids` that are on the board, in board order */
  rowsOf(uids: Iterable<string>): RankedRow[] {
    const at: number[] = [];
    for (const uid of uids) {
      const i = this.positionOf(uid);
      if (i !== undefined) at.push(i);
    }
    return at.sort((a, b) => a - b).map((i) => this.rows[i]!);
  }

  withoutStars(): readonly RankedRow[] {
    return (this.starless ??= this.rows.filter((r) => !r.star));
  }
}

/**
 * reference §9.6: the caller's own row first (when ranked), then the followed users' rows in board
 * order, then the whole board again; the keyword and `removeStar` filter all three, and paging
 * applies to the combined list (`total` counts it). Runs without awaiting: the rows are copied
 * before the board can change.
 */
export function pageOfBoard(
  board: BoardRows,
  request: RankPageRequest,
): { records: RowCopy[]; total: number } {
  const { matching, removeStar, currentUid } = request;
  const shownRow = (r: RankedRow) => !(removeStar && r.star) && (!matching || matching.has(r.uid));
  // most reads filter nothing: the board's own rows then, no copy
  const shown = matching
    ? board.rowsOf(matching).filter(shownRow)
    : removeStar
      ? board.withoutStars()
      : board.rows;
  const concerned = new Set(request.concernedList);
  const prefix: RankedRow[] = [];
  if (currentUid) {
    concerned.delete(currentUid);
    prefix.push(...board.rowsOf([currentUid]).filter(shownRow));
  }
  if (concerned.size > 0) prefix.push(...board.rowsOf(concerned).filter(shownRow));
  const total = prefix.length + shown.length;
  const from = (request.currentPage - 1) * request.limit;
  const to = Math.min(total, from + request.limit);
  const records: RowCopy[] = [];
  for (let i = from; i < to; i++)
    records.push(copyRow(i < prefix.length ? prefix[i]! : shown[i - prefix.length]!));
  return { records, total };
}

function copyRow(r: RankedRow): RowCopy {
  const acm: RankedRow['acm'] = {};
  for (const [d, cell] of Object.entries(r.acm)) acm[d] = { ...cell };
  return { ...r, acm, scores: { ...r.scores }, times: { ...r.times } };
}

/** The column a keyword is matched against besides the school (reference §9.6, `rank_show_name`). */
function shownNameColumn(rankShowName: string) {
  if (rankShowName === 'nickname') return sql`${userInfo.nickname}`;
  if (rankShowName === 'realname') return sql`${userInfo.realname}`;
  return sql`${userInfo.username}`;
}

/** reference §9.6: users whose school or shown name contains `keyword` (already lower-cased). */
export async function keywordMatches(db: Db, keyword: string, rankShowName: string): Promise<Set<string>> {
  const rows = await db
    .select({ uid: userInfo.uuid })
    .from(userInfo)
    .where(
      sql`position(${keyword} in lower(coalesce(${userInfo.school}, ''))) > 0
        or position(${keyword} in lower(coalesce(${shownNameColumn(rankShowName)}, ''))) > 0`,
    );
  return new Set(rows.map((r) => r.uid));
}

type Profile = Pick<ContestRankRow, 'username' | 'realname' | 'nickname' | 'school' | 'gender' | 'avatar'> & {
  uid: string;
};

/**
 * Profiles of board rows read in the last `ttlMs` (a board page shows 50 to 300 of them on every
 * read): a renamed user or a new avatar shows within that time.
 */
export class ProfileCache {
  private readonly profiles = new Map<string, { profile: Profile; at: number }>();

  constructor(readonly ttlMs = 30_000) {}

  async get(db: Db, uids: string[]): Promise<Map<string, Profile>> {
    const now = performance.now();
    const found = new Map<string, Profile>();
    const missing: string[] = [];
    for (const uid of uids) {
      const hit = this.profiles.get(uid);
      if (hit && now - hit.at < this.ttlMs) found.set(uid, hit.profile);
      else missing.push(uid);
    }
    if (missing.length > 0) {
      if (this.profiles.size > 100_000) this.profiles.clear();
      for (const profile of await loadProfiles(db, missing)) {
        this.profiles.set(profile.uid, { profile, at: now });
        found.set(profile.uid, profile);
      }
    }
    return found;
  }
}

function loadProfiles(db: Db, uids: string[]): Promise<Profile[]> {
  return db
    .select({
      uid: userInfo.uuid,
      username: userInfo.username,
      realname: userInfo.realname,
      nickname: userInfo.nickname,
      school: userInfo.school,
      gender: userInfo.gender,
      avatar: userInfo.avatar,
    })
    .from(userInfo)
    .where(inArray(userInfo.uuid, uids));
}

/**
 * The page's rows as reference §9.3 / §9.4 VOs, with each user's profile (current, or at most
 * `profiles.ttlMs` old when a cache is given).
 */
export async function rankRowsJson(
  db: Db,
  type: number,
  rows: RowCopy[],
  profiles?: ProfileCache,
): Promise<ContestRankRow[]> {
  const uids = [...new Set(rows.map((r) => r.uid))];
  const byUid =
    uids.length === 0
      ? new Map<string, Profile>()
      : profiles
        ? await profiles.get(db, uids)
        : new Map((await loadProfiles(db, uids)).map((p) => [p.uid, p]));
  return rows.map((r) => {
    const p = byUid.get(r.uid);
    const base = {
      rank: r.rank,
      isWinAward: r.award !== null,
      awardName: r.award?.name ?? null,
      awardBackground: r.award?.background ?? null,
      awardColor: r.award?.color ?? null,
      uid: r.uid,
      username: p?.username ?? r.username,
      realname: p?.realname ?? null,
      nickname: p?.nickname ?? null,
      school: p?.school ?? null,
      gender: p?.gender ?? 'secrecy',
      avatar: p?.avatar ?? null,
    };
    if (type === 0)
      return {
        ...base,
        totalTime: r.totalTime,
        total: r.total,
        ac: r.ac,
        submissionInfo: r.acm,
      } satisfies AcmRankRow;
    return {
      ...base,
      totalScore: r.totalScore,
      totalTime: r.totalTime,
      submissionInfo: r.scores,
      timeInfo: r.times,
    } satisfies OiRankRow;
  });
}

/** A page of the board as the calls answer it. */
export async function rankPageJson(
  db: Db,
  type: number,
  copied: { records: RowCopy[]; total: number },
  request: Pick<RankPageRequest, 'currentPage' | 'limit'>,
  profiles?: ProfileCache,
): Promise<Page<ContestRankRow>> {
  return page(
    await rankRowsJson(db, type, copied.records, profiles),
    copied.total,
    request.currentPage,
    request.limit,
  );
}
