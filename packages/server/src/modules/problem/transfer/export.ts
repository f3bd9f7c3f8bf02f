import { existsSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { and, asc, eq, inArray } from 'drizzle-orm';
import yazl from 'yazl';
import type { Db } from '../../../db/client.ts';
import {
  codeTemplate,
  language,
  problem,
  problemCase,
  problemLanguage,
  problemTag,
  tag,
} from '../../../db/schema/index.ts';
import { fail, notFound } from '../../../http/errors.ts';
import { problemMessages } from '../../../http/messages.ts';
import { normaliseLineEndings, type TestDataStore } from '../../judge-gateway/testdata-store.ts';
import { exportedProblemFile } from './hoj-format.ts';
import { transferMessages as m } from './messages.ts';

interface ZipFile {
  name: string;
  path?: string;
  text?: string;
}

/** One problem's JSON and test files, every stored file checked before anything is sent. */
async function problemFiles(db: Db, store: TestDataStore, pid: number): Promise<ZipFile[]> {
  const [row] = await db.select().from(problem).where(eq(problem.id, pid));
  if (!row) throw notFound(m.exportProblemMissing(pid));
  const languages = await db
    .select({ name: language.name })
    .from(problemLanguage)
    .innerJoin(language, eq(language.id, problemLanguage.lid))
    .where(eq(problemLanguage.pid, pid))
    .orderBy(asc(problemLanguage.id));
  const tags = await db
    .select({ name: tag.name })
    .from(problemTag)
    .innerJoin(tag, eq(tag.id, problemTag.tid))
    .where(eq(problemTag.pid, pid))
    .orderBy(asc(problemTag.id));
  const templates = await db
    .select({ language: language.name, code: codeTemplate.code, status: codeTemplate.status })
    .from(codeTemplate)
    .innerJoin(language, eq(language.id, codeTemplate.lid))
    .where(eq(codeTemplate.pid, pid))
    .orderBy(asc(codeTemplate.id));
  const cases = await db
    .select()
    .from(problemCase)
    .where(and(eq(problemCase.pid, pid), eq(problemCase.status, 0)))
    .orderBy(asc(problemCase.id));

  const folder = `problem_${pid}`;
  const files = new Map<string, ZipFile>();
  const typedCases = !row.isUploadCase;
  const exported = cases.map((c, index) => {
    const names = { input: '', output: '' };
    for (const side of ['input', 'output'] as const) {
      const sha256 = side === 'input' ? c.inputSha256 : c.outputSha256;
      // typed cases travel as files 1.in / 1.out … (reference §8.6's download), relative names
      const name = sha256 ? (c[side] ?? '') : `${index + 1}.${side === 'input' ? 'in' : 'out'}`;
      names[side] = name;
      if (files.has(name)) continue;
      if (sha256) {
        const path = store.pathOf(sha256);
        if (!path || !existsSync(path)) throw fail(problemMessages.testDataMissing(name));
        files.set(name, { name: `${folder}/${name}`, path });
      } else {
        files.set(name, { name: `${folder}/${name}`, text: normaliseLineEndings(c[side] ?? '') });
      }
    }
    return { ...names, score: c.score, groupNum: c.groupNum };
  });
  const json = exportedProblemFile({
    problem: row,
    languages: languages.map((l) => l.name),
    tags: tags.map((t) => t.name),
    templates,
    cases: exported,
    typedCases,
  });
  return [{ name: `${folder}.json`, text: JSON.stringify(json) }, ...files.values()];
}

/**
 * reference §3.11 `GET /api/file/export-problem`, §11.1: `problem_<pid>.json` beside a folder
 * `problem_<pid>/` of its test files, for each problem asked, streamed from the test-data store.
 * **Changed:** HOJ copies its judge's folder (with the judge's `info` file) and, for a problem
 * without one, writes absolute server paths as case names; Verdict writes exactly the cases' files
 * under their names. An unknown pid refuses the export (HOJ leaves the problem out silently).
 */
export async function exportHojZip(db: Db, store: TestDataStore, pids: number[]): Promise<Readable> {
  const unique = [...new Set(pids)];
  const found = await db.select({ id: problem.id }).from(problem).where(inArray(problem.id, unique));
  const missing = unique.find((pid) => !found.some((f) => f.id === pid));
  if (missing !== undefined) throw notFound(m.exportProblemMissing(missing));
  const all: ZipFile[] = [];
  for (const pid of unique) all.push(...(await problemFiles(db, store, pid)));
  const zip = new yazl.ZipFile();
  for (const pid of unique) zip.addEmptyDirectory(`problem_${pid}/`);
  for (const f of all) {
    if (f.path) zip.addFile(f.path, f.name);
    else zip.addBuffer(Buffer.from(f.text ?? '', 'utf8'), f.name);
  }
  zip.end();
  return zip.outputStream as unknown as Readable;
}
