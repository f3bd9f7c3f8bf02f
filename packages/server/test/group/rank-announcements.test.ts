import { JudgeStatus } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestProblem } from '../../src/db/schema/index.ts';
import { policyMessages as pm } from '../../src/policy/messages.ts';
import { contestForm, createContest } from '../admin/contest/fixtures.ts';
import { CPP, createWorld, problemDto, type World } from '../problem/fixtures.ts';
import { callAs, createClass, outcome, refusal, type Class } from './fixtures.ts';

/**
 * Issue 27: a group's rank (reference §3.10 get-group-rank-list, §7.11 "group rank": members only,
 * counting the group's submissions) and its announcements (§3.10 `/api/group/*announcement*`, §7.12).
 */
let w: World;
let cls: Class;

const as = callAs(() => w);

interface RankRow {
  username: string;
  ac: number;
  total: number;
  score?: number;
}
const rank = async (token: string, query = '&type=0') =>
  as<{ records: RankRow[]; total: number }>(token, 'GET', `/api/get-group-rank-list?gid=${cls.gid}${query}`);

async function solve(token: string, problemId: string, status: number, inGroup = true) {
  w.clock.advance(60_000);
  const sent = await as(token, 'POST', '/api/submit-problem-judge', {
    pid: problemId,
    language: 'C++',
    code: CPP,
    cid: 0,
    gid: inGroup ? cls.gid : undefined,
    isRemote: false,
  });
  expect(outcome(sent)).toBe('ok');
  await w.judge.judgeNext({ status });
}

beforeAll(async () => {
  w = await createWorld();
  cls = await createClass(w, 'rank1', 'Rank Class');
});
afterAll(() => w.t.close());

describe('reference §7.11 group rank: members only, the group submissions only', () => {
  it('orders members by ACM (ac desc, total asc) and OI (score desc), not counting public submissions', async () => {
    const { tokens } = cls;
    const a = await as<{ problemId: string }>(
      tokens.gadmin,
      'POST',
      '/api/group/problem',
      await problemDto(w, { problemId: 'A', gid: cls.gid }),
    );
    const b = await as<{ problemId: string }>(
      tokens.gadmin,
      'POST',
      '/api/group/problem',
      await problemDto(w, { problemId: 'B', gid: cls.gid }),
    );
    // member: A wrong then right, B right (2 ac, 3 total); gadmin: A right once (1 ac, 1 total)
    await solve(tokens.member, a.data.problemId, JudgeStatus.WRONG_ANSWER);
    await solve(tokens.member, a.data.problemId, JudgeStatus.ACCEPTED);
    await solve(tokens.member, b.data.problemId, JudgeStatus.ACCEPTED);
    await solve(tokens.gadmin, a.data.problemId, JudgeStatus.ACCEPTED);
    // a public submission of the owner does not count in the group
    await solve(tokens.owner, 'P1000', JudgeStatus.ACCEPTED, false);

    const acm = await rank(tokens.member, '&type=0');
    expect(acm.data.records.map((r) => [r.username, r.ac, r.total])).toEqual([
      ['rank1-member', 2, 3],
      ['rank1-gadmin', 1, 1],
      ['rank1-owner', 0, 0],
    ]);
    // the applicant (level 1) is not a member: not listed
    expect(acm.data.total).toBe(3);
    const oi = await rank(tokens.member, '&type=1');
    expect(oi.data.records.map((r) => r.username)).toEqual(['rank1-member', 'rank1-gadmin', 'rank1-owner']);
    expect(oi.data.records.every((r) => typeof r.score === 'number')).toBe(true);
    const found = await rank(tokens.member, '&type=0&searchUser=gadm');
    expect(found.data.records.map((r) => r.username)).toEqual(['rank1-gadmin']);
    expect(found.data.total).toBe(1);
    const past = await rank(tokens.member, '&type=0&currentPage=5&limit=2');
    expect(past.data).toMatchObject({ records: [], total: 3 });
  });

  it("issue 27's class flow: a submission in one of the group's contests counts in its ac and total; a site contest's does not", async () => {
    // reference §7.11 counts the judge rows that carry the group's gid, and HOJ gives a group
    // contest's submissions the contest's gid (BeforeDispatchInitManager.initContestSubmission)
    const { tokens, gid } = cls;
    const pupil = await cls.join('rank1-pupil', 3);
    const now = w.clock.now().getTime();
    const running = {
      startTime: new Date(now - 3600_000).toISOString(),
      endTime: new Date(now + 4 * 3600_000).toISOString(),
      duration: 5 * 3600,
    };
    const quiz = await as<{ cid: number }>(
      tokens.gadmin,
      'POST',
      '/api/group/contest',
      contestForm(w, { title: 'Quiz', gid: String(gid), ...running }),
    );
    const q = await as<{ problemId: string }>(
      tokens.gadmin,
      'POST',
      '/api/group/problem',
      await problemDto(w, { problemId: 'Q', gid }),
    );
    const addQ = `/api/group/add-contest-problem-from-group?problemId=${q.data.problemId}&cid=${quiz.data.cid}&displayId=A`;
    expect(outcome(await as(tokens.gadmin, 'POST', addQ))).toBe('ok');
    const siteRound = await createContest(w, { title: 'Site round', ...running });
    await w.t.db
      .insert(contestProblem)
      .values({ cid: siteRound, pid: w.p1000, displayId: 'A', displayTitle: 'Sum' });

    const inContest = async (cid: number, status: number) => {
      const sent = await as(pupil.token, 'POST', '/api/submit-problem-judge', {
        pid: 'A',
        language: 'C++',
        code: CPP,
        cid: String(cid),
        isRemote: false,
      });
      expect(outcome(sent)).toBe('ok');
      await w.judge.judgeNext({ status });
    };
    await inContest(quiz.data.cid, JudgeStatus.WRONG_ANSWER);
    await inContest(quiz.data.cid, JudgeStatus.ACCEPTED);
    await inContest(siteRound, JudgeStatus.ACCEPTED);

    const row = async (type: string) =>
      (await rank(tokens.member, `&type=${type}&searchUser=pupil`)).data.records.map((r) => [
        r.username,
        r.ac,
        r.total,
      ]);
    expect(await row('0')).toEqual([['rank1-pupil', 1, 2]]);
    expect(await row('1')).toEqual([['rank1-pupil', 1, 2]]);
  });

  it('is for members: refused to applicants and outsiders', async () => {
    expect(outcome(await rank(cls.tokens.applicant))).toBe(refusal(403, pm.groupMembersOnly));
    expect(outcome(await rank(w.tokens.alice))).toBe(refusal(403, pm.groupMembersOnly));
    expect((await rank(w.tokens.root)).status).toBe(200);
  });
});

describe('reference §3.10 group announcements, §7.12', () => {
  const list = (token: string, admin = false) =>
    as<{ records: { id: number; title: string }[] }>(
      token,
      'GET',
      `/api/group/get-${admin ? 'admin-' : ''}announcement-list?gid=${cls.gid}`,
    );
  const titles = async (token: string, admin = false) =>
    (await list(token, admin)).data.records.map((r) => r.title);

  it('lets group admins write them; members read the shown ones; nobody outside sees them', async () => {
    const { tokens, gid } = cls;
    const post = (token: string, title: string, status = 0) =>
      as(token, 'POST', '/api/group/announcement', {
        gid,
        title,
        content: '**Homework** due Friday',
        status,
      });
    expect(outcome(await post(tokens.gadmin, 'Homework 1'))).toBe('ok');
    expect(outcome(await post(tokens.owner, 'Draft', 1))).toBe('ok');
    expect(outcome(await post(tokens.member, 'Mine'))).toBe(refusal(403, pm.groupAdminOnly));
    expect(outcome(await post(w.tokens.alice, 'Spam'))).toBe(refusal(403, pm.groupAdminOnly));

    expect(await titles(tokens.member)).toEqual(['Homework 1']);
    expect((await titles(tokens.gadmin, true)).sort()).toEqual(['Draft', 'Homework 1']);
    expect(outcome(await list(tokens.member, true))).toBe(refusal(403, pm.groupAdminOnly));
    expect(outcome(await list(w.tokens.alice))).toBe(refusal(403, pm.groupMembersOnly));
    // never among the site's announcements
    const site = await as<{ records: { title: string }[] }>(
      w.tokens.alice,
      'GET',
      '/api/get-common-announcement',
    );
    expect(site.data.records.map((r) => r.title)).not.toContain('Homework 1');
    const admin = await as<{ records: { title: string }[] }>(w.tokens.root, 'GET', '/api/admin/announcement');
    expect(admin.data.records.map((r) => r.title)).not.toContain('Homework 1');
  });

  it('edits and deletes by the author, the group root or site root; another group admin may not', async () => {
    const { tokens, gid } = cls;
    const [homework] = (await list(tokens.owner, true)).data.records.filter((r) => r.title === 'Homework 1');
    const edit = (token: string, title: string) =>
      as(token, 'PUT', '/api/group/announcement', { id: homework!.id, gid, title, content: 'x', status: 0 });
    const other = await cls.join('rank1-admin2', 4);
    expect(outcome(await edit(other.token, 'Not mine'))).toBe(refusal(403, pm.groupAdminOnly));
    expect(outcome(await edit(tokens.gadmin, 'Homework 1 (corrected)'))).toBe('ok');
    expect(outcome(await edit(tokens.owner, 'Homework 1 (final)'))).toBe('ok');
    expect(await titles(tokens.member)).toEqual(['Homework 1 (final)']);
    // a site announcement is not a group's
    const siteOne = (await as<{ records: { id: number }[] }>(w.tokens.root, 'GET', '/api/admin/announcement'))
      .data.records[0];
    if (siteOne)
      expect((await as(tokens.owner, 'DELETE', `/api/group/announcement?aid=${siteOne.id}`)).status).toBe(
        404,
      );
    expect(outcome(await as(other.token, 'DELETE', `/api/group/announcement?aid=${homework!.id}`))).toBe(
      refusal(403, pm.groupAdminOnly),
    );
    expect(outcome(await as(tokens.gadmin, 'DELETE', `/api/group/announcement?aid=${homework!.id}`))).toBe(
      'ok',
    );
    expect(await titles(tokens.member)).toEqual([]);
  });
});
