import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir, readText, runOptions } from './support.ts';
import { sandboxSuite } from './suite.ts';

// Real programs in the real sandbox: normal runs, stdio, environment, and a compile inside the box.
const SLOT = 20;
const suite = sandboxSuite({ name: 'run', programs: ['echo', 'env', 'crash'], slots: [SLOT] });

describe('a normal program', () => {
  it('reads stdin from a file and reports stdout, stderr and its exit code', async () => {
    fs.writeFileSync(path.join(suite.io, 'in.txt'), '21\n');
    const out = path.join(suite.io, 'out.txt');
    const err = path.join(suite.io, 'err.txt');
    const r = await suite.run(SLOT, ['/w/echo', '0'], {
      stdin: path.join(suite.io, 'in.txt'),
      stdout: out,
      stderr: err,
    });
    expect(r.status).toBe('ok');
    expect(r.exitCode).toBe(0);
    expect(r.signal).toBeNull();
    expect(readText(out)).toBe('got 42\n');
    expect(readText(err)).toBe('note\n');
    expect(r.stdoutBytes).toBe(7);
    expect(r.mode).toBe('full');
    expect(r.memorySource).toBe('cgroup');
    expect(r.cpuTimeMs).toBeLessThan(50);
    expect(r.memoryBytes).toBeGreaterThan(0);
    expect(r.memoryBytes).toBeLessThan(8 * 1024 * 1024);
  });

  it('reports a non-zero exit code as a runtime error', async () => {
    fs.writeFileSync(path.join(suite.io, 'in.txt'), '1\n');
    const r = await suite.run(SLOT, ['/w/echo', '3'], { stdin: path.join(suite.io, 'in.txt') });
    expect(r.status).toBe('runtime-error');
    expect(r.exitCode).toBe(3);
    expect(r.reason).toContain('status 3');
  });

  it('reports a crash with its signal', async () => {
    const r = await suite.run(SLOT, ['/w/crash']);
    expect(r.status).toBe('runtime-error');
    expect(r.exitCode).toBeNull();
    expect(r.signalName).toBe('SIGSEGV');
  });

  it('gives the program only the environment it was given, in /w, as the slot uid', async () => {
    const out = path.join(suite.io, 'env.txt');
    const r = await suite.run(SLOT, ['/w/env'], { env: { ONLY: 'this' }, stdout: out });
    expect(r.status).toBe('ok');
    expect(readText(out)).toBe(`ONLY=this\ncwd=/w uid=${60000 + SLOT} gid=${60000 + SLOT}\n`);
  });

  it('reports a missing program as a system error, not as the program failing', async () => {
    // Ten times: the failure's message and init's last report race to the helper, and on a busy host
    // the report won one run in two or three before jail.c read the message after it too.
    for (let attempt = 0; attempt < 10; attempt++) {
      const r = await suite.run(SLOT, ['/w/does-not-exist']);
      expect(r.status, `attempt ${attempt}`).toBe('system-error');
      expect(r.reason).toContain('execve /w/does-not-exist');
    }
  });

  it('runs the strict profile for a plain program, threads included', async () => {
    const out = path.join(suite.io, 'strict.txt');
    fs.writeFileSync(path.join(suite.io, 'in.txt'), '5\n');
    const r = await suite.run(SLOT, ['/w/echo'], {
      seccomp: 'strict',
      stdin: path.join(suite.io, 'in.txt'),
      stdout: out,
    });
    expect(r.status).toBe('ok');
    expect(readText(out)).toBe('got 10\n');
  });
});

describe('a compile step inside the box', () => {
  it('runs gcc with a writable /w, and the result runs read-only', async () => {
    const work = makeTempDir('run-compile');
    try {
      fs.writeFileSync(
        path.join(work, 'main.c'),
        '#include <stdio.h>\nint main(void){puts("compiled");return 0;}\n',
      );
      const log = path.join(suite.io, 'gcc.txt');
      const compile = await suite.sandbox.run(
        runOptions(work, SLOT, ['/usr/bin/gcc', '-O2', '-o', 'main', 'main.c'], {
          readWrite: true,
          processes: 128,
          memoryBytes: 512 * 1024 * 1024,
          cpuTimeMs: 10_000,
          wallTimeMs: 20_000,
          outputBytes: 64 * 1024 * 1024,
          stdout: log,
          stderr: log,
        }),
      );
      expect(compile.status, readText(log)).toBe('ok');
      const out = path.join(suite.io, 'compiled.txt');
      const run = await suite.sandbox.run(
        runOptions(work, SLOT, ['/w/main'], { stdout: out, seccomp: 'strict' }),
      );
      expect(run.status).toBe('ok');
      expect(readText(out)).toBe('compiled\n');
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  });
});
