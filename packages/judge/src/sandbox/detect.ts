import { execFile } from 'node:child_process';
import os from 'node:os';
import { promisify } from 'node:util';
import {
  detectCgroups,
  detectV1CpuDirs,
  prepareCgroupParents,
  type CgroupDetection,
  type CgroupParents,
} from './cgroup.ts';
import { HELPER_VERSION, helperBuilt, helperPath } from './helper-path.ts';

const execFileAsync = promisify(execFile);

/** What `verdict-jail --probe` finds out by trying (jail.c, probe()). */
export interface HelperProbe {
  version: number;
  euid: number;
  userNamespace: boolean;
  namespaces: boolean;
  seccomp: boolean;
}

/**
 * full: namespaces + cgroup (sandbox.md §8 rows 1–2); degraded: namespaces + rlimits, no cgroup (row 3);
 * unavailable: no isolation possible (row 4) — the judge refuses untrusted code.
 */
export type HostMode = 'full' | 'degraded' | 'unavailable';

export interface HostSupport {
  platform: NodeJS.Platform;
  kernel: string;
  uid: number;
  root: boolean;
  helper: { path: string; built: boolean };
  probe: HelperProbe | null;
  cgroup: CgroupDetection;
  /** The judge's parent cgroup(s), made under our own cgroup; null when there is no usable cgroup. */
  cgroupParents: CgroupParents | null;
  mode: HostMode;
  /** Why the mode is not full, or why judging is impossible. */
  problems: string[];
  /** VERDICT_UNSAFE_NO_SANDBOX=1: run code without a sandbox when the host cannot sandbox (development only). */
  unsafeAllowed: boolean;
}

export const UNSAFE_FLAG = 'VERDICT_UNSAFE_NO_SANDBOX';

export interface DetectOptions {
  env?: NodeJS.ProcessEnv;
  /** Filesystem root for cgroup discovery (tests use a fake tree). */
  fsRoot?: string;
  /** Create the parent cgroups and sweep stale ones (default true); doctor and the judge both do. */
  prepare?: boolean;
}

async function runProbe(file: string): Promise<{ probe: HelperProbe | null; problem?: string }> {
  try {
    const { stdout } = await execFileAsync(file, ['--probe'], { timeout: 10_000 });
    return { probe: JSON.parse(stdout) as HelperProbe };
  } catch (e) {
    return { probe: null, problem: `the sandbox helper ${file} failed its probe: ${(e as Error).message}` };
  }
}

function namespaceAdvice(root: boolean): string {
  return root
    ? 'the kernel refused new pid/mount/net/ipc/uts namespaces (inside a restricted container?)'
    : 'unprivileged user namespaces are not allowed (Ubuntu 24.04+ restricts them through AppArmor: ' +
        'sysctl kernel.apparmor_restrict_unprivileged_userns=0), or run the judge as root';
}

/** Detects what this host supports (sandbox.md §7.4) and chooses the mode (§8). */
export async function detectHost(options: DetectOptions = {}): Promise<HostSupport> {
  const env = options.env ?? process.env;
  const uid = process.getuid?.() ?? -1;
  const file = helperPath(env);
  const problems: string[] = [];
  const host: HostSupport = {
    platform: process.platform,
    kernel: os.release(),
    uid,
    root: uid === 0,
    helper: { path: file, built: helperBuilt(file) },
    probe: null,
    cgroup: { layout: null, v1Controllers: [], v2Controllers: [] },
    cgroupParents: null,
    mode: 'unavailable',
    problems,
    unsafeAllowed: env[UNSAFE_FLAG] === '1',
  };
  if (process.platform !== 'linux') {
    problems.push(`the sandbox needs Linux (namespaces, cgroups, seccomp); this is ${process.platform}`);
    return host;
  }
  host.cgroup = detectCgroups(options.fsRoot);
  if (!host.helper.built) {
    problems.push(
      `the sandbox helper is not built at ${file}: run "npm run build -w @verdict/judge" (needs a C compiler)`,
    );
    return host;
  }
  const { probe, problem } = await runProbe(file);
  host.probe = probe;
  if (!probe) {
    problems.push(problem ?? 'the sandbox helper probe failed');
    return host;
  }
  if (probe.version !== HELPER_VERSION) {
    problems.push(
      `the sandbox helper ${file} speaks version ${probe.version}, this judge ${HELPER_VERSION}: rebuild it`,
    );
  }
  if (!probe.namespaces) problems.push(`cannot create namespaces: ${namespaceAdvice(host.root)}`);
  if (!probe.seccomp) problems.push('the kernel has no seccomp filter support (CONFIG_SECCOMP_FILTER)');
  if (problems.length > 0) return host;

  if (!host.cgroup.layout) {
    problems.push(host.cgroup.problem ?? 'no usable cgroup');
  } else if (options.prepare !== false) {
    try {
      const cpuDirs = host.cgroup.layout.version === 'v1' ? detectV1CpuDirs(options.fsRoot) : {};
      host.cgroupParents = prepareCgroupParents(host.cgroup.layout, process.pid, cpuDirs);
    } catch (e) {
      problems.push((e as Error).message);
    }
  }
  host.mode = host.cgroupParents || (options.prepare === false && host.cgroup.layout) ? 'full' : 'degraded';
  if (host.mode === 'degraded') {
    problems.push(
      'degraded mode (sandbox.md §8): CPU by ITIMER_PROF and RLIMIT_CPU, memory by the box init sampling its ' +
        'resident memory every 5 ms (RLIMIT_AS of the limit + 4 GiB as a backstop), processes by RLIMIT_NPROC',
    );
  }
  return host;
}

/** True when untrusted code may run: a sandbox exists, or the unsafe development flag is set. */
export function canJudge(host: HostSupport): boolean {
  return host.mode !== 'unavailable' || host.unsafeAllowed;
}

/** The banner printed whenever code runs without a sandbox. */
export function unsafeBanner(host: HostSupport): string {
  const line = '!'.repeat(78);
  return [
    line,
    `!! ${UNSAFE_FLAG}=1: SUBMISSIONS RUN WITHOUT ANY SANDBOX, AS UID ${host.uid}.`,
    '!! Any submission can read and change this machine. Development only; never on a public judge.',
    ...host.problems.map((p) => `!! reason: ${p}`),
    line,
  ].join('\n');
}
