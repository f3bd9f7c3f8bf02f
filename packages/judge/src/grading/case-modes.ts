import { JudgeStatus, type CaseMode, type CaseResult, type JudgeTestCase } from '@verdict/shared';

/** A finished case plus what the case modes need beyond the contract: the checker's percentage. */
export interface GradedCase {
  result: CaseResult;
  /** 0–100 for partial verdicts, else null. */
  percentage: number | null;
}

export interface CaseScheduler {
  run(testCase: JudgeTestCase): Promise<GradedCase>;
  /** The row of a case skipped by subtask_lowest (reference §8.10). */
  cancelled(testCase: JudgeTestCase): GradedCase;
  /** Called after each case with the rows finished since the last call; false stops judging. */
  report(finished: CaseResult[]): Promise<boolean>;
}

/** reference §8.10: the message of a case skipped by subtask_lowest. */
export const CANCELLED_MESSAGE = 'Cancelled: Skipped Judging';

/** Groups in order of first appearance, cases in file order within each (reference §8.10 subtask_lowest). */
export function groupsInOrder(cases: readonly JudgeTestCase[]): JudgeTestCase[][] {
  const groups = new Map<number, JudgeTestCase[]>();
  for (const c of [...cases].sort((a, b) => a.seq - b.seq)) {
    const group = groups.get(c.groupNum);
    if (group) group.push(c);
    else groups.set(c.groupNum, [c]);
  }
  return [...groups.values()];
}

const isAccepted = (g: GradedCase) => g.result.status === JudgeStatus.ACCEPTED;
/** subtask_lowest goes on within a group only after AC or a partial verdict worth something. */
const keepsGroupAlive = (g: GradedCase) =>
  isAccepted(g) || (g.result.status === JudgeStatus.PARTIAL_ACCEPTED && (g.percentage ?? 0) > 0);

/**
 * Runs the cases in the order and with the stopping rules of the case mode (reference §8.10). Cases
 * run one after another (the worker parallelises across submissions, one sandbox slot each):
 * - default, subtask_average: every case;
 * - ergodic_without_error: file order, stop after the first case that is not AC (no row for the rest);
 * - subtask_lowest: group by group; after a case that is neither AC nor partial > 0, the rest of its
 *   group is recorded as Cancelled.
 * Returns the graded cases in sequence order, or null when `report` asked to stop.
 */
export async function runCases(
  cases: readonly JudgeTestCase[],
  mode: CaseMode,
  scheduler: CaseScheduler,
): Promise<GradedCase[] | null> {
  const done: GradedCase[] = [];
  const finish = async (graded: GradedCase[]) => {
    done.push(...graded);
    return scheduler.report(graded.map((g) => g.result));
  };

  if (mode === 'subtask_lowest') {
    for (const group of groupsInOrder(cases)) {
      for (const [index, testCase] of group.entries()) {
        const graded = await scheduler.run(testCase);
        const skipRest = !keepsGroupAlive(graded);
        // the cancelled rest of the group is reported with this case, so the rows appear together
        const rest = skipRest ? group.slice(index + 1).map((c) => scheduler.cancelled(c)) : [];
        if (!(await finish([graded, ...rest]))) return null;
        if (skipRest) break;
      }
    }
  } else {
    for (const testCase of [...cases].sort((a, b) => a.seq - b.seq)) {
      const graded = await scheduler.run(testCase);
      if (!(await finish([graded]))) return null;
      if (mode === 'ergodic_without_error' && !isAccepted(graded)) break;
    }
  }
  return done.sort((a, b) => a.result.seq - b.result.seq);
}
