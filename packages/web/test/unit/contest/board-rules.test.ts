import { describe, expect, it } from 'vitest';
import type { AcmCell } from '../../../src/api/contest-rank.ts';
import {
  acmCellClass,
  acmCellText,
  clockText,
  displayName,
  isSealedAt,
  keepsAutoRefresh,
  nextRefreshMs,
  minutes,
  oiCellClass,
  problemCounts,
  RANK_DEFAULT_PAGE_SIZE,
  RANK_PAGE_SIZES,
  RANK_REFRESH_MS,
  peopleOnBoard,
  pinnedOnPage,
  pinnedRole,
  rankLabel,
  rankRowClasses,
} from '../../../src/pages/contest/rank/board-rules.ts';

const cell = (over: Partial<AcmCell> = {}): AcmCell => ({
  isAC: false,
  isFirstAC: false,
  isAfterContest: false,
  ACTime: undefined,
  errorNum: 0,
  tryNum: 0,
  ...over,
});

describe('the ACM cell classes (spec part 1 §2 "Contest rank": after-ac, first-ac, ac, try, wa)', () => {
  it('an accepted cell is after-ac when accepted after the contest, else first-ac or ac', () => {
    expect(acmCellClass(cell({ isAC: true, ACTime: 600 }))).toBe('ac');
    expect(acmCellClass(cell({ isAC: true, isFirstAC: true, ACTime: 600 }))).toBe('first-ac');
    expect(acmCellClass(cell({ isAC: true, isAfterContest: true, ACTime: 99999 }))).toBe('after-ac');
    // an after-contest AC is not shown as first blood
    expect(acmCellClass(cell({ isAC: true, isFirstAC: true, isAfterContest: true }))).toBe('after-ac');
  });

  it('reference §9.3: an accepted cell stays accepted though tries after the seal were counted on it', () => {
    expect(acmCellClass(cell({ isAC: true, ACTime: 60, tryNum: 2 }))).toBe('ac');
  });

  it('reference §9.2/§9.3: tries after the seal (results unknown) are "try", before rejected tries', () => {
    expect(acmCellClass(cell({ tryNum: 1 }))).toBe('try');
    expect(acmCellClass(cell({ errorNum: 2, tryNum: 1 }))).toBe('try');
    expect(acmCellClass(cell({ errorNum: 2 }))).toBe('wa');
  });

  it('a cell of uncounted tries only (compile errors, reference §9.3 status 0) and a missing cell have no class', () => {
    expect(acmCellClass(cell())).toBe('');
    expect(acmCellClass(undefined)).toBe('');
  });
});

describe('what an ACM cell shows (spec part 1 §2: time in minutes on the ACM board)', () => {
  it('an AC: its time in whole minutes over the rejected tries before it', () => {
    expect(acmCellText(cell({ isAC: true, ACTime: 3599, errorNum: 2 }))).toEqual({ main: '59', sub: '-2' });
    expect(acmCellText(cell({ isAC: true, ACTime: 60 }))).toEqual({ main: '1', sub: '' });
  });

  it('rejected tries only: "-n"; tries after the seal: "?" over the known and the unknown tries', () => {
    expect(acmCellText(cell({ errorNum: 3 }))).toEqual({ main: '-3', sub: '' });
    expect(acmCellText(cell({ errorNum: 1, tryNum: 2 }))).toEqual({ main: '?', sub: '-1 +2' });
    expect(acmCellText(cell({ tryNum: 4 }))).toEqual({ main: '?', sub: '+4' });
    expect(acmCellText(undefined)).toEqual({ main: '', sub: '' });
  });

  it('minutes and the h:mm:ss tooltip of a time in seconds', () => {
    expect(minutes(0)).toBe(0);
    expect(minutes(119)).toBe(1);
    expect(minutes(7260)).toBe(121);
    expect(minutes(null)).toBe(0);
    expect(clockText(3725)).toBe('1:02:05');
    expect(clockText(0)).toBe('0:00:00');
  });
});

describe('the OI cell colours (spec part 1 §2: full score, zero or partial)', () => {
  it('reference §9.4: only accepted runs have a time, so a cell with one is the full score', () => {
    expect(oiCellClass(100, 15)).toBe('oi-full');
    expect(oiCellClass(250, 3)).toBe('oi-full');
    expect(oiCellClass(100, undefined)).toBe('oi-partial');
    expect(oiCellClass(40, undefined)).toBe('oi-partial');
    expect(oiCellClass(0, undefined)).toBe('oi-zero');
    expect(oiCellClass(undefined, undefined)).toBe('');
  });
});

describe('rank, names and rows (spec part 1 §2 "Contest rank")', () => {
  it('reference §9.3: a star user ranked -1 shows "*"', () => {
    expect(rankLabel(-1)).toBe('*');
    expect(rankLabel(2)).toBe('2');
  });

  it('reference §3.6 rankShowName picks the shown name, the username when that one is empty', () => {
    const row = { username: 'alice', nickname: 'Al', realname: '' };
    expect(displayName(row, 'username')).toBe('alice');
    expect(displayName(row, 'nickname')).toBe('Al');
    expect(displayName(row, 'realname')).toBe('alice');
    expect(displayName({ ...row, realname: 'Alice L.' }, 'realname')).toBe('Alice L.');
    expect(displayName(row, undefined)).toBe('alice');
  });

  it('followed, star and female rows are coloured, and the own row is marked', () => {
    const concerned = new Set(['u2']);
    expect(rankRowClasses({ uid: 'u1', rank: 1, gender: 'male' }, { concerned, ownUid: 'u1' })).toEqual([
      'rank-row--own',
    ]);
    expect(rankRowClasses({ uid: 'u2', rank: -1, gender: 'female' }, { concerned, ownUid: null })).toEqual([
      'rank-row--concerned',
      'rank-row--star',
      'rank-row--female',
    ]);
    expect(rankRowClasses({ uid: 'u3', rank: 4, gender: 'secrecy' }, { concerned, ownUid: 'u1' })).toEqual(
      [],
    );
  });

  it('a problem header counts accepted and rejected, unknown while the server hides them (sealed)', () => {
    expect(problemCounts({ ac: 3, total: 10 })).toEqual({ accepted: 3, rejected: 7 });
    expect(problemCounts({ ac: null, total: null })).toEqual({ accepted: null, rejected: null });
    expect(problemCounts({})).toEqual({ accepted: null, rejected: null });
  });

  it('spec part 1 §9: page sizes 10/30/50/100/300, 50 by default, auto refresh every 30 s', () => {
    expect([...RANK_PAGE_SIZES]).toEqual([10, 30, 50, 100, 300]);
    expect(RANK_DEFAULT_PAGE_SIZE).toBe(50);
    expect(RANK_REFRESH_MS).toBe(30_000);
  });
});

describe('the seal (reference §9.2)', () => {
  const start = Date.parse('2026-01-01T08:00:00Z');
  const base = {
    sealRank: true,
    sealRankTime: '2026-01-01T12:00:00Z',
    endTime: '2026-01-01T13:00:00Z',
    autoRealRank: true,
  };
  const at = (iso: string) => Date.parse(iso);

  it('sealed from the seal time to the end; open again after the end with autoRealRank', () => {
    expect(isSealedAt(base, start)).toBe(false);
    expect(isSealedAt(base, at('2026-01-01T11:59:59Z'))).toBe(false);
    expect(isSealedAt(base, at('2026-01-01T12:00:00Z'))).toBe(true);
    expect(isSealedAt(base, at('2026-01-01T12:59:59Z'))).toBe(true);
    expect(isSealedAt(base, at('2026-01-01T13:00:00Z'))).toBe(false);
  });

  it('stays sealed after the end without autoRealRank; never sealed without a seal time', () => {
    expect(isSealedAt({ ...base, autoRealRank: false }, at('2026-01-02T00:00:00Z'))).toBe(true);
    expect(isSealedAt({ ...base, sealRankTime: null }, at('2026-01-01T12:30:00Z'))).toBe(false);
    expect(isSealedAt({ ...base, sealRank: false }, at('2026-01-01T12:30:00Z'))).toBe(false);
  });
});

describe('the pinned rows at the head of the board (reference §9.6, issue 24 item 16)', () => {
  it("counts how many of a page are pinned, from the server's count over the paged list", () => {
    expect(pinnedOnPage(3, 1, 50)).toBe(3);
    expect(pinnedOnPage(0, 1, 50)).toBe(0);
    // an older server that does not say
    expect(pinnedOnPage(undefined, 1, 50)).toBe(0);
    // seven pinned rows over pages of five: five, then two, then none
    expect([1, 2, 3].map((page) => pinnedOnPage(7, page, 5))).toEqual([5, 2, 0]);
  });

  it('marks each pinned row and the last of them, under which the rule is drawn', () => {
    expect([0, 1, 2, 3].map((i) => pinnedRole(i, 3))).toEqual(['pinned', 'pinned', 'last', null]);
    expect(pinnedRole(0, 0)).toBeNull();
    expect(
      rankRowClasses(
        { uid: 'u1', rank: 1, gender: 'male' },
        { concerned: new Set(), ownUid: 'u1', pinned: 'last' },
      ),
    ).toEqual(['rank-row--pinned', 'rank-row--pinned-last', 'rank-row--own']);
  });

  it('counts people once: the paged list less its pinned copies', () => {
    // six people, the caller and two followed pinned: the server pages over nine rows
    expect(peopleOnBoard(9, 3)).toBe(6);
    expect(peopleOnBoard(9, undefined)).toBe(9);
  });
});

describe('auto refresh after a read the server shed (issue 28; spec part 1 §8, §9)', () => {
  it('waits 30 s, or as long as a shed read asked when that is longer', () => {
    expect(nextRefreshMs(null)).toBe(30_000);
    expect(nextRefreshMs(5_000)).toBe(30_000);
    expect(nextRefreshMs(60_000)).toBe(60_000);
  });

  it('stays on after a shed read, goes off after any other failure', () => {
    expect(keepsAutoRefresh(10_000)).toBe(true);
    expect(keepsAutoRefresh(null)).toBe(false);
  });
});
