/** Public types of the sandbox driver (design: reference/sandbox.md §7). */

/**
 * Seccomp profile of a run (sandbox.md §4 step 6):
 * - `default`: blocklist (ptrace, mounts, namespaces, keyrings, io_uring, kernel changes…), sockets other
 *   than AF_UNIX fail with EACCES;
 * - `strict`: also kills the program on fork, vfork, non-thread clone, exec and any socket (C/C++ runs);
 * - `none`: no filter (namespaces, uid and cgroup still apply).
 */
export type SeccompProfile = 'default' | 'strict' | 'none';

/** A host path made visible inside the box. */
export interface BindMount {
  /** Absolute host path. A host symlink is recreated as the same symlink (like /bin -> usr/bin). */
  source: string;
  /** Absolute path inside the box. */
  target: string;
  /** Writable inside the box (default read-only). */
  readWrite?: boolean;
  /** Skip silently when the source does not exist. */
  optional?: boolean;
}

/** stdin/stdout/stderr: a host file path (opened by the driver as root) or an open fd (file or pipe). */
export type StdioTarget = string | number;

export interface SandboxRunOptions {
  /** Program and arguments; argv[0] is a path inside the box (e.g. /w/main, /usr/bin/python3). */
  argv: string[];
  /** Working directory inside the box; default /w. */
  cwd?: string;
  /** Host directory mounted at /w. */
  workDir: string;
  /** /w writable (compiles, file-I/O problems); default read-only. */
  readWrite?: boolean;
  /** The program's whole environment (nothing is inherited). */
  env: Record<string, string>;
  /** CPU time limit; the box is killed soon after it is passed (10 ms polling, sandbox.md §6.4). */
  cpuTimeMs: number;
  /** Wall-clock limit from the end of execve; kills sleepers and blocked readers. */
  wallTimeMs: number;
  /**
   * Memory limit M: the box is killed when its memory would pass M (issue 25). With a cgroup it is the
   * cgroup's limit, without margin or swap (resident pages, page cache and tmpfs the box creates;
   * sandbox.md §1.3); in degraded mode the box's resident memory, sampled by its init every 5 ms.
   */
  memoryBytes: number;
  /** Processes and threads of the program together (cgroup pids.max; sandbox.md §7.2 suggests 128). */
  processes: number;
  /** Largest file the program may write, stdout/stderr files included (RLIMIT_FSIZE plus a size check). */
  outputBytes: number;
  /** RLIMIT_STACK; default 256 MiB (HOJ's compile stack, reference §8.5). */
  stackBytes?: number;
  /** RLIMIT_NOFILE; default 64. */
  openFiles?: number;
  /** Size of the box's private /tmp (tmpfs, charged to the memory limit); default 64 MiB. */
  tmpBytes?: number;
  /**
   * Cap of a writable /w (issue 9 item 5): the box writes into a tmpfs of this size, copied from
   * workDir before the run and back after it, so the host disk never receives more. A full /w ends
   * the run as output-limit. Default: the sandbox's `workBytes` (VERDICT_SANDBOX_WORK_MB, 128 MiB).
   */
  workBytes?: number;
  stdin?: StdioTarget;
  /** 'pipe': the judge reads stdout from `RunningBox.stdout` (not in unsafe mode). */
  stdout?: StdioTarget | 'pipe';
  stderr?: StdioTarget;
  /** Parallel slot; selects the unprivileged uid/gid (uid base + slot). Concurrent runs use distinct slots. */
  slot: number;
  seccomp: SeccompProfile;
  /** More host paths, e.g. /etc/java-17-openjdk for Java (sandbox.md §7.3), checker files, answers. */
  extraBinds?: BindMount[];
}

export type RunStatus =
  'ok' | 'time-limit' | 'memory-limit' | 'output-limit' | 'runtime-error' | 'system-error';

/** How the box ran: full (cgroup + namespaces), degraded (no cgroup, sandbox.md §8) or unsafe (no sandbox). */
export type SandboxMode = 'full' | 'degraded' | 'unsafe';

export interface RunResult {
  status: RunStatus;
  /** One line for people: which limit, which signal, which setup step failed. */
  reason: string;
  /** Which limit ended a time-limit run. */
  timeLimit: 'cpu' | 'wall' | null;
  /**
   * The time limit that ended the run, whatever the verdict (a run that also ran out of memory is
   * memory-limit): the helper's CPU or wall kill, SIGXCPU, or SIGPROF in degraded mode.
   */
  timeKill: 'cpu' | 'wall' | null;
  /** CPU time of the program and its children after execve (cgroup accounting), in ms. */
  cpuTimeMs: number;
  /** The kernel's part of cpuTimeMs (page faults, reclaim near the memory limit, system calls), in ms. */
  systemTimeMs: number;
  /** Wall time from the end of execve to the program's exit, in ms. */
  wallTimeMs: number;
  /**
   * Peak memory, capped at the run's memory limit (issue 25: the memory shown never passes the limit):
   * the cgroup peak, or where there is no cgroup the larger of ru_maxrss and init's samples (`memorySource`).
   */
  memoryBytes: number;
  memorySource: 'cgroup' | 'rusage' | 'none';
  /** ru_maxrss of the program (largest single process), for reference. */
  rssBytes: number;
  exitCode: number | null;
  signal: number | null;
  signalName: string | null;
  /** Killed for memory: by the kernel's OOM killer, at the cgroup's OOM event, or by init's sampler (degraded). */
  oomKilled: boolean;
  /** The box's memory reached its limit at some point (memory.failcnt, memory.events "max", or the peak). */
  memoryLimitReached: boolean;
  outputExceeded: boolean;
  stdoutBytes: number | null;
  stderrBytes: number | null;
  processesPeak: number | null;
  /** Time from the helper's start to the program's execve (not charged to the program). */
  setupMs: number;
  mode: SandboxMode;
}

/** The JSON object the helper writes on its report fd (jail.c, run()). */
export interface HelperReport {
  ok: boolean;
  version: number;
  phase?: string;
  error?: string;
  cpuNs: number;
  /** The kernel's part of cpuNs (absent from helpers before it was reported). */
  systemNs?: number;
  wallNs: number;
  setupNs: number;
  memoryBytes: number;
  memorySource: 'cgroup' | 'rusage';
  rssBytes: number;
  oomKills: number;
  /** v1 memory.failcnt, v2 memory.events "max": how often the box's memory reached its limit. */
  memoryLimitHits?: number;
  processesPeak: number | null;
  exitCode: number | null;
  signal: number | null;
  killedBy: 'cpu' | 'wall' | 'memory' | 'aborted' | 'setup' | null;
  stdoutBytes: number | null;
  stderrBytes: number | null;
  outputExceeded: boolean;
  /** The capped writable /w had no space or inode left when the program ended. */
  workFull?: boolean;
  cgroup: 'v1' | 'v2' | 'none';
  cgroupLeftovers: string[];
  /** Warm helper: the name of the cgroup it makes for its next run, right after this report. */
  cgroupAhead?: string;
}
