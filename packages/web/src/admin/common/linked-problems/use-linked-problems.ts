import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminProblem } from '../../../api/admin-problem';
import type { Page } from '../../../api/http';

/** A problem of a contest or training, with its link (display id and the rest) when it has one. */
export interface LinkedProblemRow<Link> {
  problem: AdminProblem;
  link: Link | undefined;
}

interface LinkedProblemsQuery<Answer, Link> {
  /** the list's query key; the page number is added to it */
  listKey: readonly unknown[];
  page: number;
  enabled: boolean;
  fetchPage: (page: number) => Promise<Answer>;
  problemsOf: (answer: Answer) => Page<AdminProblem>;
  /** the answer's links by problem id */
  linksOf: (answer: Answer) => Record<string, Link>;
}

/**
 * A contest's or training's problems as its admin list shows them: the page read afresh (another
 * screen, the problem form or the bank dialog, may have changed it), each row with its link, and
 * `refresh` to read it again.
 */
export function useLinkedProblems<Answer, Link>(query: LinkedProblemsQuery<Answer, Link>) {
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: [...query.listKey, query.page],
    queryFn: () => query.fetchPage(query.page),
    enabled: query.enabled,
    staleTime: 0,
  });
  const answer = list.data;
  const problems = answer === undefined ? undefined : query.problemsOf(answer);
  const links = answer === undefined ? {} : query.linksOf(answer);
  const rows: LinkedProblemRow<Link>[] = (problems?.records ?? []).map((problem) => ({
    problem,
    link: links[String(problem.id)],
  }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: query.listKey });
  return { list, rows, total: problems?.total ?? 0, refresh };
}
