import { eq } from 'drizzle-orm';
import { JudgeStatus } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contest, problem } from '../../src/db/schema/index.ts';
import { registerInContest } from '../helpers/contests.ts';
import { contestWorld, toMinute, type ContestWorld } from '../contest/support.ts';
import { createProblem, submit } from '../problem/fixtures.ts';

/**
 * issue 24 item 6: reference §4 judge_case.user_output is the judge's or the checker's message.
 * Verdict's judge also quotes the program there (judge grading/case-judge.ts): an excerpt of the
 * output it compared, and the start of a runtime error's stderr. That part gives hidden test data
 * away, so only the submitter and the admins get it; everyone else gets the judge's words.
 */

// What the judge writes (case-judge.ts): the compared output as it was printed, or the exit line
// and the program's stderr under it.
const PRINTED = '55\n1\n687995182';
const EXIT_LINE = 'The program return exit status code: 1';
const RUNTIME_ERROR = `${EXIT_LINE}\nexpected 687995182 (read from the hidden input)`;
const CHECKER = 'wrong answer expected 3, found 4';

type Who = 'anonymous' | 'alice' | 'bob' | 'admin' | 'problemAdmin' | 'root';
const EVERYONE: Who[] = ['anonymous', 'alice', 'bob', 'admin', 'problemAdmin', 'root'];

let cw: ContestWorld;
beforeAll(async () => {
  cw = await contestWorld();
});
afterAll(() => cw.w.t.close());

const token = (who: Who) => (who === 'anonymous' ? undefined : cw.w.tokens[who]);

/** The case messages `who` gets, or the refusal's status, or null when the cases are hidden. */
async function messagesFor(who: Who, submitId: number) {
  const res = await cw.w.call<{ judgeCaseList?: { userOutput: string | null }[] } | null>(
    'GET',
    `/api/get-all-case-result?submitId=${submitId}`,
    { token: token(who) },
  );
  if (res.status !== 200) return res.status;
  return res.data === null ? null : res.data.judgeCaseList!.map((c) => c.userOutput);
}

async function seenBy(submitId: number, callers: Who[] = EVERYONE) {
  const seen: Partial<Record<Who, unknown>> = {};
  for (const who of callers) seen[who] = await messagesFor(who, submitId);
  return seen;
}

describe('issue 24 item 6: the program’s output in case messages, outside contests', () => {
  it('compared output and stderr go to the submitter and the admin roles only, shared code or not', async () => {
    const wa = (await submit(cw.w, cw.w.tokens.alice, 'P1000')).data.submitId;
    await cw.w.judge.judgeNext({
      status: JudgeStatus.WRONG_ANSWER,
      cases: [JudgeStatus.ACCEPTED, JudgeStatus.WRONG_ANSWER],
      messages: ['3', PRINTED],
    });
    const full = ['3', PRINTED];
    const judgeOnly = [null, null];
    expect(await seenBy(wa)).toEqual({
      anonymous: judgeOnly,
      alice: full,
      bob: judgeOnly,
      admin: full,
      problemAdmin: full,
      root: full,
    });
    // sharing the code shares the code, not what it printed on the test data
    const share = await cw.w.call('PUT', '/api/submission', {
      token: cw.w.tokens.alice,
      payload: { submitId: wa, share: true },
    });
    expect(share.status).toBe(200);
    expect(await seenBy(wa, ['anonymous', 'bob'])).toEqual({ anonymous: judgeOnly, bob: judgeOnly });

    const re = (await submit(cw.w, cw.w.tokens.alice, 'P1000')).data.submitId;
    await cw.w.judge.judgeNext({
      status: JudgeStatus.RUNTIME_ERROR,
      cases: [JudgeStatus.RUNTIME_ERROR, JudgeStatus.TIME_LIMIT_EXCEEDED],
      messages: [RUNTIME_ERROR, null],
    });
    const seen = await seenBy(re);
    expect(seen.anonymous).toEqual([EXIT_LINE, null]);
    expect(seen.bob).toEqual([EXIT_LINE, null]);
    for (const who of ['alice', 'admin', 'problemAdmin', 'root'] as const)
      expect(seen[who], who).toEqual([RUNTIME_ERROR, null]);
  });

  it('a checker’s message is the checker’s words: everyone who sees the cases gets it', async () => {
    const made = await createProblem(cw.w, { problemId: 'SPJ-MSG' });
    await cw.w.t.db.update(problem).set({ judgeMode: 'spj' }).where(eq(problem.id, made.pid));
    const sid = (await submit(cw.w, cw.w.tokens.alice, made.problemId)).data.submitId;
    await cw.w.judge.judgeNext({
      status: JudgeStatus.WRONG_ANSWER,
      cases: [JudgeStatus.ACCEPTED, JudgeStatus.WRONG_ANSWER],
      messages: ['ok 1 number', CHECKER],
    });
    const seen = await seenBy(sid, ['anonymous', 'bob', 'alice']);
    for (const who of ['anonymous', 'bob', 'alice'] as const)
      expect(seen[who], who).toEqual(['ok 1 number', CHECKER]);
  });
});

describe('issue 24 item 6: the program’s output in case messages, in contests', () => {
  /** bob's judged submission of `displayId` at `minute` of a contest where alice takes part too. */
  async function contestSubmission(
    values: Record<string, unknown>,
    displayId: 'A' | 'B',
    minute: number,
    c?: Awaited<ReturnType<ContestWorld['contest']>>,
  ) {
    const row = c ?? (await cw.contest(values));
    if (!c) await registerInContest(cw.w.t.db, row.id, cw.w.uids.alice);
    toMinute(cw.w.clock, row, minute);
    const res = await cw.submit('bob', row.id, displayId);
    expect(res.status, res.msg).toBe(200);
    await cw.w.judge.judgeNext({
      status: JudgeStatus.WRONG_ANSWER,
      cases: [JudgeStatus.ACCEPTED, JudgeStatus.WRONG_ANSWER],
      scores: displayId === 'B' ? [50, 0] : undefined,
      score: displayId === 'B' ? 50 : undefined,
      messages: ['3', PRINTED],
    });
    return { c: row, submitId: res.data.submitId };
  }

  const full = ['3', PRINTED];
  const judgeOnly = [null, null];
  // alice: another participant; admin: the contest's creator (an admin, not root); problem admins
  // see every case result (reference §7.10)
  const CONTEST_CALLERS: Who[] = ['anonymous', 'alice', 'bob', 'problemAdmin', 'admin', 'root'];

  it('ACM: hidden from participants while it runs; afterwards the output stays the submitter’s', async () => {
    const { c, submitId } = await contestSubmission({}, 'A', 10);
    expect(await seenBy(submitId, CONTEST_CALLERS)).toEqual({
      anonymous: 401,
      alice: null,
      bob: null,
      problemAdmin: full,
      admin: full,
      root: full,
    });
    toMinute(cw.w.clock, c, 181);
    expect(await seenBy(submitId, CONTEST_CALLERS)).toEqual({
      anonymous: 401,
      alice: judgeOnly,
      bob: full,
      problemAdmin: full,
      admin: full,
      root: full,
    });
  });

  it('OI while it runs: other participants see the verdicts, not the output', async () => {
    const { c, submitId } = await contestSubmission({ type: 1 }, 'B', 10);
    expect(await seenBy(submitId, CONTEST_CALLERS)).toEqual({
      anonymous: 401,
      alice: judgeOnly,
      bob: full,
      problemAdmin: full,
      admin: full,
      root: full,
    });
    toMinute(cw.w.clock, c, 181);
    expect((await seenBy(submitId, ['alice', 'bob'])).alice).toEqual(judgeOnly);
  });

  it('sealed OI: nothing while sealed; after the end, before-seal cases without the output', async () => {
    const { c, submitId } = await contestSubmission(
      { type: 1, sealRank: true, autoRealRank: false },
      'B',
      10,
    );
    await cw.w.t.db
      .update(contest)
      .set({ sealRankTime: new Date(c.startTime.getTime() + 120 * 60_000) })
      .where(eq(contest.id, c.id));
    const late = await contestSubmission({}, 'B', 130, c);
    expect(await seenBy(submitId, CONTEST_CALLERS)).toEqual({
      anonymous: 401,
      alice: null,
      bob: null,
      problemAdmin: full,
      admin: full,
      root: full,
    });
    expect(await seenBy(late.submitId, ['alice', 'bob'])).toEqual({ alice: null, bob: null });
    toMinute(cw.w.clock, c, 181);
    expect(await seenBy(submitId, CONTEST_CALLERS)).toEqual({
      anonymous: 401,
      alice: judgeOnly,
      bob: full,
      problemAdmin: full,
      admin: full,
      root: full,
    });
    // still sealed for participants after the end (autoRealRank off): the late one stays hidden
    expect(await seenBy(late.submitId, ['alice', 'admin'])).toEqual({ alice: null, admin: full });
  });
});
