import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseIndependentTests } from '../../../../scripts/database-independent.ts';

/**
 * Issue 26 (CI time): `npm run test:postgres` leaves out the server's test files that never read
 * TEST_DATABASE_URL, through any file they import; every other one still runs on the server.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const scratch = mkdtempSync(path.join(tmpdir(), 'verdict-db-independent-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function files(tree: Record<string, string>): void {
  for (const [name, text] of Object.entries(tree)) {
    mkdirSync(path.dirname(path.join(scratch, name)), { recursive: true });
    writeFileSync(path.join(scratch, name), text);
  }
}

describe('issue 26: the test files that run the same on both databases', () => {
  it('are those whose imports never read TEST_DATABASE_URL, through re-exports, dynamic imports and circles', () => {
    files({
      'test/helpers/db.ts': `export const url = process.env.TEST_DATABASE_URL;`,
      'test/helpers/app.ts': `export { url } from './db.ts';`,
      'test/helpers/a.ts': `import { b } from './b.ts';\nexport const a = 1;`,
      'test/helpers/b.ts': `import { a } from './a.ts';\nimport './db.ts';\nexport const b = a;`,
      'test/helpers/pure.ts': `export const pure = 1;`,
      'test/api.test.ts': `import { url } from './helpers/app.ts';`,
      'test/circle.test.ts': `import { a } from './helpers/a.ts';`,
      'test/lazy.test.ts': `const m = await import('./helpers/db.ts');`,
      'test/direct.test.ts': `const url = process.env.TEST_DATABASE_URL;`,
      'test/deep/pure.test.ts': `import { pure } from '../helpers/pure.ts';\nimport { it } from 'vitest';`,
      'test/process.test.ts': `import { pure } from './helpers/pure.ts';\nimport '../src/main.ts';`,
      'src/main.ts': `export const databaseUrl = process.env.DATABASE_URL;`,
    });
    expect(databaseIndependentTests(scratch, 'test')).toEqual([
      'test/deep/pure.test.ts',
      'test/process.test.ts',
    ]);
  });

  it('in this repository: the real server processes on their own embedded database, not the API tests', () => {
    const independent = databaseIndependentTests(root, 'packages/server/test');
    expect(independent).toEqual(
      expect.arrayContaining([
        'packages/server/test/server-restart.test.ts',
        'packages/server/test/embedded-judge.test.ts',
        'packages/server/test/start.test.ts',
      ]),
    );
    for (const file of [
      'packages/server/test/submission/submit.test.ts',
      'packages/server/test/db/connection-loss.test.ts',
      'packages/server/test/ops/cluster.test.ts',
      'packages/server/test/home/home.test.ts',
    ])
      expect(independent).not.toContain(file);
  });
});
