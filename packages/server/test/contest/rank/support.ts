import { eq } from 'drizzle-orm';
import type { AcmRankRow, ContestRankPageExtra, ContestRankRow, OiRankRow } from '@verdict/shared';
import { expect } from 'vitest';
import { contest } from '../../../src/db/schema/index.ts';
import type { Page } from '../../../src/http/envelope.ts';
import {
  addContestProblem,
  createContest,
  type ContestRow,
  type NewContest,
} from '../../helpers/contests.ts';
import { createUser } from '../../helpers/users.ts';
import { createProblem, type Reply } from '../../problem/fixtures.ts';
import { advanceTo, contestWorld, type ContestWorld } from '../support.ts';
import { CPP } from '../../problem/fixtures.ts';

/**
 * Issue 12's scoreboard tests: a contest world with more participants, ACM problems A, B, C and
 * OI problems X, Y, and a player that submits and judges at chosen seconds of a contest.
 */
export interface RankWorld {
  cw: ContestWorld;
  uid: Record<string, string>;
  token: Record<string, string>;
  pids: Record<'A' | 'B' | 'C' | 'X' | 'Y', number>;
}

export const PLAYERS = ['ann', 'ben', 'cat', 'dan', 'eve', 'fay'] as const;

export async function rankWorld(): Promise<RankWorld> {
  const cw = await contestWorld();
  const b = await createProblem(cw.w, { problemId: 'RB-1', auth: 3 });
  const c = await createProblem(cw.w, { problemId: 'RC-1', auth: 3 });
  const y = await createProblem(
    cw.w,
    { problemId: 'RY-1', auth: 3, type: 1, ioScore: 100 } as never,
    {
      samples: [
        { input: '1 2\n', output: '3\n', score: 50, groupNum: null },
        { input: '5 5\n', output: '10\n', score: 50, groupNum: null },
      ],
    } as never,
  );
  const uid: Record<string, string> = { ...cw.w.uids };
  const token: Record<string, string> = { ...cw.w.tokens };
  for (const name of PLAYERS) {
    uid[name] = await createUser(cw.w.t.db, { username: name });
    token[name] = await cw.w.t.app.auth.openSession(uid[name], { userAgent: 'vitest', ip: '127.0.0.1' });
  }
  return { cw, uid, token, pids: { A: cw.acm.pid, B: b.pid, C: c.pid, X: cw.oi.pid, Y: y.pid } };
}

/**
 * A contest of `admin` with the given problems, starting one minute from the clock and lasting
 * `minutes` (300 by default); `sealMinute` seals its board from that minute.
 */
export async function rankContest(
  rw: RankWorld,
  problems: (keyof RankWorld['pids'])[],
  values: Partial<NewContest> & { minutes?: number; sealMinute?: number } = {},
): Promise<ContestRow> {
  const { minutes = 300, sealMinute, ...rest } = values;
  const startTime = new Date(rw.cw.w.clock.now().getTime() + 60_000);
  const row = await createContest(rw.cw.w.t.db, rw.cw.w.clock, {
    uid: rw.uid.admin!,
    startTime,
    endTime: new Date(startTime.getTime() + minutes * 60_000),
    ...(sealMinute !== undefined
      ? { sealRank: true, sealRankTime: new Date(startTime.getTime() + sealMinute * 60_000) }
      : {}),
    ...rest,
  });
  for (const p of problems)
    await addContestProblem(rw.cw.w.t.db, { cid: row.id, pid: rw.pids[p], displayId: p });
  return row;
}

export async function updateContest(rw: RankWorld, cid: number, values: Partial<NewContest>) {
  await rw.cw.w.t.db.update(contest).set(values).where(eq(contest.id, cid));
}

/** One submission of a play: who, at which second of the contest, on which problem, its verdict. */
export interface Play {
  who: string;
  /** seconds since the start (negative: before it) */
  at: number;
  problem: string;
  status: number;
  score?: number;
  /** run time in ms */
  time?: number;
}

/** Submits and judges each play in time order, moving the clock to its second; answers the ids. */
export async function play(rw: RankWorld, c: ContestRow, plays: Play[]): Promise<number[]> {
  const ids: number[] = [];
  for (const p of [...plays].sort((a, b) => a.at - b.at)) {
    advanceTo(rw.cw.w.clock, new Date(c.startTime.getTime() + p.at * 1000));
    const res = await rw.cw.w.call<{ submitId: number }>('POST', '/api/submit-problem-judge', {
      token: rw.token[p.who],
      payload: { pid: p.problem, language: 'C++', code: CPP, cid: c.id, isRemote: false },
    });
    expect(res.status, `${p.who} submits ${p.problem}: ${res.msg}`).toBe(200);
    await rw.cw.w.judge.judgeNext({ status: p.status, score: p.score, time: p.time });
    ids.push(res.data.submitId);
  }
  return ids;
}

/** Moves the clock to `seconds` after the contest's start. */
export function toSecond(rw: RankWorld, c: ContestRow, seconds: number) {
  advanceTo(rw.cw.w.clock, new Date(c.startTime.getTime() + seconds * 1000));
}

export function rankOf(rw: RankWorld, who: string, body: Record<string, unknown>) {
  return rw.cw.w.call<Page<ContestRankRow> & ContestRankPageExtra>('POST', '/api/get-contest-rank', {
    token: rw.token[who],
    payload: body,
  });
}

export function outsideOf(rw: RankWorld, who: string | undefined, body: Record<string, unknown>) {
  return rw.cw.w.call<Page<ContestRankRow> & ContestRankPageExtra>(
    'POST',
    '/api/get-contest-outside-scoreboard',
    {
      token: who ? rw.token[who] : undefined,
      payload: body,
    },
  );
}

/** The ACM board in short: username, rank, ac, totalTime (s), total. */
export function acmSummary(res: Reply<Page<ContestRankRow>>) {
  expect(res.status, res.msg).toBe(200);
  return (res.data.records as AcmRankRow[]).map((r) => [r.username, r.rank, r.ac, r.totalTime, r.total]);
}

/** The OI board in short: username, rank, totalScore, totalTime (ms). */
export function oiSummary(res: Reply<Page<ContestRankRow>>) {
  expect(res.status, res.msg).toBe(200);
  return (res.data.records as OiRankRow[]).map((r) => [r.username, r.rank, r.totalScore, r.totalTime]);
}
