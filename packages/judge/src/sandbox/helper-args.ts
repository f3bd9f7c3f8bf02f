import path from 'node:path';
import { RESERVED_TARGETS, SYSTEM_BINDS, WORK_TARGET } from './binds.ts';
import { runCgroupPrefix, type CgroupParents } from './cgroup.ts';
import type { BindMount, SandboxRunOptions } from './types.ts';

/** Per-slot unprivileged ids (sandbox.md §1.5, §7.1): uid = base + slot, the same for gid. */
export const DEFAULT_UID_BASE = 60000;
export const MAX_SLOTS = 1000;

export const DEFAULTS = {
  cwd: WORK_TARGET,
  stackBytes: 256 * 1024 * 1024,
  openFiles: 64,
  tmpBytes: 64 * 1024 * 1024,
  /** Files and directories a writable /w may hold (tmpfs inodes). */
  workFiles: 4096,
} as const;

/** The fd on which the helper writes its JSON report (the program keeps 0, 1 and 2). */
export const REPORT_FD = 3;

export interface HelperContext {
  /** full: pass the cgroup parents; degraded: no cgroup, the helper falls back to rlimits (sandbox.md §8). */
  cgroupParents: CgroupParents | null;
  uidBase: number;
  /** The slot's CPU (cpus.ts); null or absent: not pinned. Needs a cpuset controller. */
  cpu?: number | null;
  /** Cap of a writable /w when the run does not give `workBytes`; absent: a plain bind (no cap). */
  workBytes?: number;
  /** false: leave out SYSTEM_BINDS (a warm helper mounts them while preparing each box). */
  systemBinds?: boolean;
}

export class SandboxOptionsError extends Error {
  override name = 'SandboxOptionsError';
}

function positiveInteger(name: string, value: number | undefined, max = Number.MAX_SAFE_INTEGER): void {
  if (value === undefined) return;
  if (!Number.isFinite(value) || value <= 0 || value > max) {
    throw new SandboxOptionsError(`${name} must be a positive number (got ${value})`);
  }
}

function checkInsidePath(name: string, p: string): void {
  if (!p.startsWith('/') || p.split('/').includes('..')) {
    throw new SandboxOptionsError(`${name} must be an absolute path without "..": ${p}`);
  }
}

function checkBind(b: BindMount): void {
  if (!path.isAbsolute(b.source)) throw new SandboxOptionsError(`bind source must be absolute: ${b.source}`);
  checkInsidePath('bind target', b.target);
  const target = path.posix.normalize(b.target);
  for (const reserved of RESERVED_TARGETS) {
    if (
      target === reserved ||
      (reserved !== '/' && reserved !== '/tmp' && target.startsWith(`${reserved}/`))
    ) {
      throw new SandboxOptionsError(`bind target ${b.target} would replace the sandbox's own ${reserved}`);
    }
  }
}

/** Rejects option values the helper would refuse, with a message naming the option. */
export function validateRunOptions(o: SandboxRunOptions): void {
  if (o.argv.length === 0 || !o.argv[0]) throw new SandboxOptionsError('argv must name a program');
  if (!o.argv[0].includes('/')) {
    throw new SandboxOptionsError(
      `argv[0] must be a path inside the box (e.g. /usr/bin/python3), not ${o.argv[0]}`,
    );
  }
  if (!path.isAbsolute(o.workDir))
    throw new SandboxOptionsError(`workDir must be an absolute host path: ${o.workDir}`);
  checkInsidePath('cwd', o.cwd ?? DEFAULTS.cwd);
  positiveInteger('cpuTimeMs', o.cpuTimeMs);
  positiveInteger('wallTimeMs', o.wallTimeMs);
  positiveInteger('memoryBytes', o.memoryBytes);
  positiveInteger('processes', o.processes, 1 << 16);
  positiveInteger('outputBytes', o.outputBytes);
  positiveInteger('stackBytes', o.stackBytes);
  positiveInteger('openFiles', o.openFiles, 65536);
  positiveInteger('tmpBytes', o.tmpBytes);
  positiveInteger('workBytes', o.workBytes);
  if (o.openFiles !== undefined && o.openFiles < 4)
    throw new SandboxOptionsError('openFiles must be at least 4');
  if (!Number.isInteger(o.slot) || o.slot < 0 || o.slot >= MAX_SLOTS) {
    throw new SandboxOptionsError(`slot must be an integer from 0 to ${MAX_SLOTS - 1} (got ${o.slot})`);
  }
  if (!['default', 'strict', 'none'].includes(o.seccomp))
    throw new SandboxOptionsError(`unknown seccomp profile ${o.seccomp}`);
  for (const b of o.extraBinds ?? []) checkBind(b);
  for (const [k, v] of Object.entries(o.env)) {
    if (k === '' || k.includes('=') || k.includes('\0') || v.includes('\0')) {
      throw new SandboxOptionsError(`invalid environment variable ${JSON.stringify(k)}`);
    }
  }
}

export function slotIds(slot: number, uidBase: number): { uid: number; gid: number } {
  return { uid: uidBase + slot, gid: uidBase + slot };
}

function bindArgs(b: BindMount): string[] {
  const flag = `--${b.readWrite ? 'rw' : 'ro'}${b.optional ? '-try' : ''}`;
  return [flag, b.source, path.posix.normalize(b.target)];
}

/** The helper options of SYSTEM_BINDS. */
export function systemBindArgs(): string[] {
  return SYSTEM_BINDS.flatMap(bindArgs);
}

/** RLIMIT_AS in degraded mode: M + 4 GiB (the JVM, Go and Node reserve far more than they touch, §1.3). */
export function degradedAddressSpace(memoryBytes: number): number {
  return Math.floor(memoryBytes) + 4 * 1024 * 1024 * 1024;
}

/** Command line of one helper run (options documented at the top of jail.c). */
export function buildHelperArgs(o: SandboxRunOptions, ctx: HelperContext): string[] {
  const { uid, gid } = slotIds(o.slot, ctx.uidBase);
  const args = [
    '--report-fd',
    String(REPORT_FD),
    '--cpu-ms',
    String(Math.ceil(o.cpuTimeMs)),
    '--wall-ms',
    String(Math.ceil(o.wallTimeMs)),
    '--processes',
    String(o.processes),
    '--output',
    String(Math.floor(o.outputBytes)),
    '--stack',
    String(Math.floor(o.stackBytes ?? DEFAULTS.stackBytes)),
    '--open-files',
    String(o.openFiles ?? DEFAULTS.openFiles),
    '--tmp-size',
    String(Math.floor(o.tmpBytes ?? DEFAULTS.tmpBytes)),
    '--uid',
    String(uid),
    '--gid',
    String(gid),
    '--seccomp',
    o.seccomp,
    '--cwd',
    o.cwd ?? DEFAULTS.cwd,
  ];
  const parents = ctx.cgroupParents;
  if (parents?.version === 'v1') {
    args.push('--memory', String(Math.floor(o.memoryBytes)));
    args.push('--cgroup-v1-memory', parents.dirs.memory);
    args.push('--cgroup-v1-cpuacct', parents.dirs.cpuacct);
    args.push('--cgroup-v1-pids', parents.dirs.pids);
    if (parents.cpu?.cpuset && ctx.cpu != null) {
      args.push('--cgroup-v1-cpuset', parents.cpu.cpuset, '--cpus', String(ctx.cpu));
    } else if (parents.cpu?.cpu) {
      // unpinned boxes share CPUs: one share per box, whatever its thread count. A pinned box skips
      // it: its CPU is its own, and inside the judge's cpu cgroup it would weigh as one host thread
      args.push('--cgroup-v1-cpu', parents.cpu.cpu);
    }
  } else if (parents?.version === 'v2') {
    args.push('--memory', String(Math.floor(o.memoryBytes)), '--cgroup-v2', parents.dir);
    if (parents.cpuset && ctx.cpu != null) args.push('--cpus', String(ctx.cpu));
  } else {
    // degraded mode (sandbox.md §8, issue 25): the box's init samples its resident memory and ends it
    // at M; the address-space limit is only a backstop, far enough above M that a large allocation
    // succeeds and is measured instead of failing as a runtime error
    args.push('--memory', String(Math.floor(o.memoryBytes)));
    args.push('--address-space', String(degradedAddressSpace(o.memoryBytes)));
  }
  args.push('--cgroup-prefix', runCgroupPrefix(o.slot));
  if (ctx.systemBinds !== false) args.push(...systemBindArgs());
  for (const b of o.extraBinds ?? []) args.push(...bindArgs(b));
  args.push(...bindArgs({ source: o.workDir, target: WORK_TARGET, readWrite: o.readWrite ?? false }));
  const workBytes = o.workBytes ?? ctx.workBytes;
  if (o.readWrite && workBytes !== undefined) {
    args.push('--work-size', String(Math.floor(workBytes)), '--work-files', String(DEFAULTS.workFiles));
  }
  for (const [k, v] of Object.entries(o.env)) args.push('--env', `${k}=${v}`);
  args.push('--', ...o.argv);
  return args;
}
