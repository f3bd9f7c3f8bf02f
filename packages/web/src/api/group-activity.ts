import type {
  AdminTrainingDto,
  AnnouncementVO,
  AdminTrainingInput,
  ContestCreated,
  ContestProblemLink,
  ContestProblemRemoved,
  ContestSaveResult,
  DiscussionBody,
} from '@verdict/shared';
import type { AdminTraining, TrainingProblemLink, TrainingProblemList } from './admin-training';
import type {
  AdminContestAnswer,
  AdminContestRow,
  AdminContestVO,
  ContestProblem,
  ContestProblemDtoBody,
  ContestProblemList,
} from './admin-contest';
import { del, get, post, put } from './answer-calls';
import type { ContestSummary } from './contest';
import type { DiscussionVO } from './discussion';
import type { Page } from './http';
import type { TrainingVO } from './training';

/**
 * A group's trainings, contests and discussions (reference §3.10 `/api/group/*training*`,
 * `*contest*`, `*discussion*`), with HOJ's paths and parameter names. Reading a training, a contest
 * or a post goes through the public calls, which let the group's members in.
 */

const BASE = '/api/group';

// ---- trainings ------------------------------------------------------------------------------

export const getGroupTrainingList = (params: { gid: number; currentPage: number; limit: number }) =>
  get<Page<TrainingVO>>(`${BASE}/get-training-list`, params);
export const getGroupAdminTrainingList = (params: { gid: number; currentPage: number; limit: number }) =>
  get<Page<AdminTraining>>(`${BASE}/get-admin-training-list`, params);
export const getGroupTraining = (tid: number) => get<AdminTrainingDto>(`${BASE}/training`, { tid });
/** The form's body with the group named in `training.gid`. */
const withTrainingGid = (body: AdminTrainingInput, gid: number) => ({
  ...body,
  training: { ...body.training, gid },
});
export const createGroupTraining = (gid: number, body: AdminTrainingInput) =>
  post<unknown>(`${BASE}/training`, withTrainingGid(body, gid));
export const updateGroupTraining = (gid: number, body: AdminTrainingInput) =>
  put<unknown>(`${BASE}/training`, withTrainingGid(body, gid));
export const deleteGroupTraining = (tid: number) => del<null>(`${BASE}/training`, { tid });
export const changeGroupTrainingStatus = (tid: number, status: boolean) =>
  put<null>(`${BASE}/change-training-status`, undefined, { tid, status });
export const getGroupTrainingProblemList = (params: {
  tid: number;
  currentPage: number;
  limit: number;
  keyword?: string;
  queryExisted: boolean;
}) => get<TrainingProblemList>(`${BASE}/get-training-problem-list`, params);
/** Saves a link's display id and rank (its order in the training). */
export const updateGroupTrainingProblem = (
  body: Pick<TrainingProblemLink, 'id' | 'tid' | 'pid' | 'displayId' | 'rank'>,
) => put<null>(`${BASE}/training-problem`, body);
export const removeGroupTrainingProblem = (pid: number, tid: number) =>
  del<null>(`${BASE}/training-problem`, { pid, tid });
export const addGroupTrainingProblemFromPublic = (body: { pid: number; tid: number; displayId: string }) =>
  post<null>(`${BASE}/add-training-problem-from-public`, body);
/** `problemId` is the group problem's display id (query parameters, reference §3.10). */
export const addGroupTrainingProblemFromGroup = (problemId: string, tid: number) =>
  post<null>(`${BASE}/add-training-problem-from-group`, undefined, { params: { problemId, tid } });

// ---- contests -------------------------------------------------------------------------------

export const getGroupContestList = (params: { gid: number; currentPage: number; limit: number }) =>
  get<Page<ContestSummary>>(`${BASE}/get-contest-list`, params);
export const getGroupAdminContestList = (params: { gid: number; currentPage: number; limit: number }) =>
  get<Page<AdminContestRow>>(`${BASE}/get-admin-contest-list`, params);
export const getGroupContest = (cid: number) => get<AdminContestAnswer>(`${BASE}/contest`, { cid });
export const createGroupContest = (gid: number, body: AdminContestVO) =>
  post<ContestCreated>(`${BASE}/contest`, { ...body, gid });
export const updateGroupContest = (gid: number, body: AdminContestVO) =>
  put<ContestSaveResult | null>(`${BASE}/contest`, { ...body, gid });
export const deleteGroupContest = (cid: number) => del<null>(`${BASE}/contest`, { cid });
export const changeGroupContestVisible = (cid: number, visible: boolean) =>
  put<null>(`${BASE}/change-contest-visible`, undefined, { cid, visible });
export const getGroupContestProblemList = (params: {
  cid: number;
  currentPage: number;
  limit: number;
  keyword?: string;
  problemType?: number;
}) => get<ContestProblemList>(`${BASE}/get-contest-problem-list`, params);
/** A problem's display id, display title and balloon colour in the contest (reference §3.10 PUT contest-problem). */
export const setGroupContestProblemInfo = (body: ContestProblem) =>
  put<ContestProblemLink>(`${BASE}/contest-problem`, body);
export const removeGroupContestProblem = (pid: number, cid: number) =>
  del<ContestProblemRemoved>(`${BASE}/contest-problem`, { pid, cid });
export const addGroupContestProblemFromPublic = (body: { pid: number; cid: number; displayId: string }) =>
  post<null>(`${BASE}/add-contest-problem-from-public`, body);
export const addGroupContestProblemFromGroup = (problemId: string, cid: number, displayId: string) =>
  post<null>(`${BASE}/add-contest-problem-from-group`, undefined, { params: { problemId, cid, displayId } });

export const getGroupContestAnnouncements = (cid: number, currentPage: number, limit: number) =>
  get<Page<AnnouncementVO>>(`${BASE}/get-contest-announcement-list`, { cid, currentPage, limit });
export const saveGroupContestAnnouncement = (body: {
  cid: number;
  announcement: { id?: number | null; title: string; content: string; status: 0 | 1 };
}) => (body.announcement.id ? put : post)<null>(`${BASE}/contest-announcement`, body);
export const deleteGroupContestAnnouncement = (aid: number, cid: number) =>
  del<null>(`${BASE}/contest-announcement`, { aid, cid });

// ---- discussions ----------------------------------------------------------------------------

export const getGroupDiscussionList = (params: {
  gid: number;
  currentPage: number;
  limit: number;
  pid?: string;
}) => get<Page<DiscussionVO>>(`${BASE}/get-discussion-list`, params);
export const getGroupAdminDiscussionList = (params: { gid: number; currentPage: number; limit: number }) =>
  get<Page<DiscussionVO>>(`${BASE}/get-admin-discussion-list`, params);
export const addGroupDiscussion = (body: DiscussionBody & { gid: number }) =>
  post<null>(`${BASE}/discussion`, body);
/** reference §3.10: the author's edit, or the admin table's row with a new `status` (0 shown, 1 hidden) or pin. */
export const updateGroupDiscussion = (body: DiscussionBody & { id: number; status?: 0 | 1 }) =>
  put<null>(`${BASE}/discussion`, body);
export const deleteGroupDiscussion = (did: number) => del<null>(`${BASE}/discussion`, { did });

/** A new problem of the contest's group, contest-only, in the contest (reference §3.10 POST contest-problem). */
export const createGroupContestProblem = (body: ContestProblemDtoBody) =>
  post<{ pid: number; problemId: string }>(`${BASE}/contest-problem`, body);
