import type { ContestInfoVO, ContestProblemVO, ContestRankBody } from '@verdict/shared';
import type { Db } from '../../../db/client.ts';
import type { JsonText } from '../../../http/envelope.ts';
import type { Subject } from '../../../policy/subjects.ts';
import { contestFor, type ContestAction, type ContestView } from '../access.ts';
import { registrationCount } from '../info.ts';
import { contestInfoJson } from '../json.ts';
import { contestProblemList } from '../problems.ts';
import { fullBoard } from './full.ts';
import type { BoardView, RankConfig } from './model.ts';
import { BoardRows, boardPageRows, keywordMatches, pageOfBoard, ProfileCache, rankPageJson } from './page.ts';
import { loadRankRecords, lookAtBoard } from './records.ts';
import type { RankBoards } from './store.ts';

/**
 * Where a board read comes from: the process's incremental boards, or (`full`) a recomputation
 * from every record per read — the reference implementation, kept for tests and the benchmark.
 */
export type BoardSource = RankBoards | 'full';

/**
 * reference §9.1, §9.2: the board a caller gets. Sealed while the contest's seal holds, except for a
 * contest admin asking with `forceRefresh` (others' forceRefresh is ignored); submissions after the
 * end only when asked for, allowed by the contest and not sealed.
 */
export function boardViewFor(view: ContestView, forceRefresh: boolean, containsEnd: boolean): BoardView {
  const sealed = !!view.facts.sealed && !(view.admin && forceRefresh);
  return { sealed, afterEnd: !sealed && containsEnd && view.row.allowEndSubmit };
}

/** The ranked rows of the contest for a board view, from `source`. Use them before any await. */
export async function rankedBoard(
  db: Db,
  source: BoardSource,
  view: ContestView,
  board: BoardView,
): Promise<{ config: RankConfig; board: BoardRows }> {
  if (source !== 'full') return source.board(view.row, board);
  const setup = await lookAtBoard(db, view.row, Number.MAX_SAFE_INTEGER);
  const records = await loadRankRecords(db, view.row.id, setup.problems);
  return { config: setup.config, board: new BoardRows(fullBoard(setup.config, board, records)) };
}

async function boardPage(
  db: Db,
  source: BoardSource,
  view: ContestView,
  body: ContestRankBody,
  currentUid: string | undefined,
): Promise<JsonText> {
  const keyword = body.keyword;
  const matching = !keyword
    ? undefined
    : source === 'full'
      ? await keywordMatches(db, keyword, view.row.rankShowName)
      : await source.keywords.get(db, keyword, view.row.rankShowName);
  const boardView = boardViewFor(view, body.forceRefresh, body.containsEnd);
  const take = async () =>
    boardPageRows((await rankedBoard(db, source, view, boardView)).board, {
      currentPage: body.currentPage,
      limit: body.limit,
      removeStar: body.removeStar,
      concernedList: body.concernedList,
      currentUid,
      matching,
    });
  const profiles = source === 'full' ? new ProfileCache() : source.profiles;
  return rankPageJson(db, view.row.type, take, body, profiles);
}

/**
 * reference §3.6 `POST /api/get-contest-rank`, §9: the in-contest board, for callers who may enter
 * the contest (§7.18), with their own row first. **Changed:** HOJ recomputes it from every record
 * on each request; Verdict reads its incremental board (store.ts).
 */
export async function contestRank(
  db: Db,
  source: BoardSource,
  user: NonNullable<Subject>,
  body: ContestRankBody,
  now: Date,
): Promise<JsonText> {
  const view = await contestFor(db, user, body.cid, now, 'contest.enter');
  return boardPage(db, source, view, body, user.uid);
}

/**
 * reference §3.6 `POST /api/get-contest-outside-scoreboard`, §9.6: the public board of a contest
 * with `openRank` once started, signed in or not, without the caller's row first. **Changed:** HOJ
 * caches it 15 s (with the after-contest cache keys swapped); Verdict's board is live.
 */
export async function outsideScoreboard(
  db: Db,
  source: BoardSource,
  user: Subject,
  body: ContestRankBody,
  now: Date,
): Promise<JsonText> {
  const view = await contestFor(db, user, body.cid, now, 'contest.outsideBoard');
  return boardPage(db, source, view, body, undefined);
}

/** reference §3.6 `GET /api/get-contest-outsize-info` (sic): the contest and its problems. */
export async function outsideInfo(
  db: Db,
  user: Subject,
  cid: number,
  now: Date,
): Promise<{ contest: ContestInfoVO; problemList: ContestProblemVO[] }> {
  const { row } = await contestFor(db, user, cid, now, 'contest.outsideBoard');
  return {
    contest: contestInfoJson(row, await registrationCount(db, cid), now),
    problemList: await contestProblemList(db, user, cid, false, now),
  };
}

/** The whole board for the download (reference §3.11), contest admins only. */
export async function wholeBoard(
  db: Db,
  source: BoardSource,
  user: NonNullable<Subject>,
  q: { cid: number; forceRefresh?: boolean; removeStar?: boolean; containEnd?: boolean },
  now: Date,
  action: ContestAction = 'contest.staff',
) {
  const view = await contestFor(db, user, q.cid, now, action);
  const { board } = await rankedBoard(db, source, view, boardViewFor(view, !!q.forceRefresh, !!q.containEnd));
  const copied = pageOfBoard(board, {
    currentPage: 1,
    limit: Math.max(1, board.rows.length),
    removeStar: !!q.removeStar,
    concernedList: [],
  });
  return { view, copied };
}
