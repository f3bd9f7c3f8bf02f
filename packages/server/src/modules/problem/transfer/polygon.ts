import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type yauzl from 'yauzl';
import type { AuthUser } from '../../../http/auth/access.ts';
import { fail } from '../../../http/errors.ts';
import type { Text } from '../../../http/messages.ts';
import { ZipRejected } from '../../file/testcase-zip.ts';
import type { HojProblemFile, ProblemZipLimits } from './hoj-format.ts';
import { checkedEntries, readEntryText } from './hoj-zip.ts';
import { importZip, type CaseSource, type ImportContext, type ImportResult } from './import.ts';
import { transferMessages as m } from './messages.ts';
import { examplesOf } from './qduoj.ts';

/**
 * A Polygon package (issue 29; Verdict's own `POST /api/file/import-polygon-problem`, no HOJ
 * counterpart): the zip Polygon builds for one problem, `problem.xml` at its root (or in its one
 * top folder). Read from it: the title and statement (statements/<language>/problem-properties.json,
 * else statement-sections/<language>/*.tex) in the chosen language or all of them; the time and memory
 * limits of the `tests` testset; its tests (tests/NN with the answers tests/NN.a, which only a "full"
 * package has) with their points and groups; the checker when it is a testlib program and the
 * interactor. The problem goes through the shared pipeline (import.ts importZip) as the HOJ
 * intermediate (hoj-format.ts HojProblemFile).
 *
 * The XML is parsed without DOCTYPE or entity processing (fast-xml-parser resolves no external
 * entity; `processEntities: false` leaves even the internal ones alone).
 */

type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  htmlEntities: false,
  isArray: (name) => ['name', 'statement', 'testset', 'test', 'group', 'tag', 'file'].includes(name),
});

export const polygonMessages = {
  noProblemXml: {
    zh: '这不是 Polygon 题目包：压缩包根目录没有 problem.xml！',
    en: 'This is not a Polygon package: the zip has no problem.xml at its root!',
  },
  badXml: (detail: string): Text => ({
    zh: `problem.xml 格式错误：${detail}`,
    en: `problem.xml is not valid: ${detail}`,
  }),
  noTestset: {
    zh: 'problem.xml 中没有名为 tests 的测试集！',
    en: 'problem.xml has no testset named "tests"!',
  },
  noAnswers: (name: string): Text => ({
    zh: `题目包中没有测试点答案 ${name}：请在 Polygon 中构建 full 类型的题目包（包含生成的测试点与答案）后再导入！`,
    en: `The package has no answer file ${name}: build a "full" package in Polygon (it holds the generated tests and their answers) and import that one!`,
  }),
  noTest: (name: string): Text => ({
    zh: `题目包中没有测试点文件 ${name}：请在 Polygon 中构建 full 类型的题目包后再导入！`,
    en: `The package has no test file ${name}: build a "full" package in Polygon and import that one!`,
  }),
  noLanguage: (lang: string, available: string[]): Text => ({
    zh: `题目包中没有 ${lang} 的题面（可选：${available.join('、') || '无'}）！`,
    en: `The package has no statement in ${lang} (it has: ${available.join(', ') || 'none'})!`,
  }),
  fileMissing: (name: string): Text => ({
    zh: `题目包中缺少文件 ${name}！`,
    en: `The package has no file ${name}!`,
  }),
  checkerMissing: (name: string): Text => ({
    zh: `题目包中没有评测程序源文件 ${name}！`,
    en: `The package has no checker source ${name}!`,
  }),
  checkerNotTestlib: {
    zh: '只能导入 testlib 评测程序（源文件需包含 testlib.h）！',
    en: 'Only a testlib checker can be imported (its source must include testlib.h)!',
  },
  pointsChecker: {
    zh: '评测程序用 quitp 给分：Polygon 的分数是绝对分，本站按 HOJ 的规则把 "points X" 读作测试点分数的 X%，无法导入这样的评测程序！',
    en: 'The checker gives points with quitp: Polygon reads them as absolute points, this judge reads "points X" as X % of the test\'s score as HOJ does, so such a checker cannot be imported!',
  },
};

/**
 * A checker or interactor that scores with testlib's points (`quitp`, `quitpi`, `_points`): its
 * points are absolute in Polygon, X % of the case's score here (HOJ's rule, reference §8.7), so it
 * would score wrong; refused rather than imported wrong.
 */
const givesPoints = (source: string) => /\bquitpi?\s*\(|\b_points\b/.test(source);
const pm = polygonMessages;

const asArray = (v: unknown): Node[] =>
  (Array.isArray(v) ? v : v === undefined || v === null || v === '' ? [] : [v]).filter(
    (x): x is Node => typeof x === 'object' && x !== null,
  );
const attr = (node: Node | undefined, name: string): string | undefined => {
  const v = node?.[`@_${name}`];
  return typeof v === 'string' ? v : undefined;
};
const child = (node: Node | undefined, name: string): Node | undefined => asArray(node?.[name])[0];
const textOf = (node: Node | undefined, name: string): string | undefined => {
  const v = node?.[name];
  if (typeof v === 'string') return v;
  if (v && typeof v === 'object' && typeof (v as Node)['#text'] === 'string')
    return (v as Node)['#text'] as string;
  return undefined;
};

/** Polygon's path patterns (`tests/%02d`): printf's %d with flags and width. */
export function polygonPath(pattern: string, index: number): string {
  return pattern.replace(/%(0?)(\d*)d/, (_, zero: string, width: string) =>
    String(index).padStart(Number(width || 0), zero ? '0' : ' '),
  );
}

const includesTestlib = (source: string) => /^[ \t]*#[ \t]*include[ \t]*["<]testlib\.h[">]/m.test(source);
const judgeLanguage = (type: string | undefined, path: string) =>
  /^c\./.test(type ?? '') || (!type && /\.c$/i.test(path)) ? 'C' : 'C++';

interface Statement {
  language: string;
  title: string;
  legend: string;
  input: string;
  output: string;
  notes: string;
  interaction: string;
  examples: { input: string; output: string }[];
}

/** The statement sections of a package: one per language. */
export interface PolygonStatementFiles {
  languages: string[];
  read(language: string): Promise<Statement>;
}

/** Several languages in one field: each under its language's name. */
function joined(statements: Statement[], key: keyof Omit<Statement, 'examples' | 'language'>): string {
  const parts = statements.filter((s) => s[key].trim() !== '');
  if (parts.length <= 1) return parts[0]?.[key] ?? '';
  return parts.map((s) => `**${s.language}**\n\n${s[key].trim()}`).join('\n\n');
}

/** Points in Polygon are decimals; a case score here is an integer. */
const points = (value: string | undefined): number | null => {
  if (value === undefined || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? Math.round(n) : null;
};

interface ReadOptions {
  /** a statement language of the package ("english", "russian"…), or undefined for all of them */
  lang?: string;
}

async function readPolygonProblem(
  zip: yauzl.ZipFile,
  files: Map<string, yauzl.Entry>,
  limits: ProblemZipLimits,
  options: ReadOptions,
): Promise<{ file: HojProblemFile; label: string; files: Map<string, CaseSource> }> {
  const read = async (name: string) => {
    const entry = files.get(name);
    if (!entry) throw fail(pm.fileMissing(name));
    return readEntryText(
      zip,
      entry,
      limits.maxJsonBytes,
      () => new ZipRejected(m.fileTooLarge(name, limits.maxJsonBytes)),
    );
  };
  const xmlText = (await read('problem.xml')).replace(/^\uFEFF/, '');
  if (/<!DOCTYPE|<!ENTITY/i.test(xmlText)) throw fail(pm.badXml('DOCTYPE and entities are not accepted'));
  const valid = XMLValidator.validate(xmlText);
  if (valid !== true) throw fail(pm.badXml(valid.err.msg));
  const root = child(parser.parse(xmlText) as Node, 'problem');
  if (!root) throw fail(pm.badXml('no <problem> element'));

  // statements: the JSON properties, else the .tex sections
  const languages = new Set<string>();
  for (const name of files.keys()) {
    const match = /^(statements|statement-sections)\/([^/]+)\//.exec(name);
    if (match && match[2] !== '.html' && match[2] !== '.pdf') languages.add(match[2]!);
  }
  const names = new Map(
    asArray(child(root, 'names')?.name).map((n) => [attr(n, 'language') ?? '', attr(n, 'value') ?? '']),
  );
  const statementOf = async (language: string): Promise<Statement> => {
    const json = `statements/${language}/problem-properties.json`;
    if (files.has(json)) {
      let raw: Node;
      try {
        raw = JSON.parse((await read(json)).replace(/^\uFEFF/, '')) as Node;
      } catch (error) {
        throw fail(m.badField('polygon', `${json}: ${(error as Error).message}`));
      }
      const s = (k: string) => (typeof raw[k] === 'string' ? (raw[k] as string) : '');
      const samples = Array.isArray(raw.sampleTests) ? (raw.sampleTests as Node[]) : [];
      return {
        language,
        title: s('name') || names.get(language) || '',
        legend: s('legend'),
        input: s('input'),
        output: s('output'),
        notes: s('notes'),
        interaction: s('interaction'),
        examples: samples.map((t) => ({
          input: typeof t.input === 'string' ? t.input : '',
          output: typeof t.output === 'string' ? t.output : '',
        })),
      };
    }
    const dir = `statement-sections/${language}/`;
    const section = async (name: string) => (files.has(dir + name) ? await read(dir + name) : '');
    const examples: { input: string; output: string }[] = [];
    for (let i = 1; files.has(polygonPath(`${dir}example.%02d`, i)); i++) {
      const input = polygonPath(`${dir}example.%02d`, i);
      examples.push({ input: await read(input), output: await section(`${input.slice(dir.length)}.a`) });
    }
    return {
      language,
      title: (await section('name.tex')).trim() || names.get(language) || '',
      legend: await section('legend.tex'),
      input: await section('input.tex'),
      output: await section('output.tex'),
      notes: await section('notes.tex'),
      interaction: await section('interaction.tex'),
      examples,
    };
  };
  const available = [...languages].sort((a, b) =>
    a === 'english' ? -1 : b === 'english' ? 1 : a < b ? -1 : 1,
  );
  if (options.lang && !languages.has(options.lang)) throw fail(pm.noLanguage(options.lang, available));
  const statements: Statement[] = [];
  for (const language of options.lang ? [options.lang] : available)
    statements.push(await statementOf(language));

  // limits and tests of the testset "tests"
  const judging = child(root, 'judging');
  const testset = asArray(judging?.testset).find((t) => attr(t, 'name') === 'tests');
  if (!testset) throw fail(pm.noTestset);
  const problem: Record<string, unknown> = {
    title:
      statements.find((s) => s.title.trim() !== '')?.title.trim() ??
      names.get('english') ??
      [...names.values()][0] ??
      attr(root, 'short-name') ??
      '',
    type: 0,
    auth: 1,
    difficulty: 1,
    isRemoveEndBlank: true,
    openCaseResult: true,
    codeShare: false,
    judgeCaseMode: 'default',
    description: [joined(statements, 'legend'), joined(statements, 'interaction')]
      .filter(Boolean)
      .join('\n\n'),
    input: joined(statements, 'input'),
    output: joined(statements, 'output'),
    hint: joined(statements, 'notes'),
    source: attr(root, 'url') ?? '',
  };
  const shortName = attr(root, 'short-name');
  if (shortName) problem.problemId = shortName;
  const examples = statements[0]?.examples ?? [];
  if (examples.length > 0) problem.examples = examplesOf(examples);
  const timeLimit = Number(textOf(testset, 'time-limit'));
  if (Number.isFinite(timeLimit) && timeLimit > 0) problem.timeLimit = Math.round(timeLimit);
  const memoryBytes = Number(textOf(testset, 'memory-limit'));
  if (Number.isFinite(memoryBytes) && memoryBytes > 0)
    problem.memoryLimit = Math.ceil(memoryBytes / 1024 / 1024);
  const inputFile = attr(judging, 'input-file') ?? '';
  const outputFile = attr(judging, 'output-file') ?? '';
  if (inputFile !== '' && outputFile !== '')
    Object.assign(problem, { isFileIO: true, ioReadFileName: inputFile, ioWriteFileName: outputFile });

  const inputPattern = textOf(testset, 'input-path-pattern') ?? 'tests/%02d';
  const answerPattern = textOf(testset, 'answer-path-pattern') ?? 'tests/%02d.a';
  const tests = asArray(child(testset, 'tests')?.test);
  const count = Number(textOf(testset, 'test-count') ?? tests.length) || tests.length;
  const groups = new Map(asArray(child(testset, 'groups')?.group).map((g) => [attr(g, 'name') ?? '', g]));

  // scoring: points on tests or groups make it OI; a "complete-group" group is a subtask scored as a
  // whole (subtask_lowest, each of its tests carrying the group's points), any other test its own group
  const anyPoints = tests.some((t) => points(attr(t, 'points')) !== null);
  const completeGroups = [...groups.values()].filter((g) => attr(g, 'points-policy') === 'complete-group');
  const oi = anyPoints || completeGroups.length > 0;
  const subtasks = completeGroups.length > 0;
  if (oi) problem.type = 1;
  if (subtasks) problem.judgeCaseMode = 'subtask_lowest';
  const groupNumbers = new Map<string, number>();
  let nextGroup = 1;
  const caseSources = new Map<string, CaseSource>();
  const samples: NonNullable<HojProblemFile['samples']> = [];
  for (let i = 1; i <= count; i++) {
    const test = tests[i - 1];
    const input = polygonPath(inputPattern, i);
    const answer = polygonPath(answerPattern, i);
    const inEntry = files.get(input);
    if (!inEntry) throw fail(pm.noTest(input));
    const ansEntry = files.get(answer);
    if (!ansEntry) throw fail(pm.noAnswers(answer));
    const inName = `${i}.in`;
    const outName = `${i}.out`;
    caseSources.set(inName, { zip, entry: inEntry });
    caseSources.set(outName, { zip, entry: ansEntry });
    const groupName = attr(test, 'group');
    const group = groupName !== undefined ? groups.get(groupName) : undefined;
    let score: number | null = oi ? (points(attr(test, 'points')) ?? 0) : null;
    let groupNum: number | null = null;
    if (subtasks) {
      if (group && attr(group, 'points-policy') === 'complete-group') {
        if (!groupNumbers.has(groupName!)) groupNumbers.set(groupName!, nextGroup++);
        groupNum = groupNumbers.get(groupName!)!;
        const groupPoints =
          points(attr(group, 'points')) ??
          tests
            .filter((t) => attr(t, 'group') === groupName)
            .reduce((sum, t) => sum + (points(attr(t, 'points')) ?? 0), 0);
        score = groupPoints;
      } else {
        groupNum = nextGroup++;
      }
    }
    samples.push({ input: inName, output: outName, score, groupNum });
  }

  // the checker (testlib) and the interactor
  const assets = child(root, 'assets');
  let judgeMode: 'default' | 'spj' | 'interactive' = 'default';
  const interactor = child(assets, 'interactor');
  const checker = child(assets, 'checker');
  const sourceOf = async (node: Node, fallback: string) => {
    const src = child(node, 'source');
    const path = attr(src, 'path') ?? fallback;
    if (!files.has(path)) throw fail(pm.checkerMissing(path));
    return { code: await read(path), language: judgeLanguage(attr(src, 'type'), path) };
  };
  if (interactor) {
    const { code, language } = await sourceOf(interactor, 'files/interactor.cpp');
    if (givesPoints(code)) throw fail(pm.pointsChecker);
    judgeMode = 'interactive';
    Object.assign(problem, { spjCode: code, spjLanguage: language });
  } else if (checker) {
    const { code, language } = await sourceOf(checker, 'check.cpp');
    if (attr(checker, 'type') !== 'testlib' && !includesTestlib(code)) throw fail(pm.checkerNotTestlib);
    if (givesPoints(code)) throw fail(pm.pointsChecker);
    judgeMode = 'spj';
    Object.assign(problem, { spjCode: code, spjLanguage: language });
  }

  const file: HojProblemFile = {
    problem,
    languages: [],
    samples,
    tags: asArray(child(root, 'tags')?.tag).flatMap((t) => attr(t, 'value') ?? []),
    codeTemplates: [],
    userExtraFile: undefined,
    judgeExtraFile: undefined,
    judgeMode,
  };
  return { file, label: String(problem.title || shortName || 'polygon'), files: caseSources };
}

/**
 * `POST /api/file/import-polygon-problem` (issue 29, root): one Polygon package. `lang` picks the
 * statement's language (a folder name of statements/, e.g. "english"); without it, every language's
 * text goes into the problem, each under its name.
 */
export function importPolygonZip(
  ctx: ImportContext,
  user: AuthUser,
  zipFile: string,
  limits: ProblemZipLimits,
  options: ReadOptions = {},
): Promise<ImportResult> {
  return importZip(ctx, user, zipFile, limits, (zip, entries) => {
    const files = new Map<string, yauzl.Entry>();
    for (const { entry, parts, directory } of checkedEntries(entries, limits))
      if (!directory) files.set(parts.join('/'), entry);
    let inside = files;
    if (!files.has('problem.xml')) {
      // a package zipped with its folder: problem.xml in the one top folder
      const tops = new Set([...files.keys()].map((n) => n.split('/')[0]));
      const top = tops.size === 1 ? [...tops][0]! : undefined;
      if (!top || !files.has(`${top}/problem.xml`)) throw new ZipRejected(pm.noProblemXml);
      inside = new Map(
        [...files].flatMap(([n, e]) =>
          n.startsWith(`${top}/`) ? [[n.slice(top.length + 1), e] as const] : [],
        ),
      );
    }
    return [
      {
        key: 'problem.xml',
        read: async () => {
          const item = await readPolygonProblem(zip, inside, limits, options);
          return { ...item, folderName: 'tests' };
        },
      },
    ];
  });
}
