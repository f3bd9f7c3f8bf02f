import { z } from 'zod';
import {
  JUDGE_MODES,
  LOCAL_OJ,
  PROBLEM_TYPE,
  isSafeFileName,
  isSubtaskMode,
  problemDto,
  type ProblemDto,
} from '@verdict/shared';
import type { ExtraFiles, problem as problemTable } from '../../../db/schema/index.ts';
import { fail } from '../../../http/errors.ts';
import { invalidParameter } from '../../../http/messages.ts';
import { transferMessages as m } from './messages.ts';

/**
 * HOJ's native problem format (reference §11.1; HOJ's `ImportProblemVO` and `ProblemFileManager`):
 * one `<key>.json` per problem at the zip's root beside a folder `<key>/` of test files, `<key>`
 * being `problem_<pid>` in HOJ's exports. This file maps that JSON to the admin save's ProblemDTO
 * and a stored problem back to it; it does no I/O.
 */

/**
 * Import limits; the server's routes take their own values (tests shrink them): maxTotalBytes and
 * maxEntries from PROBLEM_IMPORT_MAX_UNPACKED_BYTES and PROBLEM_IMPORT_MAX_ENTRIES (config.ts).
 */
export const PROBLEM_ZIP_LIMITS = {
  /** the uploaded zip */
  maxZipBytes: 256 * 1024 * 1024,
  /** the declared uncompressed size of all entries together (a zip bomb is refused before extraction) */
  maxTotalBytes: 1024 * 1024 * 1024,
  /** entries (files and folders) in the archive */
  maxEntries: 20_000,
  /** one problem's JSON */
  maxJsonBytes: 32 * 1024 * 1024,
  /** an FPS file (reference §11.3), parsed in memory whole */
  maxXmlBytes: 64 * 1024 * 1024,
} as const;
export type ProblemZipLimits = { [K in keyof typeof PROBLEM_ZIP_LIMITS]: number };

/** At most this many problems per export call. */
export const EXPORT_MAX_PROBLEMS = 1000;

const nullishText = z.string().nullish();
const nullishInt = z.preprocess(
  (v) => (typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : v),
  z.number().int().nullish(),
);
const fileMap = z.record(z.string(), z.string()).nullish();

/**
 * The JSON of one problem (`ImportProblemVO`), read leniently as HOJ's JSONUtil does: missing
 * lists are empty, unknown keys are ignored. `problem` is the problem table's columns in camelCase.
 */
export const hojProblemFile = z.object({
  problem: z.record(z.string(), z.unknown()),
  languages: z.array(z.string()).nullish(),
  /** the test cases (not the statement's examples): file names in the folder, score, subtask group */
  samples: z
    .array(z.object({ input: nullishText, output: nullishText, score: nullishInt, groupNum: nullishInt }))
    .nullish(),
  tags: z.array(z.string()).nullish(),
  codeTemplates: z
    .array(
      z.object({
        language: nullishText,
        code: nullishText,
        /** Verdict's: a disabled template (HOJ exports enabled ones only and has no such key) */
        status: z.union([z.boolean(), z.string()]).nullish(),
      }),
    )
    .nullish(),
  userExtraFile: fileMap,
  judgeExtraFile: fileMap,
  judgeMode: nullishText,
  /**
   * Verdict's: the problem's cases were typed (HOJ's `is_upload_case` false), so that an export
   * imports back as typed cases. HOJ's importer ignores the key; `problem.isUploadCase` stays true
   * as HOJ writes it, so HOJ's editor shows the files it stored.
   */
  typedCases: z.boolean().nullish(),
});
export type HojProblemFile = z.output<typeof hojProblemFile>;

/** The problem columns a JSON may set (reference §11.1 `problem`); others (id, gid, author, …) are not taken. */
const PROBLEM_KEYS = [
  'problemId',
  'title',
  'type',
  'judgeMode',
  'judgeCaseMode',
  'timeLimit',
  'memoryLimit',
  'stackLimit',
  'description',
  'input',
  'output',
  'examples',
  'source',
  'difficulty',
  'hint',
  'auth',
  'codeShare',
  'spjCode',
  'spjLanguage',
  'userExtraFile',
  'judgeExtraFile',
  'isRemoveEndBlank',
  'openCaseResult',
  'isFileIO',
  'ioReadFileName',
  'ioWriteFileName',
] as const;

/** A name the JSON gives a test file; HOJ's exports of regenerated cases give absolute server paths (§11.1). */
function caseFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  if (!isSafeFileName(base)) throw fail(m.caseNameInvalid(name));
  return base;
}

export interface HojCase {
  input: string;
  output: string;
  score: number | null;
  groupNum: number | null;
}

/**
 * The test cases of a JSON: file names taken from paths (**Changed:** HOJ's importer looks up the
 * absolute paths its own export wrote and fails), an output left out named `<input before the first
 * dot>.out` as HOJ's save does (reference §8.6).
 */
export function hojCases(file: HojProblemFile): HojCase[] {
  return (file.samples ?? []).map((sample) => {
    const input = caseFileName(sample.input ?? '');
    const output = sample.output ? caseFileName(sample.output) : `${input.split('.')[0]}.out`;
    return { input, output, score: sample.score ?? null, groupNum: sample.groupNum ?? null };
  });
}

function judgeModeOf(value: unknown): ProblemDto['judgeMode'] | undefined {
  return (JUDGE_MODES as readonly unknown[]).includes(value) ? (value as ProblemDto['judgeMode']) : undefined;
}

export interface ImportLookups {
  /** the site's local languages, name → id */
  languages: Map<string, number>;
  /** the site's local tags (oj ME, no group), lower-cased name → id */
  tags: Map<string, number>;
}

/**
 * The ProblemDTO of an imported problem (reference §11.1), checked with the admin save's schema so
 * that the save applies its own rules after. Languages and templates are matched by name among the
 * local ones, unknown names dropped, no language at all meaning every one; tags are matched
 * case-insensitively among the site's local tags, others created. `cases` are the file names (with
 * `uploadTestcaseDir` given by the caller) or, for typed cases, their texts.
 */
export function toProblemDto(file: HojProblemFile, lookups: ImportLookups, cases: HojCase[]): ProblemDto {
  const source: Record<string, unknown> = {};
  for (const key of PROBLEM_KEYS) {
    const value = file.problem[key];
    if (value !== null && value !== undefined) source[key] = value;
  }
  // reference §11.1: HOJ's export writes the judge's extra files over the top-level `userExtraFile`,
  // while the problem's own columns hold both right (a column left out was null); the top-level
  // maps count only when the columns carry neither
  if (source.userExtraFile === undefined && source.judgeExtraFile === undefined) {
    source.userExtraFile = file.userExtraFile ?? undefined;
    source.judgeExtraFile = file.judgeExtraFile ?? undefined;
  }
  const judgeMode = judgeModeOf(file.judgeMode) ?? judgeModeOf(source.judgeMode) ?? 'default';
  source.judgeMode = judgeMode;

  const type = source.type === PROBLEM_TYPE.oi || source.type === '1' ? PROBLEM_TYPE.oi : PROBLEM_TYPE.acm;
  const subtask = typeof source.judgeCaseMode === 'string' && isSubtaskMode(source.judgeCaseMode);
  const languageIds = [
    ...new Set((file.languages ?? []).flatMap((name) => lookups.languages.get(name) ?? [])),
  ];
  const tags = new Map<string, { id?: number; name: string; oj?: string }>();
  for (const raw of file.tags ?? []) {
    const name = raw.trim();
    if (name === '' || tags.has(name.toLowerCase())) continue;
    const id = lookups.tags.get(name.toLowerCase());
    tags.set(name.toLowerCase(), id ? { id, name } : { name, oj: LOCAL_OJ });
  }
  const body = {
    problem: source,
    // HOJ writes a case's score only when above 0 and its group when it has one (database default 1)
    samples: cases.map((c) => ({
      input: c.input,
      output: c.output,
      score: c.score ?? (type === PROBLEM_TYPE.oi ? 0 : null),
      groupNum: c.groupNum ?? (subtask ? 1 : null),
    })),
    judgeMode,
    languages: (languageIds.length > 0 ? languageIds : [...lookups.languages.values()]).map((id) => ({ id })),
    tags: [...tags.values()],
    codeTemplates: (file.codeTemplates ?? []).flatMap((t) => {
      const lid = t.language ? lookups.languages.get(t.language) : undefined;
      if (lid === undefined || typeof t.code !== 'string') return [];
      return [{ lid, code: t.code, status: t.status !== false && t.status !== 'false' }];
    }),
  };
  const parsed = problemDto.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw fail(invalidParameter(issue.path.join('.'), issue.message));
  }
  return parsed.data;
}

type ProblemRow = typeof problemTable.$inferSelect;

export interface ExportParts {
  problem: ProblemRow;
  languages: string[];
  tags: string[];
  templates: { language: string; code: string; status: boolean }[];
  cases: { input: string; output: string; score: number | null; groupNum: number }[];
  typedCases: boolean;
}

const fileText = (files: ExtraFiles | null) =>
  files && Object.keys(files).length > 0 ? JSON.stringify(files) : undefined;

/**
 * The JSON of one exported problem (reference §11.1), as HOJ writes it: the problem's columns in
 * camelCase without id, caseVersion, gmtCreate, gmtModified and author, null values left out.
 * **Changed** (so that an export imports back as it was): `auth` is the problem's own (HOJ forces 1,
 * which publishes a hidden problem on the importing site); `judgeExtraFile` is the judge's files
 * (HOJ writes them over `userExtraFile`); case names are the folder's file names, never server
 * paths; a score of 0 is written; a disabled template carries `status: false`; typed cases say so
 * in `typedCases`. The group columns (gid, isGroup, applyPublicProgress) name nothing on another site
 * and are left out.
 */
export function exportedProblemFile(parts: ExportParts) {
  const p = parts.problem;
  const problem = {
    problemId: p.problemId,
    title: p.title,
    type: p.type,
    judgeMode: p.judgeMode,
    judgeCaseMode: p.judgeCaseMode,
    timeLimit: p.timeLimit,
    memoryLimit: p.memoryLimit,
    stackLimit: p.stackLimit,
    description: p.description,
    input: p.input,
    output: p.output,
    examples: p.examples,
    isRemote: p.isRemote,
    source: p.source,
    difficulty: p.difficulty,
    hint: p.hint,
    auth: p.auth,
    ioScore: p.ioScore,
    codeShare: p.codeShare,
    spjCode: p.spjCode,
    spjLanguage: p.spjLanguage,
    userExtraFile: fileText(p.userExtraFile ?? null),
    judgeExtraFile: fileText(p.judgeExtraFile ?? null),
    isRemoveEndBlank: p.isRemoveEndBlank,
    openCaseResult: p.openCaseResult,
    // reference §11.1: true, as the test data travels as files
    isUploadCase: true,
    modifiedUser: p.modifiedUser,
    isFileIO: p.isFileIo,
    ioReadFileName: p.ioReadFileName,
    ioWriteFileName: p.ioWriteFileName,
  };
  return withoutNulls({
    problem: withoutNulls(problem),
    languages: parts.languages,
    samples: parts.cases.map((c) =>
      withoutNulls({ input: c.input, output: c.output, score: c.score, groupNum: c.groupNum }),
    ),
    tags: parts.tags,
    codeTemplates: parts.templates.map((t) =>
      t.status
        ? { language: t.language, code: t.code }
        : { language: t.language, code: t.code, status: false },
    ),
    userExtraFile: nonEmpty(p.userExtraFile ?? null),
    judgeExtraFile: nonEmpty(p.judgeExtraFile ?? null),
    judgeMode: p.judgeMode,
    typedCases: parts.typedCases ? true : undefined,
  });
}

const nonEmpty = (files: ExtraFiles | null) => (files && Object.keys(files).length > 0 ? files : undefined);

/** HOJ's JSONUtil leaves null values out. */
function withoutNulls<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, v]) => v !== null && v !== undefined),
  ) as Partial<T>;
}
