import { expect } from 'vitest';
import type { ManualClock } from '../../src/clock.ts';
import {
  addContestProblem,
  createContest,
  registerInContest,
  type ContestRow,
  type NewContest,
} from '../helpers/contests.ts';
import { CPP, createProblem, createWorld, type Reply, type World } from '../problem/fixtures.ts';

/**
 * The callers of issue 11's contest tests: anonymous, a normal user (alice), a registered
 * participant (bob), the contest creator (admin: an admin who is not root) and root.
 */
export const CALLERS = ['anonymous', 'alice', 'bob', 'admin', 'root'] as const;
export type Caller = (typeof CALLERS)[number];

export interface ContestWorld {
  w: World;
  /** two contest-only problems (auth 3): an ACM one and an OI one */
  acm: { pid: number; problemId: string };
  oi: { pid: number; problemId: string };
  token(who: Caller): string | undefined;
  /** a contest created by `admin` with problems A (acm) and B (oi) and bob registered */
  contest(values?: Partial<NewContest>): Promise<ContestRow>;
  call<T = unknown>(
    who: Caller,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: unknown,
  ): Promise<Reply<T>>;
  submit(who: Caller, cid: number, displayId: string, extra?: object): Promise<Reply<{ submitId: number }>>;
}

export async function contestWorld(): Promise<ContestWorld> {
  const w = await createWorld();
  const acm = await createProblem(w, { problemId: 'CA-1', auth: 3 });
  const oi = await createProblem(
    w,
    { problemId: 'CB-1', auth: 3, type: 1, ioScore: 100 } as never,
    {
      samples: [
        { input: '1 2\n', output: '3\n', score: 50, groupNum: null },
        { input: '5 5\n', output: '10\n', score: 50, groupNum: null },
      ],
    } as never,
  );
  const token = (who: Caller) => (who === 'anonymous' ? undefined : w.tokens[who]);
  return {
    w,
    acm,
    oi,
    token,
    async contest(values = {}) {
      const row = await createContest(w.t.db, w.clock, { uid: w.uids.admin, author: 'admin', ...values });
      await addContestProblem(w.t.db, { cid: row.id, pid: acm.pid, displayId: 'A', displayTitle: 'Apples' });
      await addContestProblem(w.t.db, { cid: row.id, pid: oi.pid, displayId: 'B', displayTitle: 'Bananas' });
      await registerInContest(w.t.db, row.id, w.uids.bob);
      return row;
    },
    call(who, method, url, payload) {
      return w.call(method, url, { token: token(who), payload });
    },
    submit(who, cid, displayId, extra = {}) {
      return w.call('POST', '/api/submit-problem-judge', {
        token: token(who),
        payload: { pid: displayId, language: 'C++', code: CPP, cid, isRemote: false, ...extra },
      });
    },
  };
}

/** Moves a manual clock forward to `at` (never back). */
export function advanceTo(clock: ManualClock, at: Date) {
  const ms = at.getTime() - clock.now().getTime();
  expect(ms).toBeGreaterThanOrEqual(0);
  clock.advance(ms);
}

/** Moves the clock to `minutes` after the contest's start (negative: before it). */
export function toMinute(clock: ManualClock, c: ContestRow, minutes: number) {
  advanceTo(clock, new Date(c.startTime.getTime() + minutes * 60_000));
}
