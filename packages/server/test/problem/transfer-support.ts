import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, count, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../../src/db/client.ts';
import {
  codeTemplate,
  language,
  problem,
  problemCase,
  problemLanguage,
  problemTag,
  tag,
} from '../../src/db/schema/index.ts';
import { authPlugin } from '../../src/http/auth/plugin.ts';
import { errorHandling } from '../../src/http/error-handler.ts';
import { responseSerializer } from '../../src/http/responses.ts';
import { stagingRoot, TestCaseStaging } from '../../src/modules/file/staging.ts';
import { TestDataStore } from '../../src/modules/judge-gateway/testdata-store.ts';
import type { ProblemZipLimits } from '../../src/modules/problem/transfer/hoj-format.ts';
import { problemTransferRoutes } from '../../src/modules/problem/transfer/routes.ts';
import { multipartBody } from '../admin/zip.ts';
import { createWorld, type World } from './fixtures.ts';

/** What the problem import tests share (transfer.test.ts, transfer-formats.test.ts): one world per file. */
export const world = {} as { w: World; dataDir: string };

/** Creates the file's world before its tests (register first, so that later hooks see it) and closes it after. */
export function useTransferWorld() {
  beforeAll(async () => {
    world.w = await createWorld();
    world.dataDir = path.dirname(path.dirname(path.dirname(world.w.t.app.testData.pathOf('0'.repeat(64))!)));
  });
  afterAll(() => world.w.t.close());
}

export interface ImportData {
  imported: { key: string; pid: number; problemId: string; title: string }[];
  failed: { key: string; problemId: string; repeat: boolean; reason: string }[];
}

/** Posts `file` as the multipart `file` of an import route (reference §3.11), as root unless told. */
export async function importUpload(
  url: string,
  file: Buffer,
  options: { name?: string; token?: string; lang?: 'en' | 'zh'; app?: World['t']['app'] } = {},
) {
  const { w } = world;
  const { payload, contentType } = multipartBody(options.name ?? 'problems.zip', file);
  const headers: Record<string, string> = {
    'content-type': contentType,
    'accept-language': options.lang === 'zh' ? 'zh-CN' : 'en-US',
  };
  if (options.token !== '') headers.authorization = options.token ?? w.tokens.root;
  const res = await (options.app ?? w.t.app).inject({ method: 'POST', url, headers, payload });
  return { http: res.statusCode, ...(res.json() as { status: number; msg: string; data: ImportData }) };
}

/** Every file under the data directory (staged uploads, the test-data store, images). */
export async function filesOnDisk(dir = world.dataDir): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

export async function rowCounts() {
  const n = async (table: typeof problem | typeof problemCase | typeof tag | typeof problemTag) =>
    (await world.w.t.db.select({ n: count() }).from(table))[0]!.n;
  return {
    problems: await n(problem),
    cases: await n(problemCase),
    tags: await n(tag),
    problemTags: await n(problemTag),
  };
}

export const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');
/** Whether the test-data store holds `text`. */
export const stored = (text: string) => existsSync(world.w.t.app.testData.pathOf(sha256(text))!);

export async function pidOf(problemId: string): Promise<number | undefined> {
  const [row] = await world.w.t.db
    .select({ id: problem.id })
    .from(problem)
    .where(eq(problem.problemId, problemId));
  return row?.id;
}

/**
 * The import routes alone with smaller limits, on the world's database and users, with their own
 * data directory (`dir`) and test-data store; the caller closes `app`.
 */
export async function smallTransferApp(limits: Partial<ProblemZipLimits>) {
  const { w } = world;
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  // as the real app: refusals (HTTP 200, status 400) pass, successes are checked against their schema
  app.setSerializerCompiler(responseSerializer(true));
  const dir = await mkdtemp(path.join(tmpdir(), 'verdict-transfer-'));
  const store = new TestDataStore(path.join(dir, 'testdata'));
  app.decorate('db', w.t.db);
  app.decorate('clock', w.clock);
  app.decorate('testData', store);
  await app.register(errorHandling, {});
  await app.register(authPlugin, { service: w.t.app.auth });
  await app.register(problemTransferRoutes, {
    staging: new TestCaseStaging(stagingRoot(dir), store),
    dataDir: dir,
    limits,
  });
  return { app, dir };
}

/** A problem as stored, with its relations, without what an import gives anew (ids, author, times, version). */
export async function problemSnapshot(db: Db, pid: number) {
  const [row] = await db.select().from(problem).where(eq(problem.id, pid));
  const {
    id: _id,
    problemId: _problemId,
    author: _author,
    modifiedUser: _modifiedUser,
    caseVersion: _caseVersion,
    gmtCreate: _gmtCreate,
    gmtModified: _gmtModified,
    searchKey: _searchKey,
    ...fields
  } = row!;
  const cases = await db
    .select({
      input: problemCase.input,
      output: problemCase.output,
      score: problemCase.score,
      groupNum: problemCase.groupNum,
      status: problemCase.status,
      inputSha256: problemCase.inputSha256,
      inputSize: problemCase.inputSize,
      outputSha256: problemCase.outputSha256,
      outputSize: problemCase.outputSize,
    })
    .from(problemCase)
    .where(eq(problemCase.pid, pid))
    .orderBy(asc(problemCase.id));
  const languages = await db
    .select({ name: language.name })
    .from(problemLanguage)
    .innerJoin(language, eq(language.id, problemLanguage.lid))
    .where(eq(problemLanguage.pid, pid));
  const tags = await db
    .select({ id: tag.id, name: tag.name, oj: tag.oj, color: tag.color })
    .from(problemTag)
    .innerJoin(tag, eq(tag.id, problemTag.tid))
    .where(eq(problemTag.pid, pid));
  const templates = await db
    .select({ language: language.name, code: codeTemplate.code, status: codeTemplate.status })
    .from(codeTemplate)
    .innerJoin(language, eq(language.id, codeTemplate.lid))
    .where(eq(codeTemplate.pid, pid));
  return {
    fields,
    cases,
    languages: languages.map((l) => l.name).sort(),
    tags: tags.sort((a, b) => a.id - b.id),
    templates: templates.sort((a, b) => a.language.localeCompare(b.language)),
  };
}
