import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { and, eq, isNull, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { LOCAL_OJ } from '@verdict/shared';
import type yauzl from 'yauzl';
import type { Db } from '../../../db/client.ts';
import { language, problem, problemCase, tag, userInfo } from '../../../db/schema/index.ts';
import type { AuthUser } from '../../../http/auth/access.ts';
import { ApiError, fail } from '../../../http/errors.ts';
import { messages, problemMessages, type Message } from '../../../http/messages.ts';
import type { TestCaseStaging } from '../../file/staging.ts';
import { extractEntry, readZipDirectory, ZipRejected } from '../../file/testcase-zip.ts';
import type { StoredFile, TestDataStore } from '../../judge-gateway/testdata-store.ts';
import { normaliseProblemId } from '../admin/fields.ts';
import { createProblem } from '../admin/save.ts';
import {
  hojCases,
  hojProblemFile,
  toProblemDto,
  type HojCase,
  type ImportLookups,
  type ProblemZipLimits,
} from './hoj-format.ts';
import { problemZipLayout, readEntryText, type ZipProblem } from './hoj-zip.ts';
import { transferMessages as m, type FailedImport } from './messages.ts';

export interface ImportContext {
  db: Db;
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

/**
 * reference §3.11 `POST /api/file/import-problem`, §11.1 (root): every problem of an HOJ zip,
 * each created through the admin save (one transaction with its cases, languages, tags and
 * templates; its files in the test-data store first). A problem that fails leaves nothing: not
 * its row, tags or relations (the transaction), nor test files no other problem uses. The others
 * still import, and the answer says which failed and why (reference §11).
 */
export async function importHojZip(
  ctx: ImportContext,
  user: AuthUser,
  zipFile: string,
  limits: ProblemZipLimits,
): Promise<ImportResult> {
  const { zip, entries } = await readZipDirectory(zipFile, limits.maxEntries, m.notZip);
  try {
    const problems = problemZipLayout(entries, limits);
    let known = await lookups(ctx.db);
    const result: ImportResult = { imported: [], failed: [] };
    for (const item of problems) {
      let label = item.key;
      try {
        const created = await importOne(ctx, user, zip, item, known, limits, (id) => (label = id));
        result.imported.push({ key: item.key, ...created });
        // the tags it created match the next problems' names
        known = await lookups(ctx.db);
      } catch (error) {
        result.failed.push({ key: item.key, label, ...failure(ctx, item.key, error) });
      }
    }
    return result;
  } finally {
    zip.close();
  }
}

function failure(ctx: ImportContext, key: string, error: unknown): { repeat: boolean; reason: Message } {
  if (error instanceof ApiError)
    return { repeat: error.msg === problemMessages.problemIdTaken, reason: error.msg };
  if (error instanceof ZipRejected) return { repeat: false, reason: error.reason };
  ctx.log.error({ err: error, key }, 'problem import failed');
  return { repeat: false, reason: messages.serverError };
}

async function importOne(
  ctx: ImportContext,
  user: AuthUser,
  zip: yauzl.ZipFile,
  item: ZipProblem,
  known: ImportLookups,
  limits: ProblemZipLimits,
  named: (label: string) => void,
) {
  const text = await readEntryText(
    zip,
    item.json,
    limits.maxJsonBytes,
    () => new ZipRejected(m.jsonTooLarge(item.key, mib(limits.maxJsonBytes))),
  );
  let raw: unknown;
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, '')); // a byte-order mark, as Windows editors write
  } catch (error) {
    throw fail(m.badJson(item.key, (error as Error).message));
  }
  const parsed = hojProblemFile.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw fail(m.badJson(item.key, `${issue.path.join('.') || 'JSON'}: ${issue.message}`));
  }
  const file = parsed.data;
  const given = typeof file.problem.problemId === 'string' ? file.problem.problemId : undefined;
  if (given?.trim()) named(given.trim());
  const problemId = normaliseProblemId(given);
  if (problemId) named(problemId);
  if (problemId && (await problemIdTaken(ctx.db, problemId))) throw fail(problemMessages.problemIdTaken);
  if (!item.folder) throw fail(m.folderMissing(item.key));
  const folder = item.folder;

  const cases = hojCases(file);
  const names = [...new Set(cases.flatMap((c) => [c.input, c.output]))];
  for (const name of names) if (!folder.has(name)) throw fail(m.caseFileMissing(item.key, name));
  const author = await existingAuthor(ctx.db, file.problem.author);

  if (file.typedCases) {
    const texts = new Map<string, string>();
    for (const name of names) {
      texts.set(
        name,
        await readEntryText(
          zip,
          folder.get(name)!,
          limits.maxJsonBytes,
          () => new ZipRejected(m.typedCaseTooLarge(name)),
        ),
      );
    }
    const typed: HojCase[] = cases.map((c) => ({
      ...c,
      input: texts.get(c.input)!,
      output: texts.get(c.output)!,
    }));
    const dto = { ...toProblemDto(file, known, typed), isUploadTestCase: false, uploadTestcaseDir: null };
    const created = await createProblem(ctx, user, dto, { author });
    return { ...created, title: dto.problem.title };
  }

  const dto = toProblemDto(file, known, cases);
  const upload = await ctx.staging.create();
  try {
    const files: Record<string, StoredFile> = {};
    for (const name of names) files[name] = await extractEntry(zip, folder.get(name)!, upload.dir);
    await ctx.staging.writeManifest(upload.id, { uid: user.uid, createdAt: ctx.now.toISOString(), files });
    const fresh = [...new Set(Object.values(files).map((f) => f.sha256))].filter(
      (sha256) => !existsSync(ctx.store.pathOf(sha256)!),
    );
    try {
      const created = await createProblem(
        ctx,
        user,
        { ...dto, isUploadTestCase: true, uploadTestcaseDir: upload.id },
        { author },
      );
      return { ...created, title: dto.problem.title };
    } catch (error) {
      await removeUnused(ctx, fresh);
      throw error;
    }
  } finally {
    await ctx.staging.discard(upload.id);
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
