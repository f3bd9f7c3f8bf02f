/**
 * The focus mode's footer navigator (spec part 1 §2 "Problem page"): the problems before and after
 * the open one, in the contest's order.
 */
export function neighbours<T extends { problemId: string }>(
  problems: readonly T[],
  current: string,
): { previous: T | null; next: T | null; index: number } {
  const index = problems.findIndex((p) => p.problemId === current);
  if (index < 0) return { previous: null, next: null, index };
  return {
    previous: index > 0 ? problems[index - 1]! : null,
    next: index < problems.length - 1 ? problems[index + 1]! : null,
    index,
  };
}
