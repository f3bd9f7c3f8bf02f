import { useMemo } from 'react';
import { useParams } from 'react-router';
import { ProblemDetails } from '../problem/ProblemDetailsPage';
import type { ProblemScope } from '../problem/problem-scope';
import { useGroupId } from './use-group-id';

/**
 * A group's problem (spec part 2 §2.2 GroupProblemDetails, /group/:groupID/problem/:problemID): the
 * problem page told the group, so that it reads, submits, test-runs and lists submissions with
 * `gid` (reference §3.3, §3.4, §6.1); the server refuses a caller outside the group.
 */
function GroupProblem({ focus }: { focus: boolean }) {
  const gid = useGroupId();
  const problemID = useParams().problemID ?? '';
  const scope = useMemo<ProblemScope>(() => ({ kind: 'group', gid }), [gid]);
  return <ProblemDetails key={`${gid}/${problemID}`} focus={focus} scope={scope} />;
}

export function GroupProblemDetailsPage() {
  return <GroupProblem focus={false} />;
}

/** Focus mode (/group/:groupID/problem/:problemID/full-screen). */
export function GroupFullProblemDetailsPage() {
  return <GroupProblem focus />;
}
