import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { poll } from '../../../server/test/helpers/api-client.ts';
import { HostLock, uidKey } from '../../src/host-locks.ts';

/**
 * Issue 25 item 1: "workers never share a box". Each worker process owns its work directory and its
 * sandbox slots (uids) through host-wide claims that end with the process; a second worker on the
 * same host takes other slots, or, given the same work directory, refuses and says who holds it.
 * The workers here never reach a server (nothing listens on port 9): ownership is settled before.
 */
const cli = path.resolve(import.meta.dirname, '../../bin/verdict-judge.js');
const root = fs.mkdtempSync(path.join(tmpdir(), 'verdict-slots-test-'));
/** apart from every other suite's uids, so that no other test's worker holds these slots */
const UID_BASE = 62000 + (process.pid % 900) * 2;
const running: ChildProcess[] = [];

afterAll(() => {
  for (const w of running) w.kill('SIGKILL');
  fs.rmSync(root, { recursive: true, force: true });
});

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startWorker(name: string, workDir: string): Started {
  const child = spawn(process.execPath, [cli, 'worker', '--server', 'http://127.0.0.1:9', '--name', name], {
    env: {
      ...process.env,
      VERDICT_JUDGE_TOKEN: 'slot-test-token',
      VERDICT_JUDGE_LANGUAGES: 'C',
      VERDICT_JUDGE_CONCURRENCY: '1',
      VERDICT_JUDGE_WORK_DIR: workDir,
      VERDICT_SANDBOX_UID_BASE: String(UID_BASE),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (d: Buffer) => (text += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (text += d.toString()));
  running.push(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => text, exited };
}

const slotsOf = (w: Started) =>
  poll(
    'the worker to take its sandbox slots',
    async () => /sandbox slots ([\d, ]+)/.exec(w.output())?.[1]?.split(', ').map(Number),
    120_000,
  );

describe('issue 25 item 1: workers never share a box', () => {
  it('a second worker takes other slots; one on the same work directory refuses; a killed one frees both', async () => {
    const dirA = path.join(root, 'a');
    const a = startWorker('worker-a', dirA);
    expect(await slotsOf(a)).toEqual([0]);
    await poll('its start-up to be over', async () =>
      a.output().includes('cannot register yet') ? true : undefined,
    );
    // a file of a's task in progress: no other worker's start-up may remove it
    const inProgress = path.join(dirA, 'run', 'slot-0', 'submission-1', 'box', 'main.c');
    fs.mkdirSync(path.dirname(inProgress), { recursive: true });
    fs.writeFileSync(inProgress, 'int main(void) { return 0; }\n');

    const b = startWorker('worker-b', path.join(root, 'b'));
    expect(await slotsOf(b)).toEqual([1]);

    const same = startWorker('worker-a-again', dirA);
    expect(await same.exited).toBe(1);
    expect(same.output()).toContain(`another judge worker is using the work directory ${dirA}`);
    expect(same.output()).toContain(`pid ${a.child.pid}, worker "worker-a"`);
    expect(fs.existsSync(inProgress)).toBe(true);

    // the kernel frees a killed worker's claims at once: no stale lock to wait for or to reclaim
    a.child.kill('SIGKILL');
    await a.exited;
    const next = startWorker('worker-a-next', dirA);
    expect(await slotsOf(next)).toEqual([0]);
    // the dead owner's leftovers are cleared by the next owner of the slot
    await poll('the leftovers to be removed', async () => (fs.existsSync(inProgress) ? undefined : true));
  }, 300_000);

  it('a held claim is refused with its owner, and is free again once released', async () => {
    const owner = { pid: process.pid, name: 'test', workDir: root };
    const first = await HostLock.acquire(uidKey(UID_BASE + 900), owner);
    expect('lock' in first).toBe(true);
    expect(await HostLock.acquire(uidKey(UID_BASE + 900), { ...owner, name: 'other' })).toEqual({
      heldBy: owner,
    });
    if ('lock' in first) await first.lock.release();
    const again = await HostLock.acquire(uidKey(UID_BASE + 900), owner);
    expect('lock' in again).toBe(true);
    if ('lock' in again) await again.lock.release();
  });
});
