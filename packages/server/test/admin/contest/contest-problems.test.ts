import { and, eq } from 'drizzle-orm';
import type { ContestProblemLink } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestProblem, contestRecord, judge, problem } from '../../../src/db/schema/index.ts';
import type { Page } from '../../../src/http/envelope.ts';
import { createProblem, problemDto } from '../../problem/fixtures.ts';
import {
  CALLERS,
  contestSubmission,
  createContest,
  createContestWorld,
  outcome,
  tokenOf,
  type ContestWorld,
} from './fixtures.ts';

let w: ContestWorld;
let cid: number;

beforeAll(async () => {
  w = await createContestWorld();
  cid = await createContest(w, { title: 'Problems round' });
});
afterAll(() => w.t.close());

const problemRow = async (pid: number) =>
  (await w.t.db.select().from(problem).where(eq(problem.id, pid)))[0]!;
const link = async (c: number, pid: number) =>
  (
    await w.t.db
      .select()
      .from(contestProblem)
      .where(and(eq(contestProblem.cid, c), eq(contestProblem.pid, pid)))
  )[0];
const addFromBank = (payload: object, token = w.tokens.admin) =>
  w.call('POST', '/api/admin/contest/add-problem-from-public', { token, payload: { cid, ...payload } });

/** The public problem list as a normal user reads it (reference §3.3, §7.7). */
async function publicProblemIds(keyword: string) {
  const res = await w.call<Page<{ problemId: string }>>(
    'GET',
    `/api/get-problem-list?keyword=${keyword}&limit=50`,
    {
      token: w.tokens.alice,
    },
  );
  return res.data.records.map((r) => r.problemId);
}

describe('add a problem from the public bank (reference §3.12 add-problem-from-public, §7.7, §13.6)', () => {
  it('as each caller: the contest creator and root; another admin is refused by the policy', async () => {
    const seen: Record<string, string> = {};
    for (const [i, caller] of CALLERS.entries()) {
      const { pid } = await createProblem(w, { problemId: `WHO-${i}` });
      // (not addFromBank: its default token would stand in for the anonymous caller's undefined)
      const res = await w.call('POST', '/api/admin/contest/add-problem-from-public', {
        token: tokenOf(w, caller),
        payload: { cid, pid, displayId: `W${i}` },
      });
      seen[caller] = outcome(res);
    }
    expect(seen).toEqual({
      anonymous: 'login',
      user: 'role',
      creator: 'ok',
      otherAdmin: 'policy',
      root: 'ok',
    });
  });

  it('makes the problem contest-only (auth 3): it leaves the public list and its page', async () => {
    const { pid } = await createProblem(w, { problemId: 'BANK-1', title: 'From the bank' });
    expect(await publicProblemIds('BANK-1')).toEqual(['BANK-1']);
    const res = await addFromBank({ pid, displayId: 'A' });
    expect(res.status).toBe(200);
    expect((await problemRow(pid)).auth).toBe(3);
    expect(await link(cid, pid)).toMatchObject({
      displayId: 'A',
      displayTitle: 'From the bank',
      color: null,
    });
    expect(await publicProblemIds('BANK-1')).toEqual([]);
    const page = await w.call('GET', '/api/get-problem-detail?problemId=BANK-1', { token: w.tokens.alice });
    expect(page.status).toBe(403);
  });

  it('refuses a problem already in the contest, a display id in use, a hidden problem; nothing changes', async () => {
    const [a] = await w.t.db.select().from(contestProblem).where(eq(contestProblem.displayId, 'A'));
    expect((await addFromBank({ pid: a!.pid, displayId: 'Z' })).msg).toBe(
      'This problem is already in the contest!',
    );
    const { pid } = await createProblem(w, { problemId: 'BANK-2' });
    expect((await addFromBank({ pid, displayId: 'A' })).msg).toBe(
      'Another problem of the contest already uses this display id!',
    );
    expect((await problemRow(pid)).auth).toBe(1);
    const hidden = await createProblem(w, { problemId: 'BANK-HIDDEN', auth: 2 });
    expect((await addFromBank({ pid: hidden.pid, displayId: 'H' })).msg).toBe(
      'A hidden problem cannot be added to a contest!',
    );
    expect((await addFromBank({ pid, displayId: '' })).msg).toBe('The display id is required!');
    expect((await addFromBank({ pid, displayId: 'a b' })).msg).toBe(
      'The display id takes letters, digits, -, _ and . (at most 255)!',
    );
    expect((await addFromBank({ pid: 9_999_999, displayId: 'N' })).status).toBe(404);
    expect(await link(cid, pid)).toBeUndefined();
    expect((await problemRow(pid)).auth).toBe(1);
  });
});

describe('the contest problem list (reference §3.12 get-problem-list)', () => {
  it('without problemType: the contest problems by display id, with the contestProblemMap', async () => {
    const res = await w.call<{
      problemList: Page<{ id: number; problemId: string }>;
      contestProblemMap: Record<string, ContestProblemLink>;
    }>('GET', `/api/admin/contest/get-problem-list?cid=${cid}&limit=50`, { token: w.tokens.admin });
    const ids = res.data.problemList.records.map((p) => res.data.contestProblemMap[p.id]!.displayId);
    expect(ids).toEqual([...ids].sort());
    expect(ids).toContain('A');
    expect(res.data.problemList.total).toBe(ids.length);
  });

  it('with problemType: candidates of the bank, not hidden and not already in the contest', async () => {
    const res = await w.call<{ problemList: Page<{ problemId: string }> }>(
      'GET',
      `/api/admin/contest/get-problem-list?cid=${cid}&problemType=0&keyword=BANK&limit=50`,
      { token: w.tokens.admin },
    );
    expect(res.data.problemList.records.map((p) => p.problemId)).toEqual(['BANK-2']);
    const foreign = await w.call('GET', `/api/admin/contest/get-problem-list?cid=${cid}`, {
      token: w.admin2.token,
    });
    expect(foreign.status).toBe(403);
  });
});

describe('create a problem inside the contest (reference §3.12 POST /api/admin/contest/problem)', () => {
  const createIn = async (payload: object, token = w.tokens.admin) =>
    w.call<{ pid: number; problemId: string }>('POST', '/api/admin/contest/problem', { token, payload });

  it('through the problem save, contest-only, linked in the same transaction', async () => {
    const dto = await problemDto(w, { problemId: 'INSIDE-1', title: 'Made here', auth: 1 });
    const res = await createIn({ ...dto, cid, displayId: 'B', color: '#ff0000' });
    expect(res.status).toBe(200);
    const row = await problemRow(res.data.pid);
    expect(row).toMatchObject({ auth: 3, author: 'admin', title: 'Made here' });
    expect(await link(cid, res.data.pid)).toMatchObject({
      displayId: 'B',
      displayTitle: 'Made here',
      color: '#ff0000',
    });
  });

  it('a clashing display id or a foreign contest leaves no problem behind', async () => {
    const dto = await problemDto(w, { problemId: 'INSIDE-2', title: 'Never made' });
    expect((await createIn({ ...dto, cid, displayId: 'B' })).msg).toBe(
      'Another problem of the contest already uses this display id!',
    );
    expect((await createIn({ ...dto, cid, displayId: 'C' }, w.admin2.token)).status).toBe(403);
    expect((await createIn({ ...dto, cid, displayId: 'C', color: 'reddish' })).msg).toBe(
      'The balloon colour is invalid (for example #FF0000 or rgb(255,0,0))!',
    );
    expect(await w.t.db.select().from(problem).where(eq(problem.title, 'Never made'))).toEqual([]);
  });

  it("HOJ's two calls: create without cid (auth 3), then PUT contest-problem without id links it", async () => {
    const dto = await problemDto(w, { problemId: 'INSIDE-3', title: 'Two steps' });
    const res = await createIn(dto);
    expect((await problemRow(res.data.pid)).auth).toBe(3);
    const linked = await w.call<ContestProblemLink>('PUT', '/api/admin/contest/contest-problem', {
      token: w.tokens.admin,
      payload: { cid, pid: res.data.pid, displayId: 'D', displayTitle: 'Two steps' },
    });
    expect(linked.data).toMatchObject({ cid, pid: res.data.pid, displayId: 'D' });
  });

  it('edits the problem through PUT /api/admin/contest/problem (its author, problem admins, root)', async () => {
    const [b] = await w.t.db.select().from(contestProblem).where(eq(contestProblem.displayId, 'B'));
    const dto = await problemDto(w, {
      id: b!.pid,
      problemId: 'INSIDE-1',
      title: 'Made here, edited',
      auth: 3,
    });
    expect(
      (await w.call('PUT', '/api/admin/contest/problem', { token: w.tokens.admin, payload: dto })).status,
    ).toBe(200);
    expect((await problemRow(b!.pid)).title).toBe('Made here, edited');
    expect(
      (await w.call('PUT', '/api/admin/contest/problem', { token: w.admin2.token, payload: dto })).status,
    ).toBe(403);
    const got = await w.call<{ title: string }>('GET', `/api/admin/contest/problem?pid=${b!.pid}`, {
      token: w.tokens.admin,
    });
    expect(got.data.title).toBe('Made here, edited');
  });
});

describe('the contest problem link (reference §3.12 contest-problem)', () => {
  it('GET for the contest admins; PUT changes display id, title and colour, and the records follow', async () => {
    const [b] = await w.t.db.select().from(contestProblem).where(eq(contestProblem.displayId, 'B'));
    const submission = await contestSubmission(w, cid, b!.pid, w.uids.alice, 'alice');
    const url = `/api/admin/contest/contest-problem?cid=${cid}&pid=${b!.pid}`;
    const seen: Record<string, string> = {};
    for (const caller of CALLERS)
      seen[caller] = outcome(await w.call('GET', url, { token: tokenOf(w, caller) }));
    expect(seen).toEqual({
      anonymous: 'login',
      user: 'role',
      creator: 'ok',
      otherAdmin: 'policy',
      root: 'ok',
    });

    const put = (payload: object, token = w.tokens.admin) =>
      w.call<ContestProblemLink>('PUT', '/api/admin/contest/contest-problem', {
        token,
        payload: { id: b!.id, cid, pid: b!.pid, displayId: 'B', displayTitle: 'Bee', ...payload },
      });
    expect((await put({ displayId: 'A' })).msg).toBe(
      'Another problem of the contest already uses this display id!',
    );
    expect((await put({ displayTitle: '' })).msg).toBe('The display title is required!');
    expect((await put({ color: 'blue' })).msg).toBe(
      'The balloon colour is invalid (for example #FF0000 or rgb(255,0,0))!',
    );
    expect((await put({ pid: b!.pid + 1 })).msg).toBe(
      'The contest or the problem of a contest problem cannot be changed!',
    );
    expect((await put({}, w.admin2.token)).status).toBe(403);
    const ok = await put({ displayId: 'B2', displayTitle: 'Bee two', color: 'rgb(0, 128, 255)' });
    expect(ok.data).toMatchObject({ displayId: 'B2', displayTitle: 'Bee two', color: 'rgb(0, 128, 255)' });
    const [record] = await w.t.db
      .select()
      .from(contestRecord)
      .where(eq(contestRecord.submitId, submission.submitId));
    expect(record!.displayId).toBe('B2');
  });
});

describe('remove a problem from the contest (reference §3.12 DELETE /api/admin/contest/problem?pid&cid)', () => {
  it("deletes the link and the contest's submissions of it; other contests' submissions stay", async () => {
    const { pid } = await createProblem(w, { problemId: 'REMOVE-1' });
    expect((await addFromBank({ pid, displayId: 'R' }, w.tokens.root)).status).toBe(200);
    const other = await createContest(w, { title: 'Other round' }, w.tokens.root);
    await w.call('POST', '/api/admin/contest/add-problem-from-public', {
      token: w.tokens.root,
      payload: { cid: other, pid, displayId: 'A' },
    });
    const mine = await contestSubmission(w, cid, pid, w.uids.alice, 'alice');
    await contestSubmission(w, cid, pid, w.uids.bob, 'bob');
    const kept = await contestSubmission(w, other, pid, w.uids.alice, 'alice');

    const url = `/api/admin/contest/problem?pid=${pid}&cid=${cid}`;
    // R(root|problem_admin) as the reference annotates it, and the contest's admins by the policy
    expect(outcome(await w.call('DELETE', url, {}))).toBe('login');
    expect(outcome(await w.call('DELETE', url, { token: w.tokens.alice }))).toBe('role');
    expect(outcome(await w.call('DELETE', url, { token: w.tokens.admin }))).toBe('role');
    expect(outcome(await w.call('DELETE', url, { token: w.tokens.problemAdmin }))).toBe('policy');
    expect(
      await w.t.db
        .select()
        .from(judge)
        .where(and(eq(judge.cid, cid), eq(judge.pid, pid))),
    ).toHaveLength(2);

    const res = await w.call('DELETE', url, { token: w.tokens.root });
    expect(res.data).toEqual({ submissionsDeleted: 2 });
    expect(await link(cid, pid)).toBeUndefined();
    expect(
      await w.t.db
        .select()
        .from(judge)
        .where(and(eq(judge.cid, cid), eq(judge.pid, pid))),
    ).toEqual([]);
    expect(
      await w.t.db.select().from(contestRecord).where(eq(contestRecord.submitId, mine.submitId)),
    ).toEqual([]);
    expect(await w.t.db.select().from(judge).where(eq(judge.submitId, kept.submitId))).toHaveLength(1);
    expect(await link(other, pid)).toBeDefined();
    expect((await problemRow(pid)).auth).toBe(3);
    expect((await w.call('DELETE', url, { token: w.tokens.root })).status).toBe(404);
  });
});
