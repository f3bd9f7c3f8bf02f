import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { readText } from './support.ts';
import { sandboxSuite } from './suite.ts';

/**
 * Issue 9 item 5, "hide the host's /proc details": the box's /proc is a fresh procfs of its own pid
 * namespace (sandbox.md §4 step 4) in which the kernel's and the host's details are masked (jail.c,
 * mount_proc), while what runtimes read about themselves (/proc/self/stat, maps, exe, fd) still works.
 * The hostile program is fixtures/hostile/read-proc (C and Python 3).
 */
const SLOT = 40;
const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/hostile/read-proc');
const MOUNTINFO = path.resolve(import.meta.dirname, '../fixtures/hostile/read-mountinfo');
const suite = sandboxSuite({ name: 'proc', programs: ['fileFloodSpin'], slots: [SLOT] });

beforeAll(async () => {
  await promisify(execFile)('gcc', [
    '-O2',
    '-w',
    '-o',
    path.join(suite.progs, 'read-proc'),
    `${FIXTURE}/c.c`,
  ]);
  await promisify(execFile)('gcc', [
    '-O2',
    '-w',
    '-o',
    path.join(suite.progs, 'read-mountinfo'),
    `${MOUNTINFO}/c.c`,
  ]);
  fs.copyFileSync(`${FIXTURE}/py3.py`, path.join(suite.progs, 'read-proc.py'));
  fs.chmodSync(path.join(suite.progs, 'read-proc.py'), 0o644);
});

/** "what: result" lines as an object. */
function lines(file: string): Record<string, string> {
  return Object.fromEntries(
    readText(file)
      .trim()
      .split('\n')
      .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]),
  );
}

describe('/proc inside the box (issue 9 item 5)', () => {
  it('[C] shows only the box, hides the kernel and host details, and keeps /proc/self working', async () => {
    const out = path.join(suite.io, 'read-proc-c.txt');
    const r = await suite.run(SLOT, ['/w/read-proc', String(process.pid)], { stdout: out });
    expect(r.status, r.reason).toBe('ok');
    const seen = lines(out);
    // its own pid namespace: init and the program, nothing of the host (our pid is not there)
    expect(seen.pids).toBe('2');
    expect(seen['host pid cmdline']).toBe('No such file or directory');
    // pid 1 is the box's init: its command line (host paths, cgroups, environment) is blanked
    expect(seen['init cmdline']).toMatch(/^read \d+ bytes: verdict-init\s*$/);
    expect(seen['init environ']).toBe('Permission denied');
    // kernel details: empty files, or absent where the kernel has none (kcore, sysrq-trigger here)
    for (const what of ['keys', 'timer_list', 'kernel cmdline', 'kallsyms'])
      expect(seen[what], what).toMatch(/^read 0 bytes|^No such file or directory$/);
    expect(seen.kcore).toMatch(/^read 0 bytes|^No such file or directory$/);
    // /proc/sys is an empty read-only directory
    expect(seen.sys).toBe('0 entries');
    expect(seen['sys kernel core_pattern']).toBe('No such file or directory');
    expect(seen['sys kernel random boot_id']).toBe('No such file or directory');
    expect(seen['sysrq-trigger']).toMatch(/^Read-only file system$|^No such file or directory$/);
    // what runtimes read about themselves
    expect(seen['self stat']).toMatch(/^read \d+ bytes: 2 \(read-proc\) R/);
    expect(seen['self maps']).toMatch(/^read \d+ bytes: [0-9a-f]+-[0-9a-f]+ /);
    expect(seen['self exe']).toBe('/w/read-proc');
    expect(seen['self fd']).toMatch(/^[3-9] entries$/);
  });

  it('[Python 3] sees the same box', async () => {
    const out = path.join(suite.io, 'read-proc-py.txt');
    const r = await suite.run(SLOT, ['/usr/bin/python3', '/w/read-proc.py', String(process.pid)], {
      stdout: out,
      memoryBytes: 256 * 1024 * 1024,
    });
    expect(r.status, r.reason).toBe('ok');
    const seen = lines(out);
    expect(seen.pids).toBe('2');
    expect(seen['host pid cmdline']).toBe('No such file or directory');
    expect(seen['sys kernel core_pattern']).toBe('No such file or directory');
    expect(seen['self exe']).toMatch(/^\/usr\/bin\/python3/);
  });

  it('the host keeps its own /proc (the masks live in the box only)', () => {
    expect(fs.readdirSync('/proc/sys').length).toBeGreaterThan(0);
    expect(fs.readFileSync('/proc/sys/kernel/core_pattern', 'utf8').length).toBeGreaterThan(0);
    expect(fs.readFileSync(`/proc/${process.pid}/cmdline`, 'utf8')).toContain('node');
  });
});

/**
 * Issue 25, "no host paths inside the box": mountinfo showed the host path of every bind's source (the
 * judge's data directory, the run's key), and /proc/self/fd the host paths of the stdio files. Here the
 * program's /w, a read-only and a writable file bind (file I/O) and its stdio files all come from the
 * test's temporary directories, whose names it must not find anywhere.
 */
describe('no host path inside the box (issue 25)', () => {
  /** A file in a directory of its own (the test's "data directory"), readable by the box. */
  function hostFile(dir: string, name: string, content: string, mode = 0o644): string {
    fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
    const file = path.join(dir, name);
    fs.writeFileSync(file, content);
    fs.chmodSync(file, mode);
    return file;
  }

  it('mountinfo, mounts and the fd links show none of the sources, and a writable file still reaches the host', async () => {
    const data = path.join(suite.io, 'data-dir-of-the-host');
    const words = `${path.basename(suite.progs)}\n${path.basename(suite.io)}\ndata-dir-of-the-host\n`;
    const input = hostFile(data, 'words', words);
    const output = hostFile(data, 'answer', '', 0o666);
    const out = path.join(suite.io, 'mountinfo.txt');
    const r = await suite.run(SLOT, ['/w/read-mountinfo'], {
      cwd: '/tmp',
      stdin: input,
      stdout: out,
      stderr: path.join(suite.io, 'mountinfo.err'),
      extraBinds: [
        { source: input, target: '/tmp/input.txt' },
        { source: output, target: '/tmp/output.txt', readWrite: true },
      ],
    });
    expect(r.status, r.reason).toBe('ok');
    expect(readText(out)).toBe('CLEAN\n');
    expect(readText(output)).toBe('CLEAN\n'); // written in the box, copied back to the host file
  });

  it('a writable file over the output limit reaches the host even when the run is killed for time', async () => {
    const output = hostFile(path.join(suite.io, 'flood'), 'answer', '', 0o666);
    const r = await suite.run(SLOT, ['/w/fileFloodSpin'], {
      cwd: '/tmp',
      outputBytes: 1024 * 1024,
      cpuTimeMs: 300,
      wallTimeMs: 30_000,
      extraBinds: [{ source: output, target: '/tmp/output.txt', readWrite: true }],
    });
    expect(r).toMatchObject({ status: 'time-limit', timeLimit: 'cpu' });
    // RLIMIT_FSIZE stopped it at the limit + 1 byte, which the judge reads as output-limit
    expect(fs.statSync(output).size).toBe(1024 * 1024 + 1);
  });
});
