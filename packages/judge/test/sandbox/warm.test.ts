import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { Sandbox } from '../../src/sandbox/index.ts';
import { sandboxSuite } from './suite.ts';
import { processesOfSlot, readText, runOptions } from './support.ts';

// Issue 25, "warm boxes": one helper per slot prepares each box ahead of its run and is reused run after
// run; nothing of one run may reach the next, and a killed helper must not cost a run its verdict.
const SLOT = 44;
const suite = sandboxSuite({ name: 'warm', programs: ['memory', 'burn', 'sleeper'], slots: [SLOT] });

const sh = (script: string) => ['/bin/sh', '-c', script];
/** The start of a python3 command that binds an abstract unix socket (named in the network namespace). */
const BIND_ABSTRACT =
  "python3 -c \"import socket; s = socket.socket(socket.AF_UNIX); s.bind(chr(0) + 'verdict-warm')";

/** Runs a shell script on the slot; its stdout file's text and the box (its helper pid). */
async function shell(script: string, file: string) {
  const box = suite.start(SLOT, sh(script), { stdout: path.join(suite.io, file), processes: 32 });
  const result = await box.result;
  return { result, pid: box.pid, out: readText(path.join(suite.io, file)) };
}

function childrenOf(pid: number): number[] {
  const text = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return text ? text.split(' ').map(Number) : [];
}

describe('warm boxes (issue 25)', () => {
  it('are the default here: one helper serves the slot run after run', async () => {
    expect(suite.sandbox.warmProblem).toBeNull();
    const first = await shell('echo one', 'default-1.out');
    const second = await shell('echo two', 'default-2.out');
    expect([first.result.status, second.result.status]).toEqual(['ok', 'ok']);
    expect(second.pid).toBe(first.pid);
  });

  it('VERDICT_SANDBOX_WARM=0 runs each box in a helper of its own, and says so', async () => {
    const cold = await Sandbox.create({ quiet: true, env: { ...process.env, VERDICT_SANDBOX_WARM: '0' } });
    expect(cold.warmProblem).toContain('VERDICT_SANDBOX_WARM=0');
    const boxes = [0, 1].map(() => cold.start(runOptions(suite.progs, SLOT, ['/w/memory', '1'])));
    for (const box of boxes) expect((await box.result).status).toBe('ok');
    expect(boxes[0]!.pid).not.toBe(boxes[1]!.pid);
    await cold.settle();
  });

  it('a run sees nothing of the previous one: /tmp files, background processes, SysV IPC objects, sockets', async () => {
    const first = await shell(
      'echo secret > /tmp/left; echo secret > /dev/shm/shm-left; /w/sleeper & ipcmk -M 4096 >/dev/null && ' +
        `${BIND_ABSTRACT}; import os, time; print('held', flush=True); os.fork() == 0 and time.sleep(100)"; echo made`,
      'leak-1.out',
    );
    expect(first.result.status).toBe('ok');
    expect(first.out).toBe('held\nmade\n');
    // the sleeper of the first run died with its box, before the next run was even asked for
    expect(processesOfSlot(SLOT)).toEqual([]);

    const second = await shell(
      'ls -A /tmp; cat /tmp/left /dev/shm/shm-left 2>/dev/null; ' +
        'for c in /proc/[0-9]*/comm; do cat $c; done | grep -c sleeper; ' +
        `echo shm $(($(wc -l < /proc/sysvipc/shm) - 1)); ${BIND_ABSTRACT}; print('socket free')"`,
      'leak-2.out',
    );
    expect(second.pid).toBe(first.pid);
    // (the boxes of a helper share one empty network namespace: the name is free again)
    expect(second.out).toBe('0\nshm 0\nsocket free\n');
  });

  it("a run's memory peak and CPU time are its own, not the previous run's", async () => {
    const heavy = await suite.run(SLOT, ['/w/memory', '200'], { memoryBytes: 256 << 20 });
    const burn = await suite.run(SLOT, ['/w/burn', '300']);
    const light = await suite.run(SLOT, ['/w/memory', '1'], { memoryBytes: 256 << 20 });
    expect([heavy.status, burn.status, light.status]).toEqual(['ok', 'ok', 'ok']);
    expect(heavy.memoryBytes).toBeGreaterThanOrEqual(200 << 20);
    expect(burn.cpuTimeMs).toBeGreaterThanOrEqual(300);
    expect(light.memoryBytes).toBeLessThan(16 << 20);
    expect(light.cpuTimeMs).toBeLessThan(100);
  });

  it("stdout 'pipe' (the helper's pipe) reaches the judge whole, however soon the program ends", async () => {
    for (let i = 0; i < 20; i++) {
      const box = suite.start(SLOT, sh(`echo run ${i}`), { stdout: 'pipe' });
      const chunks: Buffer[] = [];
      box.stdout!.on('data', (chunk: Buffer) => chunks.push(chunk));
      const closed = new Promise((resolve) => box.stdout!.once('close', resolve));
      const [result] = await Promise.all([box.result, closed]);
      expect(result.status).toBe('ok');
      expect(Buffer.concat(chunks).toString()).toBe(`run ${i}\n`);
    }
  });

  it("the judge's abort ends that run only: the helper serves the next", async () => {
    const box = suite.start(SLOT, ['/w/sleeper']);
    await vi.waitFor(() => expect(processesOfSlot(SLOT)).not.toEqual([]), { timeout: 10_000, interval: 5 });
    box.kill();
    const aborted = await box.result;
    expect(aborted.reason).toContain('aborted');
    const next = await shell('echo next', 'after-abort.out');
    expect(next.out).toBe('next\n');
    expect(next.pid).toBe(box.pid);
  });

  it('a helper killed between runs is replaced, and the next run is judged', async () => {
    const first = await shell('echo before', 'killed-between-1.out');
    process.kill(first.pid!, 'SIGKILL');
    const second = await shell('echo after', 'killed-between-2.out');
    expect(second.result.status).toBe('ok');
    expect(second.out).toBe('after\n');
    const third = await shell('echo again', 'killed-between-3.out');
    expect(third.out).toBe('again\n');
    expect(third.pid).not.toBe(first.pid);
  });

  it('a helper killed during a run: the run is run again, not ended in System Error', async () => {
    const out = path.join(suite.io, 'killed-during.out');
    const box = suite.start(SLOT, sh('/w/burn 300; echo finished'), { stdout: out });
    await vi.waitFor(() => expect(processesOfSlot(SLOT)).not.toEqual([]), { timeout: 10_000, interval: 5 });
    process.kill(box.pid!, 'SIGKILL');
    const result = await box.result;
    expect(result.status).toBe('ok');
    expect(readText(out)).toBe('finished\n');
  });

  it('a prepared box killed while it waits is prepared again, and the run is judged', async () => {
    const first = await shell('echo one', 'killed-box-1.out');
    await suite.sandbox.settle(); // the next box is being prepared
    const prepared = childrenOf(first.pid!);
    expect(prepared.length).toBe(1);
    process.kill(prepared[0]!, 'SIGKILL');
    const second = await shell('echo two', 'killed-box-2.out');
    expect(second.result.reason).toBe('exited normally');
    expect(second.result.status).toBe('ok');
    expect(second.out).toBe('two\n');
    expect(second.pid).toBe(first.pid);
  });
});
