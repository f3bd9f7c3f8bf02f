import { useTranslation } from 'react-i18next';
import { getContestNavigatorProblems } from '../../api/contest';
import { ProblemNavigator } from '../problem/ProblemNavigator';

/**
 * The footer of a contest problem in focus mode (spec part 1 §2): previous and next problem of the
 * contest, and a list of all of them with the user's status (reference §3.3
 * get-full-screen-problem-list).
 */
export function ContestProblemNavigator({ cid, problemID }: { cid: number; problemID: string }) {
  const { t } = useTranslation();
  return (
    <ProblemNavigator
      problemID={problemID}
      queryKey={['contest-navigator', cid]}
      load={() => getContestNavigatorProblems(cid)}
      pathOf={(id) => `/contest/${cid}/problem/${encodeURIComponent(id)}/full-screen`}
      labels={{
        label: t('contest.navigator.label'),
        previous: t('contest.navigator.previous'),
        next: t('contest.navigator.next'),
        choose: t('contest.navigator.choose'),
      }}
    />
  );
}
