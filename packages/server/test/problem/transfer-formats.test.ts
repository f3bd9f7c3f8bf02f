import { and, asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  codeTemplate,
  language,
  problem,
  problemCase,
  problemLanguage,
  problemTag,
  tag,
} from '../../src/db/schema/index.ts';
import { stagingRoot } from '../../src/modules/file/staging.ts';
import { buildZip, type RawEntry } from '../admin/zip.ts';
import {
  filesOnDisk,
  importUpload,
  pidOf,
  rowCounts,
  sha256,
  stored,
  useTransferWorld,
  world,
} from './transfer-support.ts';

useTransferWorld();

const QDOJ = '/api/file/import-qdoj-problem';
const HYDRO = '/api/file/import-hydro-problem';
const FPS = '/api/file/import-fps-problem';

/** A problem as stored: its row, cases, languages, tags and templates. */
async function stored_(problemId: string) {
  const { db } = world.w.t;
  const pid = await pidOf(problemId);
  expect(pid, problemId).toBeDefined();
  const [row] = await db.select().from(problem).where(eq(problem.id, pid!));
  const cases = await db
    .select({
      input: problemCase.input,
      output: problemCase.output,
      score: problemCase.score,
      groupNum: problemCase.groupNum,
      inputSha256: problemCase.inputSha256,
      outputSha256: problemCase.outputSha256,
    })
    .from(problemCase)
    .where(eq(problemCase.pid, pid!))
    .orderBy(asc(problemCase.id));
  const languages = await db
    .select({ name: language.name })
    .from(problemLanguage)
    .innerJoin(language, eq(language.id, problemLanguage.lid))
    .where(eq(problemLanguage.pid, pid!));
  const tags = await db
    .select({ id: tag.id, name: tag.name })
    .from(problemTag)
    .innerJoin(tag, eq(tag.id, problemTag.tid))
    .where(eq(problemTag.pid, pid!));
  const templates = await db
    .select({ language: language.name, code: codeTemplate.code })
    .from(codeTemplate)
    .innerJoin(language, eq(language.id, codeTemplate.lid))
    .where(eq(codeTemplate.pid, pid!));
  return {
    row: row!,
    cases,
    languages: languages.map((l) => l.name).sort(),
    tags: tags.sort((a, b) => a.id - b.id),
    templates: templates.sort((a, b) => a.language.localeCompare(b.language)),
  };
}

async function localLanguages(names: string[]) {
  const rows = await world.w.t.db
    .select({ name: language.name })
    .from(language)
    .where(and(inArray(language.name, names), eq(language.oj, 'ME')));
  return rows.map((r) => r.name).sort();
}

describe('problem imports of other judges are root only (reference §3.11 R(root))', () => {
  it('refuses anonymous callers (HTTP 401) and users, admins and problem admins (HTTP 403)', async () => {
    const before = await rowCounts();
    for (const url of [QDOJ, HYDRO, FPS]) {
      const name = url === FPS ? 'problems.xml' : 'problems.zip';
      const body = url === FPS ? Buffer.from('<fps/>') : buildZip([{ name: 'a/b', content: 'x' }]);
      expect((await importUpload(url, body, { name, token: '' })).http).toBe(401);
      for (const token of [world.w.tokens.alice, world.w.tokens.admin, world.w.tokens.problemAdmin]) {
        const res = await importUpload(url, body, { name, token });
        expect([res.http, res.status]).toEqual([403, 403]);
      }
    }
    expect(await rowCounts()).toEqual(before);
  });
});

// ----------------------------------------------------------------------------------------------
// QDUOJ

/** One problem folder of a QDUOJ export: `<key>/problem.json` and `<key>/testcase/…`. */
function qdojFolder(key: string, json: Record<string, unknown>, cases: Record<string, string>): RawEntry[] {
  return [
    { name: `${key}/`, content: '' },
    { name: `${key}/problem.json`, content: JSON.stringify(json), deflate: true },
    { name: `${key}/testcase/`, content: '' },
    ...Object.entries(cases).map(([name, content]) => ({
      name: `${key}/testcase/${name}`,
      content,
      deflate: true,
    })),
  ];
}

/** problem.json as QDUOJ's export writes it (ExportProblemSerializer). */
function qdojJson(fields: Record<string, unknown>) {
  return {
    display_id: 'Q-1',
    title: 'QDUOJ problem',
    description: { format: 'html', value: '<p>desc</p>' },
    input_description: { format: 'html', value: '<p>input</p>' },
    output_description: { format: 'html', value: '<p>output</p>' },
    hint: { format: 'html', value: '' },
    test_case_score: [{ score: 100, input_name: '1.in', output_name: '1.out' }],
    time_limit: 1000,
    memory_limit: 256,
    samples: [{ input: '1 2', output: '3' }],
    template: {},
    spj: null,
    rule_type: 'ACM',
    source: 'QDUOJ',
    answers: [],
    tags: ['qd'],
    ...fields,
  };
}

describe('QDUOJ zip import (reference §11.2)', () => {
  it('imports a QDUOJ export: statement values, limits, OI scores, tags, samples and a special judge', async () => {
    await world.w.t.db.insert(tag).values({ name: 'Math', oj: 'ME' });
    const spj =
      '#include "testlib.h"\nint main(int c, char** v) { registerTestlibCmd(c, v); quitf(_ok, "ok"); }\n';
    const zip = buildZip([
      ...qdojFolder(
        '1',
        qdojJson({
          display_id: 'QD-OI',
          title: 'Sum of two',
          description: { format: 'html', value: '<p>Add \\u4e2d numbers</p>' },
          hint: { format: 'html', value: '<p>think</p>' },
          test_case_score: [
            { score: 40, input_name: '1.in', output_name: '1.out' },
            { score: 60, input_name: '2.in', output_name: '2.out' },
          ],
          time_limit: 2000,
          memory_limit: 128,
          samples: [
            { input: '1 2', output: '3' },
            { input: '5 5', output: '10' },
          ],
          rule_type: 'OI',
          source: 'QDU contest',
          tags: ['math', 'Brand New'],
        }),
        { '1.in': 'qd-1-in\n', '1.out': 'qd-1-out\n', '2.in': 'qd-2-in\n', '2.out': 'qd-2-out\n' },
      ),
      ...qdojFolder(
        '2',
        qdojJson({
          display_id: 'QD-SPJ',
          title: 'Any answer',
          // QDUOJ's special-judge cases have inputs only
          test_case_score: [{ score: 100, input_name: '1.in', output_name: '-' }],
          spj: { language: 'C++', code: spj },
          tags: [],
        }),
        { '1.in': 'qd-spj-in\n' },
      ),
    ]);
    const res = await importUpload(QDOJ, zip);
    expect([res.http, res.status, res.data.failed]).toEqual([200, 200, []]);
    expect(res.data.imported.map((p) => [p.key, p.problemId, p.title])).toEqual([
      ['1', 'QD-OI', 'Sum of two'],
      ['2', 'QD-SPJ', 'Any answer'],
    ]);

    const oi = await stored_('QD-OI');
    expect(oi.row).toMatchObject({
      title: 'Sum of two',
      type: 1,
      description: '<p>Add 中 numbers</p>',
      input: '<p>input</p>',
      output: '<p>output</p>',
      hint: '<p>think</p>',
      timeLimit: 2000,
      memoryLimit: 128,
      source: 'QDU contest',
      examples: '<input>1 2</input><output>3</output><input>5 5</input><output>10</output>',
      auth: 1,
      difficulty: 1,
      isRemoveEndBlank: true,
      openCaseResult: true,
      codeShare: false,
      judgeMode: 'default',
      ioScore: 100,
      author: 'root',
    });
    expect(oi.cases).toEqual([
      {
        input: '1.in',
        output: '1.out',
        score: 40,
        groupNum: 1,
        inputSha256: sha256('qd-1-in\n'),
        outputSha256: sha256('qd-1-out\n'),
      },
      {
        input: '2.in',
        output: '2.out',
        score: 60,
        groupNum: 1,
        inputSha256: sha256('qd-2-in\n'),
        outputSha256: sha256('qd-2-out\n'),
      },
    ]);
    // HOJ's fixed list, those this site has
    expect(oi.languages).toEqual(
      await localLanguages([
        'C',
        'C With O2',
        'C++',
        'C++ With O2',
        'Java',
        'Python3',
        'Python2',
        'Golang',
        'C#',
      ]),
    );
    expect(oi.tags.map((t) => t.name)).toEqual(['Math', 'Brand New']);

    const withSpj = await stored_('QD-SPJ');
    expect(withSpj.row).toMatchObject({ type: 0, judgeMode: 'spj', spjLanguage: 'C++', spjCode: spj });
    expect(withSpj.cases.map((c) => [c.input, c.output, c.inputSha256, c.outputSha256])).toEqual([
      ['1.in', '1.out', sha256('qd-spj-in\n'), sha256('')],
    ]);
    expect(stored('qd-spj-in\n')).toBe(true);
  });

  it('fails a problem whose display_id exists as a repeat, and imports the others', async () => {
    const zip = buildZip([
      ...qdojFolder('1', qdojJson({ display_id: 'QD-OI', title: 'Again' }), {
        '1.in': 'a\n',
        '1.out': 'b\n',
      }),
      ...qdojFolder('2', qdojJson({ display_id: 'QD-NEW', title: 'New one' }), {
        '1.in': 'qd-new\n',
        '1.out': 'qd-new-out\n',
      }),
    ]);
    const res = await importUpload(QDOJ, zip);
    expect([res.http, res.status]).toEqual([200, 400]);
    expect(res.msg).toBe(
      '[Import result] Succeeded: 1,  failed: 1,  problem IDs that already exist: [QD-OI]',
    );
    expect(res.data.imported.map((p) => p.problemId)).toEqual(['QD-NEW']);
    expect(res.data.failed.map((f) => [f.key, f.problemId, f.repeat])).toEqual([['1', 'QD-OI', true]]);
    expect((await stored_('QD-OI')).row.title).toBe('Sum of two');
  });

  it('leaves nothing of a broken problem (row, tags, test files) while the others import', async () => {
    const before = await rowCounts();
    const zip = buildZip([
      ...qdojFolder('1', qdojJson({ display_id: 'QD-KEPT', tags: ['QD Kept'] }), {
        '1.in': 'qd-kept\n',
        '1.out': 'qd-kept-out\n',
      }),
      // a test file missing
      ...qdojFolder('2', qdojJson({ display_id: 'QD-MISSING', tags: ['QD Missing'] }), {
        '1.in': 'qd-missing\n',
      }),
      // refused by the database after its files went into the store
      ...qdojFolder(
        '3',
        qdojJson({
          display_id: 'QD-LATE',
          rule_type: 'OI',
          tags: ['QD Late'],
          test_case_score: [{ score: 3_000_000_000, input_name: '1.in', output_name: '1.out' }],
        }),
        { '1.in': 'qd-late\n', '1.out': 'qd-late-out\n' },
      ),
      // not JSON
      { name: '4/problem.json', content: '{"display_id": ' },
      { name: '4/testcase/1.in', content: 'qd-json\n' },
    ]);
    const res = await importUpload(QDOJ, zip);
    expect(res.status).toBe(400);
    expect(res.data.imported.map((p) => p.problemId)).toEqual(['QD-KEPT']);
    expect(res.data.failed.map((f) => [f.key, f.problemId, f.reason])).toEqual([
      ['2', 'QD-MISSING', 'The test data folder 2/testcase/ has no file 1.out!'],
      ['3', 'QD-LATE', 'Server Error! Please try Again later!'],
      ['4', '4', expect.stringMatching(/^Please check the format of the JSON file of 4: /)],
    ]);
    for (const id of ['QD-MISSING', 'QD-LATE']) expect(await pidOf(id)).toBeUndefined();
    const tags = await world.w.t.db
      .select({ name: tag.name })
      .from(tag)
      .where(inArray(tag.name, ['QD Kept', 'QD Missing', 'QD Late']));
    expect(tags.map((t) => t.name)).toEqual(['QD Kept']);
    for (const text of ['qd-missing\n', 'qd-late\n', 'qd-late-out\n', 'qd-json\n'])
      expect(stored(text)).toBe(false);
    expect(await rowCounts()).toEqual({
      problems: before.problems + 1,
      cases: before.cases + 1,
      tags: before.tags + 1,
      problemTags: before.problemTags + 1,
    });
    expect(await filesOnDisk(stagingRoot(world.dataDir))).toEqual([]);
  });

  it('refuses what is not a zip, an unsafe zip and a zip without folders, changing nothing', async () => {
    const before = await rowCounts();
    const notZip = await importUpload(QDOJ, Buffer.from('PK not really'), { name: 'p.zip' });
    expect([notZip.status, notZip.msg]).toEqual([400, 'The problems must be uploaded as a zip file!']);
    const wrongName = await importUpload(QDOJ, buildZip(qdojFolder('1', qdojJson({}), {})), {
      name: 'p.rar',
    });
    expect([wrongName.status, wrongName.msg]).toEqual([400, 'The problems must be uploaded as a zip file!']);
    const slip = await importUpload(
      QDOJ,
      buildZip([
        ...qdojFolder('1', qdojJson({ display_id: 'QD-SLIP' }), {}),
        { name: '../evil', content: 'x' },
      ]),
    );
    expect(slip.status).toBe(400);
    const flat = await importUpload(QDOJ, buildZip([{ name: 'problem.json', content: '{}' }]));
    expect([flat.status, flat.msg]).toEqual([
      400,
      'Warning: no problem was found in the zip; please check its layout (one folder per problem)!',
    ]);
    expect(await pidOf('QD-SLIP')).toBeUndefined();
    expect(await rowCounts()).toEqual(before);
  });
});
