import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Sandbox, SandboxUnavailableError, type RunResult } from '../../src/sandbox/index.ts';
import { compilePrograms, makeTempDir, readText, runOptions } from './support.ts';

// The fallback ladder of sandbox.md §8: degraded mode for an unprivileged user without a cgroup,
// refusal without a sandbox, and the loud unsafe development mode.
const execFileAsync = promisify(execFile);
const RUNNER = fileURLToPath(new URL('./fixtures/degraded-runner.ts', import.meta.url));
const NOBODY = 65534;
const MLE_FIXTURE = fileURLToPath(new URL('../fixtures/hostile/mle/', import.meta.url));
const javaInstalled = fs.existsSync('/usr/bin/javac') && fs.existsSync('/usr/bin/java');
let progs: string;

beforeAll(async () => {
  progs = makeTempDir('modes-progs');
  await compilePrograms(progs, ['busy', 'sleeper', 'forkCount', 'memory', 'echo']);
  // issue 25: the two programs that must be MLE, in degraded mode too
  await execFileAsync('gcc', ['-O2', '-w', '-o', path.join(progs, 'mle-c'), path.join(MLE_FIXTURE, 'c.c')]);
  if (javaInstalled) {
    fs.copyFileSync(path.join(MLE_FIXTURE, 'java.java'), path.join(progs, 'Main.java'));
    await execFileAsync('/usr/bin/javac', ['-d', progs, path.join(progs, 'Main.java')]);
    fs.chmodSync(path.join(progs, 'Main.class'), 0o644);
  }
  fs.chmodSync(progs, 0o777); // the unprivileged run writes fork.txt here
});

afterAll(() => {
  fs.rmSync(progs, { recursive: true, force: true });
});

const canDropPrivileges = process.getuid?.() === 0 && spawnSync('setpriv', ['--version']).status === 0;

describe.runIf(canDropPrivileges)('degraded mode (unprivileged user, user namespace, no cgroup)', () => {
  it("still isolates and limits: CPU by ITIMER_PROF, wall, processes by RLIMIT_NPROC, memory by init's samples", async () => {
    const { stdout } = await execFileAsync(
      'setpriv',
      [
        `--reuid=${NOBODY}`,
        `--regid=${NOBODY}`,
        '--clear-groups',
        process.execPath,
        '--import',
        'tsx',
        RUNNER,
        progs,
      ],
      { env: { ...process.env, HOME: '/tmp' }, timeout: 60_000 },
    );
    const r = JSON.parse(stdout) as Record<
      'busy' | 'sleeper' | 'forkCount' | 'memory' | 'mleC',
      RunResult
    > & {
      mleJava: RunResult | null;
      mode: string;
    };
    expect(r.mode).toBe('degraded');
    expect(r.busy).toMatchObject({
      status: 'time-limit',
      timeLimit: 'cpu',
      signalName: 'SIGPROF',
      mode: 'degraded',
    });
    // ITIMER_PROF runs on tick-sampled CPU time, which over-counts on a busy host: the kill can come
    // early, so only order relations with the 300 ms limit: past half of it, and (SIGPROF, not SIGXCPU)
    // before RLIMIT_CPU's soft limit at ceil(0.3 s) + 1 s
    expect(r.busy.cpuTimeMs).toBeGreaterThan(150);
    expect(r.busy.cpuTimeMs).toBeLessThan(2000);
    expect(r.sleeper).toMatchObject({ status: 'time-limit', timeLimit: 'wall' });
    expect(r.forkCount.status).toBe('ok');
    expect(readText(path.join(progs, 'fork.txt'))).toBe('forked=9 failed=191\n');
    // issue 25: init samples the box's resident memory and ends it at the limit (RLIMIT_AS, M + 4 GiB,
    // is only a backstop now: with RLIMIT_AS = M, malloc failed and the run was a runtime error)
    expect(r.memory).toMatchObject({ status: 'memory-limit', oomKilled: true, memorySource: 'rusage' });
    expect(r.memory.memoryBytes).toBeLessThanOrEqual(64 * 1024 * 1024);
    expect(r.mleC, r.mleC.reason).toMatchObject({ status: 'memory-limit', oomKilled: true });
    expect(r.mleC.memoryBytes).toBe(256 * 1024 * 1024);
    if (!javaInstalled) {
      console.warn('Java is not installed (/usr/bin/javac, /usr/bin/java): its MLE program is skipped');
      return;
    }
    // Java, run as the judge runs it, fills its heap either past the box's limit (init ends it) or up to
    // its -Xmx first (OutOfMemoryError on stderr, exit 1); the judge calls both MLE (grading/run-verdict.ts)
    const stderr = readText(path.join(progs, 'java-stderr.txt'));
    if (r.mleJava?.status === 'memory-limit') expect(r.mleJava).toMatchObject({ oomKilled: true });
    else {
      expect(r.mleJava, r.mleJava?.reason).toMatchObject({ status: 'runtime-error', exitCode: 1 });
      expect(stderr).toContain('java.lang.OutOfMemoryError');
    }
    expect(r.mleJava!.memoryBytes).toBeLessThanOrEqual(512 * 1024 * 1024);
  });
});

describe('a host that cannot sandbox', () => {
  const noHelper = { ...process.env, VERDICT_JAIL: '/nonexistent/verdict-jail' };

  it('refuses to run code', async () => {
    await expect(
      Sandbox.create({ env: { ...noHelper, VERDICT_UNSAFE_NO_SANDBOX: '' }, quiet: true }),
    ).rejects.toThrow(SandboxUnavailableError);
  });

  it('runs without isolation only behind VERDICT_UNSAFE_NO_SANDBOX=1, and says so in the result', async () => {
    const sandbox = await Sandbox.create({
      env: { ...noHelper, VERDICT_UNSAFE_NO_SANDBOX: '1' },
      quiet: true,
    });
    expect(sandbox.mode).toBe('unsafe');
    const io = makeTempDir('modes-io');
    try {
      fs.writeFileSync(path.join(io, 'in.txt'), '4\n');
      const out = path.join(io, 'out.txt');
      const r = await sandbox.run(
        runOptions(progs, 0, ['/w/echo', '5'], { stdin: path.join(io, 'in.txt'), stdout: out }),
      );
      expect(r).toMatchObject({ status: 'runtime-error', exitCode: 5, mode: 'unsafe' });
      expect(readText(out)).toBe('got 8\n');
    } finally {
      fs.rmSync(io, { recursive: true, force: true });
    }
  });
});
