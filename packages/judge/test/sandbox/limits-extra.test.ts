import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { Sandbox } from '../../src/sandbox/index.ts';
import { makeTempDir, processesOfSlot, readText, runOptions } from './support.ts';
import { sandboxSuite } from './suite.ts';

// The limits of issue 3 that limits.test.ts does not reach: the size of the box's /tmp, RLIMIT_NOFILE,
// RLIMIT_CORE and the RLIMIT_CPU backstop behind the helper's own CPU watch (sandbox.md §7.2).
const SLOT = 25;
const MiB = 1024 * 1024;
const suite = sandboxSuite({
  name: 'limx',
  programs: ['tmpFill', 'openFiles', 'coreCrash', 'busy', 'stubbornBusy'],
  slots: [SLOT],
});

describe('the box /tmp (tmpfs of tmpBytes, 4096 inodes)', () => {
  it('a write beyond its size fails with ENOSPC; the program that gives up gets a runtime error', async () => {
    const out = path.join(suite.io, 'tmp-fill.txt');
    const r = await suite.run(SLOT, ['/w/tmpFill'], { tmpBytes: 2 * MiB, outputBytes: 8 * MiB, stdout: out });
    expect(r.status, r.reason).toBe('runtime-error');
    expect(r.exitCode).toBe(1);
    const m = /^wrote (\d+): No space left on device\n$/.exec(readText(out));
    expect(m, readText(out)).not.toBeNull();
    expect(Number(m![1])).toBeLessThanOrEqual(2 * MiB);
    expect(Number(m![1])).toBeGreaterThan(MiB);
  });

  it('holds at most 4096 files, however small', async () => {
    const out = path.join(suite.io, 'tmp-inodes.txt');
    const r = await suite.run(SLOT, ['/w/tmpFill', 'inodes'], { stdout: out });
    expect(r.status).toBe('runtime-error');
    const m = /^created (\d+): No space left on device\n$/.exec(readText(out));
    expect(m, readText(out)).not.toBeNull();
    expect(Number(m![1])).toBeLessThan(4096);
    expect(Number(m![1])).toBeGreaterThan(4000);
  });

  it('counts against the memory limit: a /tmp larger than the memory limit ends in memory-limit', async () => {
    const out = path.join(suite.io, 'tmp-memory.txt');
    const r = await suite.run(SLOT, ['/w/tmpFill'], {
      memoryBytes: 16 * MiB,
      tmpBytes: 64 * MiB,
      outputBytes: 128 * MiB,
      stdout: out,
    });
    expect(r.status, `${r.reason}; ${readText(out)}`).toBe('memory-limit');
  });
});

describe('RLIMIT_NOFILE', () => {
  it('opening more files than openFiles fails with EMFILE, and the limit cannot be raised', async () => {
    const out = path.join(suite.io, 'nofile.txt');
    const r = await suite.run(SLOT, ['/w/openFiles'], { openFiles: 10, stdout: out });
    expect(r.status, r.reason).toBe('ok');
    // fds 0, 1 and 2 are the program's stdio: 7 more fit under 10
    expect(readText(out)).toBe('limit 10 10\nopened 7: Too many open files\nraise Operation not permitted\n');
  });
});

describe('RLIMIT_CORE', () => {
  it('a crashing program leaves no core file (core_pattern permitting one in its working directory)', async () => {
    const work = makeTempDir('limx-core');
    try {
      fs.copyFileSync(path.join(suite.progs, 'coreCrash'), path.join(work, 'coreCrash'));
      fs.chmodSync(path.join(work, 'coreCrash'), 0o755);
      const out = path.join(suite.io, 'core.txt');
      const r = await suite.sandbox.run(
        runOptions(work, SLOT, ['/w/coreCrash'], { readWrite: true, stdout: out, seccomp: 'none' }),
      );
      expect(r.status).toBe('runtime-error');
      expect(r.signalName).toBe('SIGSEGV');
      expect(readText(out)).toBe('core 0 0\n');
      expect(fs.readdirSync(work).filter((n) => n.startsWith('core') && n !== 'coreCrash')).toEqual([]);
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  });
});

describe('RLIMIT_CPU backstop (ceil(cpu limit) + 1 s soft, + 2 s hard)', () => {
  it('stops a busy loop even while the helper that watches the CPU time is stalled', async () => {
    // cpu 500 ms: the helper would kill at 0.5 s; RLIMIT_CPU sends SIGXCPU at 2 s of CPU
    const box = suite.start(SLOT, ['/w/busy'], { cpuTimeMs: 500, wallTimeMs: 30_000 });
    const helper = box.pid!;
    await vi.waitFor(() => expect(processesOfSlot(SLOT), 'the program runs').not.toEqual([]), {
      timeout: 10_000,
      interval: 5,
    });
    process.kill(helper, 'SIGSTOP'); // no more polling, no more kills from the helper
    try {
      await vi.waitFor(() => expect(processesOfSlot(SLOT), 'the kernel ends the program').toEqual([]), {
        timeout: 20_000,
        interval: 5,
      });
    } finally {
      process.kill(helper, 'SIGCONT');
    }
    const r = await box.result;
    expect(r.status).toBe('time-limit');
    expect(r.timeLimit).toBe('cpu');
    expect(r.signalName).toBe('SIGXCPU'); // the kernel's doing, at 2 s of tick-sampled CPU time
    expect(r.cpuTimeMs).toBeGreaterThan(1000); // far past the 500 ms at which the helper would have killed it
  });

  it('without a cgroup, a program that ignores SIGPROF and SIGXCPU dies at the hard limit', async () => {
    // the degraded mode of sandbox.md §8: the helper's CPU watch is ITIMER_PROF inside the program
    const degraded = await Sandbox.create({
      host: { ...suite.sandbox.host, cgroupParents: null, mode: 'degraded' },
      quiet: true,
    });
    const r = await degraded.run(
      runOptions(suite.progs, SLOT, ['/w/stubbornBusy'], { cpuTimeMs: 300, wallTimeMs: 30_000 }),
    );
    expect(r.mode).toBe('degraded');
    expect(r.status).toBe('time-limit');
    expect(r.timeLimit).toBe('cpu');
    expect(r.signalName).toBe('SIGKILL'); // RLIMIT_CPU's hard limit (3 s of tick-sampled CPU time)
    expect(r.cpuTimeMs).toBeGreaterThan(2000); // it outlived ITIMER_PROF and the soft limit's SIGXCPU
  });
});
