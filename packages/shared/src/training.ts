import { z } from 'zod';
import { positiveId } from './numbers.ts';
import { currentPageParam, idParam, limitParam, PROBLEM_LIMITS, textParam } from './problem.ts';

/**
 * The participant side of trainings (spec part 2 §2.1, §3, §7; reference §3.5, §4.5, §6.1, §7.13):
 * enums, page sizes, the zod schemas of the training calls and the shapes they answer.
 */

/** reference §4.5 training.auth. */
export const TRAINING_AUTH = { public: 'Public', private: 'Private' } as const;
export type TrainingAuth = (typeof TRAINING_AUTH)[keyof typeof TRAINING_AUTH];
export const TRAINING_AUTHS = [TRAINING_AUTH.public, TRAINING_AUTH.private] as const;

export const TRAINING_PAGE = {
  /** reference §3.5 get-training-list `limit=20` (the list screen sends 15, spec part 2 §9) */
  listDefault: 20,
  /** reference §3.5 get-training-rank `limit=30` (the rank screen sends 100, spec part 2 §9) */
  rankDefault: 30,
  /** spec part 2 §9: the screens' page sizes */
  listScreen: 15,
  rankScreen: 100,
} as const;

export const TRAINING_LIMITS = {
  keywordMax: 255,
  /** training.private_pwd is varchar(255) */
  passwordMax: 255,
  displayIdMax: PROBLEM_LIMITS.problemIdMax,
} as const;

/** A required training id (`tid`) in a query string. */
const tidParam = positiveId;

// ---- requests (reference §3.5) ---------------------------------------------------------------

/** reference §3.5 `GET /api/get-training-list`: keyword (title or author), category, auth. */
export const trainingListQuery = z.object({
  limit: limitParam(TRAINING_PAGE.listDefault),
  currentPage: currentPageParam,
  keyword: textParam(TRAINING_LIMITS.keywordMax),
  categoryId: idParam,
  auth: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(TRAINING_AUTHS).optional()),
});
export type TrainingListQuery = z.output<typeof trainingListQuery>;

/** `GET /api/get-training-detail`, `get-training-access`, `get-training-problem-list`. */
export const tidQuery = z.object({ tid: tidParam });

/**
 * reference §3.5 `POST /api/register-training` `{tid, password}`; spec part 2 §8: the password
 * must not be empty. HOJ's client may send the id as a string.
 */
export const registerTrainingBody = z.object({
  tid: tidParam,
  password: z.string().max(TRAINING_LIMITS.passwordMax).nullish(),
});
export type RegisterTrainingBody = z.output<typeof registerTrainingBody>;

/** reference §3.5 `GET /api/get-training-rank`. */
export const trainingRankQuery = z.object({
  tid: tidParam,
  limit: limitParam(TRAINING_PAGE.rankDefault),
  currentPage: currentPageParam,
  keyword: textParam(TRAINING_LIMITS.keywordMax),
});
export type TrainingRankQuery = z.output<typeof trainingRankQuery>;

/**
 * spec part 2 §7 `GET /api/get-training-problem-details` (a dead call in HOJ, reference §13.17;
 * Verdict answers it): a problem of the training by its display id, with the training's rules.
 */
export const trainingProblemDetailsQuery = z.object({
  tid: tidParam,
  problemId: z.string().trim().min(1).max(TRAINING_LIMITS.displayIdMax),
});
