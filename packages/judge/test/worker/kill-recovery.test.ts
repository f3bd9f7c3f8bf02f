import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { JudgeStatus } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  judge,
  judgeCase,
  judgeServer,
  problem,
  problemCase,
  userInfo,
} from '../../../server/src/db/schema/index.ts';
import { buildTestApp, JUDGE_TOKEN, type TestApp } from '../../../server/test/helpers/app.ts';
import { poll } from '../../../server/test/helpers/api-client.ts';
import { createUser } from '../../../server/test/helpers/users.ts';
import { getSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { processesOfSlot } from '../regression/harness.ts';

const cli = path.resolve(import.meta.dirname, '../../bin/verdict-judge.js');
const LEASE_MS = 3_000;

/** Correct A+B that first burns ~1.5 s of CPU, so that a worker can be killed mid-run. */
const SLOW_APLUSB = `#include <cstdio>
int main() {
  volatile unsigned long x = 0;
  for (unsigned long i = 0; i < 1500000000UL; i++) x += i;
  long a, b;
  if (scanf("%ld %ld", &a, &b) != 2) return 1;
  printf("%ld\\n", a + b);
  return 0;
}`;

const workDir = (name: string) => path.join(tmpdir(), `verdict-kill-test-${name}-${process.pid}`);
/**
 * The workers' sandbox uids (base + slot 0), apart from every other test's (60000–60999), so that the
 * processes of "its slot" are this test's alone even when other suites judge at the same time.
 */
const UID_BASE = 61000 + (process.pid % 900);
const SLOT = 0;

let t: TestApp;
let url: string;
let sandbox: Sandbox;
const workers: ChildProcess[] = [];

function startWorker(name: string): ChildProcess {
  const child = spawn(
    process.execPath,
    [cli, 'worker', '--server', url, '--name', name, '--concurrency', '1'],
    {
      env: {
        ...process.env,
        VERDICT_JUDGE_TOKEN: JUDGE_TOKEN,
        VERDICT_JUDGE_LANGUAGES: 'C++',
        VERDICT_JUDGE_WORK_DIR: workDir(name),
        VERDICT_SANDBOX_UID_BASE: String(UID_BASE),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout!.resume();
  child.stderr!.resume();
  workers.push(child);
  return child;
}

/** Live sandbox helpers (verdict-jail) that a process started. */
function helpersOf(parent: number): number[] {
  const found: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (comm) state ppid …"
      const m = /^\d+ \((.*)\) \S+ (\d+)/.exec(fs.readFileSync(`/proc/${entry}/stat`, 'utf8'));
      if (m?.[1] === 'verdict-jail' && Number(m[2]) === parent) found.push(Number(entry));
    } catch {
      // gone while we looked
    }
  }
  return found;
}

const alive = (pid: number) => fs.existsSync(`/proc/${pid}`);

/** What a dead worker's box may have left on the host: processes, its helpers, their run cgroups. */
function sandboxLeftovers(helpers: number[]): string[] {
  return [
    ...processesOfSlot(SLOT, UID_BASE).map((pid) => `sandboxed process ${pid}`),
    ...helpers.filter(alive).map((pid) => `helper ${pid}`),
    ...sandbox
      .leftoverCgroups(SLOT)
      // run-s<slot>-<helper pid>, or run-s<slot>-<warm helper pid>-<run>
      .filter((dir) => helpers.some((pid) => new RegExp(`-${pid}(-\\d+)?$`).test(dir)))
      .map((dir) => `cgroup ${dir}`),
  ];
}

/** Task directories in a worker's scratch space (slot-N/<task>). */
function taskDirs(name: string): string[] {
  const run = path.join(workDir(name), 'run');
  if (!fs.existsSync(run)) return [];
  return fs
    .readdirSync(run)
    .flatMap((slot) => fs.readdirSync(path.join(run, slot)).map((task) => `${slot}/${task}`));
}

/** poll (vi.waitFor) with this file's timeout. */
const waitFor = <T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000) =>
  poll(what, probe, timeoutMs);

beforeAll(async () => {
  sandbox = await getSandbox();
  t = await buildTestApp({ judgeLeaseMs: LEASE_MS });
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const w of workers) w.kill('SIGKILL');
  await t.close();
  for (const name of ['first', 'second']) await rm(workDir(name), { recursive: true, force: true });
});

describe('issue 3: a judge worker killed mid-submission loses nothing', () => {
  it('another worker finishes the submission, which ends with exactly one final result', async () => {
    const uid = await createUser(t.db, { username: 'patient' });
    const [p] = await t.db
      .insert(problem)
      .values({
        problemId: 'SLOW1',
        title: 'Slow A+B',
        author: 'root',
        timeLimit: 5000,
        memoryLimit: 256,
        isUploadCase: false,
      })
      .returning({ id: problem.id });
    await t.db.insert(problemCase).values([
      { pid: p!.id, input: '1 2\n', output: '3\n' },
      { pid: p!.id, input: '20 22\n', output: '42\n' },
    ]);
    const [user] = await t.db.select().from(userInfo).where(eq(userInfo.uuid, uid));
    const [submission] = await t.db
      .insert(judge)
      .values({
        pid: p!.id,
        displayPid: 'SLOW1',
        uid,
        username: user!.username,
        code: SLOW_APLUSB,
        language: 'C++',
        priority: 2,
      })
      .returning({ submitId: judge.submitId });
    const submitId = submission!.submitId;
    const row = async () => (await t.db.select().from(judge).where(eq(judge.submitId, submitId)))[0]!;

    const first = startWorker('first');
    await waitFor('the first worker to start judging', async () =>
      (await row()).status === JudgeStatus.JUDGING ? true : undefined,
    );
    // the program runs (as the slot's uid) under a helper of the worker: kill the worker now
    const helpers = await waitFor('the submission to run in the sandbox', async () => {
      const running = helpersOf(first.pid!);
      return running.length > 0 && processesOfSlot(SLOT, UID_BASE).length > 0 ? running : undefined;
    });
    // (the checks below see the box while it runs: its process, its helper and its cgroup)
    expect(sandboxLeftovers(helpers).filter((l) => l.startsWith('cgroup')).length).toBeGreaterThan(0);
    first.kill('SIGKILL');
    const afterKill = await row();
    expect(afterKill.judger).toBe('first');
    expect(afterKill.attempt).toBe(1);

    // issue 3: nothing of the dead worker's box stays on the host. Its helper learns of the death
    // (PR_SET_PDEATHSIG), kills the box and removes its cgroup; the box's init takes every process of
    // the box with it.
    const left = await waitFor(
      "the dead worker's sandbox to be gone",
      async () => {
        const found = sandboxLeftovers(helpers);
        return found.length === 0 ? found : undefined;
      },
      15_000,
    ).catch(() => sandboxLeftovers(helpers));
    expect(left).toEqual([]);
    // its task's files could not be removed by a dead process: the worker removes them when it starts again
    expect(taskDirs('first').length).toBeGreaterThan(0);

    startWorker('second');
    const final = await waitFor('a final verdict', async () => {
      const r = await row();
      return r.status === JudgeStatus.ACCEPTED || r.status < 0 || r.status === JudgeStatus.SYSTEM_ERROR
        ? r
        : undefined;
    });
    expect(final.status).toBe(JudgeStatus.ACCEPTED);
    expect(final.judger).toBe('second');
    expect(final.attempt).toBe(2);
    expect(final.leaseOwner).toBeNull();
    const cases = await t.db.select().from(judgeCase).where(eq(judgeCase.submitId, submitId));
    expect(cases.map((c) => c.seq).sort()).toEqual([1, 2]);
    expect(cases.every((c) => c.status === JudgeStatus.ACCEPTED)).toBe(true);

    // the first worker comes back (a supervisor restarts it): its scratch space is empty again
    const registration = async () =>
      (await t.db.select().from(judgeServer).where(eq(judgeServer.name, 'first')))[0]!.gmtModified.getTime();
    const before = await registration();
    const again = startWorker('first');
    await waitFor('the first worker to register again', async () =>
      (await registration()) > before ? true : undefined,
    );
    expect(taskDirs('first')).toEqual([]);
    again.kill('SIGTERM');
    expect(sandboxLeftovers(helpers)).toEqual([]);
  }, 180_000);
});
