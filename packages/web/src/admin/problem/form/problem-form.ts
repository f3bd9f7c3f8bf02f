import {
  CASE_MODES_BY_TYPE,
  LOCAL_OJ,
  PROBLEM_LIMITS,
  caseInput,
  caseModeFitsType,
  compareCaseFiles,
  isJudgeProgramLanguage,
  isProblemId,
  isSafeFileName,
  isSubtaskMode,
  problemInput,
  tagInput,
  type CaseMode,
  type JudgeMode,
  type JudgeProgramLanguage,
  type UploadedCaseFile,
} from '@verdict/shared';
import type {
  AdminProblem,
  CodeTemplateRow,
  LanguageRow,
  ProblemCaseRow,
  ProblemDtoBody,
  TagRow,
} from '../../../api/admin-problem';
import { schemaIssue } from './schema-issue';

/**
 * The problem create/edit form as plain data, and the pure rules around it: defaults, loading a
 * saved problem, the OI score spread, client-side validation (the server's rules of spec part 2 §5 /
 * reference §3.12, checked first so the admin sees them at once, with the shared schemas and rules of
 * @verdict/shared) and the mapping to the ProblemDTO body.
 */

export type ProblemType = 0 | 1;
export type ProblemAuthValue = 1 | 2 | 3;
/** reference §4.2 spj_language: checkers and interactors are written in C or C++. */
export type CheckerLanguage = JudgeProgramLanguage;
export type CaseSource = 'upload' | 'manual';

export interface ExampleItem {
  key: string;
  input: string;
  output: string;
}

/** One test case: typed texts, or the file names of an uploaded zip. */
export interface CaseItem {
  key: string;
  input: string;
  output: string;
  score: number | null;
  groupNum: number | null;
}

export interface ExtraFileItem {
  key: string;
  name: string;
  content: string;
}

/** A tag of the problem: an existing one (id) or a new one by name (id null, reference §3.12). */
export interface TagItem {
  id: number | null;
  name: string;
  color?: string | null;
}

export interface TemplateItem {
  enabled: boolean;
  code: string;
}

export interface ProblemFormState {
  /** the numeric id when editing */
  id: number | null;
  problemId: string;
  title: string;
  timeLimit: number | null;
  memoryLimit: number | null;
  stackLimit: number | null;
  difficulty: number;
  type: ProblemType;
  auth: ProblemAuthValue;
  codeShare: boolean;
  description: string;
  input: string;
  output: string;
  hint: string;
  source: string;
  examples: ExampleItem[];
  tags: TagItem[];
  /** chosen language ids */
  languageIds: number[];
  /** code templates by language id; only enabled ones of chosen languages are saved */
  templates: Record<number, TemplateItem>;
  judgeMode: JudgeMode;
  spjLanguage: CheckerLanguage;
  spjCode: string;
  judgeExtraFiles: ExtraFileItem[];
  userExtraFiles: ExtraFileItem[];
  caseSource: CaseSource;
  /** cases of an uploaded zip (this session's, or the saved problem's files) */
  uploadedCases: CaseItem[];
  /** `fileListDir` of the zip uploaded in this session; null = the problem's saved files */
  uploadDir: string | null;
  manualCases: CaseItem[];
  judgeCaseMode: CaseMode;
  isRemoveEndBlank: boolean;
  openCaseResult: boolean;
  isFileIO: boolean;
  ioReadFileName: string;
  ioWriteFileName: string;
}

/** Spec part 2 §5 / §9: at most 2 statement examples. */
export const EXAMPLES_MAX = 2;
/** Spec part 2 §4: the points spread across the cases when the type becomes OI. */
export const OI_TOTAL_SCORE = 100;
/** Spec part 2 §9: the checker language of a new problem. */
export const DEFAULT_CHECKER_LANGUAGE: CheckerLanguage = 'C';
export const JUDGE_MODE_OPTIONS: readonly JudgeMode[] = ['default', 'spj', 'interactive'];

let keySeed = 0;
/** A stable React key for list items (examples, cases, files). */
export function nextKey(prefix = 'k'): string {
  keySeed += 1;
  return `${prefix}${keySeed}`;
}

// ---- examples (reference §4.2 problem.examples) -----------------------------------------------

/** `<input>…</input><output>…</output>` repeated; examples left entirely empty are dropped. */
export function examplesToString(examples: Pick<ExampleItem, 'input' | 'output'>[]): string {
  return examples
    .filter((e) => e.input !== '' || e.output !== '')
    .map((e) => `<input>${e.input}</input><output>${e.output}</output>`)
    .join('');
}

export function stringToExamples(value: string | null | undefined): ExampleItem[] {
  if (!value) return [];
  const pattern = /<input>([\s\S]*?)<\/input>\s*<output>([\s\S]*?)<\/output>/g;
  return [...value.matchAll(pattern)].map((m) => ({
    key: nextKey('e'),
    input: m[1] ?? '',
    output: m[2] ?? '',
  }));
}

// ---- scores (spec part 2 §4, reference §8.2, §8.10) -------------------------------------------

/**
 * Spec part 2 §4: `total` points spread evenly over `count` cases, the remainder one point each to
 * the last ones (100 over 3 → 33, 33, 34).
 */
export function spreadScores(count: number, total = OI_TOTAL_SCORE): number[] {
  if (count <= 0) return [];
  const each = Math.floor(total / count);
  const extra = total - each * count;
  return Array.from({ length: count }, (_, i) => (i >= count - extra ? each + 1 : each));
}

/** reference §8.10: the case modes a problem type may use. */
export function caseModesFor(type: ProblemType): readonly CaseMode[] {
  return CASE_MODES_BY_TYPE[type];
}

/** Fills missing group numbers with 1 (the server's default group, reference §8.6). */
function withGroups(cases: CaseItem[]): CaseItem[] {
  return cases.map((c) => (c.groupNum === null ? { ...c, groupNum: 1 } : c));
}

/**
 * Spec part 2 §4: switching to OI spreads 100 points over the cases; a case mode the new type does
 * not have falls back to default (reference §8.10).
 */
export function changeType(form: ProblemFormState, type: ProblemType): ProblemFormState {
  if (type === form.type) return form;
  const judgeCaseMode = caseModeFitsType(type, form.judgeCaseMode) ? form.judgeCaseMode : 'default';
  if (type === 0) return { ...form, type, judgeCaseMode };
  const spread = (cases: CaseItem[]) => {
    const scores = spreadScores(cases.length);
    return cases.map((c, i) => ({ ...c, score: scores[i] ?? 0 }));
  };
  return {
    ...form,
    type,
    judgeCaseMode,
    manualCases: spread(form.manualCases),
    uploadedCases: spread(form.uploadedCases),
  };
}

/** A subtask mode needs a group number on every case. */
export function changeCaseMode(form: ProblemFormState, judgeCaseMode: CaseMode): ProblemFormState {
  if (!isSubtaskMode(judgeCaseMode)) return { ...form, judgeCaseMode };
  return {
    ...form,
    judgeCaseMode,
    manualCases: withGroups(form.manualCases),
    uploadedCases: withGroups(form.uploadedCases),
  };
}

/**
 * The cases of a fresh upload: sorted as the server sorts them, OI scores spread over them, group
 * numbers as answered (1 in subtask modes) — editable afterwards.
 */
export function casesFromUpload(
  files: UploadedCaseFile[],
  type: ProblemType,
  caseMode: CaseMode,
): CaseItem[] {
  const sorted = [...files].sort(compareCaseFiles);
  const scores = spreadScores(sorted.length);
  return sorted.map((f, i) => ({
    key: nextKey('u'),
    input: f.input,
    output: f.output,
    score: type === 1 ? (scores[i] ?? 0) : null,
    groupNum: f.groupNum ?? (isSubtaskMode(caseMode) ? 1 : null),
  }));
}

/** A new typed case: OI cases start at 0 points, subtask cases in a group of their own. */
export function newManualCase(form: ProblemFormState): CaseItem {
  return {
    key: nextKey('m'),
    input: '',
    output: '',
    score: form.type === 1 ? 0 : null,
    groupNum: isSubtaskMode(form.judgeCaseMode) ? form.manualCases.length + 1 : null,
  };
}

// ---- loading --------------------------------------------------------------------------------

/**
 * The languages a new problem accepts at first: those the connected judges offer (`available`), not
 * every language the site knows (issue 24 item 19: HOJ ticks all 20, including those no judge has,
 * and submissions in them would wait for a judge that never comes). With no judge online, or from a
 * server that does not say, all of them, as HOJ does.
 */
export function defaultLanguageIds(languages: LanguageRow[]): number[] {
  const offered = languages.filter((l) => l.available === true);
  return (offered.length > 0 ? offered : languages).map((l) => l.id);
}

/** A new problem's form (`defaultLanguageIds` decides its languages). */
export function defaultProblemForm(languages: LanguageRow[]): ProblemFormState {
  return {
    id: null,
    problemId: '',
    title: '',
    timeLimit: PROBLEM_LIMITS.timeLimitDefault,
    memoryLimit: PROBLEM_LIMITS.memoryLimitDefault,
    stackLimit: PROBLEM_LIMITS.stackLimitDefault,
    difficulty: 0,
    type: 0,
    auth: 1,
    codeShare: true,
    description: '',
    input: '',
    output: '',
    hint: '',
    source: '',
    examples: [{ key: nextKey('e'), input: '', output: '' }],
    tags: [],
    languageIds: defaultLanguageIds(languages),
    templates: templatesFor(languages, []),
    judgeMode: 'default',
    spjLanguage: DEFAULT_CHECKER_LANGUAGE,
    spjCode: '',
    judgeExtraFiles: [],
    userExtraFiles: [],
    caseSource: 'upload',
    uploadedCases: [],
    uploadDir: null,
    manualCases: [],
    judgeCaseMode: 'default',
    isRemoveEndBlank: true,
    openCaseResult: true,
    isFileIO: false,
    ioReadFileName: '',
    ioWriteFileName: '',
  };
}

/** Every language gets a template entry: the saved one (enabled), else the language's skeleton. */
function templatesFor(languages: LanguageRow[], saved: CodeTemplateRow[]): Record<number, TemplateItem> {
  const result: Record<number, TemplateItem> = {};
  for (const language of languages) {
    const row = saved.find((t) => t.lid === language.id);
    result[language.id] = row
      ? { enabled: row.status, code: row.code }
      : { enabled: false, code: language.codeTemplate ?? '' };
  }
  for (const row of saved) {
    if (!result[row.lid]) result[row.lid] = { enabled: row.status, code: row.code };
  }
  return result;
}

/** reference §4.2: extra files come as a JSON string (or null) of file name → content. */
export function parseExtraFiles(value: string | null | undefined): ExtraFileItem[] {
  if (!value) return [];
  try {
    const parsed = JSON.parse(value) as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return [];
    return Object.entries(parsed as Record<string, unknown>).map(([name, content]) => ({
      key: nextKey('f'),
      name,
      content: typeof content === 'string' ? content : '',
    }));
  } catch {
    return [];
  }
}

export interface SavedProblem {
  problem: AdminProblem;
  cases: ProblemCaseRow[];
  tags: TagRow[];
  languageIds: number[];
  templates: CodeTemplateRow[];
}

const toType = (value: number): ProblemType => (value === 1 ? 1 : 0);
const toAuth = (value: number): ProblemAuthValue => (value === 2 ? 2 : value === 3 ? 3 : 1);

/** The form of a saved problem (its cases, tags, languages and templates read beside it). */
export function formFromProblem(saved: SavedProblem, languages: LanguageRow[]): ProblemFormState {
  const p = saved.problem;
  const type = toType(p.type);
  const cases: CaseItem[] = saved.cases.map((c) => ({
    key: nextKey(p.isUploadCase ? 'u' : 'm'),
    input: c.input ?? '',
    output: c.output ?? '',
    score: c.score,
    groupNum: c.groupNum,
  }));
  return {
    id: p.id,
    problemId: p.problemId,
    title: p.title,
    timeLimit: p.timeLimit,
    memoryLimit: p.memoryLimit,
    stackLimit: p.stackLimit,
    difficulty: p.difficulty,
    type,
    auth: toAuth(p.auth),
    codeShare: p.codeShare,
    description: p.description ?? '',
    input: p.input ?? '',
    output: p.output ?? '',
    hint: p.hint ?? '',
    source: p.source ?? '',
    examples: stringToExamples(p.examples),
    tags: saved.tags.map((t) => ({ id: t.id, name: t.name, color: t.color })),
    languageIds: saved.languageIds,
    templates: templatesFor(languages, saved.templates),
    judgeMode: p.judgeMode,
    spjLanguage: p.spjLanguage === 'C++' ? 'C++' : DEFAULT_CHECKER_LANGUAGE,
    spjCode: p.spjCode ?? '',
    judgeExtraFiles: parseExtraFiles(p.judgeExtraFile),
    userExtraFiles: parseExtraFiles(p.userExtraFile),
    caseSource: p.isUploadCase ? 'upload' : 'manual',
    uploadedCases: p.isUploadCase ? cases : [],
    uploadDir: null,
    manualCases: p.isUploadCase ? [] : cases,
    judgeCaseMode: p.judgeCaseMode,
    isRemoveEndBlank: p.isRemoveEndBlank,
    openCaseResult: p.openCaseResult,
    isFileIO: p.isFileIO,
    ioReadFileName: p.ioReadFileName ?? '',
    ioWriteFileName: p.ioWriteFileName ?? '',
  };
}

// ---- the checker's compile state (spec part 2 §4) ---------------------------------------------

/** What the Compile button last answered, for which code and language. */
export interface CompileResult {
  code: string;
  language: CheckerLanguage;
  /**
   * ok: compiled; error: compile error (body status 500, the compiler's output); unavailable: not
   * checked (no judge server took or answered the check in time, or another refusal)
   */
  outcome: 'ok' | 'unavailable' | 'error';
  message: string;
}

/** The judging settings as loaded, to tell what the admin changed (a new problem has none). */
export interface CheckerBaseline {
  judgeMode: JudgeMode;
  judgeCaseMode: CaseMode;
  spjCode: string;
  spjLanguage: CheckerLanguage;
}

export function baselineOf(form: ProblemFormState): CheckerBaseline {
  return {
    judgeMode: form.judgeMode,
    judgeCaseMode: form.judgeCaseMode,
    spjCode: form.spjCode,
    spjLanguage: form.spjLanguage,
  };
}

/** Spec part 2 §4: the checker or interactor changed since it was loaded (a new one always has). */
export function checkerChanged(form: ProblemFormState, baseline: CheckerBaseline | null): boolean {
  if (form.judgeMode === 'default') return false;
  if (!baseline) return true;
  return (
    baseline.judgeMode !== form.judgeMode ||
    baseline.spjCode !== form.spjCode ||
    baseline.spjLanguage !== form.spjLanguage
  );
}

/**
 * Spec part 2 §4: a changed checker must be compiled before saving. When no judge server could check
 * it (none online), the attempt counts: the checker is compiled at its first judging, and the save
 * itself still checks the language and extra files.
 */
export function checkerReady(
  form: ProblemFormState,
  baseline: CheckerBaseline | null,
  compiled: CompileResult | null,
): boolean {
  if (!checkerChanged(form, baseline)) return true;
  return (
    !!compiled &&
    compiled.code === form.spjCode &&
    compiled.language === form.spjLanguage &&
    compiled.outcome !== 'error'
  );
}

// ---- validation (spec part 2 §5, reference §3.12; the server's checks in packages/server) ----------

export type FormField =
  | 'problemId'
  | 'title'
  | 'timeLimit'
  | 'memoryLimit'
  | 'stackLimit'
  | 'statement'
  | 'fileIO'
  | 'cases'
  | 'caseMode'
  | 'checker'
  | 'languages'
  | 'templates'
  | 'extraFiles';

export type FormErrorKey =
  | 'problemIdInvalid'
  | 'problemIdTooLong'
  | 'titleRequired'
  | 'titleTooLong'
  | 'timeLimitRange'
  | 'memoryLimitRange'
  | 'stackLimitRange'
  | 'textTooLong'
  | 'fileIONames'
  | 'uploadRequired'
  | 'casesRequired'
  | 'tooManyCases'
  | 'caseEmpty'
  | 'scoreInteger'
  | 'scoreNonNegative'
  | 'groupRequired'
  | 'caseModeNotForType'
  | 'checkerRequired'
  | 'checkerLanguage'
  | 'checkerNotCompiled'
  | 'languagesRequired'
  | 'templateEmpty'
  | 'extraFileName'
  | 'extraFileDuplicate';

export interface FormError {
  field: FormField;
  key: FormErrorKey;
  params?: Record<string, string | number>;
}

/** The problem's fields as the server's schema checks them (shared problemInput, reference §3.12). */
const FIELDS = problemInput.shape;

export interface ValidationContext {
  /** language names by id, for the template message */
  languageNames: Record<number, string>;
  checkerBaseline: CheckerBaseline | null;
  compiled: CompileResult | null;
}

/** The cases that will be saved, by the chosen source. */
export const activeCases = (form: ProblemFormState) =>
  form.caseSource === 'upload' ? form.uploadedCases : form.manualCases;

function extraFileErrors(files: ExtraFileItem[]): FormError | null {
  const seen = new Set<string>();
  for (const file of files) {
    if (!isSafeFileName(file.name.trim()))
      return { field: 'extraFiles', key: 'extraFileName', params: { name: file.name } };
    if (seen.has(file.name.trim()))
      return { field: 'extraFiles', key: 'extraFileDuplicate', params: { name: file.name } };
    seen.add(file.name.trim());
  }
  return null;
}

function caseErrors(form: ProblemFormState): FormError[] {
  const errors: FormError[] = [];
  const cases = activeCases(form);
  if (form.caseSource === 'upload' && cases.length === 0) {
    return [{ field: 'cases', key: 'uploadRequired' }];
  }
  if (cases.length === 0) return [{ field: 'cases', key: 'casesRequired' }];
  if (cases.length > PROBLEM_LIMITS.casesMax) {
    return [{ field: 'cases', key: 'tooManyCases', params: { max: PROBLEM_LIMITS.casesMax } }];
  }
  const subtask = isSubtaskMode(form.judgeCaseMode);
  cases.forEach((c, i) => {
    const n = i + 1;
    if (form.caseSource === 'manual' && c.input === '' && c.output === '') {
      errors.push({ field: 'cases', key: 'caseEmpty', params: { n } });
    }
    if (form.type === 1) {
      // the schema takes an integer or none; an OI case must have one (the server's cases.ts)
      if (c.score === null || schemaIssue(caseInput.shape.score, c.score))
        errors.push({ field: 'cases', key: 'scoreInteger', params: { n } });
      else if (c.score < 0) errors.push({ field: 'cases', key: 'scoreNonNegative', params: { n } });
    }
    if (subtask && (c.groupNum === null || !Number.isInteger(c.groupNum) || c.groupNum < 1)) {
      errors.push({ field: 'cases', key: 'groupRequired', params: { n } });
    }
  });
  return errors;
}

/**
 * Every problem of the form, in the order the admin should fix them (spec part 2 §5's save-time
 * order, after the basic fields). The first one is shown as the toast.
 */
export function validateProblemForm(form: ProblemFormState, ctx: ValidationContext): FormError[] {
  const errors: FormError[] = [];
  const problemId = form.problemId.trim();
  if (schemaIssue(FIELDS.problemId, problemId))
    errors.push({
      field: 'problemId',
      key: 'problemIdTooLong',
      params: { max: PROBLEM_LIMITS.problemIdMax },
    });
  else if (problemId !== '' && !isProblemId(problemId))
    errors.push({ field: 'problemId', key: 'problemIdInvalid' });

  const titleIssue = schemaIssue(FIELDS.title, form.title);
  if (titleIssue === 'too_small') errors.push({ field: 'title', key: 'titleRequired' });
  else if (titleIssue)
    errors.push({ field: 'title', key: 'titleTooLong', params: { max: PROBLEM_LIMITS.titleMax } });

  // an empty limit (null) is refused too: the schema's default is for a field left out, not cleared
  if (schemaIssue(FIELDS.timeLimit, form.timeLimit))
    errors.push({ field: 'timeLimit', key: 'timeLimitRange', params: { max: PROBLEM_LIMITS.timeLimitMax } });
  if (schemaIssue(FIELDS.memoryLimit, form.memoryLimit))
    errors.push({
      field: 'memoryLimit',
      key: 'memoryLimitRange',
      params: { max: PROBLEM_LIMITS.memoryLimitMax },
    });
  if (schemaIssue(FIELDS.stackLimit, form.stackLimit))
    errors.push({
      field: 'stackLimit',
      key: 'stackLimitRange',
      params: { max: PROBLEM_LIMITS.stackLimitMax },
    });

  const texts = [
    schemaIssue(FIELDS.description, form.description),
    schemaIssue(FIELDS.input, form.input),
    schemaIssue(FIELDS.output, form.output),
    schemaIssue(FIELDS.hint, form.hint),
    schemaIssue(FIELDS.source, form.source),
    schemaIssue(FIELDS.examples, examplesToString(form.examples)),
  ];
  if (texts.some((issue) => issue !== undefined)) {
    errors.push({ field: 'statement', key: 'textTooLong', params: { max: PROBLEM_LIMITS.textMax } });
  }

  // spec part 2 §5 save-time order: file I/O names, test cases, scores, groups, checker, languages, templates
  if (
    form.isFileIO &&
    (!isSafeFileName(form.ioReadFileName.trim()) || !isSafeFileName(form.ioWriteFileName.trim()))
  ) {
    errors.push({ field: 'fileIO', key: 'fileIONames' });
  }
  errors.push(...caseErrors(form));
  if (!caseModeFitsType(form.type, form.judgeCaseMode)) {
    errors.push({ field: 'caseMode', key: 'caseModeNotForType' });
  }
  if (form.judgeMode !== 'default') {
    if (form.spjCode.trim() === '') errors.push({ field: 'checker', key: 'checkerRequired' });
    else if (!isJudgeProgramLanguage(form.spjLanguage))
      errors.push({ field: 'checker', key: 'checkerLanguage' });
    else if (!checkerReady(form, ctx.checkerBaseline, ctx.compiled))
      errors.push({ field: 'checker', key: 'checkerNotCompiled' });
  }
  if (form.languageIds.length === 0) errors.push({ field: 'languages', key: 'languagesRequired' });
  for (const lid of form.languageIds) {
    const template = form.templates[lid];
    if (template?.enabled && template.code.trim() === '') {
      errors.push({
        field: 'templates',
        key: 'templateEmpty',
        params: { language: ctx.languageNames[lid] ?? String(lid) },
      });
    }
  }
  const extra = extraFileErrors(form.judgeExtraFiles) ?? extraFileErrors(form.userExtraFiles);
  if (extra) errors.push(extra);
  return errors;
}

// ---- the ProblemDTO body (reference §3.12) -----------------------------------------------------

function filesToJson(files: ExtraFileItem[]): string | null {
  if (files.length === 0) return null;
  return JSON.stringify(Object.fromEntries(files.map((f) => [f.name.trim(), f.content])));
}

/**
 * The body of `POST|PUT /api/admin/problem`: statement fields trimmed where the server trims, the
 * test cases of the chosen source (OI scores; group numbers in subtask modes), the checker only in
 * a special or interactive mode, the enabled templates of the chosen languages, the tags (new ones
 * by name in the local namespace).
 */
export function toProblemDto(
  form: ProblemFormState,
  ctx: Pick<ValidationContext, 'checkerBaseline'>,
): ProblemDtoBody {
  const special = form.judgeMode !== 'default';
  const subtask = isSubtaskMode(form.judgeCaseMode);
  const upload = form.caseSource === 'upload';
  const samples = activeCases(form).map((c) => ({
    input: c.input,
    output: c.output,
    score: form.type === 1 ? c.score : null,
    groupNum: subtask ? c.groupNum : null,
  }));
  const languageIds = [...new Set(form.languageIds)];
  return {
    problem: {
      ...(form.id ? { id: form.id } : {}),
      problemId: form.problemId.trim() === '' ? null : form.problemId.trim(),
      title: form.title.trim(),
      type: form.type,
      judgeMode: form.judgeMode,
      judgeCaseMode: form.judgeCaseMode,
      timeLimit: form.timeLimit ?? PROBLEM_LIMITS.timeLimitDefault,
      memoryLimit: form.memoryLimit ?? PROBLEM_LIMITS.memoryLimitDefault,
      stackLimit: form.stackLimit ?? PROBLEM_LIMITS.stackLimitDefault,
      description: form.description,
      input: form.input,
      output: form.output,
      examples: examplesToString(form.examples),
      source: form.source,
      hint: form.hint,
      difficulty: form.difficulty,
      auth: form.auth,
      codeShare: form.codeShare,
      spjCode: special ? form.spjCode : null,
      spjLanguage: special ? form.spjLanguage : null,
      userExtraFile: filesToJson(form.userExtraFiles),
      judgeExtraFile: filesToJson(form.judgeExtraFiles),
      isRemoveEndBlank: form.isRemoveEndBlank,
      openCaseResult: form.openCaseResult,
      isUploadCase: upload,
      isFileIO: form.isFileIO,
      ioReadFileName: form.isFileIO ? form.ioReadFileName.trim() : null,
      ioWriteFileName: form.isFileIO ? form.ioWriteFileName.trim() : null,
    },
    samples,
    isUploadTestCase: upload,
    uploadTestcaseDir: upload ? form.uploadDir : null,
    judgeMode: form.judgeMode,
    // accepted for HOJ clients; the server finds the changes itself
    changeModeCode:
      checkerChanged(form, ctx.checkerBaseline) ||
      (ctx.checkerBaseline !== null && ctx.checkerBaseline.judgeMode !== form.judgeMode),
    changeJudgeCaseMode:
      ctx.checkerBaseline === null || ctx.checkerBaseline.judgeCaseMode !== form.judgeCaseMode,
    languages: languageIds.map((id) => ({ id })),
    tags: form.tags.map((t) => (t.id ? { id: t.id, name: t.name } : { name: t.name.trim(), oj: LOCAL_OJ })),
    codeTemplates: languageIds
      .filter((lid) => form.templates[lid]?.enabled)
      .map((lid) => ({ lid, code: form.templates[lid]!.code, status: true })),
  };
}

/** Whether a tag of this name is already on the problem (spec part 2 §5: duplicates are refused). */
export function hasTag(tags: TagItem[], name: string): boolean {
  const wanted = name.trim();
  return tags.some((t) => t.name.trim() === wanted);
}

/** A new tag's name as the server's tag schema checks it (reference §3.12): too long, or fine. */
export function newTagNameError(name: string): 'nameTooLong' | undefined {
  return schemaIssue(tagInput.shape.name, name) === 'too_big' ? 'nameTooLong' : undefined;
}

/** An existing tag of this name in the local namespace, else a new one by name. */
export function tagFor(name: string, known: TagRow[]): TagItem {
  const trimmed = name.trim();
  const existing = known.find((t) => t.name === trimmed && t.oj === LOCAL_OJ);
  return existing
    ? { id: existing.id, name: existing.name, color: existing.color }
    : { id: null, name: trimmed };
}
