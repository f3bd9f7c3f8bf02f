import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { CgroupJanitor, listRunCgroups } from './cgroup.ts';
import { cpuOfSlot, cpuPoolFromEnv, type CpuPool } from './cpus.ts';
import { canJudge, detectHost, unsafeBanner, type HostSupport } from './detect.ts';
import {
  buildHelperArgs,
  DEFAULT_UID_BASE,
  MAX_SLOTS,
  REPORT_FD,
  SandboxOptionsError,
  slotIds,
  validateRunOptions,
} from './helper-args.ts';
import { openStdio } from './stdio.ts';
import type { RunResult, SandboxMode, SandboxRunOptions } from './types.ts';
import { runUnsafe } from './unsafe.ts';
import { parseHelperReport, systemErrorResult, toRunResult, type Limits } from './verdict.ts';
import { openWarmStdio, WarmHelper, type WarmStdio } from './warm.ts';

export type * from './types.ts';
export { DEFAULT_SANDBOX_ENV, SYSTEM_BINDS, WORK_TARGET } from './binds.ts';
export { canJudge, detectHost, UNSAFE_FLAG, unsafeBanner, type HostSupport } from './detect.ts';
export { cpuOfSlot, cpuPoolFromEnv, type CpuPool } from './cpus.ts';
export { SandboxOptionsError, slotIds } from './helper-args.ts';
export { createPipe, type KernelPipe } from './pipes.ts';

/** Thrown when the host cannot sandbox and the unsafe development flag is not set. */
export class SandboxUnavailableError extends Error {
  override name = 'SandboxUnavailableError';
  constructor(readonly host: HostSupport) {
    super(
      `this host cannot sandbox submissions, so the judge refuses to run them: ${host.problems.join('; ')}`,
    );
  }
}

/** A box that has been started: `result` settles when it has ended; `kill()` aborts it. */
export interface RunningBox {
  /** Pid of the helper process (undefined in unsafe mode or when the spawn failed). */
  readonly pid: number | undefined;
  /** The program's stdout when it was started with `stdout: 'pipe'`. */
  readonly stdout: Readable | null;
  readonly result: Promise<RunResult>;
  kill(): void;
}

export interface SandboxConfig {
  /** Detected host; detected (and cgroup parents prepared) when omitted. */
  host?: HostSupport;
  /** First uid/gid of the per-slot ids; default 60000 (VERDICT_SANDBOX_UID_BASE). */
  uidBase?: number;
  /** Cap of a writable /w in bytes; default VERDICT_SANDBOX_WORK_MB (128 MiB). */
  workBytes?: number;
  /** CPUs the slots are pinned to, round robin; null = no pinning. Default: VERDICT_SANDBOX_CPUS. */
  cpus?: CpuPool;
  env?: NodeJS.ProcessEnv;
  /** Do not print the degraded/unsafe warnings (doctor prints its own). */
  quiet?: boolean;
  /** Warm boxes (warm.ts); default: VERDICT_SANDBOX_WARM, on unless "0" (where the host allows them). */
  warm?: boolean;
}

/** Why a host cannot use warm boxes (the per-run helper is used instead), or null when it can. */
export function warmUnavailable(host: HostSupport, wanted: boolean): string | null {
  if (!wanted) return 'off (VERDICT_SANDBOX_WARM=0)';
  if (host.mode !== 'full') return `not in ${host.mode} mode`;
  if (!host.root) return 'needs root (boxes in a user namespace use the per-run helper)';
  return null;
}

/**
 * The TypeScript side of the sandbox (sandbox.md §7.1 "SandboxRunner"): spawns the C helper once per
 * run with the program's stdio as its fds 0–2, reads its JSON report on fd 3, and applies the verdict rules.
 */
export class Sandbox {
  private readonly janitor = new CgroupJanitor();
  private readonly warmHelpers = new Map<number, WarmHelper>();
  /** Why runs use the per-run helper instead of warm boxes; null when warm boxes are used. */
  readonly warmProblem: string | null;

  private constructor(
    readonly host: HostSupport,
    readonly uidBase: number,
    readonly cpus: CpuPool,
    readonly workBytes: number,
    warm: boolean,
  ) {
    this.warmProblem = warmUnavailable(host, warm);
  }

  static async create(config: SandboxConfig = {}): Promise<Sandbox> {
    const env = config.env ?? process.env;
    const host = config.host ?? (await detectHost({ env }));
    if (!canJudge(host)) throw new SandboxUnavailableError(host);
    if (!config.quiet && host.mode === 'unavailable') console.error(unsafeBanner(host));
    else if (!config.quiet && host.mode === 'degraded')
      console.warn(`verdict sandbox: ${host.problems.join('; ')}`);
    const uidBase = config.uidBase ?? uidBaseFromEnv(env.VERDICT_SANDBOX_UID_BASE);
    const cpus = config.cpus !== undefined ? config.cpus : cpuPoolFromEnv(env.VERDICT_SANDBOX_CPUS);
    const workBytes = config.workBytes ?? workBytesFromEnv(env.VERDICT_SANDBOX_WORK_MB);
    const warm = config.warm ?? env.VERDICT_SANDBOX_WARM?.trim() !== '0';
    return new Sandbox(host, uidBase, cpus, workBytes, warm);
  }

  get mode(): SandboxMode {
    return this.host.mode === 'unavailable' ? 'unsafe' : this.host.mode;
  }

  /** Runs one program to its end. Invalid options or unopenable stdio files reject; everything else resolves. */
  async run(o: SandboxRunOptions): Promise<RunResult> {
    return this.start(o).result;
  }

  /**
   * Starts a box and returns as soon as the helper is spawned, so that a caller wiring two boxes with
   * pipes (createPipe) can close its own copies of the pipe fds right after both have started.
   */
  start(o: SandboxRunOptions): RunningBox {
    validateRunOptions(o);
    if (this.mode === 'unsafe') {
      if (o.stdout === 'pipe') throw new Error("stdout 'pipe' is not available in unsafe mode");
      return { pid: undefined, stdout: null, result: runUnsafe(o), kill() {} };
    }
    this.prepareWorkDir(o);
    const ctx = {
      cgroupParents: this.host.cgroupParents,
      uidBase: this.uidBase,
      cpu: this.cpuOf(o.slot),
      workBytes: this.workBytes,
    };
    const args = buildHelperArgs(o, ctx);
    const limits = {
      cpuTimeMs: o.cpuTimeMs,
      memoryBytes: o.memoryBytes,
      outputBytes: o.outputBytes,
      workBytes: o.workBytes ?? this.workBytes,
    };
    const warm = this.idleWarmHelper(o.slot);
    const warmStdio = warm ? openWarmStdio(o) : null;
    if (warm && warmStdio) {
      const warmArgs = buildHelperArgs(o, { ...ctx, systemBinds: false });
      return this.startWarm(o, warmArgs, args, limits, warm, warmStdio);
    }
    return this.startCold(o, args, limits);
  }

  /** The per-run helper: spawned for this run alone (sandbox.md §7.1). */
  private startCold(o: SandboxRunOptions, args: string[], limits: Limits): RunningBox {
    const stdio = openStdio(o.stdin, o.stdout, o.stderr);
    let child;
    try {
      // spawn() returns after the helper's execve, so our copies of the files can be closed right away
      child = spawn(this.host.helper.path, args, { stdio: [...stdio.fds, 'pipe'], env: {} });
    } finally {
      stdio.close();
    }
    const mode = this.mode;
    const result = new Promise<RunResult>((resolve) => {
      let report = '';
      const reportPipe = child.stdio[REPORT_FD] as Readable | null;
      reportPipe?.setEncoding('utf8');
      reportPipe?.on('error', () => {}); // a late kill() after the helper exited: EPIPE, nothing to do
      reportPipe?.on('data', (chunk: string) => (report += chunk));
      child.once('error', (e) =>
        resolve(systemErrorResult(`cannot start the sandbox helper: ${e.message}`, mode)),
      );
      child.once('close', (code, signal) => {
        const parsed = parseHelperReport(report);
        if (!parsed) {
          resolve(
            systemErrorResult(
              `the sandbox helper ended (code ${code}, signal ${signal}) without a report`,
              mode,
            ),
          );
          return;
        }
        this.janitor.removeLater(parsed.cgroupLeftovers ?? []);
        resolve(toRunResult(parsed, limits, mode));
      });
    });
    return {
      pid: child.pid,
      stdout: o.stdout === 'pipe' ? child.stdout : null,
      result,
      kill: () => {
        // "k" on the report socket: the helper kills the box, cleans up and still reports (killedBy
        // "aborted"). A signal could arrive before the helper has installed its handler; a byte waits.
        const control = child.stdio[REPORT_FD] as Writable | null;
        if (child.exitCode === null && child.signalCode === null && control?.writable) control.write('k');
      },
    };
  }

  /**
   * A run on the slot's warm helper (warm.ts). A helper that dies before it took the run's stdio is
   * replaced and the run sent again; after that, a run whose stdio are files is run again by the per-run
   * helper (its output files are created afresh), and only a run wired to pipes ends in System Error.
   */
  private startWarm(
    o: SandboxRunOptions,
    args: string[],
    coldArgs: string[],
    limits: Limits,
    helper: WarmHelper,
    stdio: WarmStdio,
  ): RunningBox {
    const mode = this.mode;
    const rerunnable = [o.stdin, o.stdout, o.stderr].every(
      (t) => t === undefined || (typeof t === 'string' && t !== 'pipe'),
    );
    let abort: () => void = () => {};
    let aborted = false;
    const result = new Promise<RunResult>((settle) => {
      const resolve = (r: RunResult | Promise<RunResult>) => {
        void Promise.resolve(r).finally(() => stdio.finish());
        settle(r);
      };
      let tries = 0;
      const send = () => {
        tries++;
        let started = false;
        abort = helper.send([...stdio.args, ...args], {
          onLine: (line) => {
            stdio.release();
            if (line === 'S') {
              started = true;
              return;
            }
            if (line.startsWith('P ')) {
              if (helper.pid !== undefined) stdio.adoptStdout(helper.pid, Number(line.slice(2)));
              helper.stdoutAdopted();
              return;
            }
            const parsed = parseHelperReport(line);
            if (!parsed) {
              resolve(systemErrorResult(`the warm sandbox helper answered ${line.slice(0, 200)}`, mode));
              return;
            }
            this.janitor.removeLater(parsed.cgroupLeftovers ?? []);
            helper.aheadCgroup = parsed.cgroupAhead ?? null;
            resolve(toRunResult(parsed, limits, mode));
          },
          onGone: (why) => {
            if (!started && tries < 2 && !aborted) return send();
            stdio.release();
            if (started && rerunnable && !aborted) {
              const cold = this.startCold(o, coldArgs, limits);
              abort = () => cold.kill();
              resolve(cold.result);
            } else {
              resolve(systemErrorResult(why, mode));
            }
          },
        });
      };
      send();
    });
    return {
      pid: helper.pid,
      stdout: stdio.stdout,
      result,
      kill: () => {
        aborted = true;
        abort();
      },
    };
  }

  /** The slot's warm helper when warm boxes are on and it is free (two boxes of a slot at once: the second is cold). */
  private idleWarmHelper(slot: number): WarmHelper | null {
    if (this.warmProblem !== null) return null;
    let helper = this.warmHelpers.get(slot);
    if (!helper) {
      const parents = this.host.cgroupParents;
      helper = new WarmHelper(
        this.host.helper.path,
        (dirs) => this.janitor.removeLater(dirs),
        (pid) => {
          // a killed helper leaves its run's cgroups and the one made ahead (their boxes died with it)
          const own = new RegExp(`-${pid}-\\d+$`);
          if (parents) this.janitor.removeLater(listRunCgroups(parents, slot).filter((d) => own.test(d)));
        },
      );
      this.warmHelpers.set(slot, helper);
    }
    return helper.busy ? null : helper;
  }

  /** Ends the warm helpers (they also end with this process). */
  close(): void {
    for (const helper of this.warmHelpers.values()) helper.close();
    this.warmHelpers.clear();
  }

  /** The CPU a slot's boxes are pinned to, or null (no pool, or no cpuset controller on this host). */
  cpuOf(slot: number): number | null {
    const parents = this.host.cgroupParents;
    const pinnable = parents?.version === 'v1' ? !!parents.cpu?.cpuset : !!parents?.cpuset;
    return pinnable ? cpuOfSlot(slot, this.cpus) : null;
  }

  /** Resolves when the warm helpers have cleaned up their runs and background removal of busy cgroups has finished (sandbox.md §6.3). */
  async settle(): Promise<void> {
    await Promise.all([...this.warmHelpers.values()].map((h) => h.cleaned()));
    return this.janitor.settle();
  }

  /**
   * Run cgroups of a slot that still exist (a healthy host has none between runs), but for the one a
   * live warm helper has made for its next run.
   */
  leftoverCgroups(slot?: number): string[] {
    if (!this.host.cgroupParents) return [];
    const ahead = new Set([...this.warmHelpers.values()].map((h) => h.aheadCgroup));
    return listRunCgroups(this.host.cgroupParents, slot).filter((dir) => !ahead.has(path.basename(dir)));
  }

  /**
   * /w must be usable by the slot's uid: writable runs get the directory's ownership, read-only runs
   * need o+rx on it (a mkdtemp directory is 0700). Files inside keep the caller's modes.
   */
  private prepareWorkDir(o: SandboxRunOptions): void {
    if (!this.host.root) return; // in a user namespace the judge's own uid owns /w
    const { uid, gid } = slotIds(o.slot, this.uidBase);
    if (o.readWrite) {
      fs.chownSync(o.workDir, uid, gid);
      return;
    }
    const mode = fs.statSync(o.workDir).mode & 0o7777;
    if ((mode & 0o005) !== 0o005) fs.chmodSync(o.workDir, mode | 0o005);
  }
}

let shared: Promise<Sandbox> | undefined;

/** The process-wide sandbox, detected once. */
export function getSandbox(): Promise<Sandbox> {
  shared ??= Sandbox.create().catch((e: unknown) => {
    shared = undefined;
    throw e;
  });
  return shared;
}

/** Runs one program in the process-wide sandbox. */
export async function runInSandbox(o: SandboxRunOptions): Promise<RunResult> {
  return (await getSandbox()).run(o);
}

export const DEFAULT_WORK_MB = 128;

/**
 * VERDICT_SANDBOX_WORK_MB: the cap of a writable /w (compiles, interactors), in MiB. The tmpfs is
 * charged to the box's memory limit, so it must stay well below the compile memory (256–512 MB).
 */
export function workBytesFromEnv(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_WORK_MB * 1024 * 1024;
  const mb = Number(value);
  if (!Number.isInteger(mb) || mb < 1 || mb > 65536) {
    throw new SandboxOptionsError(
      `VERDICT_SANDBOX_WORK_MB must be a whole number of MiB from 1 to 65536 (got "${value}")`,
    );
  }
  return mb * 1024 * 1024;
}

/**
 * VERDICT_SANDBOX_UID_BASE: the first per-slot uid. Refused unless it is a whole number that keeps
 * every slot's uid clear of root and system accounts (1000 and up) and inside 32-bit ids.
 */
export function uidBaseFromEnv(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_UID_BASE;
  const base = Number(value);
  if (!Number.isInteger(base) || base < 1000 || base + MAX_SLOTS > 2 ** 31 - 1) {
    throw new SandboxOptionsError(
      `VERDICT_SANDBOX_UID_BASE must be a whole number from 1000 to ${2 ** 31 - 1 - MAX_SLOTS} (got "${value}")`,
    );
  }
  return base;
}
