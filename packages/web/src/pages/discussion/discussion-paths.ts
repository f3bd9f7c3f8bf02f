import { useParams } from 'react-router';

/**
 * Where a discussion's screens live: the site's (/discussion…) or a group's
 * (/group/:groupID/discussion…, spec part 2 §2.2 "Group discussion"), whose screens are the same.
 */
export function discussionPaths(groupID?: string) {
  const root = groupID ? `/group/${groupID}` : '';
  return {
    gid: groupID ? Number(groupID) : undefined,
    list: `${root}/discussion`,
    problemList: (pid: string) => `${root}/discussion/${encodeURIComponent(pid)}`,
    detail: (did: number) => `${root}/discussion-detail/${did}`,
    problem: (pid: string) => `${root}/problem/${encodeURIComponent(pid)}`,
  };
}

/** The paths of the discussion screens the route is in. */
export function useDiscussionPaths() {
  return discussionPaths(useParams().groupID);
}
