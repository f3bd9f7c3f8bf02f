import { JudgeStatus, type CaseResultView, type SubtaskResultView } from '@verdict/shared';

/** One judge_case row as the case list shows it (detail.ts caseResults): the view, with its ids. */
export type CaseRow = CaseResultView & { id: number; submitId: number };

/**
 * reference §8.10 "Display": cases grouped by subtask (groups in ascending number), each with its
 * accepted and total counts. subtask_average: the group score is the rounded mean, its status
 * Accepted when every case is, else Wrong Answer when the score is 0, else Partial Accepted; time
 * and memory are the largest. subtask_lowest: status, score, time and memory of the lowest-scoring
 * case that was not skipped (Cancelled).
 */
export function subtaskView(cases: CaseRow[], mode: string): SubtaskResultView[] {
  const groups = new Map<number, CaseRow[]>();
  for (const c of cases) {
    const key = c.groupNum ?? 1;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key)!.push(c);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a - b)
    .map(([groupNum, list]) => {
      const ac = list.filter((c) => c.status === JudgeStatus.ACCEPTED).length;
      const base = { groupNum, ac, total: list.length, subtaskDetailList: list };
      if (mode === 'subtask_lowest') {
        const judged = list.filter((c) => c.status !== JudgeStatus.CANCELLED);
        const lowest = (judged.length > 0 ? judged : list).reduce((low, c) =>
          (c.score ?? 0) < (low.score ?? 0) ? c : low,
        );
        return {
          ...base,
          status: lowest.status ?? JudgeStatus.CANCELLED,
          score: lowest.score ?? 0,
          time: lowest.time ?? 0,
          memory: lowest.memory ?? 0,
        };
      }
      const score = Math.round(list.reduce((sum, c) => sum + (c.score ?? 0), 0) / list.length);
      const status =
        ac === list.length
          ? JudgeStatus.ACCEPTED
          : score === 0
            ? JudgeStatus.WRONG_ANSWER
            : JudgeStatus.PARTIAL_ACCEPTED;
      return {
        ...base,
        status,
        score,
        time: Math.max(0, ...list.map((c) => c.time ?? 0)),
        memory: Math.max(0, ...list.map((c) => c.memory ?? 0)),
      };
    });
}
