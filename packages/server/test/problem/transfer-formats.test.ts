import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  codeTemplate,
  file as fileTable,
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
  cdata,
  fpsFile,
  fpsItem,
  hydroFolder,
  hydroYaml,
  qdojFolder,
  qdojJson,
} from './transfer-builders.ts';
import {
  filesOnDisk,
  importUpload,
  pidOf,
  rowCounts,
  sha256,
  smallTransferApp,
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

/** A PNG's signature and a few bytes: what the site recognises as an image (account/avatar.ts). */
const png = (seed: string) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(seed)]);

/** The image a statement links to, as served publicly (reference §3.11 /api/public/img/). */
async function servedImage(link: string) {
  const res = await world.w.t.app.inject({ url: link });
  return { status: res.statusCode, type: res.headers['content-type'], body: res.rawPayload };
}

const imageLinks = (text: string) =>
  [...text.matchAll(/\/api\/public\/img\/([0-9a-f]{32}\.png)/g)].map((x) => x[0]);
const markdownFolder = () => path.join(world.dataDir, 'files', 'markdown');

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

// ----------------------------------------------------------------------------------------------
// Hydro

describe('Hydro zip import (reference §11.4)', () => {
  it('imports a Hydro export: problem.yaml, the markdown statement with its examples and image, config.yaml subtasks, scores, checker and languages', async () => {
    const checker =
      '#include "testlib.h"\nint main(int c, char** v) { registerTestlibCmd(c, v); quitf(_ok, "ok"); }\n';
    const picture = png('hydro-picture');
    const md = [
      '## Description',
      '',
      'Add two numbers. ![figure](file://figure.png)',
      '',
      '```input1',
      '1 2',
      '```',
      '',
      '```output1',
      '3',
      '```',
      '',
      '```input2',
      '5 5',
      '```',
      '',
      '```output2',
      '10',
      '```',
      '',
    ].join('\n');
    const config = [
      'type: default',
      'time: 2s',
      'memory: 128m',
      'checker_type: testlib',
      'checker: chk.cc',
      'subtasks:',
      '  - score: 30',
      '    id: 1',
      '    cases:',
      '      - input: a1.in',
      '        output: a1.out',
      '      - input: a2.in',
      '        output: a2.out',
      '  - score: 70',
      '    id: 2',
      '    cases:',
      '      - input: b1.in',
      '        output: b1.ans',
      'langs:',
      '  - cc',
      '  - py3',
      '',
    ].join('\n');
    const zip = buildZip(
      hydroFolder('1', {
        'problem.yaml': hydroYaml('HY-SUB', 'Hydro subtasks', ['Math', 'Hydro Tag']),
        'problem_zh.md': md,
        'problem.md': 'the other statement',
        'testdata/config.yaml': config,
        'testdata/chk.cc': checker,
        'testdata/a1.in': 'hy-a1\n',
        'testdata/a1.out': 'hy-a1-out\n',
        'testdata/a2.in': 'hy-a2\n',
        'testdata/a2.out': 'hy-a2-out\n',
        'testdata/b1.in': 'hy-b1\n',
        'testdata/b1.ans': 'hy-b1-ans\n',
        'additional_file/figure.png': picture,
      }),
    );
    const res = await importUpload(HYDRO, zip);
    expect([res.http, res.status, res.data.failed]).toEqual([200, 200, []]);
    expect(res.data.imported.map((p) => [p.key, p.problemId, p.title])).toEqual([
      ['1', 'HY-SUB', 'Hydro subtasks'],
    ]);

    const p = await stored_('HY-SUB');
    expect(p.row).toMatchObject({
      title: 'Hydro subtasks',
      type: 1,
      judgeMode: 'spj',
      judgeCaseMode: 'subtask_lowest',
      spjLanguage: 'C++',
      spjCode: checker,
      timeLimit: 2000,
      memoryLimit: 128,
      examples: '<input>1 2</input><output>3</output><input>5 5</input><output>10</output>',
      auth: 1,
      difficulty: 1,
      isRemoveEndBlank: true,
      openCaseResult: true,
      codeShare: false,
    });
    // the examples leave the description; the image is the site's own
    expect(p.row.description).not.toContain('```input');
    expect(p.row.description).not.toContain('file://');
    const links = imageLinks(p.row.description!);
    expect(links).toHaveLength(1);
    expect(p.row.description).toBe(
      `## Description\n\nAdd two numbers. ![figure](${links[0]})\n\n\n\n\n\n\n\n\n`,
    );
    const served = await servedImage(links[0]!);
    expect([served.status, served.type, served.body.equals(picture)]).toEqual([200, 'image/png', true]);
    const [row] = await world.w.t.db
      .select()
      .from(fileTable)
      .where(eq(fileTable.name, path.basename(links[0]!)));
    expect(row).toMatchObject({ type: 'md', uid: world.w.uids.root, delete: false });

    expect(
      p.cases.map((c) => [c.input, c.output, c.score, c.groupNum, c.inputSha256, c.outputSha256]),
    ).toEqual([
      ['a1.in', 'a1.out', 30, 1, sha256('hy-a1\n'), sha256('hy-a1-out\n')],
      ['a2.in', 'a2.out', 30, 1, sha256('hy-a2\n'), sha256('hy-a2-out\n')],
      ['b1.in', 'b1.ans', 70, 2, sha256('hy-b1\n'), sha256('hy-b1-ans\n')],
    ]);
    expect(p.languages).toEqual(await localLanguages(['C++', 'PyPy3']));
    expect(p.tags.map((t) => t.name)).toEqual(['Math', 'Hydro Tag']);
  });

  it('pairs X.in with X.out or X.ans without config cases, 100/n each with the remainder last, and a pid "null" gets an id', async () => {
    const zip = buildZip(
      hydroFolder('2', {
        'problem.yaml': hydroYaml('null', 'Hydro no cases'),
        'problem.md': 'Statement only.',
        'testdata/config.yaml': 'time: 500ms\nmemory: 64mb\n',
        'testdata/1.in': 'hy-n1\n',
        'testdata/1.out': 'hy-n1-out\n',
        'testdata/2.in': 'hy-n2\n',
        'testdata/2.ans': 'hy-n2-ans\n',
        'testdata/10.in': 'hy-n10\n',
        'testdata/10.out': 'hy-n10-out\n',
      }),
    );
    const res = await importUpload(HYDRO, zip);
    expect([res.status, res.data.failed]).toEqual([200, []]);
    const problemId = res.data.imported[0]!.problemId;
    expect(problemId).toMatch(/^P\d+$/);
    const p = await stored_(problemId);
    expect(p.row).toMatchObject({
      title: 'Hydro no cases',
      description: 'Statement only.',
      type: 1,
      judgeMode: 'default',
      judgeCaseMode: 'default',
      timeLimit: 500,
      memoryLimit: 64,
    });
    expect(p.cases.map((c) => [c.input, c.output, c.score])).toEqual([
      ['1.in', '1.out', 33],
      ['2.in', '2.ans', 33],
      ['10.in', '10.out', 34],
    ]);
    // none given: every language of the site
    expect(p.languages.length).toBeGreaterThan(5);
  });

  it('fails a problem whose pid exists as a repeat, and leaves nothing of a broken one (its image neither)', async () => {
    const before = await rowCounts();
    const imagesBefore = existsSync(markdownFolder()) ? await filesOnDisk(markdownFolder()) : [];
    const zip = buildZip([
      ...hydroFolder('a', {
        'problem.yaml': hydroYaml('HY-SUB', 'Repeat'),
        'problem.md': 'x',
        'testdata/1.in': 'hy-r\n',
        'testdata/1.out': 'hy-r-out\n',
      }),
      ...hydroFolder('b', {
        'problem.yaml': hydroYaml('HY-KEPT', 'Kept', ['Hydro Kept']),
        'problem.md': 'kept',
        'testdata/1.in': 'hy-kept\n',
        'testdata/1.out': 'hy-kept-out\n',
      }),
      // refused by the database after its files and image were written
      ...hydroFolder('c', {
        'problem.yaml': hydroYaml('HY-LATE', 'Late', ['Hydro Late']),
        'problem.md': '![x](file://late.png)',
        'testdata/config.yaml': 'cases:\n  - input: 1.in\n    output: 1.out\n    score: 3000000000\n',
        'testdata/1.in': 'hy-late\n',
        'testdata/1.out': 'hy-late-out\n',
        'additional_file/late.png': png('late'),
      }),
      // a case file the config names is missing
      ...hydroFolder('d', {
        'problem.yaml': hydroYaml('HY-MISSING', 'Missing'),
        'problem.md': 'missing',
        'testdata/config.yaml': 'cases:\n  - input: 1.in\n    output: 1.out\n',
        'testdata/1.in': 'hy-missing\n',
      }),
      // YAML that is not
      ...hydroFolder('e', { 'problem.yaml': 'pid: [unclosed', 'problem.md': 'bad' }),
    ]);
    const res = await importUpload(HYDRO, zip);
    expect(res.status).toBe(400);
    expect(res.msg).toMatch(
      /^\[Import result\] Succeeded: 1, {2}failed: 4, {2}problem IDs that already exist: \[HY-SUB\]<br\/>Failed problem IDs: \[HY-LATE, HY-MISSING, e\]/,
    );
    expect(res.data.imported.map((p) => p.problemId)).toEqual(['HY-KEPT']);
    expect(res.data.failed.map((f) => [f.key, f.problemId, f.repeat, f.reason])).toEqual([
      ['a', 'HY-SUB', true, expect.any(String)],
      ['c', 'HY-LATE', false, 'Server Error! Please try Again later!'],
      ['d', 'HY-MISSING', false, 'The test data folder d/testdata/ has no file 1.out!'],
      ['e', 'e', false, expect.stringMatching(/^Please check the format of the problem e: problem\.yaml: /)],
    ]);
    expect((await stored_('HY-SUB')).row.title).toBe('Hydro subtasks');
    for (const id of ['HY-LATE', 'HY-MISSING']) expect(await pidOf(id)).toBeUndefined();
    for (const text of ['hy-r\n', 'hy-late\n', 'hy-late-out\n', 'hy-missing\n'])
      expect(stored(text)).toBe(false);
    expect(await filesOnDisk(markdownFolder())).toEqual(imagesBefore);
    expect(await rowCounts()).toEqual({
      problems: before.problems + 1,
      cases: before.cases + 1,
      tags: before.tags + 1,
      problemTags: before.problemTags + 1,
    });
    expect(await filesOnDisk(stagingRoot(world.dataDir))).toEqual([]);
  });

  it('refuses what is not a zip and a zip with a link, changing nothing', async () => {
    const before = await rowCounts();
    const notZip = await importUpload(HYDRO, Buffer.from('not a zip at all'));
    expect([notZip.status, notZip.msg]).toEqual([400, 'The problems must be uploaded as a zip file!']);
    const link = await importUpload(
      HYDRO,
      buildZip([
        ...hydroFolder('1', { 'problem.yaml': hydroYaml('HY-LINK', 'Link'), 'problem.md': 'x' }),
        { name: '1/testdata/1.in', content: '/etc/passwd', unixMode: 0o120777 },
      ]),
    );
    expect(link.status).toBe(400);
    expect(await pidOf('HY-LINK')).toBeUndefined();
    expect(await rowCounts()).toEqual(before);
  });
});

// ----------------------------------------------------------------------------------------------
// FPS

const importFps = (xml: Buffer, options: Parameters<typeof importUpload>[2] = {}) =>
  importUpload(FPS, xml, { name: 'problems.xml', ...options });

/** The problems an import created, by the titles its answer gives. */
const byTitle = (res: Awaited<ReturnType<typeof importFps>>, title: string) =>
  res.data.imported.find((p) => p.title === title)!.problemId;

describe('FPS XML import (reference §11.3)', () => {
  it('imports an FPS file: statement, limits, samples, test files, templates, a special judge and embedded images', async () => {
    const figure = png('fps-figure');
    const spj = '#include <stdio.h>\nint main() { return 0; }\n';
    const xml = fpsFile('1.2', [
      fpsItem({
        title: 'FPS A+B',
        time: `<time_limit unit="s">${cdata('1.5')}</time_limit>`,
        images: [{ src: '/upload/image/a.b.png', bytes: figure }],
        description: '<p>Look: <img src="/upload/image/a.b.png" /></p>',
        input: '<p>again <img src="/upload/image/a.b.png"></p>',
        samples: [
          ['1 2', '3'],
          ['5 5', '10'],
        ],
        tests: ['fps-1-in\n', 'fps-2-in\n'],
        outputs: ['fps-1-out\n', 'fps-2-out\n'],
        templates: [
          ['C++', 'int main() {}'],
          ['Python', 'print()'],
          ['Pascal', 'begin end.'],
        ],
      }),
      [
        '<item>',
        '<title>FPS special &amp; entities</title>',
        `<time_limit unit="ms">500</time_limit>`,
        `<memory_limit unit="kb">65536</memory_limit>`,
        '<description>a &lt; b</description>',
        '<input></input><output></output>',
        `<test_input>${cdata('fps-spj-1\n')}</test_input>`,
        `<test_input>${cdata('fps-spj-2\n')}</test_input>`,
        '<hint></hint><source></source>',
        `<spj language="C">${cdata(spj)}</spj>`,
        '</item>',
      ].join('\n'),
    ]);
    const res = await importFps(xml);
    expect([res.http, res.status, res.data.failed]).toEqual([200, 200, []]);
    expect(res.data.imported.map((p) => [p.key, p.title])).toEqual([
      ['1', 'FPS A+B'],
      ['2', 'FPS special & entities'],
    ]);

    const ab = await stored_(byTitle(res, 'FPS A+B'));
    expect(ab.row.problemId).toMatch(/^P\d+$/);
    expect(ab.row).toMatchObject({
      type: 0,
      timeLimit: 1500,
      memoryLimit: 128,
      output: '<p>out</p>',
      hint: '<p>hint</p>',
      source: 'FPS source',
      examples: '<input>1 2</input><output>3</output><input>5 5</input><output>10</output>',
      judgeMode: 'default',
      auth: 1,
      difficulty: 1,
      isRemoveEndBlank: true,
      openCaseResult: true,
      codeShare: false,
    });
    const links = imageLinks(ab.row.description!);
    expect(links).toHaveLength(1);
    expect(ab.row.description).toBe(`<p>Look: <img src="${links[0]}" /></p>`);
    expect(ab.row.input).toBe(`<p>again <img src="${links[0]}"></p>`);
    const served = await servedImage(links[0]!);
    expect([served.status, served.type, served.body.equals(figure)]).toEqual([200, 'image/png', true]);
    const [row] = await world.w.t.db
      .select()
      .from(fileTable)
      .where(eq(fileTable.name, path.basename(links[0]!)));
    expect(row).toMatchObject({ type: 'md', uid: world.w.uids.root });
    expect(ab.cases.map((c) => [c.input, c.output, c.inputSha256, c.outputSha256])).toEqual([
      ['1.in', '1.out', sha256('fps-1-in\n'), sha256('fps-1-out\n')],
      ['2.in', '2.out', sha256('fps-2-in\n'), sha256('fps-2-out\n')],
    ]);
    expect(ab.templates).toEqual(
      [
        { language: 'C++', code: 'int main() {}' },
        { language: 'Python3', code: 'print()' },
      ].filter((t) => ab.languages.includes(t.language)),
    );
    // every language of the site
    expect(ab.languages.length).toBeGreaterThan(5);

    const special = await stored_(byTitle(res, 'FPS special & entities'));
    expect(special.row).toMatchObject({
      description: 'a < b',
      timeLimit: 500,
      memoryLimit: 64,
      judgeMode: 'spj',
      spjLanguage: 'C',
      spjCode: spj,
    });
    // no test_output: empty outputs
    expect(special.cases.map((c) => [c.input, c.output, c.inputSha256, c.outputSha256])).toEqual([
      ['1.in', '1.out', sha256('fps-spj-1\n'), sha256('')],
      ['2.in', '2.out', sha256('fps-spj-2\n'), sha256('')],
    ]);
  });

  it('reads version 1.1 limits as HOJ does: an unknown time unit is seconds, memory always MB', async () => {
    const res = await importFps(
      fpsFile('1.1', [
        fpsItem({
          title: 'FPS old',
          time: `<time_limit>${cdata('2')}</time_limit>`,
          memory: `<memory_limit unit="kb">${cdata('256')}</memory_limit>`,
          tests: ['fps-old\n'],
          outputs: ['fps-old-out\n'],
        }),
      ]),
    );
    expect(res.status).toBe(200);
    expect((await stored_(byTitle(res, 'FPS old'))).row).toMatchObject({ timeLimit: 2000, memoryLimit: 256 });
  });

  it('fails a broken item (no test data, a bad image, a bad unit) leaving nothing while the others import', async () => {
    const before = await rowCounts();
    const imagesBefore = existsSync(markdownFolder()) ? await filesOnDisk(markdownFolder()) : [];
    const res = await importFps(
      fpsFile('1.2', [
        fpsItem({ title: 'FPS kept', tests: ['fps-kept\n'], outputs: ['fps-kept-out\n'] }),
        fpsItem({ title: 'FPS no tests', images: [{ src: 'a.png', bytes: png('no-tests') }] }),
        fpsItem({
          title: 'FPS bad image',
          images: [{ src: 'x.png', bytes: Buffer.from('<svg/>') }],
          tests: ['fps-bad-image\n'],
        }),
        fpsItem({
          title: 'FPS bad unit',
          time: `<time_limit unit="minutes">${cdata('1')}</time_limit>`,
          tests: ['fps-bad-unit\n'],
        }),
      ]),
    );
    expect(res.status).toBe(400);
    expect(res.data.imported.map((p) => p.title)).toEqual(['FPS kept']);
    expect(res.data.failed.map((f) => [f.key, f.problemId, f.reason])).toEqual([
      [
        '2',
        'FPS no tests',
        '[FPS no tests] The problem has no test data: please check its test_input and test_output in the FPS file!',
      ],
      ['3', 'FPS bad image', 'The image x.png is not a jpg, png, gif, webp or bmp image!'],
      ['4', 'FPS bad unit', 'Please check the format of the problem FPS bad unit: time_limit: 1 minutes'],
    ]);
    expect(res.msg).toMatch(
      /^\[Import result\] Succeeded: 1, {2}failed: 3, {2}problem IDs that already exist: \[\]<br\/>Failed problem IDs: \[FPS no tests, FPS bad image, FPS bad unit\]/,
    );
    for (const text of ['fps-bad-image\n', 'fps-bad-unit\n']) expect(stored(text)).toBe(false);
    expect(await filesOnDisk(markdownFolder())).toEqual(imagesBefore);
    expect(await rowCounts()).toEqual({ ...before, problems: before.problems + 1, cases: before.cases + 1 });
  });

  it('refuses what is not XML, XML with a DOCTYPE (external entities, entity expansion), a huge file and no items, changing nothing', async () => {
    const before = await rowCounts();
    const item = fpsItem({ title: 'FPS &xxe;', tests: ['fps-xxe\n'] }).replace(
      `<title>${cdata('FPS &xxe;')}</title>`,
      '<title>FPS &xxe;</title>',
    );
    const xxe = Buffer.from(
      `<?xml version="1.0"?>\n<!DOCTYPE fps [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<fps version="1.2">${item}</fps>`,
    );
    const laughs = Buffer.from(
      `<?xml version="1.0"?>\n<!DOCTYPE fps [<!ENTITY a "ha"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>\n<fps version="1.2">${item.replace('&xxe;', '&c;')}</fps>`,
    );
    const refusals: [Buffer, string, string][] = [
      [xxe, 'problems.xml', 'The FPS file cannot contain a DOCTYPE declaration (entities are not resolved)!'],
      [
        laughs,
        'problems.xml',
        'The FPS file cannot contain a DOCTYPE declaration (entities are not resolved)!',
      ],
      [Buffer.from('<fps version="1.2"><item><title>x</title></fps>'), 'problems.xml', ''],
      [Buffer.from('PK\u0003\u0004 not xml'), 'problems.xml', ''],
      [
        fpsFile('1.2', []),
        'problems.xml',
        'Warning: the FPS file holds no <item> problem; please check its format!',
      ],
      [fpsFile('1.2', [item]), 'problems.zip', 'The FPS file must be uploaded as an .xml file!'],
    ];
    for (const [xml, name, msg] of refusals) {
      const res = await importFps(xml, { name });
      expect([res.http, res.status], name).toEqual([200, 400]);
      if (msg) expect(res.msg).toBe(msg);
      else expect(res.msg).toMatch(/^The FPS file could not be read; please check its format! /);
      expect(res.data).toBeNull();
    }
    expect(stored('fps-xxe\n')).toBe(false);

    const { app, dir } = await smallTransferApp({ maxXmlBytes: 4096 });
    try {
      const huge = fpsFile('1.2', [fpsItem({ title: 'FPS huge', tests: ['x'.repeat(5000)] })]);
      const res = await importFps(huge, { app });
      expect([res.status, res.msg]).toEqual([400, 'The FPS file cannot be larger than 4 KiB!']);
      expect(await filesOnDisk(dir)).toEqual([]);
    } finally {
      await app.close();
    }
    expect(await rowCounts()).toEqual(before);
  });
});

// ----------------------------------------------------------------------------------------------
// Names without the UTF-8 flag

describe('entry names without the UTF-8 flag (issue 29)', () => {
  /** GBK bytes (Node has no GBK encoder): 题目一, 数据, 乗 (its second byte is 0x5C, a backslash) */
  const GBK = { problem: 'cce2c4bfd2bb', data: 'cafdbedd', jo: '815c' };
  const bytes = (...parts: string[]) =>
    Buffer.concat(
      parts.map((p) =>
        /^[0-9a-f]+$/.test(p) && p.length % 2 === 0 ? Buffer.from(p, 'hex') : Buffer.from(p),
      ),
    );
  const raw = (name: Buffer, content = ''): RawEntry => ({
    name: '',
    nameBytes: name,
    content,
    deflate: true,
  });

  it('reads GBK names (a QDUOJ export zipped on Chinese Windows) and UTF-8 names without the flag', async () => {
    const gbkJson = qdojJson({
      display_id: 'GBK-1',
      title: 'GBK names',
      test_case_score: [
        { score: 50, input_name: '数据1.in', output_name: '数据1.out' },
        { score: 50, input_name: '乗.in', output_name: '乗.out' },
      ],
    });
    const utf8Json = qdojJson({
      display_id: 'UTF8-NOFLAG',
      title: 'UTF-8 names without the flag',
      test_case_score: [{ score: 100, input_name: '中文.in', output_name: '中文.out' }],
    });
    const zip = buildZip([
      raw(bytes(GBK.problem, '/')),
      raw(bytes(GBK.problem, '/problem.json'), JSON.stringify(gbkJson)),
      raw(bytes(GBK.problem, '/testcase/')),
      raw(bytes(GBK.problem, '/testcase/', GBK.data, '1.in'), 'gbk-1-in\n'),
      raw(bytes(GBK.problem, '/testcase/', GBK.data, '1.out'), 'gbk-1-out\n'),
      raw(bytes(GBK.problem, '/testcase/', GBK.jo, '.in'), 'gbk-2-in\n'),
      raw(bytes(GBK.problem, '/testcase/', GBK.jo, '.out'), 'gbk-2-out\n'),
      raw(Buffer.from('ü题/problem.json'), JSON.stringify(utf8Json)),
      raw(Buffer.from('ü题/testcase/中文.in'), 'utf8-in\n'),
      raw(Buffer.from('ü题/testcase/中文.out'), 'utf8-out\n'),
    ]);
    const res = await importUpload(QDOJ, zip);
    expect([res.http, res.status, res.data.failed]).toEqual([200, 200, []]);
    expect(res.data.imported.map((p) => [p.key, p.problemId]).sort()).toEqual([
      ['ü题', 'UTF8-NOFLAG'],
      ['题目一', 'GBK-1'],
    ]);
    const gbk = await stored_('GBK-1');
    expect(gbk.cases.map((c) => [c.input, c.output, c.score])).toEqual([
      ['数据1.in', '数据1.out', 50],
      ['乗.in', '乗.out', 50],
    ]);
    expect(stored('gbk-2-out\n')).toBe(true);
    const utf8 = await stored_('UTF8-NOFLAG');
    expect(utf8.cases.map((c) => [c.input, c.output])).toEqual([['中文.in', '中文.out']]);
    expect(stored('utf8-out\n')).toBe(true);
  });

  it('still refuses an unsafe name read as GBK', async () => {
    const before = await rowCounts();
    const zip = buildZip([
      raw(bytes(GBK.problem, '/problem.json'), JSON.stringify(qdojJson({ display_id: 'GBK-UP' }))),
      raw(bytes(GBK.problem, '/testcase/../../', GBK.data, '.in'), 'x'),
    ]);
    const res = await importUpload(QDOJ, zip);
    expect([res.status, res.msg]).toEqual([400, expect.stringContaining('..')]);
    expect(await pidOf('GBK-UP')).toBeUndefined();
    expect(await rowCounts()).toEqual(before);
  });
});
