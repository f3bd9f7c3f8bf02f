import { z } from 'zod';
import { pageOf, timestamp } from './envelope.ts';
import { adminProblemListData, tagSummary } from './problem.ts';

/**
 * The trainings' answers (reference §3.5, §3.12, §4.5), the group variants of the admin calls
 * (§3.10) answering the same shapes.
 */

/**
 * reference §3.5 TrainingVO. `problemCount` counts the training's public problems (§7.13);
 * `acCount` how many of them the caller solved anywhere outside contests and groups (0 when
 * anonymous or without access). The list leaves `description` null.
 */
export const trainingVO = z.object({
  id: z.number().int(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  author: z.string(),
  /** 'Public' or 'Private' */
  auth: z.string(),
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  categoryColor: z.string().nullable(),
  rank: z.number().int(),
  problemCount: z.number().int(),
  acCount: z.number().int(),
  gid: z.number().int().nullable(),
  gmtCreate: timestamp,
  gmtModified: timestamp,
});
export type TrainingVO = z.output<typeof trainingVO>;

/** `GET /api/get-training-list`, `GET /api/group/get-training-list` */
export const trainingListData = pageOf(trainingVO);

/** reference §3.5 get-training-access. */
export const trainingAccessData = z.object({ access: z.boolean() });
export type TrainingAccessVO = z.output<typeof trainingAccessData>;

/** reference §4.5 training_category. */
export const trainingCategoryVO = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  color: z.string().nullable(),
  gid: z.number().int().nullable(),
  gmtCreate: timestamp,
  gmtModified: timestamp,
});
export type TrainingCategoryVO = z.output<typeof trainingCategoryVO>;

/** `GET /api/get-training-category` */
export const trainingCategoriesData = z.array(trainingCategoryVO);

/**
 * reference §3.5 get-training-problem-list ProblemVO (spec part 2 §3 training problem): `problemId`
 * is the training display id; `ac` / `total` count non-contest submissions (§7.8); `myStatus` is
 * the caller's status (§7.9, -10 when never submitted); `rank` the order in the training.
 */
export const trainingProblemVO = z.object({
  pid: z.number().int(),
  problemId: z.string(),
  title: z.string(),
  difficulty: z.number().int(),
  type: z.number().int(),
  auth: z.number().int(),
  tags: z.array(tagSummary),
  ac: z.number().int(),
  total: z.number().int(),
  myStatus: z.number().int(),
  rank: z.number().int(),
});
export type TrainingProblemVO = z.output<typeof trainingProblemVO>;

/** `GET /api/get-training-problem-list` */
export const trainingProblemsData = z.array(trainingProblemVO);

/** One cell of the training rank: the first AC wins, else the latest verdict (reference §7.13). */
export const trainingRankCell = z.object({
  status: z.number().int(),
  score: z.number().nullable(),
  isAC: z.boolean().optional(),
  /** the fastest accepted run, ms */
  runTime: z.number().optional(),
});
export type TrainingRankCell = z.output<typeof trainingRankCell>;

/**
 * reference §3.5 TrainingRankVO. `realname` is null unless the caller is a training admin (its
 * author, root or the group's root; spec part 2 §6). `submissionInfo` is keyed by display id.
 */
export const trainingRankVO = z.object({
  uid: z.string(),
  username: z.string(),
  realname: z.string().nullable(),
  nickname: z.string().nullable(),
  school: z.string().nullable(),
  gender: z.string().nullable(),
  avatar: z.string().nullable(),
  ac: z.number().int(),
  /** the sum of the fastest accepted run of each solved problem, ms */
  totalRunTime: z.number(),
  submissionInfo: z.record(z.string(), trainingRankCell),
});
export type TrainingRankVO = z.output<typeof trainingRankVO>;

/** `GET /api/get-training-rank` */
export const trainingRankData = pageOf(trainingRankVO);

/** reference §4.5 training as the admin calls answer it (`privatePwd` only in the one-training answer). */
export const adminTrainingVO = z.object({
  id: z.number().int(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  author: z.string(),
  auth: z.string(),
  privatePwd: z.string().nullable().optional(),
  rank: z.number().int(),
  status: z.boolean(),
  isGroup: z.boolean(),
  gid: z.number().int().nullable(),
  gmtCreate: timestamp,
  gmtModified: timestamp,
});
export type AdminTrainingVO = z.output<typeof adminTrainingVO>;

/** `GET /api/admin/training/get-training-list`, `GET /api/group/get-admin-training-list` */
export const adminTrainingListData = pageOf(adminTrainingVO);

/** reference §3.12 `GET /api/admin/training?tid=`: `{training, trainingCategory}`. */
export const adminTrainingData = z.object({
  training: adminTrainingVO,
  trainingCategory: trainingCategoryVO.pick({ id: true, name: true, color: true, gid: true }).nullable(),
});
export type AdminTrainingDto = z.output<typeof adminTrainingData>;

/** `POST /api/admin/training`, `POST /api/group/training`: the new training's id. */
export const createdTrainingData = z.object({ tid: z.number().int() });

/** `PUT /api/admin/training`, `PUT /api/group/training`: registrations a change to public dropped. */
export const updatedTrainingData = z.object({ registrationsDropped: z.number().int() });

/** reference §4.5 training_problem. */
export const trainingProblemLink = z.object({
  id: z.number().int(),
  tid: z.number().int(),
  pid: z.number().int(),
  displayId: z.string(),
  rank: z.number().int(),
  gmtCreate: timestamp,
  gmtModified: timestamp,
});
export type TrainingProblemLink = z.output<typeof trainingProblemLink>;

/**
 * `GET /api/admin/training/get-problem-list`, `GET /api/group/get-training-problem-list`: the
 * problems (in or, to add, not in the training) and pid → the link of those in it.
 */
export const adminTrainingProblemsData = z.object({
  problemList: adminProblemListData,
  trainingProblemMap: z.record(z.string(), trainingProblemLink),
});
export type AdminTrainingProblems = z.output<typeof adminTrainingProblemsData>;
