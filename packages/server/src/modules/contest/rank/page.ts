import { inArray, sql } from 'drizzle-orm';
import type { AcmRankRow, ContestRankRow, OiRankRow } from '@verdict/shared';
import type { Db } from '../../../db/client.ts';
import { userInfo } from '../../../db/schema/index.ts';
import { JsonText, page } from '../../../http/envelope.ts';
import type { RankedRow, ScoredRow } from './model.ts';

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

/** Where a row stands on its board (reference §9.3–§9.5): its rank (-1: a star user) and award. */
export type Standing = Pick<RankedRow, 'rank' | 'award'>;

/** A row of a board page: the board's own row (not a copy) and where it stands. */
export interface PageRow {
  row: ScoredRow;
  standing: Standing;
}

/**
 * A board's rows in order, and where each user stands on it:
 * - `standingAt` gives a row's rank and award from its position; without it the rows are ranked
 *   already (RankedRow, the full recomputation);
 * - `locate` finds a user's position when the board can tell (the incremental board, by a binary
 *   search), else a map is worked out on first use.
 */
export class BoardRows {
  private positions?: Map<string, number>;
  private starless?: readonly ScoredRow[];

  constructor(
    readonly rows: readonly ScoredRow[],
    /** where the row at `position` of `rows` stands */
    readonly standingAt: (row: ScoredRow, position: number) => Standing = (row) => row as RankedRow,
    private readonly locate?: (uid: string) => number | undefined,
  ) {}

  positionOf(uid: string): number | undefined {
    if (this.locate) return this.locate(uid);
    if (!this.positions) {
      this.positions = new Map();
      for (let i = 0; i < this.rows.length; i++) this.positions.set(this.rows[i]!.uid, i);
    }
    return this.positions.get(uid);
  }

  /** where `row`, one of this board's rows, stands */
  standing(row: ScoredRow): Standing {
    const at = this.positionOf(row.uid);
    if (at === undefined || this.rows[at] !== row) throw new Error(`user ${row.uid} is not on this board`);
    return this.standingAt(row, at);
  }

  /** the rows of the users in `uids` that are on the board, in board order */
  rowsOf(uids: Iterable<string>): ScoredRow[] {
    const at: number[] = [];
    for (const uid of uids) {
      const i = this.positionOf(uid);
      if (i !== undefined) at.push(i);
    }
    return at.sort((a, b) => a - b).map((i) => this.rows[i]!);
  }

  withoutStars(): readonly ScoredRow[] {
    return (this.starless ??= this.rows.filter((r) => !r.star));
  }
}

/**
 * reference §9.6: the caller's own row first (when ranked), then the followed users' rows in board
 * order, then the whole board again; the keyword and `removeStar` filter all three, and paging
 * applies to the combined list (`total` counts it, as HOJ's client pages by it). `pinned` says how
 * many rows at the head of that list are the repeated ones, so a screen can mark them and count
 * each person once (issue 24 item 16). The rows are the board's own: use them before the board can
 * change (the next await).
 */
export function boardPageRows(
  board: BoardRows,
  request: RankPageRequest,
): { rows: PageRow[]; total: number; pinned: number } {
  const { matching, removeStar, currentUid } = request;
  const shownRow = (r: ScoredRow) => !(removeStar && r.star) && (!matching || matching.has(r.uid));
  // most reads filter nothing: the board's own rows then, no copy
  const shown = matching
    ? board.rowsOf(matching).filter(shownRow)
    : removeStar
      ? board.withoutStars()
      : board.rows;
  const concerned = new Set(request.concernedList);
  const prefix: ScoredRow[] = [];
  if (currentUid) {
    concerned.delete(currentUid);
    prefix.push(...board.rowsOf([currentUid]).filter(shownRow));
  }
  if (concerned.size > 0) prefix.push(...board.rowsOf(concerned).filter(shownRow));
  const total = prefix.length + shown.length;
  const from = (request.currentPage - 1) * request.limit;
  const to = Math.min(total, from + request.limit);
  const rows: PageRow[] = [];
  for (let i = from; i < to; i++) {
    if (i < prefix.length) rows.push({ row: prefix[i]!, standing: board.standing(prefix[i]!) });
    else {
      const row = shown[i - prefix.length]!;
      // the whole board's rows: their position is known
      const standing = shown === board.rows ? board.standingAt(row, i - prefix.length) : board.standing(row);
      rows.push({ row, standing });
    }
  }
  return { rows, total, pinned: prefix.length };
}

/** `boardPageRows` copied out of the board, to keep across an await. */
export function pageOfBoard(
  board: BoardRows,
  request: RankPageRequest,
): { records: RowCopy[]; total: number; pinned: number } {
  const { rows, total, pinned } = boardPageRows(board, request);
  return { records: rows.map(({ row, standing }) => copyRow(row, standing)), total, pinned };
}

function copyRow(r: ScoredRow, standing: Standing): RowCopy {
  const acm: RankedRow['acm'] = {};
  for (const [d, cell] of Object.entries(r.acm)) acm[d] = { ...cell };
  return { ...r, ...standing, acm, scores: { ...r.scores }, times: { ...r.times } };
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

/**
 * Users matching a board keyword (`keywordMatches`), kept `ttlMs`: whoever watches a search repeats
 * it (the board refreshes every 30 s), and each costs a scan of every user's name and school (7 ms
 * over 10,000 users). A renamed user or a changed school shows within that time, as on the profiles.
 */
export class KeywordCache {
  private readonly matches = new Map<string, { users: Promise<Set<string>>; at: number }>();

  constructor(readonly ttlMs = 30_000) {}

  get(db: Db, keyword: string, rankShowName: string): Promise<ReadonlySet<string>> {
    const key = `${rankShowName}\n${keyword}`;
    const now = performance.now();
    const hit = this.matches.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.users;
    if (this.matches.size >= 1000) this.matches.clear();
    // the promise is kept, so that the same search arriving meanwhile waits for this one
    const users = keywordMatches(db, keyword, rankShowName);
    this.matches.set(key, { users, at: now });
    users.catch(() => {
      if (this.matches.get(key)?.users === users) this.matches.delete(key);
    });
    return users;
  }
}

type Profile = Pick<ContestRankRow, 'username' | 'realname' | 'nickname' | 'school' | 'gender' | 'avatar'> & {
  uid: string;
};

/**
 * Profiles of board rows read in the last `ttlMs` (a board page shows 50 to 300 of them on every
 * read): a renamed user or a new avatar shows within that time.
 */
export class ProfileCache {
  private readonly profiles = new Map<string, { profile: Profile; at: number; json?: string }>();

  constructor(readonly ttlMs = 30_000) {}

  /** The profile of `uid` when it is held and fresh. */
  peek(uid: string): Profile | undefined {
    const hit = this.profiles.get(uid);
    return hit && performance.now() - hit.at < this.ttlMs ? hit.profile : undefined;
  }

  /** Reads the profiles of `uids` that are not held or not fresh. */
  async fill(db: Db, uids: Iterable<string>): Promise<void> {
    const missing = [...uids].filter((uid) => !this.peek(uid));
    if (missing.length === 0) return;
    const at = performance.now();
    const loaded = await loadProfiles(db, [...new Set(missing)]);
    if (this.profiles.size > 100_000) this.profiles.clear();
    for (const profile of loaded) this.profiles.set(profile.uid, { profile, at });
  }

  /** The JSON members of `row`'s profile fields (rankPageJson), written once per profile read. */
  json(row: ScoredRow): string {
    const hit = this.profiles.get(row.uid);
    if (!hit || performance.now() - hit.at >= this.ttlMs) return members(profileVo(row, undefined));
    return (hit.json ??= members(profileVo(row, hit.profile)));
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

/** reference §9.3 / §9.4: a row's VO fields for where it stands. */
function standingVo(r: ScoredRow, at: Standing) {
  return {
    rank: at.rank,
    isWinAward: at.award !== null,
    awardName: at.award?.name ?? null,
    awardBackground: at.award?.background ?? null,
    awardColor: at.award?.color ?? null,
    uid: r.uid,
  };
}

/** …for the user's profile (`undefined`: a user no longer there, shown by the name on the records) */
function profileVo(r: ScoredRow, p: Profile | undefined) {
  return {
    username: p?.username ?? r.username,
    realname: p?.realname ?? null,
    nickname: p?.nickname ?? null,
    school: p?.school ?? null,
    gender: p?.gender ?? 'secrecy',
    avatar: p?.avatar ?? null,
  };
}

/** A VO's fields besides those of `standingVo` and `profileVo`. */
type ScoresOf<Vo> = Omit<Vo, keyof ReturnType<typeof standingVo> | keyof ReturnType<typeof profileVo>>;

/** …and for the scores: totals and cells (the row's own objects: serialise before it can change) */
function scoresVo(type: number, r: ScoredRow) {
  if (type === 0)
    return {
      totalTime: r.totalTime,
      total: r.total,
      ac: r.ac,
      submissionInfo: r.acm,
    } satisfies ScoresOf<AcmRankRow>;
  return {
    totalScore: r.totalScore,
    totalTime: r.totalTime,
    submissionInfo: r.scores,
    timeInfo: r.times,
  } satisfies ScoresOf<OiRankRow>;
}

/** Rows copied out of a board as reference §9.3 / §9.4 VOs, with each user's current profile. */
export async function rankRowsJson(db: Db, type: number, rows: RowCopy[]): Promise<ContestRankRow[]> {
  const profiles = new ProfileCache();
  await profiles.fill(
    db,
    rows.map((r) => r.uid),
  );
  return rows.map(
    (r) =>
      ({
        ...standingVo(r, r),
        ...profileVo(r, profiles.peek(r.uid)),
        ...scoresVo(type, r),
      }) as ContestRankRow,
  );
}

/** An object's JSON without its braces, to be joined with others into one object. */
const members = (value: object) => JSON.stringify(value).slice(1, -1);

/**
 * The JSON members of a row's scores, kept per row object: a row is replaced when its user's
 * records change, so a page mostly shows rows written before. A board that changes a row's cell in
 * place (first blood, board.ts) forgets it.
 */
const scoresJson = new WeakMap<ScoredRow, string>();

export function forgetScoresJson(row: ScoredRow): void {
  scoresJson.delete(row);
}

function scoresMembers(type: number, row: ScoredRow): string {
  let json = scoresJson.get(row);
  if (json === undefined) scoresJson.set(row, (json = members(scoresVo(type, row))));
  return json;
}

/**
 * A page of the board as the calls answer it (reference §9.6, `Page` of §9.3 / §9.4 VOs, plus
 * `pinned`), written
 * as JSON at once: the rows are the board's own, read without a copy, so they are serialised before
 * the next await (their scores and profiles from JSON kept per row and per profile). `take` answers
 * the page's rows from the current board; when some of their profiles are not held yet, they are
 * read and the page taken again (the board may have moved).
 */
export async function rankPageJson(
  db: Db,
  type: number,
  take: () => Promise<{ rows: PageRow[]; total: number; pinned: number }>,
  request: Pick<RankPageRequest, 'currentPage' | 'limit'>,
  profiles: ProfileCache,
): Promise<JsonText> {
  for (let tries = 1; ; tries++) {
    const { rows, total, pinned } = await take();
    const missing = rows.filter(({ row }) => !profiles.peek(row.uid)).map(({ row }) => row.uid);
    // a row that moved onto the page meanwhile, twice over: shown by the name on its records
    if (missing.length > 0 && tries < 3) {
      await profiles.fill(db, missing);
      continue;
    }
    const records = rows.map(
      ({ row, standing }) =>
        `{${members(standingVo(row, standing))},${profiles.json(row)},${scoresMembers(type, row)}}`,
    );
    const { records: _, ...rest } = page([], total, request.currentPage, request.limit);
    // `pinned`: Verdict's addition to HOJ's Page (boardPageRows); HOJ's client ignores it
    return new JsonText(`{"records":[${records.join(',')}],${members(rest)},"pinned":${pinned}}`);
  }
}
