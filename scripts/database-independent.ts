import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The test files under `dir` that run the same on the embedded database and on PostgreSQL: nothing
 * they import, directly or through other files of the repository, reads TEST_DATABASE_URL (the test
 * database helpers do), so a run on the PostgreSQL server would only repeat them — a real server
 * process on its own embedded database, a pure rule, a supervisor (CI time, issue 26: `npm run
 * test:postgres` leaves them out; `npm test` runs them). Paths relative to `root`.
 */
export function databaseIndependentTests(root: string, dir: string): string[] {
  const modules = new Map<string, { readsUrl: boolean; imports: string[] }>();
  const moduleOf = (file: string) => {
    let known = modules.get(file);
    if (!known) {
      const text = readFileSync(file, 'utf8');
      known = { readsUrl: text.includes('TEST_DATABASE_URL'), imports: localImports(file, text) };
      modules.set(file, known);
    }
    return known;
  };
  const reachesUrl = (test: string) => {
    const seen = new Set([test]);
    for (const file of seen) {
      const module = moduleOf(file);
      if (module.readsUrl) return true;
      for (const imported of module.imports) seen.add(imported);
    }
    return false;
  };
  return testFiles(path.join(root, dir))
    .filter((file) => !reachesUrl(file))
    .map((file) => path.relative(root, file))
    .sort();
}

/** Files of the repository a module imports by a relative path (static, dynamic and re-exports). */
export function localImports(file: string, text: string): string[] {
  const specifiers = [
    ...text.matchAll(/\bfrom\s+['"](\.{1,2}\/[^'"]+)['"]/g),
    ...text.matchAll(/\bimport\s*\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g),
    ...text.matchAll(/\bimport\s+['"](\.{1,2}\/[^'"]+)['"]/g),
  ].map((m) => m[1]!);
  return specifiers
    .map((specifier) => path.resolve(path.dirname(file), specifier))
    .filter((target) => existsSync(target) && statSync(target).isFile());
}

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}
