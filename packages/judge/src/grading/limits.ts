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
 * The cgroup limit of a run: M + 100 MB (reference §8.5, sandbox.md §7.2). The margin lets a program that
 * needs slightly more than M finish with a peak above M (reported MLE with its real peak) instead of an
 * OOM kill, and leaves room for runtime overhead; the verdict still uses M itself (run-verdict.ts).
 */
export const runMemoryBytes = (limits: FactoredLimits) => (limits.memoryMb + 100) * MiB;

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
