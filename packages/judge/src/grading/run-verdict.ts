import { JudgeStatus } from '@verdict/shared';
import type { RunResult } from '../sandbox/types.ts';
import { decideVerdict } from '../sandbox/verdict.ts';
import { signalName } from './signals.ts';

/** reference §8.5: the message of an output-limit run. */
export const OUTPUT_LIMIT_MESSAGE = 'The output character length of the program exceeds the limit';

/** The problem's limits after the language factor (reference §8.3 step 3). */
export interface FactoredLimits {
  timeMs: number;
  memoryMb: number;
}

/** How a user's run ended before any output check. */
export type RunVerdict =
  | { kind: 'ran' }
  | {
      kind: 'failed';
      status:
        | typeof JudgeStatus.TIME_LIMIT_EXCEEDED
        | typeof JudgeStatus.MEMORY_LIMIT_EXCEEDED
        | typeof JudgeStatus.RUNTIME_ERROR
        | typeof JudgeStatus.SYSTEM_ERROR;
      message: string | null;
    };

/** reference §8.5: "The program return exit status code: N (Signal name)". */
export function exitMessage(run: Pick<RunResult, 'exitCode' | 'signal'>): string {
  // HOJ appends a signal name to every code below 32, so "exit(1)" read "(Hangup)"; we name real signals only.
  if (run.signal !== null)
    return `The program return exit status code: ${run.signal} (${signalName(run.signal)})`;
  return `The program return exit status code: ${run.exitCode ?? -1}`;
}

/**
 * The per-case verdict of reference §8.5: the sandbox's facts judged against the problem's own limits T
 * and M (the sandbox had T + 200 ms of CPU; its memory limit is M itself, issue 25), in the one verdict
 * order of decideVerdict (sandbox/verdict.ts), which also ranks MLE above TLE when a run both reached M
 * and ran out of time: a departure from reference §8.5 step 2, explained there.
 */
export function judgeRun(
  run: RunResult,
  limits: FactoredLimits,
  stderrHead: string,
  outOfMemoryMarker?: RegExp,
): RunVerdict {
  const fail = (
    status: Extract<RunVerdict, { kind: 'failed' }>['status'],
    message: string | null,
  ): RunVerdict => ({
    kind: 'failed',
    status,
    message,
  });
  const verdict = decideVerdict(
    {
      failed: run.status === 'system-error',
      outputLimit: run.status === 'output-limit' || run.outputExceeded,
      memoryKill: run.oomKilled,
      memoryLimitReached: run.memoryLimitReached,
      // HOJ compares whole milliseconds and kilobytes (ns / 10^6, bytes / 1024)
      memoryBytes: Math.floor(run.memoryBytes / 1024) * 1024,
      timeKill: run.timeKill,
      cpuMs: Math.floor(run.cpuTimeMs),
      systemCpuMs: Math.floor(run.systemTimeMs),
      signal: run.signal,
      exitCode: run.exitCode,
      runtimeOutOfMemory: outOfMemoryMarker?.test(stderrHead) ?? false,
    },
    { cpuMs: limits.timeMs, memoryBytes: limits.memoryMb * 1024 * 1024 },
  );
  switch (verdict) {
    case 'system-error':
      return fail(JudgeStatus.SYSTEM_ERROR, `Sandbox failure: ${run.reason}`);
    case 'output-limit':
      return fail(JudgeStatus.RUNTIME_ERROR, OUTPUT_LIMIT_MESSAGE);
    case 'memory-limit':
      return fail(JudgeStatus.MEMORY_LIMIT_EXCEEDED, null);
    case 'time-limit-cpu':
    case 'time-limit-wall':
      return fail(JudgeStatus.TIME_LIMIT_EXCEEDED, null);
    case 'ok':
      return { kind: 'ran' };
    case 'runtime-error':
      return fail(JudgeStatus.RUNTIME_ERROR, exitMessage(run));
  }
}
