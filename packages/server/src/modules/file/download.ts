import { existsSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { asc, eq } from 'drizzle-orm';
import yazl from 'yazl';
import type { Db } from '../../db/client.ts';
import { problemCase } from '../../db/schema/index.ts';
import { fail } from '../../http/errors.ts';
import { problemMessages } from '../../http/messages.ts';
import { normaliseLineEndings, type TestDataStore } from '../judge-gateway/testdata-store.ts';

/**
 * reference §3.11 `GET /api/file/download-testcase`, §8.6: the problem's test data as a zip,
 * uploaded files under their names and typed cases as 1.in / 1.out … (reference §8.2), streamed
 * from the test-data store. Missing files are reported before anything is sent.
 */
export async function testCaseZip(db: Db, store: TestDataStore, pid: number): Promise<Readable> {
  const cases = await db
    .select()
    .from(problemCase)
    .where(eq(problemCase.pid, pid))
    .orderBy(asc(problemCase.id));
  if (cases.length === 0) throw fail(problemMessages.noTestData);
  const zip = new yazl.ZipFile();
  const added = new Set<string>();
  const files: { name: string; path?: string; text?: string }[] = [];
  cases.forEach((row, index) => {
    for (const side of ['input', 'output'] as const) {
      const sha256 = side === 'input' ? row.inputSha256 : row.outputSha256;
      const name = sha256 ? (row[side] ?? '') : `${index + 1}.${side === 'input' ? 'in' : 'out'}`;
      if (!name || added.has(name)) continue;
      added.add(name);
      if (sha256) {
        const file = store.pathOf(sha256);
        if (!file || !existsSync(file)) throw fail(problemMessages.testDataMissing(name));
        files.push({ name, path: file });
      } else {
        files.push({ name, text: normaliseLineEndings(row[side] ?? '') });
      }
    }
  });
  for (const f of files) {
    if (f.path) zip.addFile(f.path, f.name);
    else zip.addBuffer(Buffer.from(f.text ?? '', 'utf8'), f.name);
  }
  zip.end();
  return zip.outputStream as unknown as Readable;
}

/** `yyyyMMddHHmmss` (UTC) for file names. */
export function compactTimestamp(date: Date): string {
  return date.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}
