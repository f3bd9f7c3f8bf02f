import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * ARCHITECTURE.md describes the system as it is (issue 26): at most 400 lines, and every file or
 * folder it names in backticks exists. A path is looked up under packages/ and under the repository
 * root; a bare name or a path relative to a room (`lifecycle/claim.ts`, `rank/`) must end some path
 * of the repository. Not checked: names with a placeholder (`<area>`) or a wildcard, URLs and HTTP
 * paths (`/api/…`), and `../shared/…` (the spec and the reference, kept beside the repository).
 */

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const DOC = path.join(ROOT, 'ARCHITECTURE.md');
const MAX_LINES = 400;

/** Every file and folder of the repository, relative and with '/' (no dependencies or build output). */
function repositoryPaths(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      if (['node_modules', '.git', 'dist', 'data'].includes(entry.name)) continue;
      const relative = dir ? `${dir}/${entry.name}` : entry.name;
      found.push(entry.isDirectory() ? `${relative}/` : relative);
      if (entry.isDirectory()) walk(relative);
    }
  };
  walk('');
  return found;
}

/** The backticked words of the text that name a file or a folder. */
function namedPaths(text: string): string[] {
  const names = new Set<string>();
  for (const [, code] of text.matchAll(/`([^`\n]+)`/g)) {
    for (const word of code!.split(/[\s,()]+/)) {
      if (!/^[\w.@-]+(\/[\w.@-]*)*$/.test(word)) continue; // placeholders, wildcards, HTTP paths, code
      if (/^(\.\.?\/|\/)/.test(word)) continue; // ../shared/…, ./data, /api/…
      if (/^[A-Z][A-Z0-9_]*\//.test(word)) continue; // under a directory a variable names (DATA_DIR/…)
      if (word.includes('/') || /^[\w@-][\w.@-]*\.(ts|tsx|js|mjs|c|md|json|sql|sh)$/.test(word))
        names.add(word);
    }
  }
  return [...names];
}

describe('ARCHITECTURE.md (issue 26)', () => {
  const text = fs.readFileSync(DOC, 'utf8');

  it(`has at most ${MAX_LINES} lines`, () => {
    expect(text.trimEnd().split('\n').length).toBeLessThanOrEqual(MAX_LINES);
  });

  it('names only files and folders that exist', () => {
    const all = repositoryPaths();
    const exists = (name: string) => {
      const bare = name.replace(/\/$/, '');
      if (fs.existsSync(path.join(ROOT, 'packages', bare)) || fs.existsSync(path.join(ROOT, bare)))
        return true;
      const wanted = name.endsWith('/') ? `/${name}` : `/${bare}`;
      return all.some((p) => `/${p}`.endsWith(wanted) || `/${p}`.endsWith(`${wanted}/`));
    };
    const names = namedPaths(text);
    expect(names.length).toBeGreaterThan(50);
    expect(names.filter((name) => !exists(name))).toEqual([]);
  });

  it('checks what it claims to check', () => {
    const text =
      '`server/src/x.ts` (`a/b.ts`, `c.tsx`) `/api/x` `pages/<area>/` `../shared/y.md` `npm start`';
    expect(namedPaths(`${text} \`.ts\` \`DATA_DIR/x/\` \`./data\` \`judge_*_count\``)).toEqual([
      'server/src/x.ts',
      'a/b.ts',
      'c.tsx',
    ]);
  });
});
