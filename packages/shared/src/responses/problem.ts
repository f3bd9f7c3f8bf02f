import { z } from 'zod';
import { pageOf, timestamp } from './envelope.ts';
import { languageVO } from './home.ts';

/**
 * The problem bank's answers (reference §3.2, §3.3, §3.11, §3.12, §4.2), the group variants of its
 * calls (§3.10) and the tag admin's (§3.12) answering the same shapes.
 */

/** reference §7.8: per-status counts of a problem (non-contest, non-group submissions). */
export const problemCount = z.object({
  pid: z.number().int(),
  total: z.number().int(),
  ac: z.number().int(),
  wa: z.number().int(),
  ce: z.number().int(),
  pa: z.number().int(),
  tle: z.number().int(),
  mle: z.number().int(),
  re: z.number().int(),
  pe: z.number().int(),
  se: z.number().int(),
});
export type ProblemCount = z.output<typeof problemCount>;

/** A tag as lists of problems show it. */
export const tagSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string().nullable(),
  oj: z.string(),
});
export type TagSummary = z.output<typeof tagSummary>;

/** reference §4.2 tag: `gid` for a group's own tags, `tcid` its classification. */
export const tagVO = tagSummary.extend({
  gid: z.number().int().nullable(),
  tcid: z.number().int().nullable(),
  gmtCreate: timestamp,
  gmtModified: timestamp,
});
export type TagVO = z.output<typeof tagVO>;

/** reference §4.2 tag_classification. */
export const tagClassificationVO = z.object({
  id: z.number().int(),
  name: z.string(),
  oj: z.string(),
  rank: z.number().int().nullable(),
  gmtCreate: timestamp,
  gmtModified: timestamp,
});
export type TagClassificationVO = z.output<typeof tagClassificationVO>;

/** `GET /api/admin/tag/classification` */
export const tagClassificationsData = z.array(tagClassificationVO);

/** spec part 1 §3 problem list row. */
export const problemListRow = problemCount.extend({
  problemId: z.string(),
  title: z.string(),
  difficulty: z.number().int(),
  type: z.number().int(),
  auth: z.number().int(),
  tags: z.array(tagSummary),
  /** -10 when the user never submitted (or is anonymous) */
  myStatus: z.number().int(),
  gmtModified: timestamp,
});
export type ProblemListRow = z.output<typeof problemListRow>;

/** `GET /api/get-problem-list`, `GET /api/group/get-problem-list` */
export const problemListData = pageOf(problemListRow);

/** `GET /api/get-random-problem` */
export const randomProblemData = z.object({ problemId: z.string() });

/** `GET /api/get-recent-updated-problem` (reference §3.2): the latest problems. */
export const recentProblemsData = z.array(
  z.object({
    id: z.number().int(),
    problemId: z.string(),
    title: z.string(),
    type: z.number().int(),
    gmtCreate: timestamp,
    gmtModified: timestamp,
  }),
);
export type RecentProblem = z.output<typeof recentProblemsData>[number];

/**
 * reference §4.2 problem in HOJ's JSON shape: extra files as JSON strings (file name → content),
 * `isFileIO`. The public detail leaves `judgeExtraFile`, `spjCode` and `spjLanguage` null.
 */
export const problemVO = z.object({
  id: z.number().int(),
  problemId: z.string(),
  title: z.string(),
  author: z.string().nullable(),
  type: z.number().int(),
  judgeMode: z.string(),
  judgeCaseMode: z.string(),
  /** ms */
  timeLimit: z.number().int(),
  /** MB */
  memoryLimit: z.number().int(),
  /** MB */
  stackLimit: z.number().int(),
  description: z.string().nullable(),
  input: z.string().nullable(),
  output: z.string().nullable(),
  /** `<input>…</input><output>…</output>` repeated */
  examples: z.string().nullable(),
  isRemote: z.boolean(),
  source: z.string().nullable(),
  difficulty: z.number().int(),
  hint: z.string().nullable(),
  auth: z.number().int(),
  ioScore: z.number(),
  codeShare: z.boolean(),
  spjCode: z.string().nullable(),
  spjLanguage: z.string().nullable(),
  userExtraFile: z.string().nullable(),
  judgeExtraFile: z.string().nullable(),
  isRemoveEndBlank: z.boolean(),
  openCaseResult: z.boolean(),
  isUploadCase: z.boolean(),
  caseVersion: z.string(),
  modifiedUser: z.string().nullable(),
  isGroup: z.boolean(),
  gid: z.number().int().nullable(),
  /** reference §4.2 apply_public_progress: null not applied, 1 applying, 2 public, 3 refused */
  applyPublicProgress: z.number().int().nullable(),
  isFileIO: z.boolean(),
  ioReadFileName: z.string().nullable(),
  ioWriteFileName: z.string().nullable(),
  gmtCreate: timestamp,
  gmtModified: timestamp,
});
export type ProblemVO = z.output<typeof problemVO>;

/**
 * `GET /api/get-problem-detail` (reference §3.3 ProblemInfoVO). The tags' dates are PostgreSQL's
 * JSON text of them (an offset instead of `Z`).
 */
export const problemDetailData = z.object({
  problem: problemVO,
  tags: z.array(tagVO.extend({ gmtCreate: z.string(), gmtModified: z.string() })),
  /** names of the languages the problem accepts */
  languages: z.array(z.string()),
  problemCount,
  /** language name → template code */
  codeTemplate: z.record(z.string(), z.string()),
  /** -10 when never submitted */
  myStatus: z.number().int(),
});
export type ProblemDetail = z.output<typeof problemDetailData>;

/** `GET /api/get-all-problem-tags`, `GET /api/get-problem-tags`, `GET /api/group/get-all-problem-tags` */
export const tagsData = z.array(tagVO);

/** reference §3.2: one classification with its tags; `classification: null` holds the rest. */
export const tagsByClassificationData = z.array(
  z.object({ classification: tagClassificationVO.nullable(), tagList: z.array(tagVO) }),
);
export type ClassifiedTags = z.output<typeof tagsByClassificationData>[number];

/** `GET /api/get-problem-languages`: the languages a problem accepts. */
export const problemLanguagesData = z.array(languageVO.omit({ available: true }));

/** reference §4.2 code_template. */
export const codeTemplateVO = z.object({
  id: z.number().int(),
  pid: z.number().int(),
  lid: z.number().int(),
  code: z.string(),
  status: z.boolean(),
});
export type CodeTemplateVO = z.output<typeof codeTemplateVO>;

/** `GET /api/get-problem-code-template` */
export const codeTemplatesData = z.array(codeTemplateVO);

/**
 * `POST /api/get-user-problem-status` (reference §7.9): pid → status; in a contest `score` too
 * (null unless OI), and the problems never submitted left out.
 */
export const userProblemStatusData = z.record(
  z.string(),
  z.object({ status: z.number().int(), score: z.number().nullable().optional() }),
);

/** `GET /api/get-full-screen-problem-list`: `problemId` is the training's or contest's display id. */
export const fullScreenProblemListData = z.array(
  z.object({
    pid: z.number().int(),
    problemId: z.string(),
    title: z.string(),
    status: z.number().int(),
    score: z.number().nullable(),
  }),
);
export type FullScreenProblem = z.output<typeof fullScreenProblemListData>[number];

/** The admin lists (`/api/admin/problem/get-problem-list`, group admin list, public applications). */
export const adminProblemListData = pageOf(problemVO);

/** `POST /api/admin/problem`, `POST /api/group/problem`: the new problem's ids. */
export const createdProblemData = z.object({ pid: z.number().int(), problemId: z.string() });

/** reference §4.2 problem_case: typed cases hold the texts, uploaded ones the file names. */
export const problemCaseVO = z.object({
  id: z.number().int(),
  pid: z.number().int(),
  input: z.string().nullable(),
  output: z.string().nullable(),
  score: z.number().nullable(),
  status: z.number().int(),
  groupNum: z.number().int(),
});
export type ProblemCaseVO = z.output<typeof problemCaseVO>;

/** `GET /api/admin/problem/get-problem-cases`, `GET /api/group/get-problem-cases` */
export const problemCasesData = z.array(problemCaseVO);

/**
 * reference §11 the import routes: the problems imported and those refused. When any is refused
 * the answer's status is 400 (HTTP 200) with this same `data`.
 */
export const problemImportData = z.object({
  imported: z.array(
    z.object({ key: z.string(), pid: z.number().int(), problemId: z.string(), title: z.string() }),
  ),
  failed: z.array(
    z.object({ key: z.string(), problemId: z.string(), repeat: z.boolean(), reason: z.string() }),
  ),
});
export type ProblemImportData = z.output<typeof problemImportData>;
