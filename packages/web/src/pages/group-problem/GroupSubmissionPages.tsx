import { SubmissionDetailsPage } from '../submission/SubmissionDetailsPage';
import { SubmissionListPage } from '../submission/SubmissionListPage';
import { useGroupId } from './use-group-id';

/**
 * A group's status tab (spec part 2 §2.2 GroupSubmissionList, /group/:groupID/status): the
 * submission list of the group's problems (reference §3.4 `gid`, for its members), its links
 * leading into the group.
 */
export function GroupSubmissionListPage() {
  const gid = useGroupId();
  return <SubmissionListPage key={gid} groupId={gid} />;
}

/** A group's submission (/group/:groupID/submission-detail/:submitID). */
export function GroupSubmissionDetailsPage() {
  return <SubmissionDetailsPage groupId={useGroupId()} />;
}
