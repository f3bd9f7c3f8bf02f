import { z } from 'zod';
import type yauzl from 'yauzl';
import type { AuthUser } from '../../../http/auth/access.ts';
import { fail } from '../../../http/errors.ts';
import { ZipRejected } from '../../file/testcase-zip.ts';
import type { HojProblemFile, ProblemZipLimits } from './hoj-format.ts';
import { folderZipLayout, readEntryText } from './hoj-zip.ts';
import {
  importZip,
  type CaseSource,
  type ImportContext,
  type ImportResult,
  type ProblemToImport,
} from './import.ts';
import { transferMessages as m } from './messages.ts';

/**
 * QDUOJ's (QingdaoU OJ's) problem zip (reference §11.2; HOJ's ImportQDUOJProblemManager): one
 * folder per problem at the root, each with one JSON file (QDUOJ names it `problem.json`) and a
 * folder `testcase/` of test files. This reads it into the shared pipeline's form.
 */

/** reference §11.2: the languages HOJ enables on every QDUOJ problem (those this site lacks are dropped). */
export const QDOJ_LANGUAGES = [
  'C',
  'C With O2',
  'C++',
  'C++ With O2',
  'Java',
  'Python3',
  'Python2',
  'Golang',
  'C#',
];

const text = z.string().nullish();
const rich = z
  .union([z.object({ value: text, format: text }).passthrough(), z.string()])
  .nullish()
  .transform((v) => (typeof v === 'string' ? v : (v?.value ?? null)));
const int = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v),
  z.number().nullish(),
);

/** The keys HOJ reads of QDUOJ's `problem.json` (its export's ExportProblemSerializer), leniently. */
const qdojProblem = z.object({
  display_id: z.union([z.string(), z.number()]).nullish(),
  title: z.string(),
  description: rich,
  input_description: rich,
  output_description: rich,
  hint: rich,
  time_limit: int,
  memory_limit: int,
  rule_type: text,
  source: text,
  tags: z.array(z.string()).nullish(),
  samples: z.array(z.object({ input: text, output: text })).nullish(),
  test_case_score: z.array(z.object({ input_name: text, output_name: text, score: int })).nullish(),
  spj: z.object({ code: text, language: text }).passthrough().nullish(),
});

/** hutool's UnicodeUtil.toString, which HOJ applies to the statement: `\uXXXX` written out in the text decoded. */
export function unicodeUnescape(value: string): string {
  return value.replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

const statement = (value: string | null | undefined) => (value == null ? undefined : unicodeUnescape(value));

/** HOJ's examples column: `<input>…</input><output>…</output>` for each sample. */
export const examplesOf = (samples: { input?: string | null; output?: string | null }[]) =>
  samples.map((s) => `<input>${s.input ?? ''}</input><output>${s.output ?? ''}</output>`).join('');

/**
 * One QDUOJ problem.json as HOJ maps it (reference §11.2): display_id → problem id, the statement's
 * `value`s, rule_type ACM → ACM, anything else OI, test_case_score → the cases with their scores,
 * spj → judge mode spj with its code and language; auth 1 (**Changed:** HOJ's `auth` 1 is public,
 * as here), difficulty 1, end blanks removed, case results open, no code sharing.
 */
export function qdojToHoj(key: string, raw: unknown): HojProblemFile {
  const parsed = qdojProblem.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw fail(m.badJson(key, `${issue.path.join('.') || 'JSON'}: ${issue.message}`));
  }
  const q = parsed.data;
  const spj = q.spj && typeof q.spj.code === 'string' && q.spj.code.trim() !== '' ? q.spj : undefined;
  const problem: Record<string, unknown> = {
    problemId: q.display_id == null ? undefined : String(q.display_id),
    title: q.title,
    type: q.rule_type === 'ACM' ? 0 : 1,
    description: statement(q.description),
    input: statement(q.input_description),
    output: statement(q.output_description),
    hint: statement(q.hint),
    timeLimit: q.time_limit ?? undefined,
    memoryLimit: q.memory_limit ?? undefined,
    source: q.source ?? undefined,
    examples: examplesOf(q.samples ?? []),
    auth: 1,
    difficulty: 1,
    isRemoveEndBlank: true,
    openCaseResult: true,
    codeShare: false,
    spjCode: spj?.code ?? undefined,
    spjLanguage: spj?.language ?? undefined,
  };
  return {
    problem,
    languages: QDOJ_LANGUAGES,
    samples: (q.test_case_score ?? []).map((c) => ({
      input: c.input_name,
      // QDUOJ's special-judge cases have no output ("-" or none): an empty one stands in
      output:
        c.output_name && c.output_name !== '-' ? c.output_name : `${(c.input_name ?? '').split('.')[0]}.out`,
      score: c.score == null ? null : Math.trunc(c.score),
      groupNum: null,
    })),
    tags: (q.tags ?? []).map(unicodeUnescape),
    codeTemplates: [],
    judgeMode: spj ? 'spj' : 'default',
  };
}

async function readQdojProblem(
  zip: yauzl.ZipFile,
  key: string,
  files: Map<string, yauzl.Entry>,
  limits: ProblemZipLimits,
): Promise<ProblemToImport> {
  const direct = [...files.keys()].filter((name) => !name.includes('/'));
  // HOJ takes any file directly in the folder whose name ends in "json" and refuses any other
  if (direct.some((name) => !name.endsWith('json'))) throw fail(m.qdojNotJson(key));
  const jsonName = direct.sort().pop();
  if (!jsonName) throw fail(m.qdojJsonMissing(key));
  const text = await readEntryText(
    zip,
    files.get(jsonName)!,
    limits.maxJsonBytes,
    () => new ZipRejected(m.jsonTooLarge(key, `${Math.round(limits.maxJsonBytes / 1024 / 1024)} MiB`)),
  );
  let raw: unknown;
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw fail(m.badJson(key, (error as Error).message));
  }
  const file = qdojToHoj(key, raw);
  const cases = new Map<string, CaseSource>();
  for (const [name, entry] of files) {
    if (name.startsWith('testcase/') && !name.slice(9).includes('/'))
      cases.set(name.slice(9), { zip, entry });
  }
  // a special judge's case without an output file judges against an empty one
  for (const sample of file.samples ?? []) {
    if (sample.output && !cases.has(sample.output) && file.judgeMode === 'spj')
      cases.set(sample.output, { text: '' });
  }
  return {
    file,
    label: typeof file.problem.title === 'string' ? file.problem.title : key,
    files: cases,
    folderName: `${key}/testcase`,
  };
}

/** reference §3.11 `POST /api/file/import-qdoj-problem`, §11.2 (root). */
export function importQdojZip(
  ctx: ImportContext,
  user: AuthUser,
  zipFile: string,
  limits: ProblemZipLimits,
): Promise<ImportResult> {
  return importZip(ctx, user, zipFile, limits, (zip, entries) =>
    folderZipLayout(entries, limits).map(({ key, files }) => ({
      key,
      read: () => readQdojProblem(zip, key, files, limits),
    })),
  );
}
