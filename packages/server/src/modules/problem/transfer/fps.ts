import { randomUUID } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { AuthUser } from '../../../http/auth/access.ts';
import { fail } from '../../../http/errors.ts';
import { detectImageType, PUBLIC_IMG_PREFIX } from '../../account/avatar.ts';
import { ZipRejected } from '../../file/testcase-zip.ts';
import type { HojProblemFile, ProblemZipLimits } from './hoj-format.ts';
import {
  importProblems,
  type CaseSource,
  type ImportContext,
  type ImportResult,
  type ProblemToImport,
  type StatementImage,
} from './import.ts';
import { transferMessages as m } from './messages.ts';
import { examplesOf } from './qduoj.ts';

/**
 * FPS, FreeProblemSet's XML (reference §11.3; HOJ's ImportFpsProblemManager): one `<item>` per
 * problem under the root element, whose `version` attribute decides how limits are read. The XML
 * is parsed without a DOCTYPE (one refuses the file): no entity is defined, so none is resolved or
 * expanded; only XML's five predefined ones are decoded.
 */

/** reference §11.3: FPS template languages → the site's language names (others are dropped). */
const FPS_LANGUAGES: Record<string, string> = {
  Python: 'Python3',
  Go: 'Golang',
  C: 'C',
  'C++': 'C++',
  Java: 'Java',
  'C#': 'C#',
};

const LISTS = new Set([
  'item',
  'img',
  'sample_input',
  'sample_output',
  'test_input',
  'test_output',
  'template',
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  htmlEntities: false,
  isArray: (name) => LISTS.has(name),
});

type Node = Record<string, unknown>;

/** An element's text (its CDATA included), as DOM's getTextContent for a text-only element. */
function textOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return textOf(value[0]);
  if (typeof value === 'object') return textOf((value as Node)['#text']);
  return String(value as string | number | boolean);
}

const attrOf = (value: unknown, name: string): string | undefined => {
  const node = Array.isArray(value) ? (value[0] as unknown) : value;
  const attr = node && typeof node === 'object' ? (node as Node)[`@_${name}`] : undefined;
  return typeof attr === 'string' ? attr : undefined;
};

const listOf = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined ? [] : [value];

/**
 * reference §11.3: `time_limit unit="ms|s"` in ms; version 1.1 takes an unknown unit as seconds
 * and whole numbers only, others refuse an unknown unit.
 */
export function fpsTimeLimit(version: string, node: unknown, title: string): number {
  const value = textOf(node).trim();
  let index = ['ms', 's'].indexOf((attrOf(node, 'unit') ?? '').toLowerCase());
  if (version === '1.1' && index === -1) index = 1;
  const number = version === '1.1' ? Number.parseInt(value, 10) : Number.parseFloat(value);
  if (index === -1 || !Number.isFinite(number))
    throw fail(m.badField(title, `time_limit: ${value} ${attrOf(node, 'unit') ?? ''}`.trim()));
  return Math.trunc(number * 1000 ** index);
}

/**
 * reference §11.3: `memory_limit unit="kb|mb"` in MB; version 1.1 always MB. **Changed:** HOJ's
 * `kb` gives 0 (an integer power of 1000⁻¹); here KiB are rounded up to whole MB.
 */
export function fpsMemoryLimit(version: string, node: unknown, title: string): number {
  const value = Number.parseInt(textOf(node).trim(), 10);
  const unit = version === '1.1' ? 'mb' : (attrOf(node, 'unit') ?? '').toLowerCase();
  if (!Number.isFinite(value) || !['kb', 'mb'].includes(unit))
    throw fail(
      m.badField(title, `memory_limit: ${textOf(node).trim()} ${attrOf(node, 'unit') ?? ''}`.trim()),
    );
  return unit === 'kb' ? Math.ceil(value / 1024) : value;
}

/** One `<item>` as HOJ maps it (reference §11.3), its images taken out and its test texts as files `n.in`/`n.out`. */
export function fpsItem(version: string, item: Node, index: number): ProblemToImport {
  const title = textOf(item.title);
  const label = title.trim() || `item ${index}`;
  const images: StatementImage[] = [];
  const links = new Map<string, string>();
  for (const img of listOf(item.img)) {
    if (!img || typeof img !== 'object' || !('src' in img)) continue;
    const src = textOf((img as Node).src);
    const bytes = Buffer.from(textOf((img as Node).base64).replace(/\s+/g, ''), 'base64');
    const type = detectImageType(bytes);
    if (!type) throw fail(m.badImage(src));
    const name = `${randomUUID().replaceAll('-', '')}.${type}`;
    images.push({ name, bytes });
    if (src !== '') links.set(src, PUBLIC_IMG_PREFIX + name);
  }
  // HOJ replaces each src with a regex (its dots match anything); here the text as written
  const linked = (text: string) => {
    for (const [src, url] of links) text = text.replaceAll(src, url);
    return text;
  };
  const samplesIn = listOf(item.sample_input);
  const samplesOut = listOf(item.sample_output);
  const examples = examplesOf(
    samplesIn.map((input, i) => ({ input: textOf(input), output: textOf(samplesOut[i]) })),
  );

  const testsIn = listOf(item.test_input);
  const testsOut = listOf(item.test_output);
  if (testsIn.length === 0) throw fail(m.fpsNoTests(label));
  const files = new Map<string, CaseSource>();
  const samples = testsIn.map((input, i) => {
    files.set(`${i + 1}.in`, { text: textOf(input) });
    // no test_output at all: empty outputs (a special judge's data)
    files.set(`${i + 1}.out`, { text: textOf(testsOut[i]) });
    return { input: `${i + 1}.in`, output: `${i + 1}.out`, score: null, groupNum: null };
  });

  const codeTemplates = listOf(item.template).flatMap((t) => {
    const language = FPS_LANGUAGES[attrOf(t, 'language') ?? ''];
    return language ? [{ language, code: textOf(t) }] : [];
  });
  const spjLanguage = attrOf(item.spj, 'language');
  const spjCode = textOf(item.spj);
  const spj = (spjLanguage === 'C' || spjLanguage === 'C++') && spjCode.trim() !== '';

  const file: HojProblemFile = {
    problem: {
      title,
      type: 0,
      description: linked(textOf(item.description)),
      input: linked(textOf(item.input)),
      output: linked(textOf(item.output)),
      hint: linked(textOf(item.hint)),
      source: textOf(item.source),
      timeLimit: fpsTimeLimit(version, item.time_limit, label),
      memoryLimit: fpsMemoryLimit(version, item.memory_limit, label),
      examples,
      auth: 1,
      difficulty: 1,
      isRemoveEndBlank: true,
      openCaseResult: true,
      codeShare: false,
      ...(spj ? { spjCode, spjLanguage } : {}),
    },
    // none named: every language of the site (reference §11.3)
    languages: [],
    samples,
    tags: [],
    codeTemplates,
    judgeMode: spj ? 'spj' : 'default',
  };
  return { file, label, files, folderName: label, images };
}

/**
 * The `<item>`s of an FPS file. Refused whole: more than `maxXmlBytes`, a DOCTYPE (so no entity,
 * external or not, can be declared), XML that is not well-formed, no `<item>`.
 */
export function parseFps(xml: string): { version: string; items: Node[] } {
  // a DOCTYPE is only allowed in the prolog; ENTITY only inside one; CDATA and comments may say anything
  const markup = xml.replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '').replace(/<!--[\s\S]*?-->/g, '');
  if (/<!\s*(DOCTYPE|ENTITY)/i.test(markup)) throw new ZipRejected(m.xmlDoctype);
  const valid = XMLValidator.validate(xml);
  if (valid !== true)
    throw new ZipRejected(m.badXml(`(${valid.err.line}:${valid.err.col}) ${valid.err.msg}`));
  const doc = parser.parse(xml) as Node;
  const rootName = Object.keys(doc).find((k) => !k.startsWith('?') && !k.startsWith('#'));
  const root = rootName ? doc[rootName] : undefined;
  if (!root || typeof root !== 'object') throw new ZipRejected(m.fpsNoItems);
  const items = listOf((root as Node).item).filter((i): i is Node => !!i && typeof i === 'object');
  if (items.length === 0) throw new ZipRejected(m.fpsNoItems);
  return { version: attrOf(root, 'version') ?? '', items };
}

/** reference §3.11 `POST /api/file/import-fps-problem`, §11.3 (root). */
export async function importFpsXml(
  ctx: ImportContext,
  user: AuthUser,
  xmlFile: string,
  limits: ProblemZipLimits,
): Promise<ImportResult> {
  if ((await stat(xmlFile)).size > limits.maxXmlBytes)
    throw new ZipRejected(m.xmlTooLarge(limits.maxXmlBytes));
  const xml = (await readFile(xmlFile, 'utf8')).replace(/^\uFEFF/, '');
  const { version, items } = parseFps(xml);
  return importProblems(
    ctx,
    user,
    items.map((item, i) => ({
      key: String(i + 1),
      label: textOf(item.title),
      read: async () => fpsItem(version, item, i + 1),
    })),
    limits,
  );
}
