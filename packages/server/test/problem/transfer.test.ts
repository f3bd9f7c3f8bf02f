import { readdir } from 'node:fs/promises';
import { eq, inArray, like } from 'drizzle-orm';
import { JudgeStatus, type UploadedCaseFile } from '@verdict/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { readZip } from '../helpers/zip-contents.ts';
import { language, problem, tag } from '../../src/db/schema/index.ts';
import { stagingRoot } from '../../src/modules/file/staging.ts';
import { loadConfig } from '../../src/config.ts';
import { buildTestApp, JUDGE_TOKEN } from '../helpers/app.ts';
import { buildZip, multipartBody, type RawEntry } from '../admin/zip.ts';
import { languageIds, submit, type World } from './fixtures.ts';
import { hojFolder as folder, hojJson } from './transfer-builders.ts';
import {
  filesOnDisk,
  importUpload,
  pidOf,
  problemSnapshot,
  rowCounts,
  sha256,
  smallTransferApp,
  stored,
  useTransferWorld,
  world,
} from './transfer-support.ts';

let w: World;
let dataDir: string;

const importZip = (zip: Buffer, options: Parameters<typeof importUpload>[2] = {}) =>
  importUpload('/api/file/import-problem', zip, options);

function exportZip(pids: number[], token = w.tokens.root) {
  return w.t.app.inject({
    url: `/api/file/export-problem?${pids.map((pid) => `pid=${pid}`).join('&')}`,
    headers: token ? { authorization: token, 'accept-language': 'en-US' } : { 'accept-language': 'en-US' },
  });
}

const snapshot = (pid: number) => problemSnapshot(w.t.db, pid);

/** A simple problem `key` with id `problemId` and one case of the given texts. */
function simpleProblem(
  key: string,
  problemId: string,
  input: string,
  output: string,
  extra = {},
): RawEntry[] {
  return [
    { name: `${key}.json`, content: hojJson({ problemId, title: `T ${problemId}` }, extra) },
    ...folder(key, { '1.in': input, '1.out': output }),
  ];
}

useTransferWorld();
beforeAll(() => {
  ({ w, dataDir } = world);
});

describe('problem import and export are root only (reference §3.11 R(root))', () => {
  it('refuses anonymous callers (HTTP 401) and users, admins and problem admins (HTTP 403)', async () => {
    const zip = buildZip(simpleProblem('problem_1', 'ROOT-ONLY', '1', '1'));
    expect((await importZip(zip, { token: '' })).http).toBe(401);
    for (const token of [w.tokens.alice, w.tokens.admin, w.tokens.problemAdmin]) {
      const res = await importZip(zip, { token });
      expect([res.http, res.status, res.msg]).toEqual([
        403,
        403,
        'Sorry, you do not have permission to perform this operation!',
      ]);
      expect((await exportZip([w.p1000], token)).statusCode).toBe(403);
    }
    expect((await exportZip([w.p1000], '')).statusCode).toBe(401);
    expect(await pidOf('ROOT-ONLY')).toBeUndefined();
    expect((await exportZip([w.p1000])).statusCode).toBe(200);
  });
});

describe('HOJ native zip import (reference §11.1)', () => {
  it('imports a zip laid out as HOJ exports it, with every field, and a worker judges it', async () => {
    await w.t.db.insert(tag).values({ name: 'Greedy', oj: 'ME', color: '#00ff00' });
    const testlib = '// testlib stand-in\n';
    const spj =
      '#include "testlib.h"\nint main(int argc, char* argv[]) { registerTestlibCmd(argc, argv); quitf(_ok, "ok"); }\n';
    const zip = buildZip([
      {
        name: 'problem_1001.json',
        content: hojJson(
          {
            problemId: 'hoj-1001',
            title: 'Subtasks with a checker',
            type: 1,
            judgeMode: 'spj',
            judgeCaseMode: 'subtask_lowest',
            timeLimit: 2000,
            memoryLimit: 512,
            stackLimit: 64,
            difficulty: 3,
            auth: 1,
            ioScore: 100,
            codeShare: false,
            isRemoveEndBlank: false,
            openCaseResult: false,
            spjCode: spj,
            spjLanguage: 'C++',
            // the problem's own columns hold both maps right (JSON strings)
            userExtraFile: JSON.stringify({ 'user.h': 'int helper();\n' }),
            judgeExtraFile: JSON.stringify({ 'testlib.h': testlib }),
          },
          {
            languages: ['C++', 'Python3', 'Pascal'],
            // reference §11.1: from the judge's info file; a score only when above 0
            samples: [
              { input: '1.in', output: '1.out', score: 30, groupNum: 1 },
              { input: '2.in', output: '2.out', score: 30, groupNum: 1 },
              { input: '3.in', output: '3.ans', groupNum: 2 },
            ],
            tags: ['greedy', 'Imported From HOJ'],
            codeTemplates: [
              { language: 'C++', code: '// C++ template\n' },
              { language: 'Pascal', code: 'begin end.' },
            ],
            // HOJ's export quirk: the judge's extra files written over userExtraFile
            userExtraFile: { 'testlib.h': testlib },
            judgeMode: 'spj',
          },
        ),
      },
      ...folder('problem_1001', {
        '1.in': '1 2\r\n',
        '1.out': '3\n',
        '2.in': '2 2\n',
        '2.out': '4\n',
        '3.in': '3 3\n',
        '3.ans': '6\n',
        info: '{"testCasesSize":3,"testCases":[]}',
      }),
      {
        name: 'problem_1002.json',
        // saved by an editor that writes a byte-order mark
        content:
          '\uFEFF' +
          hojJson(
            {
              problemId: 'HOJ-1002',
              title: 'Interactive, regenerated cases',
              judgeMode: 'interactive',
              judgeCaseMode: 'ergodic_without_error',
              spjCode: '#include <cstdio>\nint main() { return 0; }\n',
              spjLanguage: 'C',
              isFileIO: false,
              judgeExtraFile: JSON.stringify({ 'lib.h': '#define X 1\n' }),
              author: 'nobody-here',
            },
            {
              languages: [],
              // reference §11.1: a problem without a test folder on HOJ's judge exports absolute paths
              samples: [
                {
                  input: '/judge/test_case/problem_1002/1.in',
                  output: '/judge/test_case/problem_1002/1.out',
                },
                { input: '/judge/test_case/problem_1002/2.in' },
              ],
              userExtraFile: { 'lib.h': '#define X 1\n' },
              judgeMode: 'interactive',
            },
          ),
      },
      ...folder('problem_1002', { '1.in': 'a\n', '1.out': 'b\n', '2.in': 'c\n', '2.out': 'd\n' }),
      { name: '__MACOSX/._problem_1001.json', content: 'resource fork' },
    ]);
    const res = await importZip(zip);
    expect([res.http, res.status, res.msg]).toEqual([200, 200, 'success']);
    expect(res.data.failed).toEqual([]);
    expect(res.data.imported.map((p) => [p.key, p.problemId, p.title])).toEqual([
      ['problem_1001', 'HOJ-1001', 'Subtasks with a checker'],
      ['problem_1002', 'HOJ-1002', 'Interactive, regenerated cases'],
    ]);

    const first = await snapshot(res.data.imported[0]!.pid);
    expect(first.fields).toMatchObject({
      title: 'Subtasks with a checker',
      type: 1,
      judgeMode: 'spj',
      judgeCaseMode: 'subtask_lowest',
      timeLimit: 2000,
      memoryLimit: 512,
      stackLimit: 64,
      description: 'desc',
      input: 'in',
      output: 'out',
      examples: '<input>1 2</input><output>3</output>',
      source: 'HOJ',
      hint: 'hint',
      difficulty: 3,
      auth: 1,
      // reference §8.10 subtask_lowest: the lowest score of each group, summed (30 + 0)
      ioScore: 30,
      codeShare: false,
      isRemoveEndBlank: false,
      openCaseResult: false,
      spjCode: spj,
      spjLanguage: 'C++',
      userExtraFile: { 'user.h': 'int helper();\n' },
      judgeExtraFile: { 'testlib.h': testlib },
      isUploadCase: true,
      isRemote: false,
      isGroup: false,
      gid: null,
      isFileIo: false,
    });
    expect(
      first.cases.map((c) => [c.input, c.output, c.score, c.groupNum, c.inputSize, c.outputSize]),
    ).toEqual([
      ['1.in', '1.out', 30, 1, 4, 2],
      ['2.in', '2.out', 30, 1, 4, 2],
      ['3.in', '3.ans', 0, 2, 4, 2],
    ]);
    expect(first.cases[0]!.inputSha256).toBe(sha256('1 2\n')); // CRLF normalised (reference §8.2)
    expect(stored('1 2\n')).toBe(true);
    expect(first.languages).toEqual(['C++', 'Python3']);
    expect(first.tags.map((t) => [t.name, t.oj, t.color])).toEqual([
      ['Greedy', 'ME', '#00ff00'],
      ['Imported From HOJ', 'ME', null],
    ]);
    expect(first.templates).toEqual([{ language: 'C++', code: '// C++ template\n', status: true }]);
    const [author] = await w.t.db
      .select({ author: problem.author, modifiedUser: problem.modifiedUser })
      .from(problem)
      .where(eq(problem.problemId, 'HOJ-1001'));
    expect(author).toEqual({ author: 'root', modifiedUser: 'root' });

    const second = await snapshot(res.data.imported[1]!.pid);
    expect(second.fields).toMatchObject({
      judgeMode: 'interactive',
      judgeCaseMode: 'ergodic_without_error',
      spjLanguage: 'C',
      userExtraFile: null,
      judgeExtraFile: { 'lib.h': '#define X 1\n' },
      ioScore: 100,
    });
    // the absolute paths are the folder's files; a case without output gets <input>.out (reference §8.6)
    expect(second.cases.map((c) => [c.input, c.output, c.score, c.groupNum])).toEqual([
      ['1.in', '1.out', null, 1],
      ['2.in', '2.out', null, 1],
    ]);
    // no known language: every local one (reference §11.1)
    const locals = await w.t.db.select({ name: language.name }).from(language).where(eq(language.oj, 'ME'));
    expect(second.languages).toEqual(locals.map((l) => l.name).sort());

    // judged: the worker gets the imported test data and the checker
    await submit(w, w.tokens.alice, 'HOJ-1001');
    const task = await w.judge.claimSubmission();
    expect(task.problem).toMatchObject({
      problemId: 'HOJ-1001',
      judgeMode: 'spj',
      judgeCaseMode: 'subtask_lowest',
      spjCode: spj,
      judgeExtraFile: { 'testlib.h': testlib },
    });
    expect(task.testCases.map((c) => [c.input.name, c.output.name, c.score, c.groupNum])).toEqual([
      ['1.in', '1.out', 30, 1],
      ['2.in', '2.out', 30, 1],
      ['3.in', '3.ans', 0, 2],
    ]);
    const fetched = await w.t.app.inject({
      url: `/api/judge-gateway/testdata/${task.testCases[2]!.output.sha256}`,
      headers: { 'x-judge-token': JUDGE_TOKEN },
    });
    expect(fetched.body).toBe('6\n');
    await w.judge.finish(task, { status: JudgeStatus.ACCEPTED, score: 30, scores: [30, 30, 0] });
  });

  it('fails a problem whose id exists as a repeat, and imports the others (reference §11 message)', async () => {
    const zip = buildZip([
      ...simpleProblem('problem_1', 'P1000', 'x\n', 'y\n'),
      ...simpleProblem('problem_2', 'REPEAT-NEW', '5\n', '6\n'),
    ]);
    const res = await importZip(zip);
    expect([res.http, res.status]).toEqual([200, 400]);
    expect(res.msg).toBe(
      '[Import result] Succeeded: 1,  failed: 1,  problem IDs that already exist: [P1000]',
    );
    expect(res.data.imported.map((p) => p.problemId)).toEqual(['REPEAT-NEW']);
    expect(res.data.failed).toEqual([
      {
        key: 'problem_1',
        problemId: 'P1000',
        repeat: true,
        reason: 'This Problem ID already exists, please choose another one!',
      },
    ]);
    expect(await pidOf('REPEAT-NEW')).toBeDefined();

    const again = await importZip(zip, { lang: 'zh' });
    expect(again.msg).toBe('[导入结果] 成功数：0,  失败数：2,  重复失败的题目ID：[P1000, REPEAT-NEW]');
  });

  it('leaves nothing of a problem that fails (row, tags, case files) while the others import', async () => {
    const before = await rowCounts();
    const tooBig = 3_000_000_000; // fails inside the save's transaction (io_score out of range)
    const zip = buildZip([
      ...simpleProblem('problem_1', 'BAD-OK', 'ok-in\n', 'ok-out\n', { tags: ['Kept Tag'] }),
      // a case file missing
      { name: 'problem_2.json', content: hojJson({ problemId: 'BAD-MISSING' }, { tags: ['Only Missing'] }) },
      ...folder('problem_2', { '1.in': 'missing-in\n' }),
      // not JSON
      { name: 'problem_3.json', content: '{"problem": {"problemId": "BAD-JSON",' },
      ...folder('problem_3', { '1.in': 'json-in\n', '1.out': 'json-out\n' }),
      // no folder
      { name: 'problem_4.json', content: hojJson({ problemId: 'BAD-NOFOLDER' }, {}) },
      // a field out of range
      { name: 'problem_5.json', content: hojJson({ problemId: 'BAD-FIELD', timeLimit: -5 }, {}) },
      ...folder('problem_5', { '1.in': 'field-in\n', '1.out': 'field-out\n' }),
      // refused by the database after its files went into the store
      {
        name: 'problem_6.json',
        content: hojJson(
          { problemId: 'BAD-LATE', type: 1 },
          { samples: [{ input: '1.in', output: '1.out', score: tooBig }], tags: ['Only Late'] },
        ),
      },
      ...folder('problem_6', { '1.in': 'late-in\n', '1.out': 'late-out\n' }),
    ]);
    const res = await importZip(zip);
    expect(res.status).toBe(400);
    expect(res.data.imported.map((p) => p.problemId)).toEqual(['BAD-OK']);
    expect(res.data.failed.map((f) => [f.problemId, f.repeat, f.reason])).toEqual([
      ['BAD-MISSING', false, 'The test data folder problem_2/ has no file 1.out!'],
      ['problem_3', false, expect.stringMatching(/^Please check the format of the JSON file of problem_3: /)],
      ['BAD-NOFOLDER', false, 'The problem problem_4.json has no test data folder problem_4/ beside it!'],
      ['BAD-FIELD', false, expect.stringMatching(/^Invalid parameter problem\.timeLimit: /)],
      ['BAD-LATE', false, 'Server Error! Please try Again later!'],
    ]);
    expect(res.msg).toMatch(
      /^\[Import result\] Succeeded: 1, {2}failed: 5, {2}problem IDs that already exist: \[\]<br\/>Failed problem IDs: \[BAD-MISSING, problem_3, BAD-NOFOLDER, BAD-FIELD, BAD-LATE\]<br\/>BAD-MISSING: The test data folder problem_2\/ has no file 1\.out!<br\/>/,
    );

    for (const id of ['BAD-MISSING', 'BAD-JSON', 'BAD-NOFOLDER', 'BAD-FIELD', 'BAD-LATE'])
      expect(await pidOf(id)).toBeUndefined();
    const names = await w.t.db
      .select({ name: tag.name })
      .from(tag)
      .where(inArray(tag.name, ['Kept Tag', 'Only Missing', 'Only Late']));
    expect(names.map((n) => n.name)).toEqual(['Kept Tag']);
    for (const text of ['missing-in\n', 'json-in\n', 'field-in\n', 'late-in\n', 'late-out\n'])
      expect(stored(text)).toBe(false);
    expect(stored('ok-in\n')).toBe(true);
    expect(await rowCounts()).toEqual({
      problems: before.problems + 1,
      cases: before.cases + 1,
      tags: before.tags + 1,
      problemTags: before.problemTags + 1,
    });
    // nothing waits in the staging folder
    expect(await readdir(stagingRoot(dataDir))).toEqual([]);
  });

  const refusals: [string, () => Buffer, string, string?][] = [
    [
      'a path-traversal name',
      () =>
        buildZip([
          ...simpleProblem('problem_1', 'SLIP-1', 'a', 'b'),
          { name: '../evil.json', content: '{}' },
        ]),
      'Unsafe file path in the zip (absolute, or containing ".."): ../evil.json',
    ],
    [
      'a traversal inside a problem folder',
      () =>
        buildZip([
          { name: 'problem_1.json', content: hojJson({ problemId: 'SLIP-2' }, {}) },
          { name: 'problem_1/../../1.in', content: 'x' },
        ]),
      'Unsafe file path in the zip (absolute, or containing ".."): problem_1/../../1.in',
    ],
    [
      'an absolute name',
      () => buildZip([{ name: '/etc/problem_1.json', content: '{}' }]),
      'Unsafe file path in the zip (absolute, or containing ".."): /etc/problem_1.json',
    ],
    [
      'a symbolic link',
      () =>
        buildZip([
          { name: 'problem_1.json', content: hojJson({ problemId: 'SLIP-3' }, {}) },
          { name: 'problem_1/1.in', content: '/etc/passwd', unixMode: 0o120777 },
          { name: 'problem_1/1.out', content: 'x' },
        ]),
      'The zip file cannot contain links: problem_1/1.in',
    ],
    [
      'an encrypted entry',
      () => buildZip(simpleProblem('problem_1', 'ENC-1', 'a', 'b').map((e) => ({ ...e, encrypted: true }))),
      'Encrypted zip files are not supported!',
    ],
    [
      'a root file that is not JSON (as HOJ)',
      () =>
        buildZip([
          ...simpleProblem('problem_1', 'ROOTFILE-1', 'a', 'b'),
          { name: 'readme.txt', content: 'x' },
        ]),
      "The file readme.txt at the root of the zip is not a problem's JSON file!",
    ],
    ['an empty zip', () => buildZip([]), 'The zip file is empty!'],
    [
      'a zip without problems',
      () => buildZip(folder('problem_1', { '1.in': 'a', '1.out': 'b' })),
      'Warning: no problem was found in the zip; please check its layout (problem_<id>.json beside a folder problem_<id>/)!',
    ],
    [
      'something that is not a zip',
      () => Buffer.from('this is not a zip archive at all'),
      'The problems must be uploaded as a zip file!',
    ],
    [
      'a file not named .zip',
      () => buildZip(simpleProblem('problem_1', 'RAR-1', 'a', 'b')),
      'The problems must be uploaded as a zip file!',
      'problems.rar',
    ],
  ];

  for (const [what, build, message, name] of refusals) {
    it(`refuses ${what} whole, changing nothing`, async () => {
      const files = await filesOnDisk();
      const rows = await rowCounts();
      const res = await importZip(build(), { name });
      expect([res.http, res.status, res.msg]).toEqual([200, 400, message]);
      expect(await filesOnDisk()).toEqual(files);
      expect(await rowCounts()).toEqual(rows);
    });
  }

  it('refuses an oversized upload (HTTP 413) and a zip bomb before extracting, changing nothing', async () => {
    const { app: small, dir } = await smallTransferApp({ maxZipBytes: 8192, maxTotalBytes: 1024 * 1024 });
    const rows = await rowCounts();

    const big = buildZip([
      { name: 'problem_1.json', content: hojJson({ problemId: 'BIG-1' }, {}) },
      { name: 'problem_1/1.in', content: 'x'.repeat(20_000) },
      { name: 'problem_1/1.out', content: 'y' },
    ]);
    const tooBig = await importZip(big, { app: small });
    expect([tooBig.http, tooBig.status, tooBig.msg]).toEqual([
      413,
      400,
      'The zip file cannot be larger than 8 KiB!',
    ]);

    const bomb = buildZip([
      { name: 'problem_1.json', content: hojJson({ problemId: 'BOMB-1' }, {}) },
      { name: 'problem_1/1.in', content: Buffer.alloc(4 * 1024 * 1024), deflate: true },
      { name: 'problem_1/1.out', content: 'y' },
    ]);
    expect(bomb.length).toBeLessThan(8192);
    const refused = await importZip(bomb, { app: small });
    expect([refused.http, refused.status, refused.msg]).toEqual([
      200,
      400,
      'The extracted test data cannot be larger than 1 MiB in total!',
    ]);
    expect(await filesOnDisk(dir)).toEqual([]);
    expect(await rowCounts()).toEqual(rows);

    const fine = await importZip(buildZip(simpleProblem('problem_1', 'SMALL-1', '1\n', '2\n')), {
      app: small,
    });
    expect(fine.status).toBe(200);
    await small.close();
  });
});

describe('PROBLEM_IMPORT_MAX_UNPACKED_BYTES and PROBLEM_IMPORT_MAX_ENTRIES (issue 29)', () => {
  it('a lowered limit from the configuration refuses an archive the defaults accept', async () => {
    const config = loadConfig({
      PROBLEM_IMPORT_MAX_UNPACKED_BYTES: '1048576',
      PROBLEM_IMPORT_MAX_ENTRIES: '4',
    });
    expect(config.problemImport).toEqual({ maxTotalBytes: 1048576, maxEntries: 4 });
    expect(loadConfig({}).problemImport).toEqual({ maxTotalBytes: 1024 ** 3, maxEntries: 20_000 });
    // 2 MiB of test data in a zip of a few KiB; six entries
    const large = buildZip(simpleProblem('problem_1', 'CFG-BYTES', '1 2\n'.repeat(512 * 1024), '3\n'));
    const many = buildZip([
      ...simpleProblem('problem_1', 'CFG-MANY-1', '1\n', '1\n'),
      ...simpleProblem('problem_2', 'CFG-MANY-2', '2\n', '2\n'),
    ]);
    const lowered = await buildTestApp({ problemImport: config.problemImport });
    try {
      const root = await lowered.app.auth.openSession('1', { userAgent: 'vitest', ip: '127.0.0.1' });
      const bytes = await importZip(large, { app: lowered.app, token: root });
      expect([bytes.status, bytes.msg]).toEqual([
        400,
        'The extracted test data cannot be larger than 1 MiB in total!',
      ]);
      const entries = await importZip(many, { app: lowered.app, token: root });
      expect([entries.status, entries.msg]).toEqual([400, 'The zip file cannot hold more than 4 entries!']);
      expect(
        await lowered.db.select({ id: problem.id }).from(problem).where(like(problem.problemId, 'CFG-%')),
      ).toEqual([]);
    } finally {
      await lowered.close();
    }
    // the same archives under the defaults
    const accepted = await importZip(large);
    expect([accepted.status, accepted.data.imported.map((p) => p.problemId)]).toEqual([200, ['CFG-BYTES']]);
    const six = await importZip(many);
    expect([six.status, six.data.failed.map((p) => p.problemId)]).toEqual([200, []]);
    expect(six.data.imported.map((p) => p.problemId).sort()).toEqual(['CFG-MANY-1', 'CFG-MANY-2']);
  });
});

describe('HOJ native zip export (reference §11.1, §3.11)', () => {
  async function uploadCases(files: RawEntry[]) {
    const { payload, contentType } = multipartBody('cases.zip', buildZip(files));
    const res = await w.t.app.inject({
      method: 'POST',
      url: '/api/file/upload-testcase-zip?mode=subtask_average',
      headers: { 'content-type': contentType, authorization: w.tokens.root },
      payload,
    });
    return res.json().data as { fileList: UploadedCaseFile[]; fileListDir: string };
  }

  it('round-trips every field, tags, cases, checkers, extra files, templates and languages', async () => {
    const [cpp, c] = await languageIds(w, ['C++', 'C']);
    const [existing] = await w.t.db
      .insert(tag)
      .values({ name: 'Round Trip Old', oj: 'ME', color: '#abcdef' })
      .returning({ id: tag.id });
    const up = await uploadCases([
      { name: '1.in', content: 'r1\n' },
      { name: '1.out', content: 'o1\n' },
      { name: '2.in', content: 'r2\n' },
      { name: '2.ans', content: 'o2\n' },
      { name: '10.in', content: 'r10\n' },
      { name: '10.out', content: 'o10\n' },
    ]);
    const uploaded = await w.call<{ pid: number }>('POST', '/api/admin/problem', {
      token: w.tokens.root,
      payload: {
        problem: {
          problemId: 'RT-1',
          title: 'Round trip, uploaded',
          type: 1,
          judgeCaseMode: 'subtask_average',
          timeLimit: 3000,
          memoryLimit: 512,
          stackLimit: 64,
          description: 'D',
          input: 'I',
          output: 'O',
          examples: '<input>1</input><output>2</output>',
          source: 'S',
          hint: 'H',
          difficulty: 4,
          auth: 2,
          codeShare: false,
          isRemoveEndBlank: false,
          openCaseResult: false,
          isFileIO: true,
          ioReadFileName: 'in.txt',
          ioWriteFileName: 'out.txt',
          spjCode: '#include "testlib.h"\nint main() {}\n',
          spjLanguage: 'C++',
          userExtraFile: JSON.stringify({ 'user.h': 'int f();\n' }),
          judgeExtraFile: JSON.stringify({ 'testlib.h': '// lib\n' }),
        },
        judgeMode: 'spj',
        isUploadTestCase: true,
        uploadTestcaseDir: up.fileListDir,
        samples: [
          { input: '1.in', output: '1.out', score: 0, groupNum: 1 },
          { input: '2.in', output: '2.ans', score: 40, groupNum: 1 },
          { input: '10.in', output: '10.out', score: 60, groupNum: 2 },
        ],
        languages: [{ id: cpp }, { id: c }],
        tags: [
          { id: existing!.id, name: 'Round Trip Old' },
          { name: 'Round Trip New', color: '#123456' },
        ],
        codeTemplates: [
          { lid: cpp, code: '// cpp\n', status: true },
          { lid: c, code: '/* off */\n', status: false },
        ],
      },
    });
    expect(uploaded.status).toBe(200);
    const typed = await w.call<{ pid: number }>('POST', '/api/admin/problem', {
      token: w.tokens.root,
      payload: {
        problem: {
          problemId: 'RT-2',
          title: 'Round trip, typed and interactive',
          type: 0,
          judgeCaseMode: 'ergodic_without_error',
          spjCode: 'int main() { return 0; }\n',
          spjLanguage: 'C',
          judgeExtraFile: { 'inter.h': '#pragma once\n' },
        },
        judgeMode: 'interactive',
        samples: [
          { input: '1 2\n', output: '3\n', score: null, groupNum: null },
          { input: '', output: 'only output\n', score: 5, groupNum: null },
        ],
        languages: [{ id: cpp }],
      },
    });
    expect(typed.status).toBe(200);
    const pids = [uploaded.data.pid, typed.data.pid];
    const before = await Promise.all(pids.map((pid) => snapshot(pid)));

    const res = await exportZip(pids);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment;filename=problem_export_${w.clock.now().getTime()}.zip`,
    );
    const files = await unzipped(res.rawPayload);
    const [a, b] = pids;
    expect(Object.keys(files).sort()).toEqual(
      [
        `problem_${a}/`,
        `problem_${a}.json`,
        `problem_${a}/1.in`,
        `problem_${a}/1.out`,
        `problem_${a}/2.in`,
        `problem_${a}/2.ans`,
        `problem_${a}/10.in`,
        `problem_${a}/10.out`,
        `problem_${b}/`,
        `problem_${b}.json`,
        `problem_${b}/1.in`,
        `problem_${b}/1.out`,
        `problem_${b}/2.in`,
        `problem_${b}/2.out`,
      ].sort(),
    );
    expect(files[`problem_${a}/2.ans`]).toBe('o2\n');
    expect(files[`problem_${b}/2.out`]).toBe('only output\n');
    const json = JSON.parse(files[`problem_${a}.json`]!) as Record<string, Record<string, unknown>>;
    // HOJ's ImportProblemVO keys; the problem's columns in camelCase without id, author, versions, times
    expect(Object.keys(json).sort()).toEqual(
      [
        'codeTemplates',
        'judgeExtraFile',
        'judgeMode',
        'languages',
        'problem',
        'samples',
        'tags',
        'userExtraFile',
      ].sort(),
    );
    expect(json.problem).toMatchObject({
      problemId: 'RT-1',
      auth: 2,
      isUploadCase: true,
      isFileIO: true,
      userExtraFile: JSON.stringify({ 'user.h': 'int f();\n' }),
      judgeExtraFile: JSON.stringify({ 'testlib.h': '// lib\n' }),
    });
    for (const key of ['id', 'author', 'caseVersion', 'gmtCreate', 'gmtModified', 'gid', 'isGroup'])
      expect(json.problem).not.toHaveProperty(key);
    expect(json.userExtraFile).toEqual({ 'user.h': 'int f();\n' });
    expect(json.judgeExtraFile).toEqual({ 'testlib.h': '// lib\n' });
    expect(json.samples).toEqual([
      { input: '1.in', output: '1.out', score: 0, groupNum: 1 },
      { input: '2.in', output: '2.ans', score: 40, groupNum: 1 },
      { input: '10.in', output: '10.out', score: 60, groupNum: 2 },
    ]);
    expect(JSON.parse(files[`problem_${b}.json`]!)).toMatchObject({
      typedCases: true,
      samples: [
        { input: '1.in', output: '1.out', groupNum: 1 },
        { input: '2.in', output: '2.out', score: 5, groupNum: 1 },
      ],
    });

    // one deleted, the other renamed; then the export imports them back as they were
    expect((await w.call('DELETE', `/api/admin/problem?pid=${a}`, { token: w.tokens.root })).status).toBe(
      200,
    );
    await w.t.db.update(problem).set({ problemId: 'RT-2-OLD' }).where(eq(problem.id, b!));
    const imported = await importZip(res.rawPayload);
    expect([imported.status, imported.msg]).toEqual([200, 'success']);
    expect(imported.data.imported.map((p) => p.problemId)).toEqual(['RT-1', 'RT-2']);
    const after = await Promise.all(imported.data.imported.map((p) => snapshot(p.pid)));
    expect(after).toEqual(before);
    // and again: both ids now exist
    const repeated = await importZip(res.rawPayload);
    expect(repeated.msg).toBe(
      '[Import result] Succeeded: 0,  failed: 2,  problem IDs that already exist: [RT-1, RT-2]',
    );
  });

  it('refuses an unknown pid or none, before anything is sent', async () => {
    const unknown = await exportZip([w.p1000, 999_999]);
    expect(unknown.json()).toMatchObject({ status: 404, msg: 'The problem with id 999999 does not exist!' });
    const none = await w.t.app.inject({
      url: '/api/file/export-problem',
      headers: { authorization: w.tokens.root, 'accept-language': 'en-US' },
    });
    expect(none.json()).toMatchObject({ status: 400, msg: 'The required request parameter is missing: pid' });
  });
});

/** The zip's entries as name → text (folders map to ''). */
const unzipped = async (buffer: Buffer) => Object.fromEntries(await readZip(buffer));
