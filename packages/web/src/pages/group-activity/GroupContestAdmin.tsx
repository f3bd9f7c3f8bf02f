import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addGroupContestProblemFromGroup,
  addGroupContestProblemFromPublic,
  deleteGroupContestAnnouncement,
  getGroupContest,
  getGroupContestAnnouncements,
  getGroupContestProblemList,
  removeGroupContestProblem,
  saveGroupContestAnnouncement,
  setGroupContestProblemInfo,
} from '../../api/group-activity';
import { ContestProblemsTable, type ContestProblemCalls } from '../../admin/contest/ContestProblemsTable';
import { AnnouncementManager, type AnnouncementSource } from '../../admin/content/AnnouncementManager';
import { AddFromGroupButton } from './AddFromGroupButton';

/** reference §3.10 `/api/group/*contest-problem*`. */
const GROUP_CALLS: ContestProblemCalls = {
  list: getGroupContestProblemList,
  remove: removeGroupContestProblem,
  setInfo: setGroupContestProblemInfo,
  addFromPublic: addGroupContestProblemFromPublic,
};

/**
 * A group contest's problems in the admin mode (spec part 2 §2.2 "Contest problem admin",
 * reference §3.10): the site's contest problems table on the group's calls (display, removal, the
 * public bank, a new problem in the contest), with "Add From Group Problem" (a group problem by
 * its id, with its display id in the contest).
 */
export function GroupContestProblems({ cid, onCreate }: { cid: number; onCreate: () => void }) {
  const contest = useQuery({
    queryKey: ['group-contest', cid],
    queryFn: () => getGroupContest(cid),
    enabled: cid > 0,
  });
  return (
    <div data-testid="group-contest-problems">
      <ContestProblemsTable
        cid={cid}
        calls={GROUP_CALLS}
        queryKey={['group-contest-problems', cid]}
        contest={contest.data}
        onCreate={onCreate}
        head={(refresh) => (
          <AddFromGroupButton
            withDisplayId
            onAdd={async (problemId, displayId) => {
              await addGroupContestProblemFromGroup(problemId, cid, displayId);
              await refresh();
            }}
          />
        )}
      />
    </div>
  );
}

/**
 * A group contest's announcements (spec part 2 §2.2 "Contest announcement admin", reference §3.10
 * `/api/group/contest-announcement`): the site's announcement screen told the group's calls.
 */
export function GroupContestAnnouncements({ cid }: { cid: number }) {
  const { t } = useTranslation();
  const source = useMemo<AnnouncementSource>(
    () => ({
      queryKey: ['group-contest-announcements', cid],
      load: (currentPage, limit) => getGroupContestAnnouncements(cid, currentPage, limit),
      save: (announcement) => saveGroupContestAnnouncement({ cid, announcement }),
      remove: (aid) => deleteGroupContestAnnouncement(aid, cid),
    }),
    [cid],
  );
  return (
    <AnnouncementManager
      source={source}
      title={t('adminContest.announcement.heading', { id: cid })}
      statusLabel={t('adminContest.announcement.visibleInContest')}
    />
  );
}
