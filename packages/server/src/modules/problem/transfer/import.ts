import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { and, eq, isNull, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { LOCAL_OJ, type ProblemDto } from '@verdict/shared';
import type yauzl from 'yauzl';
import type { Db } from '../../../db/client.ts';
import {
  file as fileTable,
  language,
  problem,
  problemCase,
  tag,
  userInfo,
} from '../../../db/schema/index.ts';
import type { AuthUser } from '../../../http/auth/access.ts';
import { ApiError, fail } from '../../../http/errors.ts';
import { messages, problemMessages, type Message } from '../../../http/messages.ts';
import type { TestCaseStaging } from '../../file/staging.ts';
import { MARKDOWN_IMAGE_FOLDER } from '../../account/avatar.ts';
import { extractEntry, readZipDirectory, storeStream, ZipRejected } from '../../file/testcase-zip.ts';
import type { StoredFile, TestDataStore } from '../../judge-gateway/testdata-store.ts';
import { normaliseProblemId } from '../admin/fields.ts';
import { createProblem } from '../admin/save.ts';
import {
  hojCases,
  hojProblemFile,
  toProblemDto,
  type HojCase,
  type HojProblemFile,
  type ImportLookups,
  type ProblemZipLimits,
} from './hoj-format.ts';
import { problemZipLayout, readEntryText, type ZipProblem } from './hoj-zip.ts';
import { transferMessages as m, type FailedImport } from './messages.ts';

export interface ImportContext {
  db: Db;
  /** DATA_DIR, where statement images go (MARKDOWN_IMAGE_FOLDER) */
  dataDir: string;
  staging: TestCaseStaging;
  store: TestDataStore;
  now: Date;
  log: FastifyBaseLogger;
}

export interface ImportResult {
  imported: { key: string; pid: number; problemId: string; title: string }[];
  failed: (FailedImport & { key: string })[];
}

const mib = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MiB`;

async function lookups(db: Db): Promise<ImportLookups> {
  const languages = await db
    .select({ id: language.id, name: language.name })
    .from(language)
    .where(eq(language.oj, LOCAL_OJ));
  const tags = await db
    .select({ id: tag.id, name: tag.name })
    .from(tag)
    .where(and(eq(tag.oj, LOCAL_OJ), isNull(tag.gid)))
    .orderBy(tag.id);
  const byName = new Map<string, number>();
  // of tags differing in case only, the oldest
  for (const t of tags) if (!byName.has(t.name.toLowerCase())) byName.set(t.name.toLowerCase(), t.id);
  return { languages: new Map(languages.map((l) => [l.name, l.id])), tags: byName };
}

/** A test file of a problem to import: an entry of the uploaded zip, or a text the format holds (FPS). */
export type CaseSource = { zip: yauzl.ZipFile; entry: yauzl.Entry } | { text: string };

/** An image of a statement (FPS's base64 `<img>`, Hydro's additional files), to be served as `/api/public/img/<name>`. */
export interface StatementImage {
  /** `<uuid>.<type>`, the type read from its bytes (account/avatar.ts detectImageType) */
  name: string;
  bytes: Buffer;
}

/**
 * One problem of an upload as every format's reader gives it to the one pipeline below: HOJ's
 * JSON (reference §11.1, the shape toProblemDto maps to the admin save) and its test files.
 */
export interface ProblemToImport {
  file: HojProblemFile;
  /** what names the problem before its problem id (reference §11.2–§11.4: the title) */
  label?: string;
  /** its test files by name; undefined when the upload has no place for them (`noFiles` says why) */
  files: Map<string, CaseSource> | undefined;
  noFiles?: Message;
  /** where its test files are, for the message of one missing */
  folderName: string;
  images?: StatementImage[];
}

/** One problem of an upload: its key (file or folder name) and how to read it (its failures are its own). */
export interface ProblemSource {
  key: string;
  /** what names it in the answer should reading it fail (the key by default) */
  label?: string;
  read: () => Promise<ProblemToImport>;
}

/**
 * The problems of an uploaded zip through importProblems: `sources` finds them in its directory (the
 * format's layout, which may refuse the zip whole) and says how to read each; the zip stays open
 * until every one is imported.
 */
export async function importZip(
  ctx: ImportContext,
  user: AuthUser,
  zipFile: string,
  limits: ProblemZipLimits,
  sources: (zip: yauzl.ZipFile, entries: yauzl.Entry[]) => ProblemSource[],
): Promise<ImportResult> {
  const { zip, entries } = await readZipDirectory(zipFile, limits.maxEntries, m.notZip);
  try {
    return await importProblems(ctx, user, sources(zip, entries), limits);
  } finally {
    zip.close();
  }
}

/**
 * reference §3.11 `POST /api/file/import-problem`, §11.1 (root): every problem of an HOJ zip,
 * through importProblems.
 */
export function importHojZip(
  ctx: ImportContext,
  user: AuthUser,
  zipFile: string,
  limits: ProblemZipLimits,
): Promise<ImportResult> {
  return importZip(ctx, user, zipFile, limits, (zip, entries) =>
    problemZipLayout(entries, limits).map((item) => ({
      key: item.key,
      read: () => readHojProblem(zip, item, limits),
    })),
  );
}

/**
 * Every problem of an upload (any format, reference §11), each created through the admin save (one
 * transaction with its cases, languages, tags, templates and images' rows; its files in the
 * test-data store first). A problem that fails leaves nothing: not its row, tags or relations (the
 * transaction), nor test files no other problem uses, nor its images. The others still import, and
 * the answer says which failed and why (reference §11).
 */
export async function importProblems(
  ctx: ImportContext,
  user: AuthUser,
  sources: ProblemSource[],
  limits: Pick<ProblemZipLimits, 'maxJsonBytes'>,
): Promise<ImportResult> {
  let known = await lookups(ctx.db);
  const result: ImportResult = { imported: [], failed: [] };
  for (const source of sources) {
    let label = source.label?.trim() || source.key;
    try {
      const created = await importOne(ctx, user, source, known, limits, (id) => (label = id));
      result.imported.push({ key: source.key, ...created });
      // the tags it created match the next problems' names
      known = await lookups(ctx.db);
    } catch (error) {
      result.failed.push({ key: source.key, label, ...failure(ctx, source.key, error) });
    }
  }
  return result;
}

function failure(ctx: ImportContext, key: string, error: unknown): { repeat: boolean; reason: Message } {
  if (error instanceof ApiError)
    return { repeat: error.msg === problemMessages.problemIdTaken, reason: error.msg };
  if (error instanceof ZipRejected) return { repeat: false, reason: error.reason };
  ctx.log.error({ err: error, key }, 'problem import failed');
  return { repeat: false, reason: messages.serverError };
}

/** reference §11.1: one problem's JSON and folder, as HOJ's zip holds them. */
async function readHojProblem(
  zip: yauzl.ZipFile,
  item: ZipProblem,
  limits: ProblemZipLimits,
): Promise<ProblemToImport> {
  const text = await readEntryText(
    zip,
    item.json,
    limits.maxJsonBytes,
    () => new ZipRejected(m.jsonTooLarge(item.key, mib(limits.maxJsonBytes))),
  );
  const file = parseHojJson(item.key, text);
  const files = item.folder && new Map([...item.folder].map(([name, entry]) => [name, { zip, entry }]));
  return { file, files, noFiles: m.folderMissing(item.key), folderName: item.key };
}

/** HOJ's problem JSON (reference §11.1), read leniently. */
export function parseHojJson(key: string, text: string): HojProblemFile {
  let raw: unknown;
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, '')); // a byte-order mark, as Windows editors write
  } catch (error) {
    throw fail(m.badJson(key, (error as Error).message));
  }
  const parsed = hojProblemFile.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw fail(m.badJson(key, `${issue.path.join('.') || 'JSON'}: ${issue.message}`));
  }
  return parsed.data;
}

async function sourceText(source: CaseSource, name: string, maxBytes: number): Promise<string> {
  if ('text' in source) {
    if (Buffer.byteLength(source.text) > maxBytes) throw new ZipRejected(m.typedCaseTooLarge(name));
    return source.text;
  }
  return readEntryText(source.zip, source.entry, maxBytes, () => new ZipRejected(m.typedCaseTooLarge(name)));
}

async function importOne(
  ctx: ImportContext,
  user: AuthUser,
  source: ProblemSource,
  known: ImportLookups,
  limits: Pick<ProblemZipLimits, 'maxJsonBytes'>,
  named: (label: string) => void,
) {
  const item = await source.read();
  const file = item.file;
  if (item.label?.trim()) named(item.label.trim());
  const given = typeof file.problem.problemId === 'string' ? file.problem.problemId : undefined;
  if (given?.trim()) named(given.trim());
  const problemId = normaliseProblemId(given);
  if (problemId) named(problemId);
  if (problemId && (await problemIdTaken(ctx.db, problemId))) throw fail(problemMessages.problemIdTaken);
  if (!item.files) throw fail(item.noFiles ?? m.folderMissing(source.key));
  const folder = item.files;

  const cases = hojCases(file);
  const names = [...new Set(cases.flatMap((c) => [c.input, c.output]))];
  for (const name of names) if (!folder.has(name)) throw fail(m.caseFileMissing(item.folderName, name));
  const author = await existingAuthor(ctx.db, file.problem.author);

  if (file.typedCases) {
    const texts = new Map<string, string>();
    for (const name of names) texts.set(name, await sourceText(folder.get(name)!, name, limits.maxJsonBytes));
    const typed: HojCase[] = cases.map((c) => ({
      ...c,
      input: texts.get(c.input)!,
      output: texts.get(c.output)!,
    }));
    const dto = { ...toProblemDto(file, known, typed), isUploadTestCase: false, uploadTestcaseDir: null };
    return save(ctx, user, dto, author, item.images ?? [], []);
  }

  const dto = toProblemDto(file, known, cases);
  const upload = await ctx.staging.create();
  try {
    const files: Record<string, StoredFile> = {};
    for (const name of names) {
      const from = folder.get(name)!;
      files[name] =
        'text' in from
          ? await storeStream(async () => Readable.from([Buffer.from(from.text)]), upload.dir)
          : await extractEntry(from.zip, from.entry, upload.dir);
    }
    await ctx.staging.writeManifest(upload.id, { uid: user.uid, createdAt: ctx.now.toISOString(), files });
    const fresh = [...new Set(Object.values(files).map((f) => f.sha256))].filter(
      (sha256) => !existsSync(ctx.store.pathOf(sha256)!),
    );
    return await save(
      ctx,
      user,
      { ...dto, isUploadTestCase: true, uploadTestcaseDir: upload.id },
      author,
      item.images ?? [],
      fresh,
    );
  } finally {
    await ctx.staging.discard(upload.id);
  }
}

/**
 * The admin save of one problem, its statement images written first and their `file` rows in its
 * transaction; when it fails, the images and the test files it put into the store that no case
 * names are removed again.
 */
async function save(
  ctx: ImportContext,
  user: AuthUser,
  dto: ProblemDto,
  author: string | undefined,
  images: StatementImage[],
  fresh: string[],
) {
  const written: string[] = [];
  try {
    if (images.length > 0) {
      await mkdir(path.join(ctx.dataDir, MARKDOWN_IMAGE_FOLDER), { recursive: true });
      for (const image of images) {
        const absolute = path.join(ctx.dataDir, MARKDOWN_IMAGE_FOLDER, image.name);
        written.push(absolute);
        await writeFile(absolute, image.bytes, { flag: 'wx' });
      }
    }
    const created = await createProblem(ctx, user, dto, {
      author,
      within: async (tx) => {
        if (images.length === 0) return;
        await tx.insert(fileTable).values(
          images.map((image) => ({
            uid: user.uid,
            name: image.name,
            suffix: image.name.slice(image.name.lastIndexOf('.') + 1),
            folderPath: MARKDOWN_IMAGE_FOLDER,
            filePath: path.join(MARKDOWN_IMAGE_FOLDER, image.name),
            type: 'md',
          })),
        );
      },
    });
    return { ...created, title: dto.problem.title };
  } catch (error) {
    for (const absolute of written) await rm(absolute, { force: true });
    await removeUnused(ctx, fresh);
    throw error;
  }
}

async function problemIdTaken(db: Db, problemId: string): Promise<boolean> {
  const [row] = await db.select({ id: problem.id }).from(problem).where(eq(problem.problemId, problemId));
  return !!row;
}

/** reference §11.1: the JSON's author when that user exists here, else (undefined) the importer. */
async function existingAuthor(db: Db, author: unknown): Promise<string | undefined> {
  if (typeof author !== 'string' || author.trim() === '') return undefined;
  const [row] = await db
    .select({ username: userInfo.username })
    .from(userInfo)
    .where(eq(userInfo.username, author.trim()));
  return row?.username;
}

/**
 * After a failed save: the test files this import put into the store that no case names. (The
 * save moves files in before its transaction; one it refused may have moved them already. A file
 * another save took in meanwhile is named by its committed case rows and stays.)
 */
async function removeUnused(ctx: ImportContext, hashes: string[]) {
  for (const sha256 of hashes) {
    const [used] = await ctx.db
      .select({ id: problemCase.id })
      .from(problemCase)
      .where(or(eq(problemCase.inputSha256, sha256), eq(problemCase.outputSha256, sha256)))
      .limit(1);
    if (!used) await rm(ctx.store.pathOf(sha256)!, { force: true });
  }
}
