import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock.ts';
import { language, problem } from '../../src/db/schema/index.ts';
import { buildZip, type RawEntry } from '../admin/zip.ts';
import { apiClient, signIn, type Api } from '../helpers/api-client.ts';
import { addContestProblem, createContest } from '../helpers/contests.ts';
import { onServer } from '../helpers/db.ts';
import { TEST_NODE_FLAGS } from '../helpers/node-flags.ts';
import { createUser } from '../helpers/users.ts';
import { freePort, prepareDataDir, startVerdict, type VerdictProcess } from '../helpers/verdict-process.ts';
import { CPP } from '../problem/fixtures.ts';

/**
 * Issue 28 "From one machine to many", as an operator does it: a site that ran on its embedded
 * database is stopped, `verdict migrate-to-postgres URL` moves it to an empty PostgreSQL database,
 * and `DATABASE_URL=URL npm start` on the same DATA_DIR serves the same site: the same logins,
 * problems, submissions and contests under the same ids, new ids after the old ones, and the test
 * data stored in DATA_DIR. Refused while the embedded server runs, and into a database with rows.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const run = promisify(execFile);
const verdict = path.resolve(import.meta.dirname, '../../bin/verdict.js');
const ROOT = { username: 'root', password: 'migrate-root-1' };
const ALICE = { username: 'alice', password: 'alice-pass-1' };
const BOB = { username: 'bob', password: 'bob-pass-1' };
const CASE_IN = '20 22\n';
const CASE_OUT = '42\n';

interface Page<T> {
  records: T[];
}

const cli = (args: string[], dataDir: string) =>
  run(process.execPath, [...TEST_NODE_FLAGS, verdict, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
  }).then(
    (done) => ({ ...done, code: 0 }),
    (error: { stdout: string; stderr: string; code: number }) => error,
  );

/** The one line a refusal prints, and its exit code. */
async function refusal(args: string[], dataDir: string) {
  const answer = await cli(args, dataDir);
  expect(answer.code).toBe(1);
  expect(answer.stdout).toBe('');
  const lines = answer.stderr.trim().split('\n');
  expect(lines, answer.stderr).toHaveLength(1);
  return lines[0]!;
}

/** What one SQL query answers on `url`'s database. */
async function query<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

const publicTables = (url: string) =>
  query<{ tablename: string }>(url, `select tablename from pg_tables where schemaname = 'public'`);

/** The ids a site lists: problems, submissions and contests, as a signed-in user sees them. */
async function listed(api: Api) {
  const problems = await api<Page<{ pid: number; problemId: string }>>(
    'GET',
    '/api/get-problem-list?limit=50',
  );
  const submissions = await api<Page<{ submitId: number }>>('GET', '/api/get-submission-list?limit=50');
  const contests = await api<Page<{ id: number }>>('GET', '/api/get-contest-list?limit=50');
  return {
    problems: problems.records.map((p) => [p.pid, p.problemId]),
    submissions: submissions.records.map((s) => s.submitId).sort((a, b) => a - b),
    contests: contests.records.map((c) => c.id),
  };
}

/** A multipart body with one zip file, as the admin's upload sends it. */
function zipForm(name: string, entries: RawEntry[]): FormData {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(buildZip(entries))]), name);
  return form;
}

const submit = (api: Api, problemId: string) =>
  api<{ submitId: number }>('POST', '/api/submit-problem-judge', {
    pid: problemId,
    language: 'C++',
    code: CPP,
    cid: 0,
  }).then((r) => r.submitId);

// only a real PostgreSQL server can be the target
describe.runIf(serverUrl)('verdict migrate-to-postgres (issue 28 "From one machine to many")', () => {
  const name = `verdict_migrate_${randomBytes(6).toString('hex')}`;
  let url: string;
  let work: string;
  let server: VerdictProcess | undefined;

  beforeAll(async () => {
    await onServer(serverUrl!, `create database "${name}"`);
    const u = new URL(serverUrl!);
    u.pathname = `/${name}`;
    url = u.toString();
    work = await mkdtemp(path.join(tmpdir(), 'verdict-migrate-'));
  });
  afterAll(async () => {
    await server?.kill();
    await onServer(serverUrl!, `drop database if exists "${name}" with (force)`);
    if (work) await rm(work, { recursive: true, force: true });
  });

  it(
    'moves a stopped embedded site to PostgreSQL, which then serves the same site',
    { timeout: 400_000 },
    async () => {
      const dataDir = path.join(work, 'data');
      let languageIds: number[] = [];
      let contestId = 0;
      await prepareDataDir(dataDir, ROOT.password, async (db) => {
        await createUser(db, ALICE);
        await createUser(db, BOB);
        languageIds = (await db.select({ id: language.id }).from(language).where(eq(language.oj, 'ME'))).map(
          (l) => l.id,
        );
        const [p1000] = await db
          .select({ id: problem.id })
          .from(problem)
          .where(eq(problem.problemId, 'P1000'));
        const contest = await createContest(db, systemClock, {
          uid: '1',
          title: 'Moved contest',
          author: 'root',
        });
        await addContestProblem(db, { cid: contest.id, pid: p1000!.id, displayId: 'A' });
        contestId = contest.id;
      });

      // the site on its embedded database: root adds a problem with uploaded test data, people submit
      const embeddedPort = await freePort();
      const embeddedSite = `http://127.0.0.1:${embeddedPort}`;
      server = await startVerdict({
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        PORT: String(embeddedPort),
        HOST: '127.0.0.1',
      });
      const rootToken = await signIn(embeddedSite, ROOT.username, ROOT.password);
      const root = apiClient(embeddedSite, rootToken);
      const upload = await fetch(`${embeddedSite}/api/file/upload-testcase-zip`, {
        method: 'POST',
        headers: { authorization: rootToken },
        body: zipForm('cases.zip', [
          { name: '1.in', content: CASE_IN },
          { name: '1.out', content: CASE_OUT },
        ]),
      });
      const uploaded = (await upload.json()) as {
        status: number;
        data: { fileList: { input: string; output: string }[]; fileListDir: string };
      };
      expect(uploaded.status).toBe(200);
      await root('POST', '/api/admin/problem', {
        problem: {
          problemId: 'MOVE-1',
          title: 'Moved problem',
          type: 0,
          timeLimit: 1000,
          memoryLimit: 256,
          stackLimit: 128,
          description: 'Add them.',
          input: 'a b',
          output: 'a+b',
          examples: '<input>1 2</input><output>3</output>',
          difficulty: 1,
          auth: 1,
          codeShare: true,
          isRemoveEndBlank: true,
          openCaseResult: true,
          isFileIO: false,
          judgeCaseMode: 'default',
        },
        samples: uploaded.data.fileList.map((f) => ({ ...f, score: null, groupNum: null })),
        isUploadTestCase: true,
        uploadTestcaseDir: uploaded.data.fileListDir,
        judgeMode: 'default',
        languages: languageIds.map((id) => ({ id })),
        tags: [],
        codeTemplates: [],
      });
      const alice = apiClient(embeddedSite, await signIn(embeddedSite, ALICE.username, ALICE.password));
      const bob = apiClient(embeddedSite, await signIn(embeddedSite, BOB.username, BOB.password));
      await submit(alice, 'P1000');
      await submit(alice, 'MOVE-1');
      await submit(bob, 'P1000');
      const before = await listed(root);
      expect(before.problems.map(([, problemId]) => problemId).sort()).toEqual(['MOVE-1', 'P1000']);
      expect(before.submissions).toHaveLength(3);
      expect(before.contests).toEqual([contestId]);

      // while the embedded server runs, rows could change during the move: refused, target untouched
      expect(await refusal(['migrate-to-postgres', url], dataDir)).toMatch(
        /^A Verdict server is running on DATA_DIR .*: stop it first/,
      );
      expect(await publicTables(url)).toEqual([]);
      expect(await server.stop()).toBe(0);
      server = undefined;

      const missing = await cli(['migrate-to-postgres'], dataDir);
      expect(missing).toMatchObject({
        code: 2,
        stderr: expect.stringMatching(/^verdict migrate-to-postgres needs the target: [^\n]*\n$/),
      });
      expect(await refusal(['migrate-to-postgres', 'mysql://root@127.0.0.1/x'], dataDir)).toMatch(
        /must be a PostgreSQL URL/,
      );
      expect(await refusal(['migrate-to-postgres', 'postgres://root@127.0.0.1:1/nothing'], dataDir)).toMatch(
        /^Cannot reach the PostgreSQL database postgres:\/\/root@127\.0\.0\.1:1\/nothing: /,
      );
      expect(await refusal(['migrate-to-postgres', url], path.join(work, 'empty'))).toMatch(
        /holds no embedded database/,
      );

      // a failure midway (the last migration meets a function of another shape) is undone whole
      await onServer(
        url,
        `create function training_rank_size_follow() returns integer language sql as 'select 1'`,
      );
      expect(await refusal(['migrate-to-postgres', url], dataDir)).toMatch(
        /^The move failed and was undone .*: cannot change return type of existing function$/,
      );
      expect(await publicTables(url)).toEqual([]);
      expect(
        await query(
          url,
          `select nspname as name from pg_namespace where nspname = 'drizzle'
           union all select extname from pg_extension where extname = 'pg_trgm'`,
        ),
      ).toEqual([]);
      await onServer(url, `drop function training_rank_size_follow()`);

      const moved = await cli(['migrate-to-postgres', url], dataDir);
      expect(moved.stderr).toBe('');
      expect(moved.code).toBe(0);
      expect(moved.stdout).toMatch(/^Moved \d+ rows in \d+ tables from the embedded database in /);
      expect(moved.stdout).toMatch(/rows: .*judge 3/);
      const files = Number(/(\d+) stored files \(\d+ bytes\) stay in /.exec(moved.stdout)?.[1]);
      expect(files).toBeGreaterThanOrEqual(2); // the uploaded case's input and output
      expect(moved.stdout).toContain(`Next: DATA_DIR=${dataDir} DATABASE_URL=${url} npm start`);
      expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);

      // a database with rows is never overwritten
      expect(await refusal(['migrate-to-postgres', url], dataDir)).toMatch(/already holds tables with rows/);

      // the same site, served from PostgreSQL over the same DATA_DIR (no root password given: root's moved)
      const port = await freePort();
      const site = `http://127.0.0.1:${port}`;
      server = await startVerdict({
        DATA_DIR: dataDir,
        DATABASE_URL: url,
        PORT: String(port),
        HOST: '127.0.0.1',
      });
      expect(server.output()).toContain('database: PostgreSQL server');
      // a token issued by the embedded site still works: sessions and the JWT secret moved
      expect(await listed(apiClient(site, rootToken))).toEqual(before);
      const rootAfter = apiClient(site, await signIn(site, ROOT.username, ROOT.password));
      expect(await listed(rootAfter)).toEqual(before);
      await signIn(site, ALICE.username, ALICE.password);
      const bobAfter = apiClient(site, await signIn(site, BOB.username, BOB.password));
      const next = await submit(bobAfter, 'MOVE-1');
      expect(next).toBeGreaterThan(Math.max(...before.submissions));

      // the stored test data is served, by its hash, to a judge with the moved judge token
      const [secret] = await query<{ token: string }>(
        url,
        `select value->>'secret' as token from system_config where name = 'secret:judge'`,
      );
      const sha256 = createHash('sha256').update(CASE_IN).digest('hex');
      const testdata = await fetch(`${site}/api/judge-gateway/testdata/${sha256}`, {
        headers: { 'x-judge-token': secret!.token },
      });
      expect(testdata.status).toBe(200);
      expect(await testdata.text()).toBe(CASE_IN);
      const [moveProblem] = before.problems.filter(([, problemId]) => problemId === 'MOVE-1');
      const download = await fetch(`${site}/api/file/download-testcase?pid=${moveProblem![0]}`, {
        headers: { authorization: rootToken },
      });
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toBe('application/zip');
      expect(
        Buffer.from(await download.arrayBuffer())
          .subarray(0, 2)
          .toString(),
      ).toBe('PK');
      expect(await server.stop(), server.output()).toBe(0);
      server = undefined;
    },
  );
});
