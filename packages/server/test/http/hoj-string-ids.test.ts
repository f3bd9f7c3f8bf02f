import { JudgeStatus } from '@verdict/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcement, contestProblem, judge } from '../../src/db/schema/index.ts';
import { contestWorld, toMinute, type ContestWorld } from '../contest/support.ts';
import { QUOTAS_OFF } from '../discussion/support.ts';
import { addContestAnnouncement } from '../helpers/contests.ts';
import { CPP, createProblem, type Reply } from '../problem/fixtures.ts';

/**
 * Issue 24 item 1, the calls the issue names: after a page reload HOJ's client sends the route's
 * ids as strings (`cid: "1000"`, `did: "1"`); HOJ's server takes them, and so does Verdict.
 */

let cw: ContestWorld;
beforeAll(async () => {
  cw = await contestWorld();
  const res = await cw.call('root', 'PUT', '/api/admin/switch/update', QUOTAS_OFF);
  expect(res.status).toBe(200);
});
afterAll(() => cw.w.t.close());

const success = <T>(res: Reply<T>): T => {
  expect(`${res.http} ${res.status} ${res.msg}`).toBe('200 200 success');
  return res.data;
};

describe('issue 24 item 1: a contest page reloaded in HOJ’s client (ids as strings)', () => {
  it('get-contest-rank, get-user-problem-status and submit-problem-judge take cid "…"', async () => {
    const c = await cw.contest();
    toMinute(cw.w.clock, c, 5);
    const cid = String(c.id);

    const submitted = success(
      await cw.call<{ submitId: number }>('bob', 'POST', '/api/submit-problem-judge', {
        pid: 'A',
        language: 'C++',
        code: CPP,
        cid,
        isRemote: false,
      }),
    );
    const [row] = await cw.w.t.db
      .select({ cid: judge.cid })
      .from(judge)
      .where(eq(judge.submitId, submitted.submitId));
    expect(row!.cid).toBe(c.id);
    await cw.w.judge.judgeNext({ status: JudgeStatus.ACCEPTED });

    const byString = success(
      await cw.call<{ total: number }>('bob', 'POST', '/api/get-contest-rank', {
        cid,
        limit: '50',
        currentPage: '1',
        forceRefresh: false,
        removeStar: false,
        concernedList: [],
        externalCidList: [String(c.id)],
      }),
    );
    const byNumber = success(
      await cw.call<{ total: number }>('bob', 'POST', '/api/get-contest-rank', {
        cid: c.id,
        limit: 50,
        currentPage: 1,
      }),
    );
    expect(byString).toEqual(byNumber);
    expect(byString.total).toBeGreaterThan(0);

    const statuses = success(
      await cw.call<Record<string, { status: number }>>('bob', 'POST', '/api/get-user-problem-status', {
        pidList: [String(cw.acm.pid), String(cw.oi.pid)],
        isContestProblemList: true,
        cid,
        containsEnd: false,
      }),
    );
    expect(Object.keys(statuses).sort()).toEqual([String(cw.acm.pid), String(cw.oi.pid)].sort());
    expect(statuses[String(cw.acm.pid)]!.status).toBe(JudgeStatus.ACCEPTED);
  });

  it('get-contest-not-read-announcement takes cid and the read ids as strings', async () => {
    const c = await cw.contest();
    toMinute(cw.w.clock, c, 1);
    const first = await addContestAnnouncement(cw.w.t.db, {
      cid: c.id,
      uid: cw.w.uids.admin,
      title: 'first',
    });
    await addContestAnnouncement(cw.w.t.db, { cid: c.id, uid: cw.w.uids.admin, title: 'second' });
    const unread = success(
      await cw.call<{ title: string }[]>('bob', 'POST', '/api/get-contest-not-read-announcement', {
        cid: String(c.id),
        readAnnouncementList: [String(first.id)],
      }),
    );
    expect(unread.map((a) => a.title)).toEqual(['second']);
  });

  it('the contest admin’s add-problem-from-public and announcement take pid and cid as strings', async () => {
    const c = await cw.contest();
    const problem = await createProblem(cw.w, { problemId: 'STR-1' });
    success(
      await cw.call('admin', 'POST', '/api/admin/contest/add-problem-from-public', {
        pid: String(problem.pid),
        cid: String(c.id),
        displayId: 'C',
      }),
    );
    const links = await cw.w.t.db
      .select({ pid: contestProblem.pid, displayId: contestProblem.displayId })
      .from(contestProblem)
      .where(eq(contestProblem.cid, c.id));
    expect(links).toContainEqual({ pid: problem.pid, displayId: 'C' });

    success(
      await cw.call('admin', 'POST', '/api/admin/contest/announcement', {
        cid: String(c.id),
        announcement: { title: 'Typed ids', content: 'hello', status: '0' },
      }),
    );
    const [made] = await cw.w.t.db
      .select({ title: announcement.title, status: announcement.status })
      .from(announcement)
      .where(eq(announcement.title, 'Typed ids'));
    expect(made).toEqual({ title: 'Typed ids', status: 0 });
  });

  it('refuses what is not a string of digits, naming the field (400 in the envelope)', async () => {
    const c = await cw.contest();
    toMinute(cw.w.clock, c, 1);
    for (const cid of ['1.5', ' 1', '1e3', '', '0x10']) {
      const res = await cw.call('bob', 'POST', '/api/get-contest-rank', { cid });
      expect(res.http, JSON.stringify(cid)).toBe(400);
      expect(res.status).toBe(400);
      expect(res.msg).toContain('cid');
      expect(res.msg).toContain('expected an integer of at least 1');
    }
    expect((await cw.call('bob', 'POST', '/api/get-contest-rank', { cid: String(c.id) })).status).toBe(200);
  });
});

describe('issue 24 item 1: a discussion page reloaded in HOJ’s client (did as a string)', () => {
  it('comment and reply take did "…" (and the comment id as a string)', async () => {
    const post = success(
      await cw.call('alice', 'POST', '/api/discussion', {
        title: 'Typed ids',
        description: 'a question',
        content: 'does it take strings?',
        categoryId: '1',
      }),
    );
    expect(post).toBeNull();
    const list = success(
      await cw.call<{ records: { id: number }[] }>('alice', 'GET', '/api/get-discussion-list?onlyMine=true'),
    );
    const did = String(list.records[0]!.id);
    const comment = success(
      await cw.call<{ id: number }>('bob', 'POST', '/api/comment', { did, content: 'a comment' }),
    );
    const reply = success(
      await cw.call<{ id: number; commentId: number }>('alice', 'POST', '/api/reply', {
        reply: { commentId: String(comment.id), toUid: cw.w.uids.bob, toName: 'bob', content: 'a reply' },
        did,
        quoteId: String(comment.id),
        quoteType: 'Comment',
      }),
    );
    expect(reply.commentId).toBe(comment.id);
    const comments = success(
      await cw.call<{ commentList: { records: { id: number; totalReplyNum: number }[] } }>(
        'anonymous',
        'GET',
        `/api/comments?did=${did}`,
      ),
    );
    expect(comments.commentList.records).toEqual([
      expect.objectContaining({ id: comment.id, totalReplyNum: 1 }),
    ]);
    const del = (who: 'alice' | 'bob', url: string, payload: object) =>
      cw.w.call('DELETE', url, { token: cw.w.tokens[who], payload });
    success(await del('alice', '/api/reply', { reply: { id: String(reply.id) }, did }));
    success(await del('bob', '/api/comment', { id: String(comment.id) }));
  });
});
