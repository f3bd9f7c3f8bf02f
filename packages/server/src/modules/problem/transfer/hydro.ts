import { randomUUID } from 'node:crypto';
import { parse as parseYaml } from 'yaml';
import type yauzl from 'yauzl';
import type { AuthUser } from '../../../http/auth/access.ts';
import { fail } from '../../../http/errors.ts';
import { detectImageType, PUBLIC_IMG_PREFIX } from '../../account/avatar.ts';
import { ZipRejected } from '../../file/testcase-zip.ts';
import type { HojProblemFile, ProblemZipLimits } from './hoj-format.ts';
import { byName, folderZipLayout, readEntryBytes, readEntryText } from './hoj-zip.ts';
import {
  importZip,
  type CaseSource,
  type ImportContext,
  type ImportResult,
  type ProblemToImport,
  type StatementImage,
} from './import.ts';
import { transferMessages as m } from './messages.ts';
import { examplesOf } from './qduoj.ts';

/**
 * Hydro's problem zip (reference §11.4; HOJ's ImportHydroProblemManager): one folder per problem
 * with `problem.yaml`, the statement `problem_zh.md` or `problem.md`, `testdata/` (its
 * `config.yaml` and test files) and `additional_file/` (what the statement links as `file://name`).
 */

type Yaml = Record<string, unknown>;

const str = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;
const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.flatMap((x) => (str(x) === undefined ? [] : [str(x)!])) : [];
const int = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? Math.trunc(n) : null;
};

/** reference §11.4: Hydro's language keys, tested in HOJ's order (`cc` before `c`, `py2`/`py3` before `py`). */
export function hydroLanguage(lang: string): string | undefined {
  if (lang.includes('cc') && lang.includes('o2')) return 'C++ With O2';
  if (lang.includes('cc')) return 'C++';
  if (lang.includes('c') && lang.includes('o2')) return 'C With O2';
  if (lang.includes('cs')) return 'C#';
  if (lang.includes('c')) return 'C';
  if (lang.includes('go')) return 'Golang';
  if (lang.includes('java')) return 'Java';
  if (lang.includes('php')) return 'PHP';
  if (lang.includes('nodejs')) return 'JavaScript Node';
  if (lang.includes('py2')) return 'PyPy2';
  if (lang.includes('py3')) return 'PyPy3';
  if (lang.includes('py')) return 'Python3';
  return undefined;
}

/** reference §11.4: "1s", "1000ms" → ms (HOJ's rules); undefined leaves the save's default. */
export function hydroTime(value: unknown): number | undefined {
  const text = str(value)?.trim().toLowerCase();
  const match = text && /^(\d+(?:\.\d+)?)\s*(ms|s)$/.exec(text);
  if (!match) return undefined;
  return Math.trunc(Number(match[1]) * (match[2] === 's' ? 1000 : 1));
}

/** reference §11.4: "256m", "256mb" → MB. **Changed:** also "k"/"kb" (rounded up) and "g"/"gb", which HOJ leaves unset. */
export function hydroMemory(value: unknown): number | undefined {
  const text = str(value)?.trim().toLowerCase();
  const match = text && /^(\d+(?:\.\d+)?)\s*(k|kb|m|mb|g|gb)$/.exec(text);
  if (!match) return undefined;
  const n = Number(match[1]);
  const unit = match[2]![0];
  return unit === 'k' ? Math.ceil(n / 1024) : Math.trunc(unit === 'g' ? n * 1024 : n);
}

/**
 * The statement as HOJ reads it (reference §11.4): fenced ```` ```inputN ```` / ```` ```outputN ````
 * blocks become the examples, paired in order, and leave the description.
 */
export function hydroStatement(md: string): { description: string; examples: string | undefined } {
  const text = md.replace(/\r\n/g, '\n');
  const inputs = [...text.matchAll(/```input\d+\n([\s\S]*?)\n```/g)].map((x) => x[1]!);
  const outputs = [...text.matchAll(/```output\d+\n([\s\S]*?)\n```/g)].map((x) => x[1]!);
  const description = text
    .replace(/```input\d+\n[\s\S]*?\n```/g, '')
    .replace(/```output\d+\n[\s\S]*?\n```/g, '');
  return {
    description,
    examples:
      inputs.length > 0
        ? examplesOf(inputs.map((input, i) => ({ input, output: outputs[i] ?? '' })))
        : undefined,
  };
}

function yamlOf(key: string, name: string, text: string): Yaml {
  let value: unknown;
  try {
    value = parseYaml(text.replace(/^\uFEFF/, ''), { maxAliasCount: 100 });
  } catch (error) {
    throw fail(m.badField(key, `${name}: ${(error as Error).message.split('\n')[0]}`));
  }
  if (value === null || value === undefined) return {};
  if (typeof value !== 'object' || Array.isArray(value))
    throw fail(m.badField(key, `${name}: not a mapping`));
  return value as Yaml;
}

const checkerLanguage = (name: string) => (/\.(cc|cpp|cxx)$/i.test(name) ? 'C++' : 'C');

async function readHydroProblem(
  zip: yauzl.ZipFile,
  key: string,
  files: Map<string, yauzl.Entry>,
  limits: ProblemZipLimits,
): Promise<ProblemToImport> {
  const read = async (name: string) => {
    const entry = files.get(name);
    if (!entry) throw fail(m.hydroFileMissing(key, name));
    return readEntryText(
      zip,
      entry,
      limits.maxJsonBytes,
      () => new ZipRejected(m.fileTooLarge(`${key}/${name}`, limits.maxJsonBytes)),
    );
  };
  const problemYaml = yamlOf(key, 'problem.yaml', await read('problem.yaml'));
  const config = files.has('testdata/config.yaml')
    ? yamlOf(key, 'testdata/config.yaml', await read('testdata/config.yaml'))
    : {};
  const title = str(problemYaml.title) ?? '';
  const label = title.trim() || key;

  const problem: Record<string, unknown> = {
    title,
    type: 1,
    auth: 1,
    difficulty: 1,
    isRemoveEndBlank: true,
    openCaseResult: true,
    codeShare: false,
    judgeCaseMode: 'default',
  };
  const pid = str(problemYaml.pid);
  if (pid !== undefined && pid !== 'null') problem.problemId = pid;

  // testdata/config.yaml
  let judgeMode: 'default' | 'spj' | 'interactive' = 'default';
  const type = str(config.type);
  if (type === undefined || type === 'default') {
    const checker = str(config.checker);
    if (checker) {
      judgeMode = 'spj';
      problem.spjCode = await read(`testdata/${checker}`);
      problem.spjLanguage = checkerLanguage(checker);
    }
  } else if (type === 'interactive') {
    const interactor = str(config.interactor);
    if (!interactor) throw fail(m.badField(key, 'testdata/config.yaml: interactor'));
    judgeMode = 'interactive';
    problem.spjCode = await read(`testdata/${interactor}`);
    problem.spjLanguage = checkerLanguage(interactor);
  } else {
    throw fail(m.badField(key, `testdata/config.yaml: type ${type}`));
  }
  const extraFiles = async (names: string[]) => {
    if (names.length === 0) return undefined;
    const map: Record<string, string> = {};
    for (const name of names) map[name] = await read(`testdata/${name}`);
    return map;
  };
  const timeLimit = hydroTime(config.time);
  if (timeLimit !== undefined) problem.timeLimit = timeLimit;
  const memoryLimit = hydroMemory(config.memory);
  if (memoryLimit !== undefined) problem.memoryLimit = memoryLimit;
  // **Changed:** Hydro's file IO (`filename: foo` reads foo.in, writes foo.out), which HOJ ignores
  const filename = str(config.filename);
  if (filename)
    Object.assign(problem, {
      isFileIO: true,
      ioReadFileName: `${filename}.in`,
      ioWriteFileName: `${filename}.out`,
    });

  type Case = { input: string | null; output: string | null; score: number | null; groupNum: number | null };
  let cases: Case[] = [];
  const caseOf = (c: unknown, score: number | null, groupNum: number | null): Case => {
    const item = (c && typeof c === 'object' ? c : {}) as Yaml;
    return { input: str(item.input) ?? null, output: str(item.output) ?? null, score, groupNum };
  };
  const perCase = int(config.score);
  if (Array.isArray(config.cases)) {
    // **Changed:** a case's own `score`, else the file's `score`, which HOJ both ignores
    cases = config.cases.map((c: unknown) => caseOf(c, int((c as Yaml | null)?.score) ?? perCase, null));
  } else if (Array.isArray(config.subtasks)) {
    problem.judgeCaseMode = 'subtask_lowest';
    config.subtasks.forEach((task: unknown, i) => {
      const t = (task && typeof task === 'object' ? task : {}) as Yaml;
      for (const c of Array.isArray(t.cases) ? t.cases : []) cases.push(caseOf(c, int(t.score), i + 1));
    });
  }
  const testdata = new Map<string, CaseSource>();
  for (const [name, entry] of files)
    if (name.startsWith('testdata/') && !name.slice(9).includes('/'))
      testdata.set(name.slice(9), { zip, entry });
  if (cases.length === 0) {
    // without cases: every X.in with X.out or X.ans
    const names = [...testdata.keys()].sort(byName);
    cases = names
      .filter((n) => n.endsWith('.in'))
      .map((n) => {
        const base = n.slice(0, -3);
        const output = [`${base}.out`, `${base}.ans`].find((o) => testdata.has(o)) ?? `${base}.out`;
        return { input: n, output, score: perCase, groupNum: null };
      });
  }
  if (cases.length > 0 && cases[0]!.score === null) {
    // reference §11.4: 100/n each, the remainder to the last
    const each = Math.floor(100 / cases.length);
    cases = cases.map((c, i) => ({
      ...c,
      score: i === cases.length - 1 ? each + (100 % cases.length) : each,
    }));
  }

  // the statement and its files
  const mdName = [
    'problem_zh.md',
    'problem.md',
    ...[...files.keys()].filter((n) => /^problem_[^/]*\.md$/.test(n)).sort(),
  ].find((n) => files.has(n));
  if (!mdName) throw fail(m.hydroFileMissing(key, 'problem.md'));
  let md = await read(mdName);
  const images: StatementImage[] = [];
  for (const name of new Set([...md.matchAll(/\(file:\/\/([\s\S]*?)\)/g)].map((x) => x[1]!))) {
    const entry = files.get(`additional_file/${name}`);
    if (!entry) continue;
    const bytes = await readEntryBytes(
      zip,
      entry,
      limits.maxJsonBytes,
      () => new ZipRejected(m.fileTooLarge(`${key}/additional_file/${name}`, limits.maxJsonBytes)),
    );
    const kind = detectImageType(bytes);
    // **Changed:** images by their bytes, served as /api/public/img/<new name>; other files stay links
    if (!kind) continue;
    const stored = `${randomUUID().replaceAll('-', '')}.${kind}`;
    images.push({ name: stored, bytes });
    md = md.replaceAll(`file://${name}`, PUBLIC_IMG_PREFIX + stored);
  }
  const statement = hydroStatement(md);
  problem.description = statement.description;
  if (statement.examples !== undefined) problem.examples = statement.examples;

  const langs = strings(config.langs);
  const file: HojProblemFile = {
    problem,
    languages: langs.flatMap((l) => hydroLanguage(l) ?? []),
    samples: cases,
    tags: strings(problemYaml.tag),
    codeTemplates: [],
    userExtraFile: await extraFiles(strings(config.user_extra_files)),
    judgeExtraFile: await extraFiles(strings(config.judge_extra_files)),
    judgeMode,
  };
  return { file, label, files: testdata, folderName: `${key}/testdata`, images };
}

/** reference §3.11 `POST /api/file/import-hydro-problem`, §11.4 (root). */
export function importHydroZip(
  ctx: ImportContext,
  user: AuthUser,
  zipFile: string,
  limits: ProblemZipLimits,
): Promise<ImportResult> {
  return importZip(ctx, user, zipFile, limits, (zip, entries) =>
    folderZipLayout(entries, limits).map(({ key, files }) => ({
      key,
      read: () => readHydroProblem(zip, key, files, limits),
    })),
  );
}
