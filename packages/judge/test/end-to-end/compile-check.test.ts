import { spawn, type ChildProcess } from 'node:child_process';
import { readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { judgeCompileCheck, judgeServer } from '../../../server/src/db/schema/index.ts';
import { buildTestApp, JUDGE_TOKEN, type TestApp } from '../../../server/test/helpers/app.ts';
import { FIXTURES, missingToolchain } from '../regression/harness.ts';

/**
 * reference §3.12 compile-spj / compile-interactive end to end: the admin call goes through the server,
 * a real `verdict-judge worker` process claims the check from the gateway and compiles it with the real
 * compiler in the real sandbox, the way judging compiles checkers and interactors.
 */
const cli = path.resolve(import.meta.dirname, '../../bin/verdict-judge.js');
const workDir = path.join(tmpdir(), `verdict-compile-check-${process.pid}`);
const missing = missingToolchain('SPJ-C++') ?? missingToolchain('SPJ-C');

const judgeSource = (name: string) => readFile(path.join(FIXTURES, 'judges', name), 'utf8');

let t: TestApp;
let url: string;
let worker: ChildProcess;
let root: string;

interface Envelope {
  status: number;
  msg: string;
  data: unknown;
}

async function compile(kind: 'spj' | 'interactive', body: object, lang = 'en-US') {
  const res = await fetch(
    `${url}/api/admin/problem/${kind === 'spj' ? 'compile-spj' : 'compile-interactive'}`,
    {
      method: 'POST',
      headers: { authorization: root, 'content-type': 'application/json', 'accept-language': lang },
      body: JSON.stringify(body),
    },
  );
  expect(res.status).toBe(200); // business answers keep HTTP 200 (reference §1.2)
  return (await res.json()) as Envelope;
}

describe.skipIf(missing !== null)('compile checks on a real worker (reference §3.12)', () => {
  beforeAll(async () => {
    t = await buildTestApp();
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    root = await t.app.auth.openSession('1', { userAgent: 'vitest', ip: '127.0.0.1' });
    worker = spawn(
      process.execPath,
      [cli, 'worker', '--server', url, '--name', 'compiler', '--concurrency', '1'],
      {
        env: {
          ...process.env,
          VERDICT_JUDGE_TOKEN: JUDGE_TOKEN,
          VERDICT_JUDGE_WORK_DIR: workDir,
          // one user language keeps the self-test short; checker and interactor entries are always tried
          VERDICT_JUDGE_LANGUAGES: 'C',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    worker.stdout!.resume();
    worker.stderr!.resume();
    // The worker registers after its self-test; a check queued before would wait for it anyway.
    await vi.waitFor(
      async () => {
        expect(worker.exitCode, 'the worker exited').toBeNull();
        expect(await t.db.select().from(judgeServer), 'registered workers').not.toEqual([]);
      },
      { timeout: 60_000, interval: 200 },
    );
  });

  afterAll(async () => {
    if (worker && worker.exitCode === null) {
      worker.kill('SIGTERM');
      await new Promise((r) => worker.once('exit', r));
    }
    await t?.close();
    await rm(workDir, { recursive: true, force: true });
  });

  it('a testlib-protocol checker compiles; the build lands in the checker cache judging uses', async () => {
    const res = await compile('spj', { code: await judgeSource('testlib-style.cpp'), language: 'C++' });
    expect(res).toMatchObject({ status: 200, msg: 'Compiled successfully!', data: null });
    const builds = await readdir(path.join(workDir, 'cache', 'checkers'));
    expect(builds.some((name) => /^[0-9a-f]{64}$/.test(name))).toBe(true);
    expect(await t.db.select().from(judgeCompileCheck)).toEqual([]);
  });

  it('a broken checker answers status 500 with the compiler error', async () => {
    const res = await compile('spj', { code: await judgeSource('broken.cpp'), language: 'C++' }, 'zh-CN');
    expect(res.status).toBe(500);
    expect(res.msg).toMatch(/error: .*undefined_symbol/);
    expect(res.msg).not.toContain('failed to compile'); // the compiler's words only
  });

  it('judge extra files sit next to the checker source, as when judging', async () => {
    const code = await judgeSource('with-extra-files.cpp');
    const without = await compile('spj', { code, language: 'C++' });
    expect(without.status).toBe(500);
    expect(without.msg).toContain('tolerance.h');
    const withFiles = await compile('spj', {
      code,
      language: 'C++',
      extraFiles: { 'tolerance.h': '#define TOLERANCE 2\n', 'bonus.txt': '100\n' },
    });
    expect(withFiles).toMatchObject({ status: 200, msg: 'Compiled successfully!' });
  });

  it('an interactor compiles, and a broken one (in C) answers the gcc error', async () => {
    const good = await compile(
      'interactive',
      { code: await judgeSource('guess-interactor.cpp'), language: 'C++' },
      'zh-CN',
    );
    expect(good).toMatchObject({ status: 200, msg: '编译成功！' });
    const broken = await compile('interactive', {
      code: '#include <stdio.h>\nint main(void) { printf("%d\\n", secret); return 0; }\n',
      language: 'C',
    });
    expect(broken.status).toBe(500);
    expect(broken.msg).toMatch(/interactive\.c:2:\d+: error: .*secret/);
  });
});
