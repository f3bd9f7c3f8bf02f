import type { JudgeProblem } from '@verdict/shared';
import type { LanguageSpec } from '../languages/types.ts';
import type { FactoredLimits } from './run-verdict.ts';

export const MiB = 1024 * 1024;

/** reference §8.3 step 3: the language factor applies to time and memory alike. */
export function factoredLimits(
  problem: Pick<JudgeProblem, 'timeLimit' | 'memoryLimit'>,
  language: LanguageSpec,
): FactoredLimits {
  return { timeMs: problem.timeLimit * language.factor, memoryMb: problem.memoryLimit * language.factor };
}

/** reference §8.5 "run one case": CPU T + 200 ms, wall 3 × that. */
export const runCpuMs = (limits: FactoredLimits) => limits.timeMs + 200;
export const runWallMs = (limits: FactoredLimits) => 3 * runCpuMs(limits);

/**
 * The memory limit of a run: M itself (issue 25), a departure from HOJ's M + 100 MB (reference §8.5).
 * With the margin, a program that touched its pages slowly passed M and ran out of time before the cap,
 * or thrashed near the cap while the kernel reclaimed instead of killing: judged TLE with a peak above M.
 * At M the box is killed as soon as it would pass M (go-judge kills at its cap at once), so a program
 * whose measured peak stays within M is never killed, and the peak shown never passes M.
 */
export const runMemoryBytes = (limits: FactoredLimits) => limits.memoryMb * MiB;

/** reference §8.5 "interactive": the interactor gets 2 × (M + 100) MB, as in HOJ (it is the judge's code). */
export const interactorMemoryBytes = (limits: FactoredLimits) => 2 * (limits.memoryMb + 100) * MiB;

/** reference §8.5: stdout may hold max(2 × expected output size, 32 MiB). */
export const runOutputBytes = (expectedBytes: number) => Math.max(2 * expectedBytes, 32 * MiB);

/** reference §8.5: 128 processes for compiles and runs (the JVM, Go, Node and mono start threads). */
export const PROCESSES = 128;

/** reference §8.5: compiles get a 256 MiB stack; their output (messages and executable) up to 64 MiB. */
export const COMPILE_STACK_BYTES = 256 * MiB;
export const COMPILE_OUTPUT_BYTES = 64 * MiB;

/** reference §8.5 "special judge": 16 s CPU, 48 s wall, 512 MiB, 128 MiB stack, 16 MiB output. */
export const CHECKER_LIMITS = {
  cpuTimeMs: 16_000,
  wallTimeMs: 48_000,
  memoryBytes: 512 * MiB,
  stackBytes: 128 * MiB,
  outputBytes: 16 * MiB,
};
