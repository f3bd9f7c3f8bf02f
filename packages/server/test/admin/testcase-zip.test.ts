import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { JudgeStatus, TESTCASE_ZIP_LIMITS, type UploadedCaseFile } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readZip } from '../helpers/zip-contents.ts';
import { problemCase } from '../../src/db/schema/index.ts';
import { authPlugin } from '../../src/http/auth/plugin.ts';
import { errorHandling } from '../../src/http/error-handler.ts';
import { fileRoutes } from '../../src/modules/file/routes.ts';
import { extractTestCaseZip, ZipRejected } from '../../src/modules/file/testcase-zip.ts';
import { TestDataStore } from '../../src/modules/judge-gateway/testdata-store.ts';
import { JUDGE_TOKEN } from '../helpers/app.ts';
import { createProblem, createWorld, problemDto, submit, type World } from '../problem/fixtures.ts';
import { buildZip, multipartBody, type RawEntry } from './zip.ts';

let w: World;
let dataDir: string;

interface UploadAnswer {
  fileList: UploadedCaseFile[];
  fileListDir: string;
}

async function upload(
  zip: Buffer,
  options: { name?: string; token?: string; query?: string; app?: typeof w.t.app } = {},
) {
  const { payload, contentType } = multipartBody(options.name ?? 'cases.zip', zip);
  const res = await (options.app ?? w.t.app).inject({
    method: 'POST',
    url: `/api/file/upload-testcase-zip${options.query ?? ''}`,
    headers: {
      'content-type': contentType,
      authorization: options.token ?? w.tokens.root,
      'accept-language': 'en-US',
    },
    payload,
  });
  return { http: res.statusCode, ...(res.json() as { status: number; msg: string; data: UploadAnswer }) };
}

/** Every file under the data directory (staged uploads and the test-data store). */
async function filesOnDisk(): Promise<string[]> {
  const entries = await readdir(dataDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

async function caseRows() {
  const [row] = await w.t.db.select({ n: count() }).from(problemCase);
  return row!.n;
}

const pair = (base: string, input: string, output: string): RawEntry[] => [
  { name: `${base}.in`, content: input },
  { name: `${base}.out`, content: output },
];

beforeAll(async () => {
  w = await createWorld();
  // the test app's data directory, found through its test-data store
  dataDir = path.dirname(path.dirname(path.dirname(w.t.app.testData.pathOf('0'.repeat(64))!)));
});
afterAll(() => w.t.close());

describe('test-case zip upload (reference §3.11, §8.6)', () => {
  it('pairs the files at the root, orders them 1, 2, 10, and ignores the rest', async () => {
    const res = await upload(
      buildZip([
        ...pair('10', '10 10\n', '20\n'),
        { name: '2.in', content: '2 2\n' },
        { name: '2.ans', content: '4\n', deflate: true },
        ...pair('1', '1 1\r\n', '2\r\n'),
        { name: 'big_input.txt', content: '7 7\n' },
        { name: 'big_output.txt', content: '14\n' },
        { name: 'README.md', content: 'notes' },
        { name: 'sub/', content: '' },
        { name: 'sub/3.in', content: 'ignored' },
      ]),
    );
    expect(res.status).toBe(200);
    expect(res.data.fileList).toEqual([
      { input: '1.in', output: '1.out' },
      { input: '2.in', output: '2.ans' },
      { input: '10.in', output: '10.out' },
      { input: 'big_input.txt', output: 'big_output.txt' },
    ]);
    expect(res.data.fileListDir).toMatch(/^[0-9a-f]{32}$/);

    const subtask = await upload(buildZip(pair('1', '1', '1')), { query: '?mode=subtask_lowest' });
    expect(subtask.data.fileList).toEqual([{ input: '1.in', output: '1.out', groupNum: 1 }]);
  });

  it('saves uploaded cases by content hash; the judge gets them and the download gives them back', async () => {
    const up = await upload(buildZip([...pair('1', '1 1\r\n', '2\r\n'), ...pair('2', '2 2\n', '4\n')]));
    const dto = await problemDto(w, { problemId: 'UP-1', type: 1 }, {
      isUploadTestCase: true,
      uploadTestcaseDir: up.data.fileListDir,
      samples: up.data.fileList.map((f) => ({ ...f, score: 50, groupNum: null })),
    } as never);
    const created = await w.call<{ pid: number }>('POST', '/api/admin/problem', {
      token: w.tokens.root,
      payload: dto,
    });
    expect(created.status).toBe(200);
    const rows = await w.t.db.select().from(problemCase).where(eq(problemCase.pid, created.data.pid));
    expect(rows.map((r) => [r.input, r.output, r.inputSize, r.outputSize, r.score])).toEqual([
      ['1.in', '1.out', 4, 2, 50],
      ['2.in', '2.out', 4, 2, 50],
    ]);
    expect(rows[0]!.inputSha256).toMatch(/^[0-9a-f]{64}$/);
    // the upload directory is gone once saved; a second save with it is refused
    expect(await readdir(path.join(dataDir, 'testcase-uploads'))).not.toContain(up.data.fileListDir);

    await submit(w, w.tokens.alice, 'UP-1');
    const task = await w.judge.claimSubmission();
    expect(task.testCases.map((c) => [c.input.name, c.input.sha256])).toEqual(
      rows.map((r) => [r.input, r.inputSha256]),
    );
    const fetched = await w.t.app.inject({
      url: `/api/judge-gateway/testdata/${task.testCases[0]!.input.sha256}`,
      headers: { 'x-judge-token': JUDGE_TOKEN },
    });
    expect(fetched.body).toBe('1 1\n'); // CRLF normalised (reference §8.2)
    await w.judge.finish(task, { status: JudgeStatus.ACCEPTED, score: 100, scores: [50, 50] });

    const download = await w.t.app.inject({
      url: `/api/file/download-testcase?pid=${created.data.pid}`,
      headers: { authorization: w.tokens.root },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(
      new RegExp(`^attachment;filename=problem_${created.data.pid}_testcase_\\d{14}\\.zip$`),
    );
    expect(await unzipped(download.rawPayload)).toEqual({
      '1.in': '1 1\n',
      '1.out': '2\n',
      '2.in': '2 2\n',
      '2.out': '4\n',
    });

    // an edit keeps the uploaded files by name without a new upload
    const edit = await problemDto(
      w,
      { id: created.data.pid, problemId: 'UP-1', type: 1 } as never,
      {
        isUploadTestCase: true,
        samples: [{ input: '2.in', output: '2.out', score: 100, groupNum: null }],
      } as never,
    );
    expect((await w.call('PUT', '/api/admin/problem', { token: w.tokens.root, payload: edit })).status).toBe(
      200,
    );
    const after = await w.t.db.select().from(problemCase).where(eq(problemCase.pid, created.data.pid));
    expect(after.map((r) => [r.input, r.inputSha256])).toEqual([['2.in', rows[1]!.inputSha256]]);
  });

  it('downloads typed cases as 1.in / 1.out, for root, problem admins and the author only', async () => {
    const made = await createProblem(w, { problemId: 'TYPED-DL', auth: 2 }, {}, w.tokens.admin);
    const get = (token: string) =>
      w.t.app.inject({
        url: `/api/file/download-testcase?pid=${made.pid}`,
        headers: { authorization: token },
      });
    expect(await unzipped((await get(w.tokens.admin)).rawPayload)).toEqual({
      '1.in': '1 2\n',
      '1.out': '3\n',
      '2.in': '5 5\n',
      '2.out': '10\n',
    });
    expect((await get(w.tokens.problemAdmin)).statusCode).toBe(200);
    expect((await get(w.tokens.alice)).json().status).toBe(403);
    expect((await w.t.app.inject({ url: `/api/file/download-testcase?pid=${made.pid}` })).statusCode).toBe(
      401,
    );
  });

  const refusals: [string, () => Buffer, string, string?][] = [
    [
      'a path-traversal name',
      () => buildZip([...pair('../evil', 'x', 'y')]),
      'Unsafe file path in the zip (absolute, or containing ".."): ../evil.in',
    ],
    [
      'an absolute name',
      () => buildZip([...pair('/etc/evil', 'x', 'y')]),
      'Unsafe file path in the zip (absolute, or containing ".."): /etc/evil.in',
    ],
    [
      'a Windows-style traversal',
      () => buildZip([{ name: '..\\evil.in', content: 'x' }]),
      'Unsafe file path in the zip (absolute, or containing ".."): ../evil.in',
    ],
    [
      'a symbolic link',
      () => buildZip([...pair('1', 'x', 'y'), { name: '2.in', content: '/etc/passwd', unixMode: 0o120777 }]),
      'The zip file cannot contain links: 2.in',
    ],
    [
      'a device file',
      () => buildZip([{ name: '1.in', content: '', unixMode: 0o020644 }]),
      'The zip file can contain only regular files: 1.in',
    ],
    [
      'an input without output',
      () => buildZip([...pair('1', 'x', 'y'), { name: '2.in', content: 'z' }]),
      'The input file 2.in has no matching output file (.out or .ans)!',
    ],
    [
      'an output without input',
      () => buildZip([...pair('1', 'x', 'y'), { name: '3.out', content: 'z' }]),
      'The output file 3.out has no matching input file!',
    ],
    [
      'two outputs for one input',
      () => buildZip([...pair('1', 'x', 'y'), { name: '1.ans', content: 'z' }]),
      'The input file 1.in has both a .out and a .ans output; keep only one!',
    ],
    [
      'a duplicate name',
      () => buildZip([...pair('1', 'x', 'y'), { name: '1.in', content: 'again' }]),
      'The zip file contains the same name twice: 1.in',
    ],
    [
      'no test case',
      () => buildZip([{ name: 'README', content: 'x' }]),
      'No test cases (such as 1.in with 1.out) were found at the root of the zip!',
    ],
    [
      'an encrypted entry',
      () => buildZip([...pair('1', 'x', 'y').map((e) => ({ ...e, encrypted: true }))]),
      'Encrypted zip files are not supported!',
    ],
    [
      'a size that lies',
      () =>
        buildZip([
          { name: '1.in', content: 'x'.repeat(5000), deflate: true, declaredSize: 10 },
          { name: '1.out', content: 'y' },
        ]),
      'The zip file is damaged and cannot be extracted!',
    ],
    [
      'something that is not a zip',
      () => Buffer.from('this is not a zip archive at all'),
      'The test cases must be uploaded as a zip file!',
    ],
    [
      'a file not named .zip',
      () => buildZip(pair('1', 'x', 'y')),
      'The test cases must be uploaded as a zip file!',
      'cases.rar',
    ],
    [
      'too many entries',
      () =>
        buildZip(
          Array.from({ length: TESTCASE_ZIP_LIMITS.maxEntries + 1 }, (_, i) => ({
            name: `f${i}.txt`,
            content: '',
          })),
        ),
      `The zip file cannot hold more than ${TESTCASE_ZIP_LIMITS.maxEntries} entries!`,
    ],
  ];

  for (const [what, build, message, name] of refusals) {
    it(`refuses ${what}, leaving nothing behind on disk or in the database`, async () => {
      const before = await filesOnDisk();
      const rows = await caseRows();
      const res = await upload(build(), { name });
      expect(res.http).toBe(200);
      expect(res.status).toBe(400);
      expect(res.msg).toBe(message);
      expect(await filesOnDisk()).toEqual(before);
      expect(await caseRows()).toBe(rows);
    });
  }

  it("is for the admin roles only, or with gid for that group's admins (issue 27)", async () => {
    const zip = buildZip(pair('1', 'x', 'y'));
    expect((await upload(zip, { token: w.tokens.alice })).http).toBe(403);
    expect((await upload(zip, { token: '' })).http).toBe(401);
    expect((await upload(zip, { query: '?gid=5' })).msg).toBe('The group does not exist or is banned!');
    const notMultipart = await w.t.app.inject({
      method: 'POST',
      url: '/api/file/upload-testcase-zip',
      headers: { authorization: w.tokens.root, 'content-type': 'application/json', 'accept-language': 'en' },
      payload: '{}',
    });
    expect(notMultipart.json()).toMatchObject({
      status: 400,
      msg: 'Please upload a zip file of test cases!',
    });
  });

  it('refuses a save naming an unknown upload or files it does not hold', async () => {
    const bad = await problemDto(w, { problemId: 'UP-BAD' }, {
      isUploadTestCase: true,
      uploadTestcaseDir: '../../etc',
      samples: [{ input: '1.in', output: '1.out', score: null, groupNum: null }],
    } as never);
    expect((await w.call('POST', '/api/admin/problem', { token: w.tokens.root, payload: bad })).msg).toBe(
      'The uploaded test data does not exist or has expired, please upload it again!',
    );
    const up = await upload(buildZip(pair('1', 'x', 'y')));
    const unknown = await problemDto(w, { problemId: 'UP-BAD' }, {
      isUploadTestCase: true,
      uploadTestcaseDir: up.data.fileListDir,
      samples: [{ input: '9.in', output: '9.out', score: null, groupNum: null }],
    } as never);
    expect((await w.call('POST', '/api/admin/problem', { token: w.tokens.root, payload: unknown })).msg).toBe(
      'The test file 9.in does not exist, please upload the test cases again!',
    );
  });
});

describe('test-case zip limits (reference §8.6; configurable)', () => {
  async function extract(zip: Buffer, limits: Partial<typeof TESTCASE_ZIP_LIMITS>) {
    const dir = await mkdtemp(path.join(tmpdir(), 'verdict-zip-'));
    const file = path.join(dir, 'in.zip');
    await writeFile(file, zip);
    return extractTestCaseZip(file, dir, { ...TESTCASE_ZIP_LIMITS, ...limits }, 'default');
  }

  it('refuses more uncompressed bytes than allowed before extracting (a zip bomb)', async () => {
    const bomb = buildZip([
      { name: '1.in', content: Buffer.alloc(4 * 1024 * 1024), deflate: true },
      { name: '1.out', content: 'y' },
    ]);
    expect(bomb.length).toBeLessThan(10_000);
    await expect(extract(bomb, { maxTotalBytes: 1024 * 1024 })).rejects.toBeInstanceOf(ZipRejected);
    await expect(extract(bomb, { maxTotalBytes: 1024 * 1024 })).rejects.toThrow(
      'The extracted test data cannot be larger than 1 MiB in total!',
    );
    const ok = await extract(bomb, {});
    expect(ok.files['1.in']!.size).toBe(4 * 1024 * 1024);
  });

  it('refuses an archive larger than the upload limit over HTTP', async () => {
    const small = Fastify();
    small.setValidatorCompiler(validatorCompiler);
    small.setSerializerCompiler(serializerCompiler);
    const dir = await mkdtemp(path.join(tmpdir(), 'verdict-small-'));
    small.decorate('db', w.t.db);
    small.decorate('clock', w.clock);
    small.decorate('testData', new TestDataStore(path.join(dir, 'testdata')));
    await small.register(errorHandling, {});
    await small.register(authPlugin, { service: w.t.app.auth });
    await small.register(fileRoutes, { dataDir: dir, zipLimits: { maxZipBytes: 2048 } });
    const big = buildZip(pair('1', 'x'.repeat(10_000), 'y'));
    const res = await upload(big, { app: small });
    expect(res.status).toBe(400);
    expect(res.msg).toBe('The zip file cannot be larger than 2 KiB!');
    // issue 24 item 11: far over the limit too (the stream cut at the limit), with 413
    expect(res.http).toBe(413);
    const huge = await upload(Buffer.concat([big, Buffer.alloc(20 * 1024 * 1024)]), { app: small });
    expect([huge.http, huge.status, huge.msg]).toEqual([
      413,
      400,
      'The zip file cannot be larger than 2 KiB!',
    ]);
    expect(await readdir(dir, { recursive: true })).toEqual(['testcase-uploads']);
    const fine = await upload(buildZip(pair('1', 'x', 'y')), { app: small });
    expect(fine.status).toBe(200);
    await small.close();
  });
});

/** The zip's entries as name → text (folders map to ''). */
const unzipped = async (buffer: Buffer) => Object.fromEntries(await readZip(buffer));
