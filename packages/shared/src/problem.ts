import { z } from 'zod';
import { CASE_MODES, JUDGE_MODES } from './judge.ts';
import { int, intOneOf, optionalId, optionalInt, positiveId } from './numbers.ts';

/**
 * The problem bank contract (spec part 1 §2–§5, §7, §9; part 2 §3, §5; reference §3.2, §3.3, §3.12,
 * §4.2, §7.7, §8.2, §8.6): limits, enums and the zod schemas of the problem, tag and admin calls.
 * The server validates with these schemas and the web app reuses them for its forms.
 */

/** reference §4.2 problem.auth; spec part 1 §4. */
export const PROBLEM_AUTH = { public: 1, hidden: 2, contest: 3 } as const;
export type ProblemAuth = (typeof PROBLEM_AUTH)[keyof typeof PROBLEM_AUTH];

/** reference §4.2 problem.type. */
export const PROBLEM_TYPE = { acm: 0, oi: 1 } as const;

/** reference §8.10: the case modes each problem type may use. */
export const CASE_MODES_BY_TYPE = {
  0: ['default', 'ergodic_without_error'],
  1: ['default', 'subtask_lowest', 'subtask_average'],
} as const satisfies Record<0 | 1, readonly (typeof CASE_MODES)[number][]>;

/** Case modes that group cases into subtasks (reference §8.10). */
export const SUBTASK_CASE_MODES: readonly string[] = ['subtask_lowest', 'subtask_average'];

/** Remote judges and their problem-id prefixes (spec part 2 §9: the prefix before '-'). */
export const REMOTE_OJS = ['HDU', 'CF', 'GYM', 'POJ', 'SPOJ', 'AC', 'LIBRE'] as const;
/** What users call each remote judge (spec part 2 §1). */
export const REMOTE_OJ_NAMES: Record<(typeof REMOTE_OJS)[number], string> = {
  HDU: 'HDU',
  CF: 'Codeforces',
  GYM: 'GYM',
  POJ: 'POJ',
  SPOJ: 'SPOJ',
  AC: 'AtCoder',
  LIBRE: 'LibreOJ',
};
/** The tag namespace of local problems. */
export const LOCAL_OJ = 'ME';

export const PROBLEM_LIMITS = {
  /** problem.problem_id / title are varchar(255) */
  problemIdMax: 255,
  titleMax: 255,
  /** statement fields are longtext in HOJ; Verdict caps each at 1 MiB of characters */
  textMax: 1024 * 1024,
  /** ms; spec part 2 §9 default 1000 */
  timeLimitDefault: 1000,
  timeLimitMax: 100_000,
  /** MB; spec part 2 §9 default 256 */
  memoryLimitDefault: 256,
  memoryLimitMax: 8192,
  /** MB; spec part 2 §9 default 128 */
  stackLimitDefault: 128,
  stackLimitMax: 8192,
  /** spec part 1 §4: levels 0 to 5 */
  difficultyMax: 5,
  /** io file names and extra-file names */
  fileNameMax: 255,
  /** typed test cases per problem, and uploaded pairs per zip */
  casesMax: 1000,
  tagNameMax: 255,
  tagColorMax: 10,
  /** tag_classification.rank is an int: 0 (first) up to the int maximum */
  classificationRankMax: 2_147_483_647,
} as const;

/** Paging: `currentPage` is 1-based, values below 1 become 1; `limit` below 1 becomes the default (reference §3). */
export const PROBLEM_PAGE = {
  /** reference §3.3 get-problem-list `limit=10` (the web app asks for 30, spec part 1 §9) */
  listDefault: 10,
  /** reference §3.12 admin lists `limit=10` */
  adminDefault: 10,
  /** Verdict's cap on any page size, so one request cannot ask for the whole bank */
  max: 100,
  /** reference §3.2 get-recent-updated-problem */
  recent: 10,
} as const;

/**
 * Test-case zip upload limits (reference §8.6). The server takes its own values from its
 * configuration; these are the defaults.
 */
export const TESTCASE_ZIP_LIMITS = {
  /** the uploaded zip itself */
  maxZipBytes: 256 * 1024 * 1024,
  /** the sum of the uncompressed sizes of the files taken from it */
  maxTotalBytes: 1024 * 1024 * 1024,
  /** entries in the archive (files and folders) */
  maxEntries: 2 * PROBLEM_LIMITS.casesMax + 100,
} as const;
export type TestCaseZipLimits = { maxZipBytes: number; maxTotalBytes: number; maxEntries: number };

// ---- query helpers ----------------------------------------------------------------------------

/** reference §3: `currentPage` 1-based; below 1 (or absent) becomes 1. */
export const currentPageParam = optionalInt().transform((v) => (v === undefined || v < 1 ? 1 : v));

/** reference §3: `limit` below 1 (or absent) becomes the default; Verdict caps it at PROBLEM_PAGE.max. */
export const limitParam = (fallback: number) =>
  optionalInt().transform((v) => (v === undefined || v < 1 ? fallback : Math.min(v, PROBLEM_PAGE.max)));

/** A boolean query parameter: true/false (also 1/0). */
export const booleanParam = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1'));

/** An optional trimmed text parameter; empty means absent. */
export const textParam = (max = 255) =>
  z
    .string()
    .max(max)
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** An optional positive id; empty means absent. */
export const idParam = optionalId;

/**
 * A list of ids given as a repeated parameter (`tagId=1&tagId=2`), with brackets (`tagId[]=1`) or
 * comma-separated (`tagId=1,2`), as HOJ's Spring binding accepts.
 */
export const idListParam = z.preprocess((v) => {
  if (v === undefined || v === null || v === '') return [];
  const items = (Array.isArray(v) ? v : [v]).flatMap((item) => String(item).split(','));
  return items.map((item) => item.trim()).filter((item) => item !== '');
}, z.array(positiveId).max(50));

// ---- public calls (reference §3.2, §3.3) -----------------------------------------------------

/** reference §3.3 `GET /api/get-problem-list`; spec part 1 §2 adds `auth` (super admin only). */
export const problemListQuery = z.object({
  limit: limitParam(PROBLEM_PAGE.listDefault),
  currentPage: currentPageParam,
  keyword: textParam(),
  tagId: idListParam,
  'tagId[]': idListParam.optional(),
  difficulty: optionalInt({ min: 0, max: PROBLEM_LIMITS.difficultyMax }),
  oj: textParam(20),
  auth: z.preprocess((v) => (v === '0' || v === 0 ? undefined : v), optionalInt({ min: 1, max: 3 })),
});
export type ProblemListQuery = z.output<typeof problemListQuery>;

/** reference §3.3 `GET /api/get-problem-detail`. */
export const problemDetailQuery = z.object({
  problemId: z.string().trim().min(1).max(PROBLEM_LIMITS.problemIdMax),
  gid: idParam,
});

/** Calls that name a problem by its numeric id (`pid`). */
export const pidQuery = z.object({ pid: positiveId });
/** `get-problem-tags`: `pid` (none → no tags), and Verdict's optional `cid` as below. */
export const optionalPidQuery = z.object({ pid: idParam, cid: idParam });
/**
 * `get-problem-languages` / `get-problem-code-template`: `pid`, and Verdict's optional `cid` for a
 * contest-only problem opened in its contest (the problem page's editor asks for them).
 */
export const problemInContestQuery = z.object({ pid: positiveId, cid: idParam });

/** reference §3.2 `get-all-problem-tags` / `get-problem-tags-and-classification`: `oj=ME`, `ALL` = every oj. */
export const ojQuery = z.object({ oj: textParam(20) });

/** reference §3.3 / §7.9 `POST /api/get-user-problem-status`. */
export const userProblemStatusBody = z.object({
  pidList: z.array(positiveId).min(1).max(500),
  isContestProblemList: z.boolean(),
  cid: int({ min: 0 }).nullish(),
  /** §7.9: the group whose submissions count; absent, null, '' and 0 mean none (public ones) */
  gid: optionalInt({ min: 0 }),
  containsEnd: z.boolean().nullish(),
});

/** reference §3.3 `GET /api/get-full-screen-problem-list`. */
export const fullScreenProblemListQuery = z.object({ tid: idParam, cid: idParam });

// ---- admin calls (reference §3.12) -----------------------------------------------------------

/** reference §3.12 `GET /api/admin/problem/get-problem-list`. */
export const adminProblemListQuery = z.object({
  limit: limitParam(PROBLEM_PAGE.adminDefault),
  currentPage: currentPageParam,
  keyword: textParam(),
  /** 0 or absent = every auth */
  auth: optionalInt({ min: 0, max: 3 }),
  /** 'All', a remote judge name, or anything else = local problems */
  oj: textParam(20),
});

/** reference §3.12 `GET /api/admin/problem/get-problem-cases`. */
export const problemCasesQuery = z.object({
  pid: positiveId,
  isUpload: booleanParam,
});

/** reference §3.12 `PUT /api/admin/problem/change-problem-auth`. */
export const changeProblemAuthBody = z.object({
  id: positiveId,
  auth: intOneOf([1, 2, 3]),
});

/** Optional text that may come as null; an empty string stays empty. */
const optionalText = (max: number = PROBLEM_LIMITS.textMax) => z.string().max(max).nullish();

/** An integer that the admin form may send as a string; '' and null mean absent. */
const looseInt = z.preprocess((v) => (v === '' || v === undefined ? null : v), int().nullable());

/**
 * reference §4.2 user_extra_file / judge_extra_file: a JSON object file name → content. HOJ sends and
 * returns it as a JSON string; an object is accepted too.
 */
export const extraFilesInput = z
  .union([z.string().max(PROBLEM_LIMITS.textMax), z.record(z.string(), z.string()), z.null()])
  .optional();

/** reference §4.2 problem, as the admin form sends it (unknown fields such as gmtCreate are dropped). */
export const problemInput = z.object({
  id: positiveId.nullish(),
  problemId: z.string().trim().max(PROBLEM_LIMITS.problemIdMax).nullish(),
  /** the group a problem is created in (`POST /api/group/problem`); the site's editors ignore it */
  gid: positiveId.nullish(),
  title: z.string().trim().min(1).max(PROBLEM_LIMITS.titleMax),
  type: intOneOf([0, 1]).default(0),
  judgeMode: z.enum(JUDGE_MODES).nullish(),
  judgeCaseMode: z.enum(CASE_MODES).nullish(),
  timeLimit: int({ min: 1, max: PROBLEM_LIMITS.timeLimitMax }).default(PROBLEM_LIMITS.timeLimitDefault),
  memoryLimit: int({ min: 1, max: PROBLEM_LIMITS.memoryLimitMax }).default(PROBLEM_LIMITS.memoryLimitDefault),
  stackLimit: int({ min: 1, max: PROBLEM_LIMITS.stackLimitMax }).default(PROBLEM_LIMITS.stackLimitDefault),
  description: optionalText(),
  input: optionalText(),
  output: optionalText(),
  examples: optionalText(),
  source: optionalText(),
  hint: optionalText(),
  difficulty: int({ min: 0, max: PROBLEM_LIMITS.difficultyMax }).default(0),
  auth: intOneOf([1, 2, 3]).default(1),
  codeShare: z.boolean().default(true),
  spjCode: optionalText(),
  spjLanguage: z.string().max(255).nullish(),
  userExtraFile: extraFilesInput,
  judgeExtraFile: extraFilesInput,
  isRemoveEndBlank: z.boolean().default(true),
  openCaseResult: z.boolean().default(true),
  isUploadCase: z.boolean().nullish(),
  isFileIO: z.boolean().default(false),
  ioReadFileName: z.string().trim().max(PROBLEM_LIMITS.fileNameMax).nullish(),
  ioWriteFileName: z.string().trim().max(PROBLEM_LIMITS.fileNameMax).nullish(),
});
export type ProblemInput = z.output<typeof problemInput>;

/** reference §3.12 ProblemDTO `samples`: the test cases (typed, or file names of an upload). */
export const caseInput = z.object({
  id: int().nullish(),
  input: z.string().nullish(),
  output: z.string().nullish(),
  score: looseInt,
  groupNum: looseInt,
});
export type CaseInput = z.output<typeof caseInput>;

export const tagInput = z.object({
  id: positiveId.nullish(),
  name: z.string().trim().min(1).max(PROBLEM_LIMITS.tagNameMax),
  color: z.string().trim().max(PROBLEM_LIMITS.tagColorMax).nullish(),
  oj: z.string().trim().min(1).max(20).nullish(),
  tcid: positiveId.nullish(),
});
export type TagInput = z.output<typeof tagInput>;

export const codeTemplateInput = z.object({
  id: int().nullish(),
  lid: positiveId,
  code: z.string().max(PROBLEM_LIMITS.textMax),
  status: z.boolean().default(true),
});

/** reference §3.12 `POST|PUT /api/admin/problem` body ProblemDTO. */
export const problemDto = z.object({
  problem: problemInput,
  samples: z.array(caseInput).max(PROBLEM_LIMITS.casesMax).default([]),
  isUploadTestCase: z.boolean().default(false),
  /** the `fileListDir` answered by upload-testcase-zip */
  uploadTestcaseDir: z.string().max(255).nullish(),
  judgeMode: z.enum(JUDGE_MODES).nullish(),
  /** accepted for compatibility; the server finds out itself whether the checker or case mode changed */
  changeModeCode: z.boolean().nullish(),
  changeJudgeCaseMode: z.boolean().nullish(),
  languages: z.array(z.object({ id: positiveId })).max(500),
  tags: z.array(tagInput).max(100).default([]),
  codeTemplates: z.array(codeTemplateInput).max(500).default([]),
});
export type ProblemDto = z.output<typeof problemDto>;

/**
 * reference §3.12 `POST /api/admin/problem/compile-spj|compile-interactive` body CompileDTO. The
 * language ("C" or "C++") and the extra files are checked by the server, with its own messages.
 */
export const compileDto = z.object({
  code: z.string().max(PROBLEM_LIMITS.textMax),
  /** the problem being edited, if saved; accepted for HOJ clients, not needed to compile */
  pid: z.union([int(), z.string().max(255)]).nullish(),
  language: z.string().max(255),
  extraFiles: extraFilesInput,
});
export type CompileDto = z.output<typeof compileDto>;

/** reference §3.12 `POST|PUT /api/admin/tag` body Tag. */
export const adminTagBody = tagInput.extend({ oj: z.string().trim().min(1).max(20).default(LOCAL_OJ) });
export const tagIdQuery = z.object({ tid: positiveId });

/** reference §3.12 tag classification calls. */
export const classificationBody = z.object({
  id: positiveId.nullish(),
  name: z.string().trim().min(1).max(PROBLEM_LIMITS.tagNameMax),
  oj: z.string().trim().min(1).max(20).default(LOCAL_OJ),
  rank: int({ min: 0, max: PROBLEM_LIMITS.classificationRankMax }).nullish(),
});
export const classificationIdQuery = z.object({ tcid: positiveId });

/** reference §3.11 `POST /api/file/upload-testcase-zip` query. */
export const uploadTestcaseQuery = z.object({
  mode: z.enum(CASE_MODES).default('default'),
  gid: idParam,
});

/** reference §8.6: one pair of an uploaded zip. */
export interface UploadedCaseFile {
  input: string;
  output: string;
  groupNum?: number;
}
