import { inArray } from 'drizzle-orm';
import { JudgeStatus, type AcmRankRow, type ContestJudgeVO, type ContestRankRow } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestRecord, judge } from '../../src/db/schema/index.ts';
import type { Page } from '../../src/http/envelope.ts';
import { messages } from '../../src/http/messages.ts';
import { staffMessages } from '../../src/modules/contest/staff/messages.ts';
import { policyMessages as pm } from '../../src/policy/messages.ts';
import { contestForm, contestSubmission, createContest } from '../admin/contest/fixtures.ts';
import { callAs, createClass, outcome, refusal } from './fixtures.ts';
import { CPP, createWorld, problemDto, type Reply, type World } from '../problem/fixtures.ts';

/**
 * Issue 27 "group contests: print, AC helper, rejudge, scoreboard with seal and stars": a group
 * contest created as contests.test.ts does, its staff calls (reference §3.6 print and AC info,
 * §3.4 rejudge-contest-problem, §6.4) and its board (§9.2 seal, §9.3 star users), as
 * test/contest/staff/*.test.ts and test/contest/rank/*.test.ts check them for a site contest. The
 * group root counts as contest admin (reference §2, §7.12), for the rejudge too (a departure: the
 * reference's route is site root's; README "Groups"). Callers: the contest's creator (a group
 * admin), the group's owner (root, 5), a second group admin, members (one of them a star user), a
 * user outside the group (alice) and the site root.
 */
let w: World;
const who = {} as Record<
  'owner' | 'gadmin' | 'gadmin2' | 'member' | 'm2' | 'star' | 'alice' | 'root',
  string
>;
let gid: number;
let cid: number;
/** the group problem A of the contest */
let pidA: number;
/** the submissions: member's AC, star's AC, m2's WA before the seal and m2's AC after it */
const sub = {} as Record<'memberAc' | 'starAc' | 'm2Wa' | 'm2Late', number>;
const as = callAs(() => w);
const MINUTE = 60_000;
let start: number;
const SEAL_MINUTE = 180;
const TEXT = '#include <cstdio>\nint main() { puts("please print me, I am long enough"); }\n';

/** Moves the clock to `minutes` after the start (never back). */
const toMinute = (minutes: number) => w.clock.advance(start + minutes * MINUTE - w.clock.now().getTime());

const submitA = async (token: string, status: number) => {
  const sent = await as<{ submitId: number }>(token, 'POST', '/api/submit-problem-judge', {
    pid: 'A',
    language: 'C++',
    code: CPP,
    cid: String(cid),
    gid: String(gid),
    isRemote: false,
  });
  expect(outcome(sent)).toBe('ok');
  await w.judge.judgeNext({ status });
  return sent.data.submitId;
};

type Board = Reply<Page<ContestRankRow>>;
const board = (token: string, body: Record<string, unknown> = {}) =>
  as<Page<ContestRankRow>>(token, 'POST', '/api/get-contest-rank', {
    cid,
    currentPage: 1,
    limit: 50,
    ...body,
  });
/** The ACM board in short: username, rank, ac, totalTime (s), total. */
const summary = (res: Board) => {
  expect(res.status, res.msg).toBe(200);
  return (res.data.records as AcmRankRow[]).map((r) => [r.username, r.rank, r.ac, r.totalTime, r.total]);
};

beforeAll(async () => {
  w = await createWorld();
  const cls = await createClass(w, 'cls21', 'Class Twenty-One');
  gid = cls.gid;
  Object.assign(who, cls.tokens, { root: w.tokens.root, alice: w.tokens.alice });
  who.gadmin2 = (await cls.join('cls21-gadmin2', 4)).token;
  who.m2 = (await cls.join('cls21-m2', 3)).token;
  who.star = (await cls.join('cls21-star', 3)).token;
  const form = contestForm(w, {
    title: 'Sealed Round',
    gid: String(gid),
    openPrint: true,
    sealRank: true,
    autoRealRank: true,
    starAccount: ['cls21-star'],
  });
  start = new Date(form.startTime).getTime();
  const made = await as<{ cid: number }>(who.gadmin, 'POST', '/api/group/contest', {
    ...form,
    sealRankTime: new Date(start + SEAL_MINUTE * MINUTE).toISOString(),
  });
  expect(outcome(made)).toBe('ok');
  cid = made.data.cid;
  const a = await as<{ pid: number }>(who.gadmin, 'POST', '/api/group/contest-problem', {
    ...(await problemDto(w, { problemId: 'R1', title: 'Round A' })),
    cid: String(cid),
    displayId: 'A',
  });
  expect(outcome(a)).toBe('ok');
  pidA = a.data.pid;

  toMinute(10);
  sub.memberAc = await submitA(who.member, JudgeStatus.ACCEPTED);
  toMinute(20);
  sub.starAc = await submitA(who.star, JudgeStatus.ACCEPTED);
  toMinute(30);
  sub.m2Wa = await submitA(who.m2, JudgeStatus.WRONG_ANSWER);
  toMinute(SEAL_MINUTE + 10);
  sub.m2Late = await submitA(who.m2, JudgeStatus.ACCEPTED);
  toMinute(SEAL_MINUTE + 20);
});
afterAll(() => w?.t.close());

describe('reference §3.6 submit-print-text and get-contest-print, §7.18, in a group contest', () => {
  it('a member prints as a participant; outsiders and anonymous callers may not', async () => {
    const print = (token: string | undefined) =>
      w.call('POST', '/api/submit-print-text', { token, payload: { cid, content: TEXT } });
    expect(outcome(await print(who.member))).toBe('ok');
    expect(outcome(await print(who.alice))).toBe(refusal(403, pm.contestGroupMembersOnly));
    expect((await print(undefined)).http).toBe(401);
  });

  it('the group root and the creator list the prints; another group admin and members may not', async () => {
    type Prints = { records: { id: number; username: string; status: number }[]; total: number };
    const list = (token: string) =>
      as<Prints>(token, 'GET', `/api/get-contest-print?cid=${cid}&currentPage=1&limit=15`);
    const forRoot = await list(who.owner);
    expect(outcome(forRoot)).toBe('ok');
    expect(forRoot.data.records.map((p) => [p.username, p.status])).toEqual([['cls21-member', 0]]);
    expect(outcome(await list(who.gadmin))).toBe('ok');
    expect(outcome(await list(who.gadmin2))).toBe(refusal(403, pm.contestNoPermission));
    expect(outcome(await list(who.member))).toBe(refusal(403, pm.contestNoPermission));
    // a staff call: an outsider is told the same as a member (policy `contest.staff`)
    expect(outcome(await list(who.alice))).toBe(refusal(403, pm.contestNoPermission));
    // the group root marks it printed (check-contest-print-status)
    const id = forRoot.data.records[0]!.id;
    expect(outcome(await as(who.member, 'PUT', `/api/check-contest-print-status?id=${id}&cid=${cid}`))).toBe(
      refusal(403, pm.contestNoPermission),
    );
    expect(outcome(await as(who.owner, 'PUT', `/api/check-contest-print-status?id=${id}&cid=${cid}`))).toBe(
      'ok',
    );
    expect((await list(who.owner)).data.records[0]!.status).toBe(1);
  });
});

describe('reference §3.6 get-contest-ac-info, §9.8, in a group contest', () => {
  it('the group root reads the first ACs (the creator’s none), first blood marked; members may not', async () => {
    type AcInfo = {
      username: string;
      displayId: string;
      time: number;
      firstBlood: boolean;
      submitId: number;
    };
    const info = await as<{ records: AcInfo[]; total: number }>(
      who.owner,
      'GET',
      `/api/get-contest-ac-info?cid=${cid}&currentPage=1&limit=20`,
    );
    expect(outcome(info)).toBe('ok');
    expect(info.data.records.map((r) => [r.username, r.displayId, r.time, r.firstBlood, r.submitId])).toEqual(
      [
        ['cls21-member', 'A', 600, true, sub.memberAc],
        ['cls21-star', 'A', 1200, false, sub.starAc],
        ['cls21-m2', 'A', (SEAL_MINUTE + 10) * 60, false, sub.m2Late],
      ],
    );
    for (const token of [who.gadmin2, who.member])
      expect(outcome(await as(token, 'GET', `/api/get-contest-ac-info?cid=${cid}`))).toBe(
        refusal(403, pm.contestNoPermission),
      );
  });
});

describe('reference §9.2 seal and §9.3 star users on a group contest board', () => {
  const REAL = [
    ['cls21-member', 1, 1, 600, 1],
    ['cls21-star', -1, 1, 1200, 1],
    ['cls21-m2', 2, 1, (SEAL_MINUTE + 10) * 60 + 20 * 60, 2],
  ];
  const SEALED = [
    ['cls21-member', 1, 1, 600, 1],
    ['cls21-star', -1, 1, 1200, 1],
    // the try after the seal counts, its result does not
    ['cls21-m2', 2, 0, 0, 2],
  ];

  it('a participant sees the sealed board (forceRefresh changes nothing); the star user is ranked -1', async () => {
    for (const forceRefresh of [false, true])
      // a participant's own row comes first (reference §9.6)
      expect(summary(await board(who.m2, { forceRefresh })), String(forceRefresh)).toEqual([
        SEALED[2],
        ...SEALED,
      ]);
    // a group admin who is no contest admin sees it sealed too
    expect(summary(await board(who.gadmin2, { forceRefresh: true }))).toEqual(SEALED);
    // removeStar drops the star user and moves no other rank
    expect(summary(await board(who.gadmin2, { removeStar: true }))).toEqual([SEALED[0], SEALED[2]]);
  });

  it('the group root (a contest admin) sees the real board with forceRefresh, the sealed one without', async () => {
    expect(summary(await board(who.owner))).toEqual(SEALED);
    expect(summary(await board(who.owner, { forceRefresh: true }))).toEqual(REAL);
    expect(summary(await board(who.gadmin, { forceRefresh: true }))).toEqual(REAL);
    expect(outcome(await board(who.alice))).toBe(refusal(403, pm.contestGroupMembersOnly));
  });

  it('§9.2, §7.18: a participant’s submission list has no other’s submission from the seal on; the group root’s has', async () => {
    const ids = async (token: string) =>
      (
        await as<Page<ContestJudgeVO>>(token, 'GET', `/api/contest-submissions?contestID=${cid}&limit=50`)
      ).data.records.map((r) => r.submitId);
    const forMember = await ids(who.member);
    expect(forMember).not.toContain(sub.m2Late);
    expect(forMember).toContain(sub.m2Wa);
    // one's own stay listed (ACM)
    expect(await ids(who.m2)).toContain(sub.m2Late);
    expect((await ids(who.owner)).sort()).toEqual(Object.values(sub).sort());
    const detail = await as<{ submission: { status: number } }>(
      who.member,
      'GET',
      `/api/get-submission-detail?submitId=${sub.m2Late}`,
    );
    expect(detail.data.submission.status).toBe(JudgeStatus.SUBMITTED_UNKNOWN_RESULT);
  });
});

describe('reference §3.4 rejudge-contest-problem, §6.4; Changed (issue 27, §2, §7.12): a group contest’s admins rejudge it', () => {
  const rejudge = (token: string | undefined, contest = cid, pid = pidA) =>
    w.call('GET', `/api/admin/judge/rejudge-contest-problem?cid=${contest}&pid=${pid}`, { token });
  /** reference §3.4's route gate: HTTP 403 with "no permission" in the body too */
  const NO_PERMISSION = [403, refusal(403, messages.noPermission)];
  const answer = async (token: string | undefined, contest = cid, pid = pidA) => {
    const res = await rejudge(token, contest, pid);
    return [res.http, outcome(res)];
  };
  const statuses = async (ids: number[]) =>
    (await w.t.db.select().from(judge).where(inArray(judge.submitId, ids)))
      .sort((a, b) => a.submitId - b.submitId)
      .map((r) => r.status);
  const VERDICT = () =>
    new Map([
      [sub.memberAc, JudgeStatus.ACCEPTED],
      [sub.starAc, JudgeStatus.ACCEPTED],
      [sub.m2Wa, JudgeStatus.WRONG_ANSWER],
      [sub.m2Late, JudgeStatus.ACCEPTED],
    ]);
  const ids = () => Object.values(sub).sort((a, b) => a - b);
  let otherGroupRoot: string;

  /**
   * `token` rejudges problem A: its four submissions go back to Pending through the lifecycle, their
   * contest records are reset, the queue hands them out again and the board comes back the same.
   */
  const rejudgedAndJudgedAgain = async (token: string) => {
    expect(outcome(await rejudge(token))).toBe('ok');
    expect(await statuses(ids())).toEqual(ids().map(() => JudgeStatus.PENDING));
    const records = await w.t.db.select().from(contestRecord).where(inArray(contestRecord.submitId, ids()));
    expect(records.map((r) => r.status)).toEqual(ids().map(() => null));
    const verdict = VERDICT();
    for (let i = 0; i < verdict.size; i++) {
      const task = await w.judge.claimSubmission();
      expect(verdict.has(task.submitId)).toBe(true);
      await w.judge.finish(task, { status: verdict.get(task.submitId)! });
    }
    expect(await w.judge.claim()).toBeNull();
    expect(await statuses(ids())).toEqual(ids().map((id) => verdict.get(id)));
    expect(summary(await board(who.owner, { forceRefresh: true }))).toEqual([
      ['cls21-member', 1, 1, 600, 1],
      ['cls21-star', -1, 1, 1200, 1],
      ['cls21-m2', 2, 1, (SEAL_MINUTE + 10) * 60 + 20 * 60, 2],
    ]);
  };

  beforeAll(async () => {
    otherGroupRoot = (await createClass(w, 'cls22', 'Class Twenty-Two')).tokens.owner;
  });

  it('refused as the reference refuses (HTTP 403, or 401 without a login) to a member, a group admin who is no contest admin, another group’s root and an outsider; nothing changes', async () => {
    const before = await statuses(ids());
    for (const [name, token] of Object.entries({
      member: who.member,
      star: who.star,
      gadmin2: who.gadmin2,
      otherGroupRoot,
      alice: who.alice,
    }))
      expect(await answer(token), name).toEqual(NO_PERMISSION);
    expect((await rejudge(undefined)).http).toBe(401);
    // an unknown contest does not tell them apart: "no permission" too (site root: not found)
    expect(await answer(who.member, 424242)).toEqual(NO_PERMISSION);
    expect((await rejudge(who.root, 424242)).status).toBe(404);
    expect(await statuses(ids())).toEqual(before);
    expect(await w.judge.claim()).toBeNull();
  });

  it('the group root rejudges it: every submission of A back to Pending, records reset, then judged again', async () => {
    await rejudgedAndJudgedAgain(who.owner);
  });

  it('the contest’s creator (a group admin, contest admin by §2) rejudges it too; a problem not in the contest is not found', async () => {
    await rejudgedAndJudgedAgain(who.gadmin);
    expect(outcome(await rejudge(who.owner, cid, w.p1000))).toBe(
      refusal(404, staffMessages.contestProblemNotFound),
    );
  });

  it('site root rejudges it, as every contest', async () => {
    await rejudgedAndJudgedAgain(who.root);
  });

  it('a public contest stays site root’s: its creator (an admin, not root), a user, the group root refused', async () => {
    const publicCid = await createContest(w);
    const added = await w.call('POST', '/api/admin/contest/add-problem-from-public', {
      token: w.tokens.admin,
      payload: { cid: publicCid, pid: w.p1000, displayId: 'A' },
    });
    expect(outcome(added)).toBe('ok');
    const made = await contestSubmission(w, publicCid, w.p1000, w.uids.bob, 'bob');
    await w.judge.judgeNext({ status: JudgeStatus.WRONG_ANSWER });
    for (const [name, token] of Object.entries({
      creator: w.tokens.admin,
      user: w.tokens.alice,
      groupRoot: who.owner,
      member: who.member,
    }))
      expect(await answer(token, publicCid, w.p1000), name).toEqual(NO_PERMISSION);
    expect((await rejudge(undefined, publicCid, w.p1000)).http).toBe(401);
    expect(await statuses([made.submitId])).toEqual([JudgeStatus.WRONG_ANSWER]);
    expect(outcome(await rejudge(w.tokens.root, publicCid, w.p1000))).toBe('ok');
    expect(await statuses([made.submitId])).toEqual([JudgeStatus.PENDING]);
    await w.judge.judgeNext({ status: JudgeStatus.ACCEPTED });
    expect(await statuses([made.submitId])).toEqual([JudgeStatus.ACCEPTED]);
  });
});
