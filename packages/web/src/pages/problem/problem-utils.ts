/** Pure helpers of the problem screens (spec part 1 §2–§5), tested in test/unit/problem. */
import { SUBMISSION_LIMITS } from '@verdict/shared';
import type { Language } from '../../api/problem';

export interface Example {
  input: string;
  output: string;
}

/** reference §4.2: samples are stored as repeated `<input>…</input><output>…</output>`. */
export function parseExamples(examples: string | null | undefined): Example[] {
  if (!examples) return [];
  const list: Example[] = [];
  const pattern = /<input>([\s\S]*?)<\/input>\s*<output>([\s\S]*?)<\/output>/g;
  for (const match of examples.matchAll(pattern)) {
    list.push({ input: match[1] ?? '', output: match[2] ?? '' });
  }
  return list;
}

export interface ExtraFile {
  name: string;
  content: string;
}

/** reference §4.2 user_extra_file: a JSON object file name → content (a string on the wire). */
export function parseExtraFiles(value: string | Record<string, string> | null | undefined): ExtraFile[] {
  if (!value) return [];
  let map: unknown = value;
  if (typeof value === 'string') {
    try {
      map = JSON.parse(value);
    } catch {
      return [];
    }
  }
  if (typeof map !== 'object' || map === null || Array.isArray(map)) return [];
  return Object.entries(map as Record<string, unknown>)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .map(([name, content]) => ({ name, content }));
}

/** Spec part 1 §4: levels 0 to 5. */
export const LEVEL_KEYS = ['veryEasy', 'easy', 'normal', 'mid', 'hard', 'veryHard'] as const;
export type LevelKey = (typeof LEVEL_KEYS)[number];
export const LEVEL_COLORS = ['#52c41a', '#13c2c2', '#1677ff', '#fa8c16', '#f5222d', '#722ed1'] as const;

export function levelKey(difficulty: number): LevelKey {
  return LEVEL_KEYS[Math.min(Math.max(Math.trunc(difficulty), 0), LEVEL_KEYS.length - 1)]!;
}

export function levelColor(difficulty: number): string {
  return LEVEL_COLORS[Math.min(Math.max(Math.trunc(difficulty), 0), LEVEL_COLORS.length - 1)]!;
}

/** Lines compared as a judge would for a sample: trailing blanks of each line and the end ignored. */
export function sameText(a: string | null | undefined, b: string | null | undefined): boolean {
  const norm = (s: string | null | undefined) =>
    (s ?? '')
      .replace(/\r\n?/g, '\n')
      .split('\n')
      .map((line) => line.trimEnd())
      .join('\n')
      .trimEnd();
  return norm(a) === norm(b);
}

/**
 * Spec part 1 §4 test-run flow: an Accepted run whose input and output are those of a sample
 * passes that sample; answers its 1-based number, or null.
 */
export function passedSample(
  examples: Example[],
  userInput: string | null | undefined,
  userOutput: string | null | undefined,
): number | null {
  const index = examples.findIndex(
    (example) => sameText(example.input, userInput) && sameText(example.output, userOutput),
  );
  return index < 0 ? null : index + 1;
}

/** The problem statement as Markdown, for admins' Copy-as-Markdown (spec part 1 §2). */
export interface StatementForMarkdown {
  problemId: string;
  title: string;
  timeLimit: number;
  memoryLimit: number;
  description: string | null;
  input: string | null;
  output: string | null;
  hint: string | null;
  source: string | null;
  examples: Example[];
}

export interface MarkdownHeadings {
  timeLimit: string;
  memoryLimit: string;
  description: string;
  input: string;
  output: string;
  sampleInput: (n: number) => string;
  sampleOutput: (n: number) => string;
  hint: string;
  source: string;
}

/** A fence longer than any backtick run in the text, so samples with backticks stay intact. */
function fence(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}\n${text.replace(/\n$/, '')}\n${ticks}`;
}

export function problemToMarkdown(problem: StatementForMarkdown, h: MarkdownHeadings): string {
  const parts: string[] = [`# ${problem.problemId} ${problem.title}`];
  parts.push(`${h.timeLimit}: ${problem.timeLimit} ms  \n${h.memoryLimit}: ${problem.memoryLimit} MB`);
  const section = (title: string, body: string | null) => {
    if (body && body.trim() !== '') parts.push(`## ${title}\n\n${body.trim()}`);
  };
  section(h.description, problem.description);
  section(h.input, problem.input);
  section(h.output, problem.output);
  problem.examples.forEach((example, i) => {
    parts.push(`## ${h.sampleInput(i + 1)}\n\n${fence(example.input)}`);
    parts.push(`## ${h.sampleOutput(i + 1)}\n\n${fence(example.output)}`);
  });
  section(h.hint, problem.hint);
  section(h.source, problem.source);
  return `${parts.join('\n\n')}\n`;
}

/**
 * Spec part 1 §2: remote problems of the Codeforces-type judges link to their page on the
 * original site (CF-1234A, GYM-100001B).
 */
export function codeforcesUrl(problemId: string): string | null {
  const match = /^(CF|GYM)-(\d+)([A-Za-z][0-9A-Za-z]*)$/i.exec(problemId);
  if (!match) return null;
  const [, site, contest, index] = match;
  return site!.toUpperCase() === 'GYM'
    ? `https://codeforces.com/gym/${contest}/problem/${index}`
    : `https://codeforces.com/problemset/problem/${contest}/${index}`;
}

/** The remote judges of the bank filter (spec part 1 §2) with their problem-id prefixes. */
export const BANKS = [
  { value: 'HDU', label: 'HDU' },
  { value: 'CF', label: 'Codeforces' },
  { value: 'GYM', label: 'GYM' },
  { value: 'POJ', label: 'POJ' },
  { value: 'AC', label: 'AtCoder' },
  { value: 'SPOJ', label: 'SPOJ' },
  { value: 'LIBRE', label: 'LibreOJ' },
] as const;

/** The tag namespace a bank's tag filter reads: every judge, local problems, or one remote judge. */
export function tagNamespaceOfBank(bank: string | undefined): string {
  if (!bank || bank.toUpperCase() === 'ALL') return 'ALL';
  if (bank === 'Mine') return 'ME';
  return bank.toUpperCase() === 'GYM' ? 'CF' : bank.toUpperCase();
}

/** `tagId` of the list query: a JSON list (spec part 1 §2), also accepted comma-separated. */
export function parseTagIds(value: string | null): number[] {
  if (!value) return [];
  let items: unknown[] = [];
  try {
    const parsed: unknown = JSON.parse(value);
    items = Array.isArray(parsed) ? parsed : [parsed];
  } catch {
    items = value.split(',');
  }
  const ids = items.map((v) => Number(v)).filter((n) => Number.isInteger(n) && n > 0);
  return [...new Set(ids)];
}

/** A positive integer query value, or the fallback (spec part 1 §5: the page is at least 1). */
export function positiveInt(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
}

/** Spec part 1 §5: the client checks before a submit or test run. */
export type ClientCodeProblem = 'empty' | 'tooLong';
export const CODE_MAX_LENGTH = SUBMISSION_LIMITS.codeMax;
export const TEST_INPUT_MAX_LENGTH = SUBMISSION_LIMITS.testInputMax;

export function clientCodeProblem(code: string): ClientCodeProblem | null {
  if (code.trim() === '') return 'empty';
  if (code.length > CODE_MAX_LENGTH) return 'tooLong';
  return null;
}

/**
 * The language rows a problem's names refer to: local problems use the local judge's languages,
 * remote ones the remote judges' (both may have a "C++").
 */
export function languagesByName(list: Language[] | undefined, remote: boolean): Map<string, Language> {
  return new Map((list ?? []).filter((l) => (l.oj === 'ME') !== remote).map((l) => [l.name, l]));
}

/**
 * The site's own page of a remote problem (reference §10.3): the first http(s) link of the source
 * the importer wrote (`<a href='…'>CF-1000A</a>`), read with the browser's parser and never
 * inserted as HTML. Null when the source has none.
 */
export function remoteSourceLink(source: string | null | undefined): string | null {
  if (!source || typeof DOMParser === 'undefined') return null;
  const doc = new DOMParser().parseFromString(source, 'text/html');
  for (const a of Array.from(doc.querySelectorAll('a[href]'))) {
    const href = a.getAttribute('href') ?? '';
    if (/^https?:\/\//i.test(href)) return href;
  }
  return null;
}
