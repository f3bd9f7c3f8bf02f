import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index.ts';
import {
  compilePrograms,
  createTestSandbox,
  expectCleanSlot,
  makeTempDir,
  processesOfSlot,
} from './support.ts';

// A judge killed with SIGKILL cannot clean up: its boxes must end themselves (jail.c: the helper asks for
// SIGTERM on its parent's death with PR_SET_PDEATHSIG, kills the box, removes its cgroup; the box's init
// dies with the helper, and every process of the box with init).
const SLOT = 27;
const RUNNER = fileURLToPath(new URL('./fixtures/orphan-runner.ts', import.meta.url));
let sandbox: Sandbox;
let progs: string;

beforeAll(async () => {
  sandbox = await createTestSandbox();
  progs = makeTempDir('death-progs');
  await compilePrograms(progs, ['sleeper']);
});

afterAll(() => {
  fs.rmSync(progs, { recursive: true, force: true });
});

async function waitUntil(what: string, done: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('the death of the judge', () => {
  it('ends its box at once: no process, helper or cgroup outlives it (the box had 120 s left)', async () => {
    const judge = spawn(process.execPath, ['--import', 'tsx', RUNNER, progs, String(SLOT)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let printed = '';
    judge.stdout!.setEncoding('utf8');
    judge.stdout!.on('data', (chunk: string) => (printed += chunk));
    await waitUntil('the box to start', () => /^\d+\n/.test(printed) && processesOfSlot(SLOT).length > 0);
    const helper = Number(printed.trim());
    const cgroups = sandbox.leftoverCgroups(SLOT).filter((dir) => dir.endsWith(`-${helper}`));
    expect(cgroups.length).toBeGreaterThan(0);

    judge.kill('SIGKILL');
    // the sleeper would live for 100 s and the box's wall limit is 120 s: only the judge's death ends them
    await waitUntil(
      'the box to end',
      () =>
        !fs.existsSync(`/proc/${helper}`) &&
        processesOfSlot(SLOT).length === 0 &&
        cgroups.every((dir) => !fs.existsSync(dir)),
    );
    await expectCleanSlot(sandbox, [SLOT]);
  });
});
