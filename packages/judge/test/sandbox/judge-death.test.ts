import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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

describe('the death of the judge', () => {
  it('ends its box at once: no process, helper or cgroup outlives it (the box had 120 s left)', async () => {
    const judge = spawn(process.execPath, ['--import', 'tsx', RUNNER, progs, String(SLOT)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let printed = '';
    judge.stdout!.setEncoding('utf8');
    judge.stdout!.on('data', (chunk: string) => (printed += chunk));
    await vi.waitFor(
      () => {
        expect(printed, 'the runner prints the helper pid').toMatch(/^\d+\n/);
        expect(processesOfSlot(SLOT), 'the box runs').not.toEqual([]);
      },
      { timeout: 20_000, interval: 20 },
    );
    const helper = Number(printed.trim());
    // a warm helper names its run cgroups run-s<slot>-<pid>-<run>
    const cgroups = sandbox
      .leftoverCgroups(SLOT)
      .filter((dir) => new RegExp(`-${helper}(-\\d+)?$`).test(dir));
    expect(cgroups.length).toBeGreaterThan(0);

    judge.kill('SIGKILL');
    // the sleeper would live for 100 s and the box's wall limit is 120 s: only the judge's death ends them
    await vi.waitFor(
      () => {
        expect(fs.existsSync(`/proc/${helper}`), 'the helper is alive').toBe(false);
        expect(processesOfSlot(SLOT), 'processes of the box').toEqual([]);
        expect(
          cgroups.filter((dir) => fs.existsSync(dir)),
          'cgroups of the box',
        ).toEqual([]);
      },
      { timeout: 20_000, interval: 20 },
    );
    await expectCleanSlot(sandbox, [SLOT]);
  });
});
