import { JudgeStatus, type ProblemListRow } from '@verdict/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/rows.ts';
import { training, trainingProblem, trainingRegister } from '../../src/db/schema/index.ts';
import { createProblem, createWorld, submit, type World } from './fixtures.ts';

let w: World;
const ids: Record<string, { pid: number; problemId: string }> = {};

beforeAll(async () => {
  w = await createWorld();
  ids.easy = await createProblem(w, { problemId: 'easy-1', title: 'Easy graph walk', difficulty: 1 }, {
    tags: [
      { name: 'graph', color: '#f00' },
      { name: 'dp', color: '#0f0' },
    ],
  } as never);
  ids.hard = await createProblem(w, { problemId: 'HARD-22', title: 'Hard dp', difficulty: 4 }, {
    tags: [{ name: 'dp' }],
  } as never);
  ids.hidden = await createProblem(w, { problemId: 'SECRET-1', title: 'Hidden one', auth: 2 });
  ids.contest = await createProblem(w, { problemId: 'CONTEST-1', title: 'Contest only', auth: 3 });
});
afterAll(() => w.t.close());

const list = (query = '', token?: string) =>
  w.call<{ records: ProblemListRow[]; total: number; current: number; size: number }>(
    'GET',
    `/api/get-problem-list${query}`,
    { token },
  );

describe('problem list (spec part 1 §2, §7; reference §3.3, §7.7, §7.8)', () => {
  it('lists public problems only, ordered by length(problem_id), problem_id', async () => {
    const res = await list('?limit=30');
    expect(res.status).toBe(200);
    expect(res.data.records.map((r) => r.problemId)).toEqual(['P1000', 'EASY-1', 'HARD-22']);
    expect(res.data.total).toBe(3);
    const row = res.data.records[1]!;
    expect(Object.keys(row).sort()).toEqual(
      [
        'pid',
        'problemId',
        'title',
        'difficulty',
        'type',
        'auth',
        'gmtModified',
        'tags',
        'total',
        'ac',
        'wa',
        'ce',
        'pa',
        'tle',
        'mle',
        're',
        'pe',
        'se',
        'myStatus',
      ].sort(),
    );
    expect(row.tags.map((t) => t.name).sort()).toEqual(['dp', 'graph']);
    expect(row.myStatus).toBe(-10);
  });

  it('filters by keyword (title or id), difficulty, judge and tags (a problem must have all of them)', async () => {
    expect((await list('?keyword=graph')).data.records.map((r) => r.problemId)).toEqual(['EASY-1']);
    expect((await list('?keyword=p10')).data.records.map((r) => r.problemId)).toEqual(['P1000']);
    expect((await list('?keyword=%25')).data.total).toBe(0); // a literal %, not a wildcard
    expect((await list('?difficulty=4')).data.records.map((r) => r.problemId)).toEqual(['HARD-22']);
    expect((await list('?oj=ME')).data.total).toBe(3);
    expect((await list('?oj=HDU')).data.total).toBe(0);
    const tags = (await w.call<{ id: number; name: string }[]>('GET', '/api/get-all-problem-tags')).data;
    const dp = tags.find((t) => t.name === 'dp')!.id;
    const graph = tags.find((t) => t.name === 'graph')!.id;
    expect((await list(`?tagId=${dp}`)).data.records.map((r) => r.problemId)).toEqual(['EASY-1', 'HARD-22']);
    expect((await list(`?tagId=${dp}&tagId=${graph}`)).data.records.map((r) => r.problemId)).toEqual([
      'EASY-1',
    ]);
    expect((await list(`?tagId=${dp},${graph}`)).data.total).toBe(1);
  });

  it('pages: currentPage below 1 becomes 1, limit caps the page', async () => {
    const res = await list('?currentPage=0&limit=2');
    expect(res.data.current).toBe(1);
    expect(res.data.records.map((r) => r.problemId)).toEqual(['P1000', 'EASY-1']);
    const second = await list('?currentPage=2&limit=2');
    expect(second.data.records.map((r) => r.problemId)).toEqual(['HARD-22']);
  });

  it('keeps totals exact through creations, auth changes and deletions (problem counters)', async () => {
    const before = (await list()).data.total;
    const made = await createProblem(w, { problemId: 'COUNT-1', difficulty: 5 });
    expect((await list()).data.total).toBe(before + 1);
    expect((await list('?difficulty=5')).data.total).toBe(1);
    expect((await list('?oj=ME&difficulty=5')).data.total).toBe(1);
    await w.call('PUT', '/api/admin/problem/change-problem-auth', {
      token: w.tokens.root,
      payload: { id: made.pid, auth: 2 },
    });
    expect((await list()).data.total).toBe(before);
    expect((await list('?auth=2', w.tokens.root)).data.total).toBe(2);
    await w.call('DELETE', `/api/admin/problem?pid=${made.pid}`, { token: w.tokens.root });
    expect((await list('?auth=2', w.tokens.root)).data.total).toBe(1);
    const counted = await queryRows<{ auth: number; n: number }>(
      w.t.db,
      sql`select auth, sum(n)::int as n from problem_kind_count group by auth having sum(n) <> 0 order by auth`,
    );
    const live = await queryRows<{ auth: number; n: number }>(
      w.t.db,
      sql`select auth, count(*)::int as n from problem group by auth order by auth`,
    );
    expect(counted).toEqual(live);
  });

  it('refuses malformed parameters with HTTP 400', async () => {
    const res = await list('?difficulty=hard');
    expect(res.http).toBe(400);
    expect(res.status).toBe(400);
  });

  it('lets only a super admin list hidden or contest problems with auth (spec part 1 §2)', async () => {
    expect((await list('?auth=2', w.tokens.alice)).data.records.map((r) => r.problemId)).not.toContain(
      'SECRET-1',
    );
    expect((await list('?auth=2', w.tokens.admin)).data.records.map((r) => r.problemId)).not.toContain(
      'SECRET-1',
    );
    expect((await list('?auth=2', w.tokens.root)).data.records.map((r) => r.problemId)).toEqual(['SECRET-1']);
    expect((await list('?auth=3', w.tokens.root)).data.records.map((r) => r.problemId)).toEqual([
      'CONTEST-1',
    ]);
  });

  it('counts submissions per status and shows the caller its status (reference §7.8, §7.9)', async () => {
    await submit(w, w.tokens.alice, 'EASY-1');
    await w.judge.judgeNext({ status: JudgeStatus.WRONG_ANSWER });
    await submit(w, w.tokens.alice, 'EASY-1');
    await w.judge.judgeNext({ status: JudgeStatus.ACCEPTED });
    await submit(w, w.tokens.bob, 'EASY-1');
    await w.judge.judgeNext({ status: JudgeStatus.TIME_LIMIT_EXCEEDED });
    await submit(w, w.tokens.bob, 'EASY-1'); // still pending

    const anon = (await list('?keyword=EASY')).data.records[0]!;
    expect(anon).toMatchObject({ total: 4, ac: 1, wa: 1, tle: 1, ce: 0, myStatus: -10 });
    expect((await list('?keyword=EASY', w.tokens.alice)).data.records[0]!.myStatus).toBe(
      JudgeStatus.ACCEPTED,
    );
    expect((await list('?keyword=EASY', w.tokens.bob)).data.records[0]!.myStatus).toBe(JudgeStatus.PENDING);
    await w.judge.judgeNext({ status: JudgeStatus.COMPILE_ERROR });
  });
});

describe('random and recent problems (reference §3.2, §3.3)', () => {
  it('picks a random public problem', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await w.call<{ problemId: string }>('GET', '/api/get-random-problem');
      expect(['P1000', 'EASY-1', 'HARD-22']).toContain(res.data.problemId);
    }
  });

  it('lists the newest public problems', async () => {
    const res = await w.call<{ problemId: string }[]>('GET', '/api/get-recent-updated-problem');
    expect(res.data.map((p) => p.problemId)).toEqual(['HARD-22', 'EASY-1', 'P1000']);
    expect(Object.keys(res.data[0]!).sort()).toEqual([
      'gmtCreate',
      'gmtModified',
      'id',
      'problemId',
      'title',
      'type',
    ]);
  });
});

describe('problem detail (spec part 1 §3; reference §3.3 get-problem-detail, §7.7)', () => {
  it('answers the problem without judge-side fields, with tags, language names, counts and templates', async () => {
    const res = await w.call<Record<string, never>>('GET', '/api/get-problem-detail?problemId=p1000');
    expect(res.status).toBe(200);
    const data = res.data as unknown as {
      problem: Record<string, unknown>;
      languages: string[];
      problemCount: Record<string, number>;
      codeTemplate: Record<string, string>;
      tags: unknown[];
      myStatus: number;
    };
    expect(data.problem).toMatchObject({ problemId: 'P1000', title: 'A + B Problem', isFileIO: false });
    expect(data.problem.spjCode).toBeNull();
    expect(data.problem.judgeExtraFile).toBeNull();
    expect(data.problem).not.toHaveProperty('isFileIo');
    expect(data.languages).toContain('C++');
    expect(data.problemCount).toMatchObject({ total: 0, ac: 0 });
    expect(data.codeTemplate).toEqual({});
    expect(data.tags).toEqual([]);
    expect(data.myStatus).toBe(-10);
  });

  it('shows code templates as language name → code, enabled ones only', async () => {
    const [cpp, c] = await (await import('./fixtures.ts')).languageIds(w, ['C++', 'C']);
    const made = await createProblem(w, { problemId: 'TPL-1' }, {
      codeTemplates: [
        { lid: cpp!, code: '// template', status: true },
        { lid: c!, code: '/* off */', status: false },
      ],
    } as never);
    const detail = await w.call<{ codeTemplate: Record<string, string> }>(
      'GET',
      '/api/get-problem-detail?problemId=TPL-1',
    );
    expect(detail.data.codeTemplate).toEqual({ 'C++': '// template' });
    const templates = await w.call<{ lid: number; code: string }[]>(
      'GET',
      `/api/get-problem-code-template?pid=${made.pid}`,
    );
    expect(templates.data.map((t) => t.code)).toEqual(['// template']);
  });

  it('refuses hidden and contest-only problems to users, shows them to the admin roles', async () => {
    for (const problemId of ['SECRET-1', 'CONTEST-1']) {
      const anon = await w.call('GET', `/api/get-problem-detail?problemId=${problemId}`);
      expect(anon.status).toBe(403);
      const user = await w.call('GET', `/api/get-problem-detail?problemId=${problemId}`, {
        token: w.tokens.alice,
      });
      expect(user.status).toBe(403);
      expect(user.msg).toBe('This problem is not public and cannot be accessed!');
      for (const token of [w.tokens.root, w.tokens.admin, w.tokens.problemAdmin]) {
        expect(
          (await w.call('GET', `/api/get-problem-detail?problemId=${problemId}`, { token })).status,
        ).toBe(200);
      }
    }
  });

  it('answers 404-status for an unknown problem, and for a problem of no group asked with a gid', async () => {
    const missing = await w.call('GET', '/api/get-problem-detail?problemId=NOPE', { lang: 'zh' });
    expect(missing.status).toBe(404);
    expect(missing.msg).toBe('该题目不存在！');
    expect((await w.call('GET', '/api/get-problem-detail?problemId=P1000&gid=1')).status).toBe(404);
    expect((await w.call('GET', '/api/get-problem-detail')).http).toBe(400);
  });

  it('keeps the tags, languages and templates of hidden problems from users (reference §3.2)', async () => {
    for (const path of ['get-problem-tags', 'get-problem-languages', 'get-problem-code-template']) {
      expect(
        (await w.call('GET', `/api/${path}?pid=${ids.hidden!.pid}`, { token: w.tokens.bob })).status,
      ).toBe(403);
      expect(
        (await w.call('GET', `/api/${path}?pid=${ids.hidden!.pid}`, { token: w.tokens.admin })).status,
      ).toBe(200);
    }
    expect((await w.call('GET', '/api/get-problem-languages?pid=999999')).status).toBe(404);
    expect((await w.call('GET', '/api/get-problem-tags')).data).toEqual([]);
  });
});

describe('tags and classifications (reference §3.2)', () => {
  it('groups tags by classification, unclassified ones last', async () => {
    const created = await w.call<{ id: number }>('POST', '/api/admin/tag/classification', {
      token: w.tokens.root,
      payload: { name: 'Algorithms', oj: 'ME', rank: 1 },
    });
    const tags = (await w.call<{ id: number; name: string }[]>('GET', '/api/get-all-problem-tags?oj=ME'))
      .data;
    const graph = tags.find((t) => t.name === 'graph')!;
    await w.call('PUT', '/api/admin/tag', {
      token: w.tokens.root,
      payload: { id: graph.id, name: 'graph', color: '#f00', oj: 'ME', tcid: created.data.id },
    });
    const grouped = await w.call<{ classification: { name: string } | null; tagList: { name: string }[] }[]>(
      'GET',
      '/api/get-problem-tags-and-classification',
    );
    expect(grouped.data.map((g) => [g.classification?.name ?? null, g.tagList.map((t) => t.name)])).toEqual([
      ['Algorithms', ['graph']],
      [null, ['dp']],
    ]);
    expect((await w.call<unknown[]>('GET', '/api/get-all-problem-tags?oj=HDU')).data).toEqual([]);
    expect((await w.call<unknown[]>('GET', `/api/get-problem-tags?pid=${ids.hard!.pid}`)).data).toHaveLength(
      1,
    );
  });
});

describe('user problem status (reference §7.9)', () => {
  it('needs a login', async () => {
    const res = await w.call('POST', '/api/get-user-problem-status', {
      payload: { pidList: [1], isContestProblemList: false },
    });
    expect(res.http).toBe(401);
  });

  it('answers Accepted if any submission was, else the latest status, else -10', async () => {
    const res = await w.call<Record<string, { status: number }>>('POST', '/api/get-user-problem-status', {
      token: w.tokens.alice,
      payload: { pidList: [ids.easy!.pid, w.p1000], isContestProblemList: false },
    });
    expect(res.data).toEqual({ [ids.easy!.pid]: { status: 0 }, [w.p1000]: { status: -10 } });
    const bob = await w.call<Record<string, { status: number }>>('POST', '/api/get-user-problem-status', {
      token: w.tokens.bob,
      payload: { pidList: [ids.easy!.pid], isContestProblemList: false },
    });
    expect(bob.data[ids.easy!.pid]).toEqual({ status: JudgeStatus.COMPILE_ERROR });
  });

  it('answers contest lists by their contest (an unknown one: 404) and refuses bad bodies', async () => {
    const contest = await w.call('POST', '/api/get-user-problem-status', {
      token: w.tokens.alice,
      payload: { pidList: [1], isContestProblemList: true, cid: 5 },
    });
    expect(contest.status).toBe(404);
    const empty = await w.call('POST', '/api/get-user-problem-status', {
      token: w.tokens.alice,
      payload: { pidList: [], isContestProblemList: false },
    });
    expect(empty.http).toBe(400);
  });
});

describe('full-screen problem list (reference §3.3, §7.13)', () => {
  it("lists a training's problems with the caller's final statuses", async () => {
    const [pub] = await w.t.db
      .insert(training)
      .values({ title: 'Basics', author: 'root', auth: 'Public' })
      .returning();
    await w.t.db.insert(trainingProblem).values([
      { tid: pub!.id, pid: ids.easy!.pid, displayId: 'EASY-1', rank: 1 },
      { tid: pub!.id, pid: ids.hidden!.pid, displayId: 'SECRET-1', rank: 2 },
      { tid: pub!.id, pid: w.p1000, displayId: 'P1000', rank: 3 },
    ]);
    const res = await w.call<{ problemId: string; status: number; score: null }[]>(
      'GET',
      `/api/get-full-screen-problem-list?tid=${pub!.id}`,
      { token: w.tokens.alice },
    );
    expect(res.data).toEqual([
      { pid: ids.easy!.pid, problemId: 'EASY-1', title: 'Easy graph walk', status: 0, score: null },
      { pid: w.p1000, problemId: 'P1000', title: 'A + B Problem', status: -10, score: null },
    ]);
    expect((await w.call('GET', `/api/get-full-screen-problem-list?tid=${pub!.id}`)).http).toBe(401);
  });

  it('needs a registration for a private training; refuses contests for now', async () => {
    const [priv] = await w.t.db
      .insert(training)
      .values({ title: 'Club', author: 'root', auth: 'Private', privatePwd: 'x' })
      .returning();
    const refused = await w.call('GET', `/api/get-full-screen-problem-list?tid=${priv!.id}`, {
      token: w.tokens.bob,
    });
    expect(refused.status).toBe(403);
    await w.t.db.insert(trainingRegister).values({ tid: priv!.id, uid: w.uids.bob });
    const allowed = await w.call('GET', `/api/get-full-screen-problem-list?tid=${priv!.id}`, {
      token: w.tokens.bob,
    });
    expect(allowed.status).toBe(200);
    expect(
      (await w.call('GET', '/api/get-full-screen-problem-list?cid=3', { token: w.tokens.bob })).status,
    ).toBe(404);
    expect((await w.call('GET', '/api/get-full-screen-problem-list', { token: w.tokens.bob })).status).toBe(
      400,
    );
    expect(
      (await w.call('GET', '/api/get-full-screen-problem-list?tid=99999', { token: w.tokens.bob })).status,
    ).toBe(404);
  });
});
