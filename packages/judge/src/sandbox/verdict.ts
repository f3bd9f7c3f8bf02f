import os from 'node:os';
import type { HelperReport, RunResult, RunStatus, SandboxMode } from './types.ts';

/** Signal names by number, from Node's table for this platform. */
const SIGNAL_NAMES = new Map<number, string>(
  Object.entries(os.constants.signals).map(([name, num]) => [num, name]),
);

const SIGNAL_TEXT: Record<string, string> = {
  SIGSEGV: 'Segmentation fault',
  SIGFPE: 'Floating point exception',
  SIGABRT: 'Aborted',
  SIGKILL: 'Killed',
  SIGPIPE: 'Broken pipe',
  SIGBUS: 'Bus error',
  SIGILL: 'Illegal instruction',
  SIGSYS: 'Bad system call (forbidden by the seccomp profile)',
  SIGXCPU: 'CPU time limit exceeded',
  SIGXFSZ: 'File size limit exceeded',
  SIGTRAP: 'Trace/breakpoint trap',
};

export function signalName(signal: number | null): string | null {
  return signal === null ? null : (SIGNAL_NAMES.get(signal) ?? `SIG${signal}`);
}

/** Parses the helper's report line; returns null when it is missing or malformed. */
export function parseHelperReport(text: string): HelperReport | null {
  const line = text.trim().split('\n').pop();
  if (!line) return null;
  try {
    const value = JSON.parse(line) as unknown;
    if (typeof value !== 'object' || value === null || typeof (value as HelperReport).ok !== 'boolean')
      return null;
    return value as HelperReport;
  } catch {
    return null;
  }
}

export interface Limits {
  cpuTimeMs: number;
  memoryBytes: number;
  outputBytes: number;
  /** Cap of a writable /w, for the message of a full one. */
  workBytes?: number;
}

const ms = (ns: number) => Math.round(ns / 1000) / 1000;
const mib = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MiB`;

function classify(
  r: HelperReport,
  limits: Limits,
  mode: SandboxMode,
): Pick<RunResult, 'status' | 'reason' | 'timeLimit'> {
  const sig = signalName(r.signal);
  const cpuMs = ms(r.cpuNs);
  const abnormal = r.signal !== null || (r.exitCode !== null && r.exitCode !== 0);
  const verdict = (status: RunStatus, reason: string, timeLimit: 'cpu' | 'wall' | null = null) => ({
    status,
    reason,
    timeLimit,
  });

  if (!r.ok) return verdict('system-error', `sandbox ${r.phase ?? 'failure'}: ${r.error ?? 'unknown error'}`);
  if (r.killedBy === 'aborted') return verdict('system-error', 'the run was aborted by the judge');
  // Order of sandbox.md §4 "verdict order": CPU, wall, memory, output, then signals and exit codes.
  // Degraded mode ends CPU hogs with SIGPROF (ITIMER_PROF) or SIGXCPU (RLIMIT_CPU).
  const cpuSignal = sig === 'SIGXCPU' || (mode === 'degraded' && sig === 'SIGPROF');
  if (r.killedBy === 'cpu' || cpuMs > limits.cpuTimeMs || cpuSignal) {
    return verdict('time-limit', `CPU time limit of ${limits.cpuTimeMs} ms exceeded (${cpuMs} ms)`, 'cpu');
  }
  if (r.killedBy === 'wall') {
    return verdict(
      'time-limit',
      `wall time limit exceeded after ${ms(r.wallNs)} ms (${cpuMs} ms CPU): sleeping or blocked`,
      'wall',
    );
  }
  if (r.oomKills > 0 || (abnormal && r.memoryBytes >= limits.memoryBytes)) {
    return verdict(
      'memory-limit',
      `memory limit of ${mib(limits.memoryBytes)} reached (peak ${mib(r.memoryBytes)})`,
    );
  }
  // Python and Java ignore SIGXFSZ (sandbox.md §10.4): the file size decides too.
  if (sig === 'SIGXFSZ' || r.outputExceeded)
    return verdict('output-limit', `output limit of ${limits.outputBytes} bytes exceeded`);
  // issue 9 item 5: writing until the capped /w is full is an output limit too (files are output)
  if (r.workFull) {
    const cap = limits.workBytes === undefined ? '' : ` of ${mib(limits.workBytes)}`;
    return verdict('output-limit', `the work directory /w is full: its cap${cap} or 4096 files was reached`);
  }
  if (r.signal !== null) {
    return verdict(
      'runtime-error',
      `killed by signal ${r.signal} (${sig}: ${SIGNAL_TEXT[sig ?? ''] ?? 'signal'})`,
    );
  }
  if (r.exitCode !== null && r.exitCode !== 0)
    return verdict('runtime-error', `exited with status ${r.exitCode}`);
  return verdict('ok', 'exited normally');
}

/** Turns the helper's raw measurements into a verdict (the rules live here, not in C, to be tested alone). */
export function toRunResult(r: HelperReport, limits: Limits, mode: SandboxMode): RunResult {
  return {
    ...classify(r, limits, mode),
    cpuTimeMs: ms(r.cpuNs ?? 0),
    wallTimeMs: ms(r.wallNs ?? 0),
    memoryBytes: r.memoryBytes ?? 0,
    memorySource: r.memorySource ?? 'none',
    rssBytes: r.rssBytes ?? 0,
    exitCode: r.exitCode ?? null,
    signal: r.signal ?? null,
    signalName: signalName(r.signal ?? null),
    oomKilled: (r.oomKills ?? 0) > 0,
    outputExceeded: r.outputExceeded ?? false,
    stdoutBytes: r.stdoutBytes ?? null,
    stderrBytes: r.stderrBytes ?? null,
    processesPeak: r.processesPeak ?? null,
    setupMs: ms(r.setupNs ?? 0),
    mode,
  };
}

/** A result for failures before or around the helper (not started, crashed, no report). */
export function systemErrorResult(reason: string, mode: SandboxMode): RunResult {
  return {
    status: 'system-error',
    reason,
    timeLimit: null,
    cpuTimeMs: 0,
    wallTimeMs: 0,
    memoryBytes: 0,
    memorySource: 'none',
    rssBytes: 0,
    exitCode: null,
    signal: null,
    signalName: null,
    oomKilled: false,
    outputExceeded: false,
    stdoutBytes: null,
    stderrBytes: null,
    processesPeak: null,
    setupMs: 0,
    mode,
  };
}
