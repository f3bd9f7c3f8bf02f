import { eq, sql } from 'drizzle-orm';
import { JudgeStatus, type ContestJudgeVO } from '@verdict/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contest, judgeProblemCount, userAcproblem } from '../../src/db/schema/index.ts';
import { queryRows } from '../../src/db/rows.ts';
import type { Page } from '../../src/http/envelope.ts';
import { contestWorld, toMinute, type Caller, type ContestWorld } from './support.ts';

/**
 * The seal audit (reference §9.2, §7.18; issue 12): while a contest's board is sealed for a viewer,
 * the viewer must not learn a sealed result — the verdict of another's submission made from the
 * seal time on — through any call. One test per place a result could show; contest admins still
 * see everything. The participant is bob; the sealed result is alice's Accepted on A after the seal.
 */

let cw: ContestWorld;
beforeAll(async () => {
  cw = await contestWorld();
});
afterAll(() => cw.w.t.close());
// each contest moves the clock by hours: fresh logins keep the sessions from expiring
beforeEach(async () => {
  for (const name of Object.keys(cw.w.uids) as (keyof typeof cw.w.uids)[])
    cw.w.tokens[name] = await cw.w.t.app.auth.openSession(cw.w.uids[name], {
      userAgent: 'vitest',
      ip: '127.0.0.1',
    });
});

interface Sealed {
  cid: number;
  /** bob's WA before the seal */
  bobEarly: number;
  /** alice's AC after the seal: the sealed result */
  aliceLate: number;
  /** bob's own AC after the seal (ACM: his own results stay his to see) */
  bobLate: number;
}

/**
 * An ACM contest (seal at minute 120 of 180, `autoRealRank` off, so still sealed after the end):
 * bob WA on A at 10, alice AC on A at 130, bob AC on A at 140. The clock is left at `minute`.
 */
async function sealedContest(minute: number, values: Record<string, unknown> = {}): Promise<Sealed> {
  const c = await cw.contest({ autoRealRank: false, sealRank: true, ...values });
  await cw.w.t.db
    .update(contest)
    .set({ sealRankTime: new Date(c.startTime.getTime() + 120 * 60_000) })
    .where(eq(contest.id, c.id));
  const at = async (m: number, who: Caller, status: number) => {
    toMinute(cw.w.clock, c, m);
    const res = await cw.submit(who, c.id, 'A');
    expect(res.status).toBe(200);
    await cw.w.judge.judgeNext({ status, time: 15, memory: 2048 });
    return res.data.submitId;
  };
  const ids = {
    cid: c.id,
    bobEarly: await at(10, 'bob', JudgeStatus.WRONG_ANSWER),
    aliceLate: await at(130, 'alice', JudgeStatus.ACCEPTED),
    bobLate: await at(140, 'bob', JudgeStatus.ACCEPTED),
  };
  toMinute(cw.w.clock, c, minute);
  return ids;
}

/** While running (minute 150) and after the end with the board still sealed (minute 200). */
const MOMENTS = [
  { when: 'while the contest runs', minute: 150 },
  { when: 'after the end without autoRealRank', minute: 200 },
];

/** problemAdmin: a signed-in user who is neither in the contest nor its admin. */
const asOutsider = <T>(method: 'GET' | 'POST', url: string, payload?: unknown) =>
  cw.w.call<T>(method, url, { token: cw.w.tokens.problemAdmin, payload });

const ids = (res: { data: Page<ContestJudgeVO> }) => res.data.records.map((r) => r.submitId);

describe.each(MOMENTS)('reference §9.2 seal audit, $when', ({ minute }) => {
  it('§9.2, §7.18 contest submission list: another’s submission after the seal is not listed, under any filter, nor counted', async () => {
    const s = await sealedContest(minute);
    const list = (who: Caller, q = '') =>
      cw.call<Page<ContestJudgeVO>>(who, 'GET', `/api/contest-submissions?contestID=${s.cid}${q}`);
    for (const q of [
      '',
      '&status=0',
      '&username=alice',
      '&problemID=A&completeProblemID=true',
      '&containsEnd=true',
    ]) {
      const res = await list('bob', q);
      expect(ids(res), q).not.toContain(s.aliceLate);
      expect(res.data.total, q).toBe(res.data.records.length);
    }
    expect(ids(await list('bob'))).toEqual([s.bobLate, s.bobEarly]);
    // contest admins see everything
    expect(ids(await list('admin'))).toEqual([s.bobLate, s.aliceLate, s.bobEarly]);
    expect(ids(await list('root', '&status=0'))).toEqual([s.bobLate, s.aliceLate]);
  });

  it('§9.2, §7.10 submission details, case results and both status checks: no verdict, time, memory or code', async () => {
    const s = await sealedContest(minute);
    const detail = await cw.call<{ submission: Record<string, unknown> }>(
      'bob',
      'GET',
      `/api/get-submission-detail?submitId=${s.aliceLate}`,
    );
    expect(detail.data.submission).toMatchObject({
      status: JudgeStatus.SUBMITTED_UNKNOWN_RESULT,
      time: null,
      memory: null,
      score: null,
      code: null,
      errorMessage: null,
    });
    const cases = await cw.call('bob', 'GET', `/api/get-all-case-result?submitId=${s.aliceLate}`);
    expect(cases.data).toBeNull();
    const contestCheck = await cw.call<Record<string, unknown>>(
      'bob',
      'POST',
      '/api/check-contest-submissions-status',
      {
        cid: s.cid,
        submitIds: [s.aliceLate, s.bobLate],
      },
    );
    expect(Object.keys(contestCheck.data)).toEqual([String(s.bobLate)]);
    for (const payload of [{ submitIds: [s.aliceLate] }, { submitIds: [s.aliceLate], cid: s.cid }]) {
      const check = await cw.call<Record<string, unknown>>(
        'bob',
        'POST',
        '/api/check-submissions-status',
        payload,
      );
      expect(check.data).toEqual({});
    }
    // the contest admins see the verdict
    const forAdmin = await cw.call<{ submission: Record<string, unknown> }>(
      'admin',
      'GET',
      `/api/get-submission-detail?submitId=${s.aliceLate}`,
    );
    expect(forAdmin.data.submission).toMatchObject({ status: JudgeStatus.ACCEPTED, time: 15 });
  });

  it('§9.2, §7.10 an OI-scored problem in an ACM contest: another’s sealed score is not shown, oiRankScore included', async () => {
    const s = await sealedContest(minute);
    const c = { id: s.cid };
    // alice tries the OI-scored problem B after the seal (the clock is past minute 140 already)
    const res = await cw.submit('alice', c.id, 'B');
    if (res.status === 200) {
      await cw.w.judge.judgeNext({ status: JudgeStatus.PARTIAL_ACCEPTED, score: 50 });
      const detail = await cw.call<{ submission: Record<string, unknown> }>(
        'bob',
        'GET',
        `/api/get-submission-detail?submitId=${res.data.submitId}`,
      );
      expect(detail.data.submission).toMatchObject({ status: -5, score: null, oiRankScore: null });
    } else {
      // after the end nobody submits (allowEndSubmit off): the running case covers it
      expect(minute).toBeGreaterThan(180);
    }
  });

  it('§9.2, §3.4 the public status list never lists contest submissions', async () => {
    const s = await sealedContest(minute);
    for (const q of [
      '',
      '?username=alice',
      '?status=0',
      `?problemID=${cw.acm.problemId}&completeProblemID=true`,
    ]) {
      const res = await cw.call<Page<{ submitId: number; cid: number }>>(
        'bob',
        'GET',
        `/api/get-submission-list${q}`,
      );
      expect(res.status).toBe(200);
      expect(res.data.records.map((r) => r.submitId)).not.toContain(s.aliceLate);
      expect(res.data.records.every((r) => r.cid === 0)).toBe(true);
    }
  });

  it('§9.2, §7.8, §7.9 problem list, problem page and focus-mode list: AC/total hidden, only one’s own status', async () => {
    const s = await sealedContest(minute);
    const problems = await cw.call<
      { displayId: string; ac: number | null; total: number | null; myStatus: number }[]
    >('bob', 'GET', `/api/get-contest-problem?cid=${s.cid}`);
    expect(problems.data[0]).toMatchObject({ displayId: 'A', ac: null, total: null, myStatus: 0 });
    const details = await cw.call<{ problemCount: unknown; realTime: boolean }>(
      'bob',
      'GET',
      `/api/get-contest-problem-details?cid=${s.cid}&displayId=A`,
    );
    expect(details.data).toMatchObject({ problemCount: null, realTime: false });
    // alice's own status: her AC, never anything of bob's; a user with no submission sees -10
    const status = (who: Caller) =>
      cw.call<Record<string, { status: number }>>(who, 'POST', '/api/get-user-problem-status', {
        pidList: [cw.acm.pid],
        cid: s.cid,
        isContestProblemList: true,
      });
    expect((await status('alice')).data[cw.acm.pid]!.status).toBe(JudgeStatus.ACCEPTED);
    const outsider = await asOutsider<Record<string, { status: number }>>(
      'POST',
      '/api/get-user-problem-status',
      {
        pidList: [cw.acm.pid],
        cid: s.cid,
        isContestProblemList: true,
      },
    );
    expect(outsider.data[cw.acm.pid]!.status).toBe(JudgeStatus.NOT_SUBMITTED);
    const full = await asOutsider<{ problemId: string; status: number }[]>(
      'GET',
      `/api/get-full-screen-problem-list?cid=${s.cid}`,
    );
    expect(full.data[0]).toMatchObject({ problemId: 'A', status: JudgeStatus.NOT_SUBMITTED });
    // contest admins: the real counts (bob's two and alice's one; the creator's none)
    const forAdmin = await cw.call<{ ac: number; total: number }[]>(
      'admin',
      'GET',
      `/api/get-contest-problem?cid=${s.cid}`,
    );
    expect(forAdmin.data[0]).toMatchObject({ ac: 2, total: 3 });
  });

  it('§9.2, §7.18 with openRank, the problem list shown to anonymous callers hides AC/total too', async () => {
    const s = await sealedContest(minute, { openRank: true });
    const res = await cw.call<{ ac: number | null; total: number | null; myStatus: number | null }[]>(
      'anonymous',
      'GET',
      `/api/get-contest-problem?cid=${s.cid}`,
    );
    expect(res.status).toBe(200);
    expect(res.data[0]).toMatchObject({ ac: null, total: null, myStatus: null });
  });

  it('§9.2, §9.8 the AC helper, the accepted-code zip and the scroll board are the staff’s: participants are refused', async () => {
    const s = await sealedContest(minute);
    const calls = [
      `/api/get-contest-ac-info?cid=${s.cid}`,
      `/api/file/download-contest-ac-submission?cid=${s.cid}`,
      `/api/get-contest-scroll-board-info?cid=${s.cid}`,
      `/api/get-contest-scroll-board-submission?cid=${s.cid}`,
    ];
    for (const url of calls) expect((await cw.call('bob', 'GET', url)).status, url).toBe(403);
    const check = await cw.call('bob', 'PUT', '/api/check-contest-ac-info', {
      id: 1,
      cid: s.cid,
      checked: true,
    });
    expect(check.status).toBe(403);
    const helper = await cw.call<Page<{ submitId: number }>>(
      'admin',
      'GET',
      `/api/get-contest-ac-info?cid=${s.cid}`,
    );
    expect(helper.data.records.map((r) => r.submitId).sort()).toEqual([s.aliceLate, s.bobLate].sort());
  });

  it('§9.2, §3.3 get-last-ac-code with cid gives one’s own code only', async () => {
    const s = await sealedContest(minute);
    const mine = await cw.call<{ submitId: number | null }>(
      'bob',
      'GET',
      `/api/get-last-ac-code?pid=${cw.acm.pid}&cid=${s.cid}`,
    );
    expect(mine.data.submitId).toBe(s.bobLate);
    const nobody = await asOutsider<{ submitId: number | null }>(
      'GET',
      `/api/get-last-ac-code?pid=${cw.acm.pid}&cid=${s.cid}`,
    );
    expect(nobody.data.submitId).toBeNull();
  });
});

describe('reference §9.2 seal audit: public counters and the user side', () => {
  it('§7.11, §4.1: contest submissions feed no public counter (user_acproblem, the problem and status counts)', async () => {
    const statusTotal = () =>
      queryRows<{ n: number }>(cw.w.t.db, sql`select coalesce(sum(n), 0)::int as n from judge_status_count`);
    const before = await statusTotal();
    const s = await sealedContest(150);
    const acs = await cw.w.t.db.select().from(userAcproblem).where(eq(userAcproblem.uid, cw.w.uids.alice));
    expect(acs).toEqual([]);
    const counts = await cw.w.t.db
      .select()
      .from(judgeProblemCount)
      .where(eq(judgeProblemCount.pid, cw.acm.pid));
    expect(counts).toEqual([]);
    expect(await statusTotal()).toEqual(before);
    // the public problem page's counts (root may open a contest-only problem) stay at zero
    const page = await cw.call<{ problemCount: { total: number } }>(
      'root',
      'GET',
      `/api/get-problem-detail?problemId=${cw.acm.problemId}`,
    );
    expect(page.data.problemCount.total).toBe(0);
    expect(s.aliceLate).toBeGreaterThan(0);
  });

  it('§7.9, §7.10 OI: one’s own submissions after the seal show as Submitted Unknown Result (-5) everywhere', async () => {
    const c = await cw.contest({ type: 1, sealRank: true, autoRealRank: false });
    await cw.w.t.db
      .update(contest)
      .set({ sealRankTime: new Date(c.startTime.getTime() + 60 * 60_000) })
      .where(eq(contest.id, c.id));
    toMinute(cw.w.clock, c, 70);
    const res = await cw.submit('bob', c.id, 'B');
    await cw.w.judge.judgeNext({ status: JudgeStatus.PARTIAL_ACCEPTED, score: 50 });
    toMinute(cw.w.clock, c, 200);
    const id = res.data.submitId;
    const list = await cw.call<Page<ContestJudgeVO>>(
      'bob',
      'GET',
      `/api/contest-submissions?contestID=${c.id}`,
    );
    // oiRankScore is computed from the score (reference §7.11): it is sealed with it
    expect(list.data.records[0]).toMatchObject({ submitId: id, status: -5, score: null, oiRankScore: null });
    const check = await cw.call<Record<string, Record<string, unknown>>>(
      'bob',
      'POST',
      '/api/check-contest-submissions-status',
      { cid: c.id, submitIds: [id] },
    );
    expect(check.data[id]).toMatchObject({ status: -5, score: null, oiRankScore: null });
    const detail = await cw.call<{ submission: Record<string, unknown> }>(
      'bob',
      'GET',
      `/api/get-submission-detail?submitId=${id}`,
    );
    expect(detail.data.submission).toMatchObject({ status: -5, score: null, oiRankScore: null });
    const status = await cw.call<Record<string, { status: number; score: number | null }>>(
      'bob',
      'POST',
      '/api/get-user-problem-status',
      { pidList: [cw.oi.pid], cid: c.id, isContestProblemList: true },
    );
    expect(status.data[cw.oi.pid]).toEqual({ status: -5, score: null });
    const problems = await cw.call<{ myStatus: number; score: number | null }[]>(
      'bob',
      'GET',
      `/api/get-contest-problem?cid=${c.id}`,
    );
    expect(problems.data.find((p) => p.myStatus !== -10)).toMatchObject({ myStatus: -5, score: null });
    const full = await cw.call<{ status: number; score: number | null }[]>(
      'bob',
      'GET',
      `/api/get-full-screen-problem-list?cid=${c.id}`,
    );
    expect(full.data.find((p) => p.status !== -10)).toMatchObject({ status: -5, score: null });
    // its creator sees the score
    const forAdmin = await cw.call<{ submission: Record<string, unknown> }>(
      'admin',
      'GET',
      `/api/get-submission-detail?submitId=${id}`,
    );
    expect(forAdmin.data.submission).toMatchObject({ status: JudgeStatus.PARTIAL_ACCEPTED, score: 50 });
    expect(forAdmin.data.submission.oiRankScore).not.toBeNull();
  });

  it('§9.2 autoRealRank: after the end the seal lifts and the participant sees the results', async () => {
    const s = await sealedContest(200, { autoRealRank: true });
    const list = await cw.call<Page<ContestJudgeVO>>(
      'bob',
      'GET',
      `/api/contest-submissions?contestID=${s.cid}`,
    );
    expect(ids(list)).toEqual([s.bobLate, s.aliceLate, s.bobEarly]);
    const detail = await cw.call<{ submission: { status: number } }>(
      'bob',
      'GET',
      `/api/get-submission-detail?submitId=${s.aliceLate}`,
    );
    expect(detail.data.submission.status).toBe(JudgeStatus.ACCEPTED);
  });
});
