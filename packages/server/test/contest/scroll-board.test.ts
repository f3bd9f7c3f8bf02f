import { eq } from 'drizzle-orm';
import {
  JudgeStatus,
  SCROLL_BOARD_MESSAGES,
  type ContestScrollBoardInfoVO,
  type ContestScrollBoardSubmissionVO,
} from '@verdict/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contest, judge, userInfo } from '../../src/db/schema/index.ts';
import { contestWorld, toMinute, type Caller, type ContestWorld } from './support.ts';

let cw: ContestWorld;
beforeAll(async () => {
  cw = await contestWorld();
  await cw.w.t.db
    .update(userInfo)
    .set({ school: 'North', nickname: 'Alice N' })
    .where(eq(userInfo.username, 'alice'));
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

const info = (who: Caller, cid: number) =>
  cw.call<ContestScrollBoardInfoVO>(who, 'GET', `/api/get-contest-scroll-board-info?cid=${cid}`);
const submissions = (who: Caller, cid: number, query = '') =>
  cw.call<ContestScrollBoardSubmissionVO[]>(
    who,
    'GET',
    `/api/get-contest-scroll-board-submission?cid=${cid}${query}`,
  );

/** Sets the seal of a contest to `minute` after its start. */
async function sealAt(c: { id: number; startTime: Date }, minute: number) {
  await cw.w.t.db
    .update(contest)
    .set({ sealRank: true, sealRankTime: new Date(c.startTime.getTime() + minute * 60_000) })
    .where(eq(contest.id, c.id));
}

async function submitAndJudge(who: Caller, cid: number, displayId: string, status: number) {
  const res = await cw.submit(who, cid, displayId);
  expect(res.status).toBe(200);
  await cw.w.judge.judgeNext({ status });
  return res.data.submitId;
}

/**
 * A sealed ACM contest (seal at minute 120 of 180, the board not unsealed at the end) with: bob WA
 * at minute 10 and AC at 20, alice AC at 130 (after the seal), bob a pending one at 150, a
 * cancelled one of alice, and tries of the creator and of root; the clock then past the end.
 */
async function endedSealedContest(values: Record<string, unknown> = {}) {
  const c = await cw.contest({ autoRealRank: false, ...values });
  await sealAt(c, 120);
  toMinute(cw.w.clock, c, 10);
  const ids: Record<string, number> = {};
  ids.bobWa = await submitAndJudge('bob', c.id, 'A', JudgeStatus.WRONG_ANSWER);
  toMinute(cw.w.clock, c, 20);
  ids.bobAc = await submitAndJudge('bob', c.id, 'A', JudgeStatus.ACCEPTED);
  ids.creator = await submitAndJudge('admin', c.id, 'A', JudgeStatus.ACCEPTED);
  ids.root = await submitAndJudge('root', c.id, 'B', JudgeStatus.ACCEPTED);
  toMinute(cw.w.clock, c, 100);
  ids.cancelled = await submitAndJudge('alice', c.id, 'B', JudgeStatus.WRONG_ANSWER);
  await cw.w.t.db
    .update(judge)
    .set({ status: JudgeStatus.CANCELLED })
    .where(eq(judge.submitId, ids.cancelled));
  toMinute(cw.w.clock, c, 130);
  ids.aliceAc = await submitAndJudge('alice', c.id, 'B', JudgeStatus.ACCEPTED);
  toMinute(cw.w.clock, c, 150);
  const pending = await cw.submit('bob', c.id, 'B');
  ids.bobPending = pending.data.submitId;
  toMinute(cw.w.clock, c, 181);
  return { c, ids };
}

describe('reference §3.6 get-contest-scroll-board-info / -submission, §9.7: who may roll the board', () => {
  it('anonymous callers must log in; normal users and participants are refused; the creator and root are served', async () => {
    const { c } = await endedSealedContest();
    const answers: Record<string, [number, number]> = {};
    for (const who of ['anonymous', 'alice', 'bob', 'admin', 'root'] as const) {
      const [i, s] = [await info(who, c.id), await submissions(who, c.id)];
      answers[who] = [i.status, s.status];
    }
    expect(answers).toEqual({
      anonymous: [401, 401],
      alice: [403, 403],
      bob: [403, 403],
      admin: [200, 200],
      root: [200, 200],
    });
  });

  it('info: balloon colours, problem count, start and seal times, star users, rankShowName', async () => {
    const { c } = await endedSealedContest({
      starAccount: { star_account: ['bob'] },
      rankShowName: 'nickname',
      title: 'Roll Cup',
    });
    const res = await info('admin', c.id);
    expect(res.data).toEqual({
      id: c.id,
      rankShowName: 'nickname',
      problemCount: 2,
      balloonColor: { A: '#ff0000', B: '#ff0000' },
      startTime: c.startTime.toISOString(),
      sealRankTime: new Date(c.startTime.getTime() + 120 * 60_000).toISOString(),
      starUserList: ['bob'],
      endTime: c.endTime.toISOString(),
      title: 'Roll Cup',
      displayIdList: ['A', 'B'],
    });
  });

  it('submissions: newest first with the author’s profile; no cancelled ones, none of the creator or of roots (§9.1); pending ones kept', async () => {
    const { c, ids } = await endedSealedContest({ starAccount: { star_account: ['bob'] } });
    const res = await submissions('root', c.id);
    expect(res.data.map((s) => s.submitId)).toEqual([ids.bobPending, ids.aliceAc, ids.bobAc, ids.bobWa]);
    expect(res.data[1]).toEqual({
      uid: cw.w.uids.alice,
      username: 'alice',
      nickname: 'Alice N',
      realname: null,
      school: 'North',
      avatar: null,
      gender: 'secrecy',
      submitId: ids.aliceAc,
      status: JudgeStatus.ACCEPTED,
      submitTime: new Date(c.startTime.getTime() + 130 * 60_000).toISOString(),
      displayId: 'B',
    });
    expect(res.data[0]!.status).toBe(JudgeStatus.PENDING);
    // removeStar: the star users' submissions are left out
    const noStars = await submissions('admin', c.id, '&removeStar=true');
    expect(noStars.data.map((s) => s.username)).toEqual(['alice']);
  });

  it('§9.7: ACM contests only, sealed ones only, ended ones only (HOJ’s refusals, both languages)', async () => {
    const oi = await cw.contest({ type: 1, autoRealRank: false });
    await sealAt(oi, 120);
    toMinute(cw.w.clock, oi, 181);
    for (const call of [info, submissions]) {
      const res = await call('admin', oi.id);
      expect({ status: res.status, msg: res.msg }).toEqual({
        status: 400,
        msg: SCROLL_BOARD_MESSAGES.notAcm.en,
      });
    }
    const zh = await cw.w.call('GET', `/api/get-contest-scroll-board-info?cid=${oi.id}`, {
      token: cw.token('admin'),
      lang: 'zh',
    });
    expect(zh.msg).toBe(SCROLL_BOARD_MESSAGES.notAcm.zh);

    const open = await cw.contest();
    toMinute(cw.w.clock, open, 181);
    expect((await info('root', open.id)).msg).toBe(SCROLL_BOARD_MESSAGES.notSealed.en);

    const running = await cw.contest();
    await sealAt(running, 120);
    toMinute(cw.w.clock, running, 150);
    expect((await submissions('admin', running.id)).msg).toBe(SCROLL_BOARD_MESSAGES.notEnded.en);
  });

  it('§7.18: an invisible contest answers a non-admin as a missing one; its creator still rolls it', async () => {
    const { c } = await endedSealedContest();
    await cw.w.t.db.update(contest).set({ visible: false }).where(eq(contest.id, c.id));
    for (const call of [info, submissions]) {
      const missing = await call('bob', 987654);
      const hidden = await call('bob', c.id);
      expect(missing.status).toBe(404);
      expect({ status: hidden.status, msg: hidden.msg }).toEqual({
        status: missing.status,
        msg: missing.msg,
      });
      expect((await call('admin', c.id)).status).toBe(200);
    }
  });
});
