import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { runDoctor, type DoctorCheck } from '../../src/doctor.ts';
import { installHint, LANGUAGES } from '../../src/languages/index.ts';
import { missingToolchain } from '../regression/harness.ts';

const execFileAsync = promisify(execFile);
const BIN = fileURLToPath(new URL('../../bin/verdict-judge.js', import.meta.url));

describe('verdict-judge doctor', () => {
  it('reports a host that can judge and exits 0', async () => {
    const { stdout } = await execFileAsync(process.execPath, [BIN, 'doctor']).catch(
      (e: { stdout: string }) => {
        throw new Error(`doctor failed:\n${e.stdout}`);
      },
    );
    expect(stdout).toMatch(/ok\s+sandbox helper\s+built/);
    expect(stdout).toMatch(/ok\s+cgroup\s+v[12]/);
    expect(stdout).toMatch(/ok\s+smoke run\s+\/usr\/bin\/true in a box: ok/);
    // issue 3: each language's self-test with its time and memory
    expect(stdout, stdout).toMatch(/ok {2}C\+\+: \d+ ms, \d+ KB, compiled in \d+ ms/);
    expect(stdout, stdout).toContain('Judging: possible (mode full).');
    // issue 25 item 2: the Node it runs on, and every language of the table passing its self-test
    // here, or the package (or the manual step) that brings its toolchain
    expect(stdout).toMatch(new RegExp(`ok\\s+node\\s+Node ${process.version.replaceAll('.', '\\.')} `));
    for (const language of LANGUAGES) {
      const line = stdout
        .split('\n')
        .find((l) => l.startsWith(`  ok  ${language.name}: `) || l.startsWith(`  --  ${language.name}: `));
      if (missingToolchain(language.name) === null) expect(line, stdout).toMatch(/^ {2}ok {2}/);
      else expect(line, stdout).toContain(`is not installed: ${installHint(language)}`);
    }
  }, 300_000);

  it('refuses (exit 1, with the reason) when the helper is missing', async () => {
    const run = execFileAsync(process.execPath, [BIN, 'doctor'], {
      env: { ...process.env, VERDICT_JAIL: '/nonexistent/verdict-jail', VERDICT_UNSAFE_NO_SANDBOX: '' },
    });
    await expect(run).rejects.toMatchObject({
      code: 1,
      stdout: expect.stringContaining('Judging: IMPOSSIBLE'),
    });
  });

  it('says loudly that nothing is sandboxed when the unsafe flag is set', async () => {
    const { stdout } = await execFileAsync(process.execPath, [BIN, 'doctor'], {
      env: { ...process.env, VERDICT_JAIL: '/nonexistent/verdict-jail', VERDICT_UNSAFE_NO_SANDBOX: '1' },
    });
    expect(stdout).toContain('WITHOUT ANY SANDBOX');
  }, 300_000);

  it('takes extra checks (the hook for language self-tests)', async () => {
    const failing: DoctorCheck = {
      name: 'language C',
      required: true,
      run: () => ({ status: 'fail', summary: 'no gcc' }),
    };
    const report = await runDoctor([failing]);
    expect(report.canJudge).toBe(false);
    expect(report.reasons).toEqual(['language C: no gcc']);
  });

  it('refuses worker mode without a token, or with a bad server URL, naming the problem', async () => {
    const env = { ...process.env, VERDICT_JUDGE_TOKEN: '' };
    await expect(
      execFileAsync(process.execPath, [BIN, 'worker', '--server', 'http://localhost:1'], { env }),
    ).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('a judge token is needed'),
    });
    await expect(
      execFileAsync(process.execPath, [BIN, '--server', 'localhost:1', '--token', 't']),
    ).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--server must be an http(s) URL'),
    });
    await expect(
      execFileAsync(process.execPath, [
        BIN,
        'worker',
        '--server',
        'http://localhost:1',
        '--token',
        't',
        '--concurrency',
        'many',
      ]),
    ).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('concurrency must be a whole number'),
    });
  });
});
