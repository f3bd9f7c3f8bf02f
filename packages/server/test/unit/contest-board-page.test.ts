import { describe, expect, it } from 'vitest';
import { emptyRow, type RankedRow, type RankRecord } from '../../src/modules/contest/rank/model.ts';
import { BoardRows, pageOfBoard, type RankPageRequest } from '../../src/modules/contest/rank/page.ts';
import { seededRandom } from '../helpers/random.ts';

/**
 * reference §9.6 paging (contest/rank/page.ts): the page of a board read through its positions
 * (BoardRows) equals the page read by filtering every row, the plain reading of §9.6: the caller's
 * row, then the followed users' rows in board order, then the board, each filtered by the keyword
 * and removeStar, paged over the lot.
 */
function pageByFiltering(rows: readonly RankedRow[], request: RankPageRequest) {
  const shown = rows.filter(
    (r) => !(request.removeStar && r.star) && (!request.matching || request.matching.has(r.uid)),
  );
  const concerned = new Set(request.concernedList);
  if (request.currentUid) concerned.delete(request.currentUid);
  const me = shown.filter((r) => r.uid === request.currentUid);
  const pinned = [...me, ...shown.filter((r) => concerned.has(r.uid))];
  const list = [...pinned, ...shown];
  const from = (request.currentPage - 1) * request.limit;
  return {
    uids: list.slice(from, from + request.limit).map((r) => r.uid),
    total: list.length,
    pinned: pinned.length,
  };
}

/** A board row as the board starts one (model.ts `emptyRow`), ranked. */
function row(uid: string, star: boolean, rank: number): RankedRow {
  const record = { uid, username: uid, submitMs: 0, submitId: 0 } as RankRecord;
  return { ...emptyRow(record, new Set(star ? [uid] : [])), rank, award: null };
}

describe('reference §9.6: a board page read through positions', () => {
  it('equals filtering every row, on 500 random boards and requests', () => {
    const random = seededRandom(12).below;
    for (let round = 0; round < 500; round++) {
      const size = random(40);
      const rows = Array.from({ length: size }, (_, i) => row(`u${i}`, random(5) === 0, i + 1));
      const someUids = (n: number) => Array.from({ length: n }, () => `u${random(size + 5)}`);
      const request: RankPageRequest = {
        currentPage: 1 + random(4),
        limit: 1 + random(12),
        removeStar: random(2) === 0,
        concernedList: someUids(random(6)),
        ...(random(2) === 0 && { currentUid: `u${random(size + 3)}` }),
        ...(random(3) === 0 && { matching: new Set(someUids(random(20))) }),
      };
      const page = pageOfBoard(new BoardRows(rows), request);
      expect(
        { uids: page.records.map((r) => r.uid), total: page.total, pinned: page.pinned },
        `round ${round}`,
      ).toEqual(pageByFiltering(rows, request));
    }
  });
});

describe('issue 24 item 16: the pinned rows of a page', () => {
  it('counts the caller and the followed users at the head of the list, each once', () => {
    const rows = Array.from({ length: 6 }, (_, i) => row(`u${i}`, false, i + 1));
    const page = pageOfBoard(new BoardRows(rows), {
      currentPage: 1,
      limit: 50,
      removeStar: false,
      // the caller follows themself too, and a user who is not on the board
      concernedList: ['u4', 'u2', 'u0', 'nobody'],
      currentUid: 'u0',
    });
    expect(page.records.map((r) => r.uid)).toEqual(['u0', 'u2', 'u4', 'u0', 'u1', 'u2', 'u3', 'u4', 'u5']);
    expect({ total: page.total, pinned: page.pinned }).toEqual({ total: 9, pinned: 3 });
    // six people
    expect(page.total - page.pinned).toBe(rows.length);
  });
});
