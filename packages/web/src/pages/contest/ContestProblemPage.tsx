import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ProblemDetails } from '../problem/ProblemDetailsPage';
import type { ProblemScope } from '../problem/problem-scope';
import { useContestContext } from './contest-context';
import { submitBlock } from './contest-rules';
import { ContestProblemNavigator } from './ContestProblemNavigator';
import { useContainsEnd, useContest, type ContestState } from './use-contest';

/**
 * A contest's problem (spec part 1 §2 ContestProblemDetails): the problem page in the contest
 * scope, with Submit closed (and why) while the contest does not take the user's submissions
 * (reference §6.1), and in focus mode the footer navigator.
 */
function ContestProblem({ contest, focus }: { contest: ContestState; focus: boolean }) {
  const { t } = useTranslation();
  const problemID = useParams().problemID ?? '';
  const [containsEnd] = useContainsEnd(contest.cid);
  const scope = useMemo<ProblemScope>(
    () => ({ kind: 'contest', cid: contest.cid, containsEnd }),
    [contest.cid, containsEnd],
  );
  const block = contest.facts ? submitBlock(contest.facts, contest.admin, contest.registered) : null;
  return (
    <ProblemDetails
      key={problemID}
      focus={focus}
      scope={scope}
      submitClosed={block ? t(`contest.submitClosed.${block}`) : null}
      footer={focus ? <ContestProblemNavigator cid={contest.cid} problemID={problemID} /> : undefined}
    />
  );
}

/** Inside the contest shell (/contest/:contestID/problem/:problemID). */
export function ContestProblemPage() {
  return <ContestProblem contest={useContestContext()} focus={false} />;
}

/** Focus mode (/contest/:contestID/problem/:problemID/full-screen), outside the shell. */
export function ContestFullProblemPage() {
  const contest = useContest(Number(useParams().contestID));
  return <ContestProblem contest={contest} focus />;
}
