import { SubmissionDetailsPage } from '../submission/SubmissionDetailsPage';
import { SubmissionListPage } from '../submission/SubmissionListPage';
import { useContestContext } from './contest-context';
import { useContainsEnd } from './use-contest';

/** The Submissions tab (spec part 1 §2 ContestSubmissionList): the submission list of this contest. */
export function ContestSubmissionListPage() {
  const { cid } = useContestContext();
  const [containsEnd] = useContainsEnd(cid);
  return <SubmissionListPage contest={{ cid, containsEnd }} />;
}

/** A contest submission's details inside the shell (spec part 1 §2 ContestSubmissionDetails). */
export function ContestSubmissionDetailsPage() {
  const { cid } = useContestContext();
  return <SubmissionDetailsPage contestId={cid} />;
}
