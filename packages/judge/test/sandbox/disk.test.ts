import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { SandboxOptionsError, workBytesFromEnv } from '../../src/sandbox/index.ts';
import { makeTempDir, readText } from './support.ts';
import { sandboxSuite } from './suite.ts';

/**
 * Issue 9 item 5, "cap the disk a compile or a run can write in /w": a writable /w is a tmpfs of
 * `workBytes` (VERDICT_SANDBOX_WORK_MB) and 4096 inodes, copied in from the host work directory and
 * back after the program ended by itself (jail.c, mount_capped_work). A program that fills it ends
 * with output-limit, and the host directory never grows past the cap. The hostile program is
 * fixtures/hostile/disk-fill (C and Python 3).
 */
const SLOT = 41;
const MiB = 1024 * 1024;
const CAP = 16 * MiB;
const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/hostile/disk-fill');
const suite = sandboxSuite({ name: 'disk', programs: [], slots: [SLOT] });

beforeAll(async () => {
  await promisify(execFile)('gcc', [
    '-O2',
    '-w',
    '-o',
    path.join(suite.progs, 'disk-fill'),
    `${FIXTURE}/c.c`,
  ]);
});

/** Bytes of regular files under dir (what reached the host disk). */
function diskUse(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}

/** A writable work directory holding the hostile program (as a compile's holds the source). */
function workDirWith(files: Record<string, string>): string {
  const dir = makeTempDir('disk-work');
  for (const [name, from] of Object.entries(files)) fs.copyFileSync(from, path.join(dir, name));
  return dir;
}

describe('the writable /w is capped (issue 9 item 5)', () => {
  it.each([
    ['C, bytes', ['/w/disk-fill'], /^wrote 1[0-6] MiB: (No space left on device|short write)$/],
    ['C, files', ['/w/disk-fill', 'files'], /^created 409\d files: No space left on device$/],
    [
      'Python 3, bytes',
      ['/usr/bin/python3', '/w/disk-fill.py'],
      /^wrote 1[0-6] MiB: No space left on device$/,
    ],
  ])(
    '[%s] filling it ends the run with output-limit; the host directory stays under the cap',
    async (_, argv, said) => {
      const work = workDirWith({
        'disk-fill': path.join(suite.progs, 'disk-fill'),
        'disk-fill.py': `${FIXTURE}/py3.py`,
      });
      fs.chmodSync(path.join(work, 'disk-fill'), 0o755);
      try {
        const out = path.join(suite.io, 'disk-fill.txt');
        const r = await suite.sandbox.run({
          ...runInWork(work, argv as string[]),
          stdout: out,
          memoryBytes: 256 * MiB,
          workBytes: CAP,
        });
        expect(r.status, r.reason).toBe('output-limit');
        expect(r.reason).toMatch(/work directory \/w is full/);
        expect(readText(out).trim()).toMatch(said);
        // the copy back brought at most the cap to the host disk
        expect(diskUse(work)).toBeLessThanOrEqual(CAP + 64 * 1024);
      } finally {
        fs.rmSync(work, { recursive: true, force: true });
      }
    },
  );

  it('a run that stays under the cap sees the host files and leaves its own on the host (a compile)', async () => {
    const work = makeTempDir('disk-compile');
    fs.writeFileSync(path.join(work, 'main.txt'), 'source\n');
    try {
      const script = [
        'cat /w/main.txt > /w/main',
        'echo built >> /w/main',
        'chmod 755 /w/main',
        'mkdir /w/classes',
        'echo inner > /w/classes/A.class',
        'ln -s main /w/link',
      ].join(' && ');
      const r = await suite.sandbox.run({ ...runInWork(work, ['/bin/sh', '-c', script]), workBytes: CAP });
      expect(r.status, r.reason).toBe('ok');
      expect(readText(path.join(work, 'main'))).toBe('source\nbuilt\n');
      expect(fs.statSync(path.join(work, 'main')).mode & 0o777).toBe(0o755);
      expect(readText(path.join(work, 'classes/A.class'))).toBe('inner\n');
      expect(fs.readlinkSync(path.join(work, 'link'))).toBe('main');
      expect(readText(path.join(work, 'main.txt'))).toBe('source\n');
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  });

  it('a program killed at its time limit brings nothing back', async () => {
    const work = makeTempDir('disk-killed');
    try {
      const r = await suite.sandbox.run({
        ...runInWork(work, ['/bin/sh', '-c', 'echo partial > /w/main; while :; do :; done']),
        cpuTimeMs: 300,
        workBytes: CAP,
      });
      expect(r.status, r.reason).toBe('time-limit');
      expect(fs.existsSync(path.join(work, 'main'))).toBe(false);
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  });

  it('VERDICT_SANDBOX_WORK_MB is validated like the other VERDICT_* variables (default 128 MiB)', () => {
    expect(workBytesFromEnv(undefined)).toBe(128 * MiB);
    expect(workBytesFromEnv('32')).toBe(32 * MiB);
    for (const bad of ['0', '-4', '1.5', 'lots', '70000']) {
      expect(() => workBytesFromEnv(bad)).toThrow(SandboxOptionsError);
      expect(() => workBytesFromEnv(bad)).toThrow(/VERDICT_SANDBOX_WORK_MB/);
    }
  });
});

function runInWork(work: string, argv: string[]) {
  return {
    argv,
    workDir: work,
    readWrite: true,
    env: { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8' },
    cpuTimeMs: 5000,
    wallTimeMs: 10_000,
    memoryBytes: 128 * MiB,
    processes: 16,
    outputBytes: 4 * MiB,
    slot: SLOT,
    seccomp: 'default' as const,
  };
}
