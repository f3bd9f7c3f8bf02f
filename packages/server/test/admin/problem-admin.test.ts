import { eq } from 'drizzle-orm';
import { JudgeStatus } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codeTemplate,
  judge,
  judgeProblemCount,
  problem,
  problemCase,
  problemTag,
  tag,
} from '../../src/db/schema/index.ts';
import {
  createProblem,
  createWorld,
  languageIds,
  problemDto,
  submit,
  type World,
} from '../problem/fixtures.ts';

let w: World;

const create = async (overrides: object = {}, extra: object = {}, token = w.tokens.root) =>
  w.call<{ pid: number; problemId: string }>('POST', '/api/admin/problem', {
    token,
    payload: await problemDto(w, overrides, extra),
  });
const update = async (pid: number, overrides: object = {}, extra: object = {}, token = w.tokens.root) =>
  w.call('PUT', '/api/admin/problem', {
    token,
    payload: await problemDto(w, { id: pid, ...overrides }, extra),
  });
const row = async (pid: number) => (await w.t.db.select().from(problem).where(eq(problem.id, pid)))[0]!;

beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w.t.close());

describe('create a problem (spec part 2 §2.7, §5; reference §3.12 POST /api/admin/problem, §8.2)', () => {
  it('creates the problem with cases, languages, tags and templates; an empty id becomes P<id>', async () => {
    const [cpp] = await languageIds(w, ['C++']);
    const res = await create(
      { problemId: '' },
      {
        tags: [{ name: 'math', color: '#123456' }],
        codeTemplates: [{ lid: cpp, code: 'int main(){}', status: true }],
      },
    );
    expect(res.status).toBe(200);
    expect(res.data.problemId).toBe(`P${res.data.pid}`);
    const p = await row(res.data.pid);
    expect(p).toMatchObject({ author: 'root', title: 'Sum of two', isUploadCase: false, auth: 1 });
    expect(Number(p.caseVersion)).toBe(w.clock.now().getTime());
    const cases = await w.t.db.select().from(problemCase).where(eq(problemCase.pid, res.data.pid));
    expect(cases.map((c) => [c.input, c.output, c.groupNum])).toEqual([
      ['1 2\n', '3\n', 1],
      ['5 5\n', '10\n', 1],
    ]);
    const tags = await w.t.db
      .select({ name: tag.name, oj: tag.oj })
      .from(problemTag)
      .innerJoin(tag, eq(tag.id, problemTag.tid))
      .where(eq(problemTag.pid, res.data.pid));
    expect(tags).toEqual([{ name: 'math', oj: 'ME' }]);
    expect(await w.t.db.select().from(codeTemplate).where(eq(codeTemplate.pid, res.data.pid))).toHaveLength(
      1,
    );
    // a second problem with the same new tag name reuses the tag
    const again = await create({ problemId: 'math-2' }, { tags: [{ name: 'math' }] });
    expect(again.data.problemId).toBe('MATH-2');
    expect(await w.t.db.select().from(tag).where(eq(tag.name, 'math'))).toHaveLength(1);
  });

  it('refuses a taken or malformed problem id', async () => {
    expect((await create({ problemId: 'math-2' })).msg).toBe(
      'This Problem ID already exists, please choose another one!',
    );
    expect((await create({ problemId: 'a b' })).status).toBe(400);
  });

  it('computes the OI total from the case scores by case mode (reference §8.2 last bullet)', async () => {
    const samples = [
      { input: '1', output: '1', score: 10, groupNum: 1 },
      { input: '2', output: '2', score: 30, groupNum: 1 },
      { input: '3', output: '3', score: 25, groupNum: 2 },
    ];
    const sum = await create({ problemId: 'OI-SUM', type: 1 }, { samples });
    expect((await row(sum.data.pid)).ioScore).toBe(65);
    const lowest = await create(
      { problemId: 'OI-LOW', type: 1, judgeCaseMode: 'subtask_lowest' },
      { samples },
    );
    expect((await row(lowest.data.pid)).ioScore).toBe(35);
    const average = await create(
      { problemId: 'OI-AVG', type: 1, judgeCaseMode: 'subtask_average' },
      { samples },
    );
    expect((await row(average.data.pid)).ioScore).toBe(45);
  });

  it('checks the form as spec part 2 §5 lists it', async () => {
    const cases: [object, object, string][] = [
      [
        { type: 1 },
        { samples: [{ input: '1', output: '1', score: null }] },
        'Test case 1: the score must be an integer greater than or equal to 0!',
      ],
      [
        { type: 1, judgeCaseMode: 'subtask_lowest' },
        { samples: [{ input: '1', output: '1', score: 5, groupNum: null }] },
        'Test case 1: the subtask group number is missing!',
      ],
      [{ type: 0, judgeCaseMode: 'subtask_lowest' }, {}, 'This case mode does not fit the problem type!'],
      [{}, { samples: [] }, 'The problem needs at least one test case!'],
      [{}, { samples: [{ input: '', output: '' }] }, 'Test case 1 needs an input or an output!'],
      [
        {},
        { judgeMode: 'spj' },
        'A special judge or interactive problem needs its checker or interactor code!',
      ],
      [
        { spjCode: 'int main(){}', spjLanguage: 'Java' },
        { judgeMode: 'spj' },
        'The checker or interactor must be written in C or C++!',
      ],
      [
        { isFileIO: true, ioReadFileName: 'in.txt' },
        {},
        'A file I/O problem needs valid input and output file names!',
      ],
      [
        { isFileIO: true, ioReadFileName: '../in', ioWriteFileName: 'out' },
        {},
        'A file I/O problem needs valid input and output file names!',
      ],
      [{}, { languages: [] }, 'Choose at least one language!'],
      [{}, { languages: [{ id: 987654 }] }, 'A chosen language does not exist!'],
      [
        { userExtraFile: '{"../x.h": "int"}' },
        {},
        'userExtraFile must be a JSON object of file name → content, without paths in the names!',
      ],
      [
        { judgeExtraFile: 'not json' },
        {},
        'judgeExtraFile must be a JSON object of file name → content, without paths in the names!',
      ],
      [{}, { tags: [{ id: 987654, name: 'x' }] }, 'The tag does not exist!'],
    ];
    for (const [overrides, extra, message] of cases) {
      const res = await create({ problemId: 'BAD-1', ...overrides }, extra);
      expect(res.msg, JSON.stringify([overrides, extra])).toBe(message);
    }
    const [cpp] = await languageIds(w, ['C++']);
    const emptyTemplate = await create(
      { problemId: 'BAD-1' },
      { codeTemplates: [{ lid: cpp, code: ' ', status: true }] },
    );
    expect(emptyTemplate.msg).toBe('The code template of C++ cannot be empty!');
    expect((await create({ title: '' })).http).toBe(400);
    expect((await create({ timeLimit: 0 })).http).toBe(400);
    expect((await create({ auth: 7 })).http).toBe(400);
    expect(await w.t.db.select().from(problem).where(eq(problem.problemId, 'BAD-1'))).toEqual([]);
  });

  it('stores extra files and checkers, and gives HOJ clients their JSON strings back', async () => {
    const res = await create(
      {
        problemId: 'SPJ-1',
        spjCode: 'int main(){return 0;}',
        spjLanguage: 'C++',
        userExtraFile: '{"lib.h":"int f();"}',
      },
      { judgeMode: 'spj' },
    );
    const admin = await w.call<Record<string, unknown>>('GET', `/api/admin/problem?pid=${res.data.pid}`, {
      token: w.tokens.root,
    });
    expect(admin.data).toMatchObject({
      judgeMode: 'spj',
      spjLanguage: 'C++',
      userExtraFile: '{"lib.h":"int f();"}',
    });
    const detail = await w.call<{ problem: Record<string, unknown> }>(
      'GET',
      '/api/get-problem-detail?problemId=SPJ-1',
    );
    expect(detail.data.problem).toMatchObject({
      spjCode: null,
      spjLanguage: null,
      userExtraFile: '{"lib.h":"int f();"}',
    });
  });

  it('lets only root and problem admins make a problem public (reference §3.12 change-problem-auth)', async () => {
    expect((await create({ problemId: 'ADM-1', auth: 1 }, {}, w.tokens.admin)).status).toBe(403);
    const hidden = await create({ problemId: 'ADM-1', auth: 2 }, {}, w.tokens.admin);
    expect(hidden.status).toBe(200);
    const publish = (token: string) =>
      w.call('PUT', '/api/admin/problem/change-problem-auth', {
        token,
        payload: { id: hidden.data.pid, auth: 1 },
      });
    expect((await publish(w.tokens.admin)).status).toBe(403);
    expect((await publish(w.tokens.problemAdmin)).status).toBe(200);
    expect((await row(hidden.data.pid)).auth).toBe(1);
    expect((await publish(w.tokens.alice)).http).toBe(403);
  });
});

describe('edit a problem (reference §3.12 PUT /api/admin/problem, §8.2 case_version)', () => {
  it('is for root, problem admins and the author', async () => {
    const mine = await create({ problemId: 'OWN-1', auth: 2 }, {}, w.tokens.admin);
    const other = await createProblem(w, { problemId: 'OWN-2', auth: 2 });
    expect(
      (await update(mine.data.pid, { problemId: 'OWN-1', auth: 2, title: 'Mine' }, {}, w.tokens.admin))
        .status,
    ).toBe(200);
    expect((await update(other.pid, { problemId: 'OWN-2', auth: 2 }, {}, w.tokens.admin)).status).toBe(403);
    expect(
      (await w.call('GET', `/api/admin/problem?pid=${other.pid}`, { token: w.tokens.admin })).status,
    ).toBe(403);
    expect((await update(other.pid, { problemId: 'OWN-2', auth: 2 }, {}, w.tokens.problemAdmin)).status).toBe(
      200,
    );
    expect(await row(mine.data.pid)).toMatchObject({ title: 'Mine', modifiedUser: 'admin' });
    expect((await update(424242, { problemId: 'GONE' })).status).toBe(404);
  });

  it('moves case_version when test data, case mode or checker change, not for statement edits', async () => {
    const made = await createProblem(w, { problemId: 'VER-1' });
    const version = async () => (await row(made.pid)).caseVersion;
    const v0 = await version();
    w.clock.advance(1000);
    await update(made.pid, { problemId: 'VER-1', description: 'New words', timeLimit: 2000 });
    expect(await version()).toBe(v0);
    w.clock.advance(1000);
    await update(made.pid, { problemId: 'VER-1' }, { samples: [{ input: '1 2\n', output: '3\n' }] });
    const v1 = await version();
    expect(Number(v1)).toBeGreaterThan(Number(v0));
    w.clock.advance(1000);
    await update(
      made.pid,
      { problemId: 'VER-1', judgeCaseMode: 'ergodic_without_error' },
      { samples: [{ input: '1 2\n', output: '3\n' }] },
    );
    const v2 = await version();
    expect(Number(v2)).toBeGreaterThan(Number(v1));
    w.clock.advance(1000);
    await update(
      made.pid,
      {
        problemId: 'VER-1',
        judgeCaseMode: 'ergodic_without_error',
        spjCode: 'int main(){}',
        spjLanguage: 'C',
      },
      { samples: [{ input: '1 2\n', output: '3\n' }], judgeMode: 'spj' },
    );
    expect(Number(await version())).toBeGreaterThan(Number(v2));
  });

  it('recomputes io_score when scores change, and renames the problem id', async () => {
    const made = await createProblem(w, { problemId: 'IO-1', type: 1 }, {
      samples: [{ input: '1', output: '1', score: 40 }],
    } as never);
    expect((await row(made.pid)).ioScore).toBe(40);
    await update(
      made.pid,
      { problemId: 'io-renamed', type: 1 },
      {
        samples: [
          { input: '1', output: '1', score: 70 },
          { input: '2', output: '2', score: 30 },
        ],
      },
    );
    expect(await row(made.pid)).toMatchObject({ ioScore: 100, problemId: 'IO-RENAMED' });
    expect(
      (
        await update(
          made.pid,
          { problemId: 'P1000', type: 1 },
          { samples: [{ input: '1', output: '1', score: 1 }] },
        )
      ).msg,
    ).toBe('This Problem ID already exists, please choose another one!');
  });
});

describe('admin problem list, get, cases, delete (reference §3.12)', () => {
  it('lists non-group problems newest first, by keyword (title, author, id), auth and judge', async () => {
    const list = (q: string, token = w.tokens.admin) =>
      w.call<{ records: { problemId: string; author: string }[]; total: number }>(
        'GET',
        `/api/admin/problem/get-problem-list${q}`,
        { token },
      );
    const all = await list('?limit=100');
    expect(all.data.records[0]!.problemId).toBe('IO-RENAMED');
    expect(all.data.records.at(-1)!.problemId).toBe('P1000');
    expect((await list('?keyword=admin&limit=100')).data.records.every((r) => r.author === 'admin')).toBe(
      true,
    );
    expect((await list('?auth=2&limit=100')).data.records.map((r) => r.problemId)).toContain('OWN-2');
    expect((await list('?oj=HDU')).data.total).toBe(0);
    expect((await list('', w.tokens.alice)).http).toBe(403);
    expect((await list('')).data.records[0]).toHaveProperty('isFileIO');
  });

  it('answers the cases in file order', async () => {
    const made = await createProblem(w, { problemId: 'CASES-1' });
    const res = await w.call<{ input: string }[]>(
      'GET',
      `/api/admin/problem/get-problem-cases?pid=${made.pid}&isUpload=false`,
      {
        token: w.tokens.root,
      },
    );
    expect(res.data.map((c) => c.input)).toEqual(['1 2\n', '5 5\n']);
    expect(
      (await w.call('GET', `/api/admin/problem/get-problem-cases?pid=${made.pid}`, { token: w.tokens.admin }))
        .status,
    ).toBe(403);
  });

  it('deletes a problem with its submissions and counts (root and problem admins only)', async () => {
    const made = await createProblem(w, { problemId: 'DEL-1' });
    await submit(w, w.tokens.alice, 'DEL-1');
    await w.judge.judgeNext({ status: JudgeStatus.ACCEPTED });
    const before = (await w.call<{ total: number }>('GET', '/api/get-submission-list')).data.total;
    expect(
      (await w.call('DELETE', `/api/admin/problem?pid=${made.pid}`, { token: w.tokens.admin })).http,
    ).toBe(403);
    expect(
      (await w.call('DELETE', `/api/admin/problem?pid=${made.pid}`, { token: w.tokens.problemAdmin })).status,
    ).toBe(200);
    expect(await w.t.db.select().from(judge).where(eq(judge.pid, made.pid))).toEqual([]);
    expect(await w.t.db.select().from(judgeProblemCount).where(eq(judgeProblemCount.pid, made.pid))).toEqual(
      [],
    );
    expect((await w.call<{ total: number }>('GET', '/api/get-submission-list')).data.total).toBe(before - 1);
    expect(
      (await w.call('DELETE', `/api/admin/problem?pid=${made.pid}`, { token: w.tokens.root })).status,
    ).toBe(404);
  });

  // compile-spj / compile-interactive: test/admin/compile-check.test.ts
  it('answers remote import with "not available yet"', async () => {
    expect(
      (
        await w.call('GET', '/api/admin/problem/import-remote-oj-problem?name=HDU&problemId=1000', {
          token: w.tokens.root,
        })
      ).status,
    ).toBe(400);
  });
});
