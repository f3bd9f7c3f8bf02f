import fs from 'node:fs';
import path from 'node:path';

/**
 * cgroup discovery and preparation (sandbox.md §7.4 step 2–3, §8).
 *
 * Every function takes `root` (default "/") so that tests can point it at a fake tree holding
 * proc/self/mounts, proc/self/cgroup and sys/fs/cgroup/…: the v2 path cannot run on the v1-only
 * development and CI machines (sandbox.md §8, "Testing gap").
 */

/** The controllers a run needs. CPU time comes from cpuacct on v1 and from cpu.stat (always present) on v2. */
export const V1_CONTROLLERS = ['memory', 'cpuacct', 'pids'] as const;
export const V2_CONTROLLERS = ['memory', 'pids'] as const;
type V1Controller = (typeof V1_CONTROLLERS)[number];

/** Our own cgroup directories (host paths), where the judge's parent cgroup is made. */
export type CgroupLayout =
  | { version: 'v1'; dirs: Record<V1Controller, string> }
  | { version: 'v2'; dir: string; controllers: string[] };

export interface CgroupDetection {
  layout: CgroupLayout | null;
  /** v1 controllers mounted, and controllers available in our v2 cgroup (for doctor). */
  v1Controllers: string[];
  v2Controllers: string[];
  problem?: string;
}

/**
 * Where the helper creates per-run cgroups (the judge's own parent, "…/verdict"). On v1 the CPU
 * controllers are optional extras (issue 9 item 5): `cpu` gives every run cgroup the same cpu.shares
 * whatever its thread count, `cpuset` pins a slot to its CPU. On v2 both live in the one directory.
 */
export type CgroupParents =
  | { version: 'v1'; dirs: Record<V1Controller, string>; cpu?: V1CpuDirs }
  | { version: 'v2'; dir: string; cpuset?: boolean };

/** The v1 CPU controllers that are mounted (our own cgroup in each); either may be missing. */
export interface V1CpuDirs {
  cpu?: string;
  cpuset?: string;
}

/** Optional v2 controllers enabled for run cgroups when our cgroup offers them. */
export const V2_CPU_CONTROLLERS = ['cpu', 'cpuset'] as const;

/** Our cgroup in the v1 `cpu` and `cpuset` hierarchies, when they are mounted on their own or together. */
export function detectV1CpuDirs(root = '/'): V1CpuDirs {
  const mounts = parseMounts(readText(root, 'proc/self/mounts') ?? '');
  const own = parseProcCgroup(readText(root, 'proc/self/cgroup') ?? '');
  const found: V1CpuDirs = {};
  for (const c of ['cpu', 'cpuset'] as const) {
    const m = mounts.find((m) => m.type === 'cgroup' && m.options.includes(c));
    if (m) found[c] = cgroupDir(m.mountPoint, own.v1.get(c) ?? '/');
  }
  return found;
}

interface MountEntry {
  mountPoint: string;
  type: string;
  options: string[];
}

function readText(root: string, file: string): string | null {
  try {
    return fs.readFileSync(path.join(root, file), 'utf8');
  } catch {
    return null;
  }
}

/** /proc/self/mounts escapes spaces and such as octal (\040). */
function unescapeMountField(field: string): string {
  return field.replace(/\\([0-7]{3})/g, (_m, oct: string) => String.fromCharCode(parseInt(oct, 8)));
}

export function parseMounts(text: string): MountEntry[] {
  return text
    .split('\n')
    .map((line) => line.split(' '))
    .filter((f) => f.length >= 4)
    .map((f) => ({
      mountPoint: unescapeMountField(f[1] ?? ''),
      type: f[2] ?? '',
      options: (f[3] ?? '').split(','),
    }));
}

/** /proc/self/cgroup lines: "id:controller,list:/path" (v1) and "0::/path" (v2). */
export function parseProcCgroup(text: string): { v1: Map<string, string>; v2: string | null } {
  const v1 = new Map<string, string>();
  let v2: string | null = null;
  for (const line of text.split('\n')) {
    const m = /^(\d+):([^:]*):(.*)$/.exec(line.trim());
    if (!m) continue;
    const [, id, controllers = '', cgPath = '/'] = m;
    if (id === '0' && controllers === '') v2 = cgPath;
    else for (const c of controllers.split(',')) if (c) v1.set(c, cgPath);
  }
  return { v1, v2 };
}

/** mount point + cgroup path, without the trailing slash of the root cgroup "/". */
function cgroupDir(mountPoint: string, cgroupPath: string): string {
  return path.resolve(mountPoint, `.${cgroupPath}`);
}

function listControllers(root: string, dir: string): string[] {
  const text = readText(root, path.join(dir, 'cgroup.controllers'));
  return text ? text.trim().split(/\s+/).filter(Boolean) : [];
}

/**
 * v1 when memory, cpuacct and pids are mounted as v1 (a hybrid host like the reference machine counts
 * as v1); else v2 when our cgroup2 directory offers memory and pids; else none.
 */
export function detectCgroups(root = '/'): CgroupDetection {
  const mounts = parseMounts(readText(root, 'proc/self/mounts') ?? '');
  const own = parseProcCgroup(readText(root, 'proc/self/cgroup') ?? '');
  const v1Mounts = new Map<string, string>();
  for (const m of mounts) {
    if (m.type !== 'cgroup') continue;
    for (const o of m.options) if (!v1Mounts.has(o)) v1Mounts.set(o, m.mountPoint);
  }
  const v1Controllers = [...v1Mounts.keys()].filter((o) =>
    ['cpu', 'cpuacct', 'cpuset', 'memory', 'pids', 'devices', 'freezer', 'blkio', 'hugetlb'].includes(o),
  );
  const v2Mount = mounts.find((m) => m.type === 'cgroup2')?.mountPoint;
  const v2Dir = v2Mount !== undefined && own.v2 !== null ? cgroupDir(v2Mount, own.v2) : null;
  const v2Controllers = v2Dir ? listControllers(root, v2Dir) : [];

  if (V1_CONTROLLERS.every((c) => v1Mounts.has(c))) {
    const dirs = {} as Record<V1Controller, string>;
    for (const c of V1_CONTROLLERS) dirs[c] = cgroupDir(v1Mounts.get(c) ?? '', own.v1.get(c) ?? '/');
    return { layout: { version: 'v1', dirs }, v1Controllers, v2Controllers };
  }
  if (v2Dir && V2_CONTROLLERS.every((c) => v2Controllers.includes(c))) {
    return {
      layout: { version: 'v2', dir: v2Dir, controllers: v2Controllers },
      v1Controllers,
      v2Controllers,
    };
  }
  const missing = v2Dir
    ? `cgroup v2 at ${v2Dir} offers [${v2Controllers.join(' ')}], needs memory and pids`
    : 'no cgroup v2 mount for this process';
  return {
    layout: null,
    v1Controllers,
    v2Controllers,
    problem: `no usable cgroup: v1 needs memory, cpuacct and pids mounted (have ${v1Controllers.join(', ') || 'none'}); ${missing}`,
  };
}

export const PARENT_NAME = 'verdict';

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

function mkdirIfMissing(dir: string): void {
  try {
    fs.mkdirSync(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
}

/** The parent may exist already (made by root earlier): prove that we can create run cgroups in it. */
function checkWritable(dir: string, pid: number): void {
  const probe = path.join(dir, `probe-${pid}`);
  fs.mkdirSync(probe);
  fs.rmdirSync(probe);
}

function enabledSubtree(dir: string): string[] {
  try {
    return fs
      .readFileSync(path.join(dir, 'cgroup.subtree_control'), 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean);
  } catch {
    return [];
  }
}

/**
 * v2 "no internal processes" rule (sandbox.md §1.5): controllers can be handed to children only from a
 * cgroup without processes. When our own cgroup holds just this process, move it into a leaf first
 * (what go-judge does inside a container); when it holds others, ask for a delegated cgroup instead.
 */
function delegateV2Controllers(dir: string, pid: number, controllers: readonly string[]): void {
  const want = controllers.filter((c) => !enabledSubtree(dir).includes(c));
  if (want.length === 0) return;
  const control = path.join(dir, 'cgroup.subtree_control');
  const line = want.map((c) => `+${c}`).join(' ');
  try {
    fs.writeFileSync(control, line);
    return;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EBUSY') throw e;
  }
  const procs = fs.readFileSync(path.join(dir, 'cgroup.procs'), 'utf8').trim().split(/\s+/).filter(Boolean);
  if (procs.some((p) => Number(p) !== pid)) {
    throw new Error(
      `cgroup v2: ${dir} holds other processes (${procs.length}), so it cannot delegate controllers; ` +
        'start the judge in its own cgroup (systemd: Delegate=yes, or systemd-run --scope -p Delegate=yes)',
    );
  }
  const leaf = path.join(dir, `${PARENT_NAME}-judge`);
  mkdirIfMissing(leaf);
  fs.writeFileSync(path.join(leaf, 'cgroup.procs'), String(pid));
  fs.writeFileSync(control, line);
}

/** A new v1 cpuset starts with no CPUs and no memory nodes: the parent's values make it usable. */
function inheritCpuset(dir: string): void {
  for (const file of ['cpuset.cpus', 'cpuset.mems']) {
    const own = fs.readFileSync(path.join(dir, file), 'utf8').trim();
    if (own === '')
      fs.writeFileSync(path.join(dir, file), fs.readFileSync(path.join(dir, '..', file), 'utf8'));
  }
}

/**
 * The v1 `cpu` and `cpuset` parents: best effort, a host without them still judges (unpinned, with
 * per-thread rather than per-box CPU shares), and doctor shows which are in use.
 */
function prepareV1CpuParents(cpuDirs: V1CpuDirs, pid: number): V1CpuDirs | undefined {
  const parents: V1CpuDirs = {};
  for (const c of ['cpu', 'cpuset'] as const) {
    const own = cpuDirs[c];
    if (!own) continue;
    const dir = path.join(own, PARENT_NAME);
    try {
      mkdirIfMissing(dir);
      if (c === 'cpuset') inheritCpuset(dir);
      checkWritable(dir, pid);
      parents[c] = dir;
    } catch {
      // not writable here (a container): go on without it
    }
  }
  return parents.cpu || parents.cpuset ? parents : undefined;
}

/**
 * Makes the judge's parent cgroup(s) under our own cgroup and removes stale run cgroups of dead helpers.
 * Throws with a readable message when the host does not let us. `cpuDirs` (v1) adds the optional CPU
 * controllers (detectV1CpuDirs).
 */
export function prepareCgroupParents(
  layout: CgroupLayout,
  pid = process.pid,
  cpuDirs: V1CpuDirs = {},
): CgroupParents {
  if (layout.version === 'v1') {
    const dirs = {} as Record<V1Controller, string>;
    for (const c of V1_CONTROLLERS) {
      dirs[c] = path.join(layout.dirs[c], PARENT_NAME);
      try {
        mkdirIfMissing(dirs[c]);
        checkWritable(dirs[c], pid);
      } catch (e) {
        throw new Error(`cgroup v1 ${c}: cannot create ${dirs[c]}: ${errorText(e)}`, { cause: e });
      }
    }
    const cpu = prepareV1CpuParents(cpuDirs, pid);
    const parents: CgroupParents = { version: 'v1', dirs, ...(cpu ? { cpu } : {}) };
    sweepStaleRunCgroups(parents);
    return parents;
  }
  const dir = path.join(layout.dir, PARENT_NAME);
  // cpu (equal cpu.weight per run cgroup) and cpuset (slot pinning) when our cgroup offers them
  const controllers = [
    ...V2_CONTROLLERS,
    ...V2_CPU_CONTROLLERS.filter((c) => layout.controllers.includes(c)),
  ];
  try {
    delegateV2Controllers(layout.dir, pid, controllers);
    mkdirIfMissing(dir);
    const want = controllers.filter((c) => !enabledSubtree(dir).includes(c));
    if (want.length > 0)
      fs.writeFileSync(path.join(dir, 'cgroup.subtree_control'), want.map((c) => `+${c}`).join(' '));
    checkWritable(dir, pid);
  } catch (e) {
    throw new Error(`cgroup v2: cannot prepare ${dir}: ${errorText(e)}`, { cause: e });
  }
  const parents: CgroupParents = {
    version: 'v2',
    dir,
    ...(controllers.includes('cpuset') ? { cpuset: true } : {}),
  };
  sweepStaleRunCgroups(parents);
  return parents;
}

export function parentDirs(parents: CgroupParents): string[] {
  if (parents.version === 'v2') return [parents.dir];
  return [...Object.values(parents.dirs), ...Object.values(parents.cpu ?? {})];
}

/** Run cgroups are named "<prefix>-<helper pid>" by jail.c; the prefix is "run-s<slot>". */
export function runCgroupPrefix(slot: number): string {
  return `run-s${slot}`;
}

/** run-s<slot>-<helper pid>, or run-s<slot>-<warm helper pid>-<run> */
const RUN_NAME = /^run-s\d+-(\d+)(?:-\d+)?$/;

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes run cgroups whose helper is gone (killed with SIGKILL, or rmdir hit EBUSY; sandbox.md §6.3). */
export function sweepStaleRunCgroups(parents: CgroupParents): number {
  let removed = 0;
  for (const dir of parentDirs(parents)) {
    let names: string[];
    try {
      names = fs.readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names) {
      const m = RUN_NAME.exec(name);
      if (!m || pidAlive(Number(m[1]))) continue;
      try {
        fs.rmdirSync(path.join(dir, name));
        removed++;
      } catch {
        // still busy: the next sweep tries again
      }
    }
  }
  return removed;
}

/** Lists run cgroups of one slot that still exist (tests check that none are left behind). */
export function listRunCgroups(parents: CgroupParents, slot?: number): string[] {
  const prefix = slot === undefined ? 'run-s' : `${runCgroupPrefix(slot)}-`;
  const found: string[] = [];
  for (const dir of parentDirs(parents)) {
    try {
      for (const name of fs.readdirSync(dir)) if (name.startsWith(prefix)) found.push(path.join(dir, name));
    } catch {
      // parent missing: nothing left there
    }
  }
  return found;
}

/**
 * Removes cgroup directories that the helper could not remove (EBUSY for a while after the run,
 * sandbox.md §6.3 / §10.3), retrying in the background with growing delays.
 */
export class CgroupJanitor {
  private pending = new Set<Promise<void>>();

  removeLater(dirs: string[], attempts = 12): void {
    if (dirs.length === 0) return;
    const job = this.removeWithRetries(dirs, attempts).finally(() => this.pending.delete(job));
    this.pending.add(job);
  }

  /** Resolves when every background removal has finished (succeeded or given up). */
  async settle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  private async removeWithRetries(dirs: string[], attempts: number): Promise<void> {
    let left = dirs;
    for (let i = 0; i < attempts && left.length > 0; i++) {
      left = left.filter((dir) => {
        try {
          fs.rmdirSync(dir);
          return false;
        } catch (e) {
          return (e as NodeJS.ErrnoException).code !== 'ENOENT';
        }
      });
      if (left.length > 0) await new Promise((r) => setTimeout(r, 10 * 2 ** i).unref());
    }
    if (left.length > 0) console.warn(`verdict sandbox: could not remove cgroup(s) ${left.join(', ')}`);
  }
}
