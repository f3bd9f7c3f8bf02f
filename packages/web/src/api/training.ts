import type {
  TrainingVO as SharedTrainingVO,
  TrainingAuth,
  TrainingCategoryVO,
  TrainingProblemVO,
  TrainingRankCell,
  TrainingRankVO,
} from '@verdict/shared';
import { apiGet, apiPost, type Page } from './http';
import type { NavigatorProblem } from './contest';
import { inLanguage } from './problem';

/**
 * The participant's training calls (spec part 2 §2.1 "Training", reference §3.5, §7.13), with
 * HOJ's paths, parameter names and shapes.
 */

export type { TrainingAuth, TrainingRankCell };

/** reference §4.5 training_category (spec part 2 §3: id, name, colour). */
export type TrainingCategory = TrainingCategoryVO;

/**
 * reference §3.5 TrainingVO. `acCount` is the signed-in user's progress (problems of the training
 * accepted anywhere outside contests and groups, §7.13); `problemCount` counts public problems.
 * The shared answer's `auth` is a string; the screens read it as HOJ's two values.
 */
export type TrainingVO = Omit<SharedTrainingVO, 'auth'> & { auth: TrainingAuth };

export interface TrainingListParams {
  currentPage: number;
  limit: number;
  keyword?: string;
  categoryId?: number;
  auth?: TrainingAuth;
}

/** reference §3.5 ProblemVO of a training: `problemId` is the display id inside the training. */
export type TrainingProblemRow = TrainingProblemVO;

/** reference §3.5 TrainingRankVO. `realname` is sent only to training admins (spec part 2 §5). */
export type TrainingRankRow = TrainingRankVO;

export function getTrainingCategories(): Promise<TrainingCategory[]> {
  return apiGet<TrainingCategory[]>('/api/get-training-category', undefined, inLanguage());
}

export function getTrainingList(params: TrainingListParams): Promise<Page<TrainingVO>> {
  return apiGet<Page<TrainingVO>>('/api/get-training-list', { ...params }, inLanguage());
}

export function getTrainingDetail(tid: number): Promise<TrainingVO> {
  return apiGet<TrainingVO>('/api/get-training-detail', { tid }, inLanguage());
}

export function getTrainingAccess(tid: number): Promise<{ access: boolean }> {
  return apiGet<{ access: boolean }>('/api/get-training-access', { tid }, inLanguage());
}

export function registerTraining(tid: number, password: string): Promise<null> {
  return apiPost<null>('/api/register-training', { tid, password }, inLanguage());
}

export function getTrainingProblems(tid: number): Promise<TrainingProblemRow[]> {
  return apiGet<TrainingProblemRow[]>('/api/get-training-problem-list', { tid }, inLanguage());
}

export function getTrainingRank(params: {
  tid: number;
  currentPage: number;
  limit: number;
  keyword?: string;
}): Promise<Page<TrainingRankRow>> {
  return apiGet<Page<TrainingRankRow>>('/api/get-training-rank', { ...params }, inLanguage());
}

/** `GET /api/get-full-screen-problem-list?tid=` (reference §3.3): the focus mode's navigator. */
export function getTrainingNavigatorProblems(tid: number): Promise<NavigatorProblem[]> {
  return apiGet<NavigatorProblem[]>('/api/get-full-screen-problem-list', { tid }, inLanguage());
}
