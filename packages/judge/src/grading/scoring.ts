import { JudgeStatus, type CaseMode, type CaseResult } from '@verdict/shared';
import type { FactoredLimits } from './run-verdict.ts';

export interface FinalVerdict {
  status: number;
  /** ms, reference §8.11 */
  time: number;
  /** KB */
  memory: number;
  score: number | null;
  errorMessage: string | null;
}

/** Statuses whose case message becomes the submission's error text (reference §8.10). */
const MESSAGE_STATUSES: readonly number[] = [
  JudgeStatus.COMPILE_ERROR,
  JudgeStatus.SYSTEM_ERROR,
  JudgeStatus.RUNTIME_ERROR,
  JudgeStatus.SUBMITTED_FAILED,
];

function sumBy<T>(items: readonly T[], value: (item: T) => number): number {
  return items.reduce((sum, item) => sum + value(item), 0);
}

function byGroup(cases: readonly CaseResult[]): CaseResult[][] {
  const groups = new Map<number, CaseResult[]>();
  for (const c of cases) {
    const key = c.groupNum ?? 0;
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  return [...groups.values()];
}

/**
 * reference §8.10 final score of an OI problem: io_score when all cases are AC in default mode;
 * otherwise the sum of case scores (default, ergodic_without_error), the sum over groups of the lowest
 * case score (subtask_lowest) or of the rounded mean (subtask_average); capped at io_score unless 0.
 */
export function finalScore(cases: readonly CaseResult[], mode: CaseMode, ioScore: number): number {
  const allAccepted = cases.every((c) => c.status === JudgeStatus.ACCEPTED);
  if (allAccepted && mode === 'default') return ioScore;
  const score = (c: CaseResult) => c.score ?? 0;
  let total: number;
  if (mode === 'subtask_lowest') total = sumBy(byGroup(cases), (g) => Math.min(...g.map(score)));
  else if (mode === 'subtask_average')
    total = sumBy(byGroup(cases), (g) => Math.round(sumBy(g, score) / g.length));
  else total = sumBy(cases, score);
  return ioScore !== 0 ? Math.min(total, ioScore) : total;
}

/**
 * reference §8.10 final status and §8.11 time/memory. Error cases are the non-AC ones (for OI a partial
 * case is one too). No error → AC; an ACM problem, or only errors → the status (and, for CE/SE/RE, the
 * message) of the first error case by sequence; otherwise Partial Accepted. Time and memory are the
 * largest case values, capped at the factored limits; 0 for system errors.
 */
export function finalVerdict(
  cases: readonly CaseResult[],
  problem: { type: 0 | 1; ioScore: number },
  mode: CaseMode,
  limits: FactoredLimits,
): FinalVerdict {
  const sorted = [...cases].sort((a, b) => a.seq - b.seq);
  const errors = sorted.filter((c) => c.status !== JudgeStatus.ACCEPTED);
  const firstError = errors[0];
  let status: number = JudgeStatus.ACCEPTED;
  let errorMessage: string | null = null;
  if (firstError && (problem.type === 0 || errors.length === sorted.length)) {
    status = firstError.status;
    if (MESSAGE_STATUSES.includes(status)) errorMessage = firstError.userOutput;
  } else if (firstError) {
    status = JudgeStatus.PARTIAL_ACCEPTED;
  }
  const failedToJudge = status === JudgeStatus.SYSTEM_ERROR || status === JudgeStatus.COMPILE_ERROR;
  return {
    status,
    time: failedToJudge ? 0 : Math.min(Math.max(0, ...sorted.map((c) => c.time)), limits.timeMs),
    memory: failedToJudge ? 0 : Math.min(Math.max(0, ...sorted.map((c) => c.memory)), limits.memoryMb * 1024),
    score: problem.type === 1 ? finalScore(sorted, mode, problem.ioScore) : null,
    errorMessage,
  };
}
