import { z } from 'zod';
import { optionalInt, positiveId } from './numbers.ts';
import { booleanParam, currentPageParam, idParam, limitParam, PROBLEM_PAGE, textParam } from './problem.ts';
import { TRAINING_AUTH, TRAINING_AUTHS } from './training.ts';

/**
 * The admin side of trainings (reference §3.12 "Trainings", §4.5, §7.13; spec part 2 §2.7 and §5
 * "Training form"): the training form with every rule the server applies, the training problem
 * and category calls. The admin form validates with the same schemas; issue messages are keys of
 * TRAINING_ADMIN_MESSAGES, which the server and the form show in the user's language.
 */

export const TRAINING_ADMIN_LIMITS = {
  /** reference §7.13: title ≤ 500, description ≤ 65535 */
  titleMax: 500,
  descriptionMax: 65_535,
  /** training.private_pwd is varchar(255) */
  passwordMax: 255,
  /** spec part 2 §5: rank 0..2147483647 */
  rankMax: 2_147_483_647,
  /** training_category.name / color are varchar(255) */
  categoryNameMax: 255,
  colorMax: 255,
  displayIdMax: 255,
} as const;

/** spec part 2 §3: a new training's rank (display order) unless the form sets one. */
export const TRAINING_DEFAULT_RANK = 1000;

export interface TrainingAdminText {
  zh: string;
  en: string;
}

/** The messages of the schemas below; keys are the schemas' issue messages. */
export const TRAINING_ADMIN_MESSAGES = {
  titleRequired: { zh: '训练标题不能为空！', en: 'The training title is required!' },
  titleTooLong: { zh: '训练标题长度不能超过500！', en: 'The training title can be at most 500 characters!' },
  descriptionRequired: { zh: '训练描述不能为空！', en: 'The training description is required!' },
  descriptionTooLong: {
    zh: '训练描述长度不能超过65535！',
    en: 'The training description can be at most 65535 characters!',
  },
  authInvalid: {
    zh: '训练权限只能为Public或Private！',
    en: 'The training access must be Public or Private!',
  },
  passwordRequired: { zh: '私有训练必须设置密码！', en: 'A private training needs a password!' },
  passwordTooLong: {
    zh: '训练密码长度不能超过255！',
    en: 'The training password can be at most 255 characters!',
  },
  rankInvalid: {
    zh: '训练排序须为0~2147483647的整数！',
    en: 'The rank must be a whole number from 0 to 2147483647!',
  },
  categoryRequired: { zh: '请选择训练分类！', en: 'Choose a category for the training!' },
  categoryNameRequired: { zh: '分类名称不能为空！', en: 'The category name is required!' },
  categoryNameTooLong: {
    zh: '分类名称长度不能超过255！',
    en: 'The category name can be at most 255 characters!',
  },
  colorInvalid: {
    zh: '分类颜色不合法（如#409EFF）！',
    en: 'The category colour is invalid (for example #409EFF)!',
  },
  displayIdRequired: { zh: '题目展示ID不能为空！', en: 'The display id is required!' },
  displayIdTooLong: {
    zh: '题目展示ID长度不能超过255！',
    en: 'The display id can be at most 255 characters!',
  },
} as const satisfies Record<string, TrainingAdminText>;

export type TrainingAdminMessageKey = keyof typeof TRAINING_ADMIN_MESSAGES;

export function isTrainingAdminMessageKey(value: string): value is TrainingAdminMessageKey {
  return Object.hasOwn(TRAINING_ADMIN_MESSAGES, value);
}

const key = (k: TrainingAdminMessageKey) => k;
const L = TRAINING_ADMIN_LIMITS;

/** A colour as the admin's colour picker gives it: #rgb, #rrggbb (with alpha) or rgb()/rgba(). */
const COLOR_PATTERN =
  /^(#([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\))$/i;

export function isTrainingColor(value: string): boolean {
  return value.length <= L.colorMax && COLOR_PATTERN.test(value);
}

/** An id the HOJ client may send as a number or a numeric string. */
const bodyId = positiveId;

// ---- the training form (reference §3.12 POST|PUT /api/admin/training) ---------------------------

/**
 * reference §4.5 training as the admin form sends it. `author` is the creator's username, set by
 * the server on create and kept on update (HOJ trusted the body's); `isGroup` and `gid` come with
 * groups and are refused until then by the server.
 */
export const adminTrainingInput = z
  .object({
    /** required by PUT, ignored by POST */
    id: bodyId.nullish(),
    title: z
      .string({ error: key('titleRequired') })
      .trim()
      .min(1, key('titleRequired'))
      .max(L.titleMax, key('titleTooLong')),
    description: z
      .string({ error: key('descriptionRequired') })
      .max(L.descriptionMax, key('descriptionTooLong'))
      .refine((v) => v.trim() !== '', key('descriptionRequired')),
    auth: z.enum(TRAINING_AUTHS, { error: key('authInvalid') }),
    privatePwd: z.string().max(L.passwordMax, key('passwordTooLong')).nullish(),
    rank: optionalInt({ min: 0, max: L.rankMax, error: key('rankInvalid') }).transform(
      (v) => v ?? TRAINING_DEFAULT_RANK,
    ),
    /** visible; absent means visible */
    status: z
      .boolean()
      .nullish()
      .transform((v) => v ?? true),
    /** accepted for HOJ clients; the server keeps its own */
    author: z.string().nullish(),
    gid: positiveId.nullish(),
    isGroup: z.boolean().nullish(),
  })
  .superRefine((t, ctx) => {
    if (t.auth === TRAINING_AUTH.private && !t.privatePwd)
      ctx.addIssue({ code: 'custom', path: ['privatePwd'], message: key('passwordRequired') });
  });

/** reference §4.5 training_category, as the category form sends it. */
export const trainingCategoryInput = z.object({
  id: bodyId.nullish(),
  name: z
    .string({ error: key('categoryNameRequired') })
    .trim()
    .min(1, key('categoryNameRequired'))
    .max(L.categoryNameMax, key('categoryNameTooLong')),
  color: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isTrainingColor(v), key('colorInvalid')),
});
export type TrainingCategoryInput = z.output<typeof trainingCategoryInput>;

/**
 * reference §3.12 `POST|PUT /api/admin/training` `{training, trainingCategory}`. The category is
 * an existing one by id or, as HOJ does, a new one by name (an existing name is reused).
 */
export const adminTrainingBody = z.object({
  training: adminTrainingInput,
  trainingCategory: z
    .object({
      id: bodyId.nullish(),
      name: z.string().max(L.categoryNameMax, key('categoryNameTooLong')).nullish(),
      color: z.string().nullish(),
    })
    .nullish()
    .refine((c) => !!c && (!!c.id || !!c.name?.trim()), key('categoryRequired')),
});
export type AdminTrainingInput = z.input<typeof adminTrainingBody>;
export type AdminTrainingForm = z.output<typeof adminTrainingBody>;

// ---- the other calls ------------------------------------------------------------------------------

/** reference §3.12 `GET /api/admin/training/get-training-list`: title, id or rank keyword. */
export const adminTrainingListQuery = z.object({
  limit: limitParam(PROBLEM_PAGE.adminDefault),
  currentPage: currentPageParam,
  keyword: textParam(),
});

/** reference §3.12 `PUT /api/admin/training/change-training-status` (query `tid`, `author`, `status`). */
export const changeTrainingStatusQuery = z.object({
  tid: positiveId,
  /** HOJ's "the author's username"; Verdict decides by the policy and accepts it for HOJ clients */
  author: z.string().max(255).optional(),
  status: booleanParam.refine((v) => v !== undefined, 'status is required (true or false)'),
});

/**
 * reference §3.12 `GET /api/admin/training/get-problem-list`: `queryExisted` true lists the
 * training's problems (by rank), false the candidates of the public bank (auth 1, non-group, not
 * in the training yet). Keyword: title, problem id or author.
 */
export const adminTrainingProblemListQuery = z.object({
  limit: limitParam(PROBLEM_PAGE.adminDefault),
  currentPage: currentPageParam,
  keyword: textParam(),
  queryExisted: booleanParam.transform((v) => v ?? false),
  tid: positiveId,
});

const displayId = z
  .string({ error: key('displayIdRequired') })
  .trim()
  .min(1, key('displayIdRequired'))
  .max(L.displayIdMax, key('displayIdTooLong'));

/**
 * reference §3.12 `POST /api/admin/training/add-problem-from-public` `{pid, tid, displayId}` (HOJ's
 * client sends strings). The display id is the problem's own id (reference §4.5: a foreign key to
 * problem.problem_id); absent means that.
 */
export const addTrainingProblemBody = z.object({
  pid: bodyId,
  tid: bodyId,
  displayId: displayId.nullish(),
});
export type AddTrainingProblemBody = z.output<typeof addTrainingProblemBody>;

/** reference §3.12 `PUT /api/admin/training/problem` body TrainingProblem: display id and rank. */
export const trainingProblemBody = z.object({
  id: bodyId,
  tid: bodyId.nullish(),
  pid: bodyId.nullish(),
  displayId: displayId.nullish(),
  rank: optionalInt({ min: 0, max: L.rankMax, error: key('rankInvalid') }),
});
export type TrainingProblemBody = z.output<typeof trainingProblemBody>;

/** `DELETE /api/admin/training/problem?pid&tid?`: with `tid` the problem leaves that training. */
export const deleteTrainingProblemQuery = z.object({
  pid: positiveId,
  tid: idParam,
});

/** `DELETE /api/admin/training/category?cid=` */
export const trainingCategoryIdQuery = z.object({ cid: positiveId });
