import { JudgeStatus } from '@verdict/shared';
import { describe, expect, it } from 'vitest';
import {
  finished,
  medals,
  PENALTY_SECONDS,
  rankNumbers,
  rollToEnd,
  sealedBoard,
  step,
  toRollSubmissions,
  type RollSubmission,
} from '../../../src/pages/contest/scroll-board/roll';

const S = JudgeStatus;
const PROBLEMS = ['A', 'B', 'C'];
let nextId = 1;

/** A submission of `user` on `displayId` at `minute` (+ `second`) after the start. */
function sub(user: string, displayId: string, minute: number, status: number, second = 0): RollSubmission {
  return {
    uid: `u-${user}`,
    username: user,
    name: user,
    school: null,
    submitId: nextId++,
    status,
    time: minute * 60 + second,
    displayId,
  };
}

const order = (teams: { username: string }[]) => teams.map((t) => t.username);
const SEAL = 120 * 60;

describe('reference §9.7 the scroll board’s own counting', () => {
  it('after the first AC nothing counts, Compile Error never counts, every other rejection is a try (System Error and Partial too)', () => {
    const board = sealedBoard(
      PROBLEMS,
      [
        sub('amy', 'A', 5, S.WRONG_ANSWER),
        sub('amy', 'A', 6, S.COMPILE_ERROR),
        sub('amy', 'A', 7, S.SYSTEM_ERROR),
        sub('amy', 'A', 8, S.PARTIAL_ACCEPTED),
        sub('amy', 'A', 10, S.ACCEPTED),
        sub('amy', 'A', 11, S.WRONG_ANSWER),
        sub('amy', 'B', 30, S.TIME_LIMIT_EXCEEDED),
      ],
      { sealSeconds: SEAL, stars: [] },
    );
    const amy = board.teams[0]!;
    expect(amy.cells.A).toMatchObject({ solved: true, solvedTime: 600, tries: 3 });
    expect(amy.cells.B).toMatchObject({ solved: false, tries: 1 });
    expect(amy).toMatchObject({ solved: 1, penalty: 600 + 3 * PENALTY_SECONDS });
  });

  it('§9.2: the board starts at the seal: results from the seal time on, and pending ones, are unknown cells', () => {
    const board = sealedBoard(
      PROBLEMS,
      [
        sub('amy', 'A', 10, S.ACCEPTED),
        sub('bob', 'A', 20, S.WRONG_ANSWER),
        sub('bob', 'A', 125, S.ACCEPTED),
        sub('bob', 'B', 126, S.WRONG_ANSWER),
        sub('cat', 'C', 50, S.PENDING),
      ],
      { sealSeconds: SEAL, stars: [] },
    );
    expect(order(board.teams)).toEqual(['amy', 'bob', 'cat']);
    const bob = board.teams[1]!;
    expect(bob.solved).toBe(0);
    expect(bob.cells.A).toMatchObject({ solved: false, tries: 1 });
    expect(bob.cells.A!.unknown).toHaveLength(1);
    expect(bob.cells.B!.unknown).toHaveLength(1);
    expect(board.teams[2]!.cells.C!.unknown).toHaveLength(1);
    expect(board.cursor).toBe(2);
  });

  it('steps reveal one cell at a time from the bottom team upward; a team that climbs leaves the cursor on the team now there', () => {
    let board = sealedBoard(
      PROBLEMS,
      [
        sub('amy', 'A', 10, S.ACCEPTED),
        sub('bob', 'A', 30, S.ACCEPTED),
        sub('cat', 'B', 125, S.ACCEPTED),
        sub('cat', 'C', 130, S.ACCEPTED),
        sub('bob', 'B', 140, S.WRONG_ANSWER),
      ],
      { sealSeconds: SEAL, stars: [] },
    );
    expect(order(board.teams)).toEqual(['amy', 'bob', 'cat']);
    const events = [];
    // cat's B: 1 solved at 125 min, behind amy (10) and bob (30)
    let next = step(board);
    events.push(next.event);
    board = next.board;
    expect(order(board.teams)).toEqual(['amy', 'bob', 'cat']);
    // cat's C: 2 solved, to the top
    next = step(board);
    events.push(next.event);
    board = next.board;
    expect(order(board.teams)).toEqual(['cat', 'amy', 'bob']);
    expect(board.cursor).toBe(2);
    // bob's B: a wrong answer, nothing moves
    next = step(board);
    events.push(next.event);
    board = next.board;
    expect(finished(board)).toBe(true);
    expect(step(board).event).toEqual({ kind: 'done' });
    expect(events).toEqual([
      { kind: 'reveal', uid: 'u-cat', displayId: 'B', from: 2, to: 2 },
      { kind: 'reveal', uid: 'u-cat', displayId: 'C', from: 2, to: 0 },
      { kind: 'reveal', uid: 'u-bob', displayId: 'B', from: 2, to: 2 },
    ]);
    expect(board.teams[2]!.cells.B).toMatchObject({ solved: false, tries: 1, unknown: [] });
  });

  it('first blood is the smallest accepted submit id of each problem', () => {
    const first = sub('bob', 'A', 130, S.ACCEPTED);
    const board = sealedBoard(PROBLEMS, [sub('amy', 'A', 131, S.ACCEPTED), first], {
      sealSeconds: SEAL,
      stars: [],
    });
    expect(rollToEnd(board).firstBlood).toEqual({ A: first.submitId });
  });
});

describe('reference §9.3: rank numbers, stars and medals', () => {
  it('equal solved and penalty share a rank (1, 2, 2, 4); star users are "*" and take no position', () => {
    const board = rollToEnd(
      sealedBoard(
        PROBLEMS,
        [
          sub('amy', 'A', 10, S.ACCEPTED),
          sub('amy', 'B', 20, S.ACCEPTED),
          sub('bob', 'A', 30, S.ACCEPTED),
          sub('cat', 'A', 30, S.ACCEPTED),
          sub('star', 'A', 31, S.ACCEPTED),
          sub('dan', 'A', 40, S.ACCEPTED),
          sub('eve', 'A', 5, S.WRONG_ANSWER),
        ],
        { sealSeconds: SEAL, stars: ['star'] },
      ),
    );
    expect(order(board.teams)).toEqual(['amy', 'bob', 'cat', 'star', 'dan', 'eve']);
    expect(rankNumbers(board.teams)).toEqual([1, 2, 2, '*', 4, 5]);
    // medals by count: stars and rows without a solved problem get none
    expect(medals(board.teams, { gold: 1, silver: 1, bronze: 2 })).toEqual([
      'gold',
      'silver',
      'bronze',
      null,
      'bronze',
      null,
    ]);
  });

  it('the calls’ data: time in whole seconds since the start, the name the contest shows', () => {
    const [s] = toRollSubmissions({ startTime: '2030-01-01T08:00:00.000Z', rankShowName: 'realname' }, [
      {
        uid: 'u1',
        username: 'amy',
        nickname: 'A',
        realname: 'Amy Pond',
        school: 'North',
        avatar: null,
        gender: 'female',
        submitId: 9,
        status: 0,
        submitTime: '2030-01-01T08:12:34.900Z',
        displayId: 'A',
      },
    ]);
    expect(s).toMatchObject({ name: 'Amy Pond', time: 12 * 60 + 34, school: 'North' });
  });
});

/**
 * reference §9.3, written out independently as the test's reference: per user, records in time
 * order; after an AC nothing counts; AC → time + 20 min × earlier rejections; only WA, PE, TLE,
 * MLE, RE are rejections; pending records are not ranked.
 */
function acmOrder(subs: RollSubmission[], stars: Set<string>) {
  const users = new Map<string, { username: string; ac: number; total: number; star: boolean }>();
  const rejected: number[] = [
    S.WRONG_ANSWER,
    S.PRESENTATION_ERROR,
    S.TIME_LIMIT_EXCEEDED,
    S.MEMORY_LIMIT_EXCEEDED,
    S.RUNTIME_ERROR,
  ];
  const state = new Map<string, { ac: boolean; errors: number }>();
  for (const s of [...subs].sort((a, b) => a.time - b.time || a.submitId - b.submitId)) {
    const u = users.get(s.uid) ?? { username: s.username, ac: 0, total: 0, star: stars.has(s.username) };
    users.set(s.uid, u);
    const key = `${s.uid}/${s.displayId}`;
    const p = state.get(key) ?? { ac: false, errors: 0 };
    state.set(key, p);
    if (p.ac || s.status === S.PENDING) continue;
    if (s.status === S.ACCEPTED) {
      p.ac = true;
      u.ac += 1;
      u.total += s.time + p.errors * 1200;
    } else if (rejected.includes(s.status)) p.errors += 1;
  }
  const rows = [...users.values()].sort(
    (a, b) => b.ac - a.ac || a.total - b.total || (a.username < b.username ? -1 : 1),
  );
  let position = 0;
  let rank = 0;
  let prev: (typeof rows)[number] | undefined;
  return rows.map((r) => {
    if (r.star) return [r.username, '*', r.ac, r.total];
    position += 1;
    if (!prev || prev.ac !== r.ac || prev.total !== r.total) rank = position;
    prev = r;
    return [r.username, rank, r.ac, r.total];
  });
}

/** A small deterministic generator, so a failure can be replayed from its seed. */
function random(seed: number) {
  let x = seed;
  return (n: number) => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return x % n;
  };
}

describe('reference §9.7 vs §9.3: rolled to the end, the board is the unsealed ACM board', () => {
  it('hundreds of random sealed contests (ties, stars, tries after an AC, compile errors, pending runs at the end)', () => {
    const statuses = [
      S.ACCEPTED,
      S.ACCEPTED,
      S.WRONG_ANSWER,
      S.TIME_LIMIT_EXCEEDED,
      S.MEMORY_LIMIT_EXCEEDED,
      S.RUNTIME_ERROR,
      S.PRESENTATION_ERROR,
      S.COMPILE_ERROR,
      S.PENDING,
    ];
    for (let seed = 1; seed <= 300; seed++) {
      const rand = random(seed);
      const users = Array.from({ length: 2 + rand(9) }, (_, i) => `user${i}`);
      const stars = new Set(users.filter(() => rand(6) === 0));
      const duration = 180;
      const seal = rand(duration + 1);
      // whole minutes make equal penalties (ties) frequent
      const subs = Array.from({ length: rand(40) }, () =>
        sub(users[rand(users.length)]!, PROBLEMS[rand(3)]!, rand(duration), statuses[rand(statuses.length)]!),
      );
      const sealed = sealedBoard(PROBLEMS, subs, { sealSeconds: seal * 60, stars });
      const final = rollToEnd(sealed);
      const ranks = rankNumbers(final.teams);
      const got = final.teams.map((t, i) => [t.username, ranks[i], t.solved, t.penalty]);
      expect(got, `seed ${seed}`).toEqual(acmOrder(subs, stars));
      expect(finished(final)).toBe(true);
    }
  });
});
