import fs from 'node:fs';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { RunningBox, RunResult, Sandbox, SandboxRunOptions } from '../../src/sandbox/index.ts';
import {
  compilePrograms,
  createTestSandbox,
  expectCleanSlot,
  makeTempDir,
  runOptions,
  type ProgramName,
} from './support.ts';

// Apart from support.ts because this imports vitest, and fixtures/orphan-runner.ts (a plain Node
// process) imports support.ts.

export interface SandboxSuite {
  readonly sandbox: Sandbox;
  /** The compiled test programs: the box's /w in run() and start(). */
  readonly progs: string;
  /** A scratch directory for the stdin, stdout and stderr files of the runs. */
  readonly io: string;
  /** Runs a program of progs with runOptions(progs, slot, argv, overrides). */
  run(slot: number, argv: string[], overrides?: Partial<SandboxRunOptions>): Promise<RunResult>;
  /** Starts a program of progs with runOptions(progs, slot, argv, overrides). */
  start(slot: number, argv: string[], overrides?: Partial<SandboxRunOptions>): RunningBox;
}

/**
 * The set-up of a sandbox test file: registers the hooks that create the full sandbox, compile the
 * named programs into a temporary directory and make a scratch directory (both removed after the
 * file), and check after every test that the slots are left clean (no process, no cgroup).
 * beforeAll fills the suite in, so use it inside tests and hooks only.
 */
export function sandboxSuite(options: {
  /** Prefix of the temporary directories. */
  name: string;
  programs: ProgramName[];
  slots: number[];
}): SandboxSuite {
  let sandbox: Sandbox | undefined;
  let progs = '';
  let io = '';

  beforeAll(async () => {
    sandbox = await createTestSandbox();
    progs = makeTempDir(`${options.name}-progs`);
    io = makeTempDir(`${options.name}-io`);
    await compilePrograms(progs, options.programs);
  });

  afterAll(() => {
    for (const dir of [progs, io]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  afterEach(async () => {
    await expectCleanSlot(suite.sandbox, options.slots);
  });

  const suite: SandboxSuite = {
    get sandbox() {
      if (!sandbox) throw new Error('the sandbox suite is set up in beforeAll: use it inside tests');
      return sandbox;
    },
    get progs() {
      return progs;
    },
    get io() {
      return io;
    },
    run: (slot, argv, overrides) => suite.sandbox.run(runOptions(progs, slot, argv, overrides)),
    start: (slot, argv, overrides) => suite.sandbox.start(runOptions(progs, slot, argv, overrides)),
  };
  return suite;
}
