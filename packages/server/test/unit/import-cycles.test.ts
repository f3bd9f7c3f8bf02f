import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No import circles between the source files of the server, the judge and the shared package
 * (issue 26). Pure: it reads the .ts files, parses their import lines and looks for strongly
 * connected components in the graph of files.
 *
 * What counts as an edge:
 * - `import … from './x.ts'`, `import './x.ts'` and `export … from './x.ts'`, relative or through a
 *   workspace package's entry (`@verdict/shared` → packages/shared/src/index.ts).
 * - Type-only imports (`import type …`, `export type … from`, `import { type A }`) count too. They
 *   form no runtime circle (TypeScript erases them), but a circle through one is still two files that
 *   cannot be read, moved or tested apart, and it becomes a runtime circle (a binding read before its
 *   module has run) the day the `type` goes. The 13-file circle config.ts → jobs → … → mail/mailer.ts
 *   → config.ts that issue 26 names closed through `import type { SmtpConfig }`. The circle a failure
 *   prints marks such edges "(type)". The fix is the usual one: the type moves to the file that is
 *   depended on, or the consumer declares the interface it needs and the other file implements it
 *   (judge grading/compile.ts's HeaderSource).
 * - A dynamic `import('./x.ts')` is left out of the circles: it runs after both modules have been
 *   evaluated, so it cannot see an uninitialised binding, and it is how a deliberate late dependency
 *   is written. They are listed separately instead: every one between source files must be in
 *   DYNAMIC_IMPORTS below, with its reason, so that a new one is a decision and not an accident.
 */

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const SOURCE_ROOTS = ['packages/server/src', 'packages/judge/src', 'packages/shared/src'];

/** Dynamic imports between source files, `from → to` (relative to the repository), each with why. */
const DYNAMIC_IMPORTS: Record<string, string> = {};

type EdgeKind = 'value' | 'type' | 'dynamic';

interface ImportRef {
  specifier: string;
  kind: EdgeKind;
}

/**
 * The imports of one file. Statements are matched at the start of a line (top level, as prettier
 * writes them); a `from` clause may span lines. Comments are not parsed: an import that is commented
 * out starts with `//` or ` *` and does not match.
 */
function parseImports(source: string): ImportRef[] {
  const refs: ImportRef[] = [];
  const STATEMENTS = [
    // import x from, import x, { a } from, import { a, type b } from, import * as x from, import type …
    /^import\s+(type\s+)?((?:[\w$]+\s*,?\s*)?(?:\{[^}]*\}|\*\s*as\s+[\w$]+)?)\s*from\s*['"]([^'"]+)['"]/gm,
    // export { a } from, export type { a } from, export * from, export * as x from
    /^export\s+(type\s+)?(\{[^}]*\}|\*(?:\s*as\s+[\w$]+)?)\s*from\s*['"]([^'"]+)['"]/gm,
  ];
  for (const pattern of STATEMENTS) {
    for (const m of source.matchAll(pattern)) {
      refs.push({ specifier: m[3]!, kind: m[1] || onlyTypes(m[2]!) ? 'type' : 'value' });
    }
  }
  for (const m of source.matchAll(/^import\s*['"]([^'"]+)['"]/gm))
    refs.push({ specifier: m[1]!, kind: 'value' });
  for (const m of source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g))
    refs.push({ specifier: m[1]!, kind: 'dynamic' });
  return refs;
}

/**
 * `{ type A, type B }` with no default or namespace import. (With verbatimModuleSyntax such an
 * import is kept as `import {} from …`, which loads the module; it is counted as type all the same,
 * since type edges count for circles anyway.)
 */
function onlyTypes(clause: string): boolean {
  const braces = /^\{([^}]*)\}$/.exec(clause.trim());
  if (!braces) return false;
  const names = braces[1]!
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((n) => /^type\s/.test(n));
}

interface Edge {
  to: string;
  kind: EdgeKind;
}

/** Strongly connected components of more than one file, or of one file importing itself (Tarjan). */
function circles(graph: ReadonlyMap<string, readonly Edge[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const { to } of graph.get(v) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(v, Math.min(low.get(v)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(v, Math.min(low.get(v)!, index.get(to)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).some((e) => e.to === v)) found.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return found;
}

/** One shortest circle through the component's first file, as `a → b (type) → … → a`. */
function describeCircle(graph: ReadonlyMap<string, readonly Edge[]>, component: string[]): string {
  const members = new Set(component);
  const start = component[0]!;
  const cameFrom = new Map<string, { from: string; kind: EdgeKind }>();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift()!;
    for (const { to, kind } of graph.get(v) ?? []) {
      if (!members.has(to) || cameFrom.has(to)) continue;
      cameFrom.set(to, { from: v, kind });
      if (to === start) queue.length = 0;
      else queue.push(to);
    }
  }
  const steps: string[] = [];
  let at = start;
  do {
    const step = cameFrom.get(at)!;
    steps.unshift(`${at}${step.kind === 'type' ? ' (type)' : ''}`);
    at = step.from;
  } while (at !== start);
  return [start, ...steps].join(' → ');
}

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(full);
      return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [full] : [];
    })
    .sort();
}

/** `@verdict/<name>` → the file its package.json exports as '.' (undefined: not a workspace entry). */
function workspaceEntry(specifier: string): string | undefined {
  const name = /^@verdict\/([\w-]+)$/.exec(specifier)?.[1];
  if (!name) return undefined;
  const manifest = path.join(ROOT, 'packages', name, 'package.json');
  if (!fs.existsSync(manifest)) return undefined;
  const exports = (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { exports?: Record<string, string> })
    .exports;
  return exports?.['.'] ? path.join(ROOT, 'packages', name, exports['.']) : undefined;
}

const relative = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');

/** The import graph of the source roots, files named relative to the repository. */
function importGraph() {
  const graph = new Map<string, Edge[]>();
  const unresolved: string[] = [];
  const dynamic: string[] = [];
  for (const file of SOURCE_ROOTS.flatMap((root) => sourceFiles(path.join(ROOT, root)))) {
    const edges: Edge[] = [];
    for (const { specifier, kind } of parseImports(fs.readFileSync(file, 'utf8'))) {
      const target = specifier.startsWith('.')
        ? path.resolve(path.dirname(file), specifier)
        : workspaceEntry(specifier);
      if (target === undefined) continue; // a package from npm or node:
      if (!fs.existsSync(target) || !fs.statSync(target).isFile()) {
        unresolved.push(`${relative(file)}: ${specifier}`);
        continue;
      }
      if (kind === 'dynamic') dynamic.push(`${relative(file)} → ${relative(target)}`);
      else edges.push({ to: relative(target), kind });
    }
    graph.set(relative(file), edges);
  }
  return { graph, unresolved, dynamic };
}

describe('import circles (issue 26)', () => {
  it('parses every form of import line', () => {
    const source = [
      "import fs from 'node:fs';",
      "import { a, type B } from './a.ts';",
      "import type { C } from './c.ts';",
      "import { type D, type E } from './d.ts';",
      'import {',
      '  f,',
      '  g,',
      "} from './f.ts';",
      "import * as h from './h.ts';",
      "import i, { j } from './i.ts';",
      "import './side-effect.ts';",
      "export * from './k.ts';",
      "export * as l from './l.ts';",
      "export { m } from './m.ts';",
      "export type { N } from './n.ts';",
      "const o = await import('./o.ts');",
      "// import { p } from './p.ts';",
      "export const q = 'from ./q.ts';",
    ].join('\n');
    const found = parseImports(source).map((r) => `${r.kind} ${r.specifier}`);
    expect(found.sort()).toEqual(
      [
        'value node:fs',
        'value ./a.ts',
        'type ./c.ts',
        'type ./d.ts',
        'value ./f.ts',
        'value ./h.ts',
        'value ./i.ts',
        'value ./side-effect.ts',
        'value ./k.ts',
        'value ./l.ts',
        'value ./m.ts',
        'type ./n.ts',
        'dynamic ./o.ts',
      ].sort(),
    );
  });

  it('finds a circle, and describes it with its type-only edges', () => {
    const graph = new Map<string, Edge[]>([
      ['config.ts', [{ to: 'jobs.ts', kind: 'value' }]],
      ['jobs.ts', [{ to: 'mailer.ts', kind: 'value' }]],
      ['mailer.ts', [{ to: 'config.ts', kind: 'type' }]],
      ['main.ts', [{ to: 'config.ts', kind: 'value' }]],
      ['self.ts', [{ to: 'self.ts', kind: 'value' }]],
    ]);
    const found = circles(graph);
    expect(found).toEqual([['config.ts', 'jobs.ts', 'mailer.ts'], ['self.ts']]);
    expect(describeCircle(graph, found[0]!)).toBe('config.ts → jobs.ts → mailer.ts → config.ts (type)');
    expect(circles(new Map([['a.ts', [{ to: 'b.ts', kind: 'value' }]]]))).toEqual([]);
  });

  it('none between the source files of server, judge and shared', () => {
    const { graph, unresolved } = importGraph();
    // the parser saw the files and their imports (a parser that finds nothing finds no circle)
    expect(unresolved).toEqual([]);
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get('packages/server/src/main.ts')).toContainEqual({
      to: 'packages/server/src/config.ts',
      kind: 'value',
    });
    const found = circles(graph).map(
      (component) =>
        `${component.length} files: ${describeCircle(graph, component)}\n  ${component.join('\n  ')}`,
    );
    expect(found, `import circles ("(type)": that file is imported type-only):\n${found.join('\n')}`).toEqual(
      [],
    );
  });

  it('dynamic imports between source files are only the listed ones', () => {
    expect(importGraph().dynamic.sort()).toEqual(Object.keys(DYNAMIC_IMPORTS).sort());
  });
});
