import { JudgeStatus } from '@verdict/shared';
import type { RunResult } from '../sandbox/types.ts';
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
 * The per-case verdict of reference §8.5, with the memory rules of sandbox.md §7.2: the cgroup holds
 * M + 100 MB, so a program that needed more than M either finished with a peak above M or was killed.
 *
 * Order: sandbox failure → output limit → killed by the kernel for memory (OOM) → CPU time over T →
 * peak over M → wall-clock kill → the runtime's own out-of-memory error (such as Java's
 * OutOfMemoryError) → non-zero exit or signal. A clean run above a limit is still TLE/MLE.
 *
 * A wall-clock kill ranks below memory: it may come from the machine being busy rather than from
 * the program, while a peak above M is the program's own doing.
 */
export function judgeRun(
  run: RunResult,
  limits: FactoredLimits,
  stderrHead: string,
  outOfMemoryMarker?: RegExp,
): RunVerdict {
  // HOJ compares whole milliseconds and kilobytes (ns / 10^6, bytes / 1024)
  const overTime = Math.floor(run.cpuTimeMs) > limits.timeMs;
  const overMemory = Math.floor(run.memoryBytes / 1024) > limits.memoryMb * 1024;
  const fail = (
    status: Extract<RunVerdict, { kind: 'failed' }>['status'],
    message: string | null,
  ): RunVerdict => ({
    kind: 'failed',
    status,
    message,
  });

  if (run.status === 'system-error') return fail(JudgeStatus.SYSTEM_ERROR, `Sandbox failure: ${run.reason}`);
  // Java and Python survive SIGXFSZ and may spin on after their output was cut (sandbox.md §10.4): the
  // output limit came first, so it is the verdict even if the CPU limit ended the run.
  if (run.status === 'output-limit' || run.outputExceeded)
    return fail(JudgeStatus.RUNTIME_ERROR, OUTPUT_LIMIT_MESSAGE);
  if (run.status === 'memory-limit' || run.oomKilled) return fail(JudgeStatus.MEMORY_LIMIT_EXCEEDED, null);
  const killedByCpu = run.status === 'time-limit' && run.timeLimit !== 'wall';
  if (killedByCpu || overTime) return fail(JudgeStatus.TIME_LIMIT_EXCEEDED, null);
  if (overMemory) return fail(JudgeStatus.MEMORY_LIMIT_EXCEEDED, null);
  if (run.status === 'time-limit') return fail(JudgeStatus.TIME_LIMIT_EXCEEDED, null);
  if (run.status === 'ok') return { kind: 'ran' };
  if (outOfMemoryMarker?.test(stderrHead)) return fail(JudgeStatus.MEMORY_LIMIT_EXCEEDED, null);
  return fail(JudgeStatus.RUNTIME_ERROR, exitMessage(run));
}
