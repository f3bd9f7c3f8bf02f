import { JudgeStatus } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, createClass, outcome } from './fixtures.ts';
import { CPP, createWorld, problemDto, submit, type World } from '../problem/fixtures.ts';

/**
 * Issue 27, a group's problem list: reference §3.3 / §7.9 `POST /api/get-user-problem-status`
 * outside contests looks at the caller's submissions with `cid = 0` and `gid` = the given group, or
 * NULL without one. A member solved the group's problem inside the group and tried the public
 * sample problem P1000 in the public bank; each shows only on its own side. HOJ's client sends
 * `gid` as a number, or as a string after a reload; absent, null and 0 mean no group.
 */
let w: World;
const who = {} as Record<'gadmin' | 'member' | 'alice', string>;
let gid: number;
/** the group's problem (open to its members) */
let groupPid: number;
const as = callAs(() => w);

type Statuses = Record<string, { status: number }>;
const statuses = async (token: string, extra: Record<string, unknown>) => {
  const res = await as<Statuses>(token, 'POST', '/api/get-user-problem-status', {
    pidList: [groupPid, w.p1000],
    isContestProblemList: false,
    ...extra,
  });
  expect(outcome(res)).toBe('ok');
  return [res.data[groupPid]?.status, res.data[w.p1000]?.status];
};

beforeAll(async () => {
  w = await createWorld();
  const cls = await createClass(w, 'sts01', 'Status Class');
  gid = cls.gid;
  Object.assign(who, { gadmin: cls.tokens.gadmin, member: cls.tokens.member, alice: w.tokens.alice });
  const made = await as<{ pid: number; problemId: string }>(
    who.gadmin,
    'POST',
    '/api/group/problem',
    await problemDto(w, { gid, problemId: 'T1', title: 'Group task' }),
  );
  expect(outcome(made)).toBe('ok');
  groupPid = made.data.pid;
  // in the group: accepted, then a wrong answer (any accepted one makes the status 0)
  for (const status of [JudgeStatus.ACCEPTED, JudgeStatus.WRONG_ANSWER]) {
    w.clock.advance(60_000);
    const sent = await as(who.member, 'POST', '/api/submit-problem-judge', {
      pid: made.data.problemId,
      language: 'C++',
      code: CPP,
      cid: 0,
      gid,
      isRemote: false,
    });
    expect(outcome(sent)).toBe('ok');
    await w.judge.judgeNext({ status });
  }
  // in the public bank: a wrong answer on P1000
  expect(outcome(await submit(w, who.member, 'P1000'))).toBe('ok');
  await w.judge.judgeNext({ status: JudgeStatus.WRONG_ANSWER });
});
afterAll(() => w?.t.close());

describe('reference §7.9 get-user-problem-status outside contests: the group’s submissions with gid, the public ones without', () => {
  it('§7.9 with gid (a number or a string of digits): the member’s group AC is 0, the public submission is not seen', async () => {
    expect(await statuses(who.member, { gid })).toEqual([JudgeStatus.ACCEPTED, -10]);
    expect(await statuses(who.member, { gid: String(gid) })).toEqual([JudgeStatus.ACCEPTED, -10]);
  });

  it('§7.9 without gid (absent, null, 0, "0", ""): the public submission only, not the group AC', async () => {
    for (const extra of [{}, { gid: null }, { gid: 0 }, { gid: '0' }, { gid: '' }])
      expect(await statuses(who.member, extra), JSON.stringify(extra)).toEqual([
        -10,
        JudgeStatus.WRONG_ANSWER,
      ]);
  });

  it('§7.9: the caller’s own submissions only: the group admin and an outsider have none there', async () => {
    for (const token of [who.gadmin, who.alice]) {
      expect(await statuses(token, { gid })).toEqual([-10, -10]);
      expect(await statuses(token, {})).toEqual([-10, -10]);
    }
  });

  it('a gid that is no integer is refused (HTTP 400)', async () => {
    const res = await as(who.member, 'POST', '/api/get-user-problem-status', {
      pidList: [groupPid],
      isContestProblemList: false,
      gid: 'x1',
    });
    expect(res.http).toBe(400);
  });
});
