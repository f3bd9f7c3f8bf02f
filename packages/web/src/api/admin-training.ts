import type {
  AdminTrainingDto,
  AdminTrainingProblems,
  AdminTrainingInput,
  AdminTrainingVO,
  TrainingProblemLink,
} from '@verdict/shared';
import type { AdminProblem } from './admin-problem';
import { del, get, post, put } from './answer-calls';
import type { Page } from './http';
import type { TrainingCategory } from './training';

/**
 * The admin area's training calls (reference §3.12 "Trainings", §4.5), with HOJ's paths and the
 * field names of `Training`, `TrainingCategory` and `TrainingProblem`.
 */

/** reference §4.5 training as the admin calls answer it. */
export type AdminTraining = AdminTrainingVO;
export type { AdminTrainingDto, TrainingProblemLink };

/** `get-problem-list`: a page of problems and, for those in the training, their link by pid. */
export type TrainingProblemList = Omit<AdminTrainingProblems, 'problemList'> & {
  problemList: Page<AdminProblem>;
};

const BASE = '/api/admin/training';

// ---- trainings ------------------------------------------------------------------------------

export const getAdminTrainingList = (params: { currentPage: number; limit: number; keyword?: string }) =>
  get<Page<AdminTraining>>(`${BASE}/get-training-list`, params);
export const getAdminTraining = (tid: number) => get<AdminTrainingDto>(BASE, { tid });
export const createTraining = (body: AdminTrainingInput) => post<unknown>(BASE, body);
export const updateTraining = (body: AdminTrainingInput) => put<unknown>(BASE, body);
/** reference §3.12: root only. */
export const deleteTraining = (tid: number) => del<null>(BASE, { tid });
/** reference §3.12: `author` is the training's author (the server checks who may change it). */
export const changeTrainingStatus = (tid: number, author: string, status: boolean) =>
  put<null>(`${BASE}/change-training-status`, undefined, { tid, author, status });

// ---- training problems ----------------------------------------------------------------------

/** `queryExisted` true: the training's problems by rank; false: public candidates not in it. */
export const getTrainingProblemList = (params: {
  tid: number;
  currentPage: number;
  limit: number;
  keyword?: string;
  queryExisted: boolean;
}) => get<TrainingProblemList>(`${BASE}/get-problem-list`, params);
/** Saves a link's display id and rank (reference §3.12 PUT problem). */
export const updateTrainingProblem = (
  body: Pick<TrainingProblemLink, 'id' | 'tid' | 'pid' | 'displayId' | 'rank'>,
) => put<null>(`${BASE}/problem`, body);
/** With `tid` the problem leaves the training (it stays in the bank). */
export const removeTrainingProblem = (pid: number, tid: number) => del<null>(`${BASE}/problem`, { pid, tid });
export const addTrainingProblemFromPublic = (body: { pid: number; tid: number; displayId: string }) =>
  post<null>(`${BASE}/add-problem-from-public`, body);

// ---- categories -----------------------------------------------------------------------------

export const createTrainingCategory = (body: { name: string; color: string }) =>
  post<TrainingCategory>(`${BASE}/category`, body);
export const updateTrainingCategory = (body: { id: number; name: string; color: string }) =>
  put<null>(`${BASE}/category`, body);
export const deleteTrainingCategory = (cid: number) => del<null>(`${BASE}/category`, { cid });

/** reference §3.12 / §10.3: a remote judge's problem imported (or found) and added to training `tid`. */
export const importRemoteTrainingProblem = (tid: number, name: string, problemId: string) =>
  get<null>('/api/admin/training/import-remote-oj-problem', { tid, name, problemId });
