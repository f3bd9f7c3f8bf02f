import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Issue 9 item 6: the KaTeX stylesheet (Markdown.tsx imports katex/dist/katex.min.css) and the KaTeX
 * that renders the formulas (rehype-katex's own `import katex from 'katex'`) must be one copy of one
 * version: the CSS of another version styles markup it did not write. Resolved the way Node and Vite
 * resolve bare imports (node_modules, nearest first), from each importer's own location.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const markdownModule = path.resolve(here, '../../src/components/markdown/Markdown.tsx');

/** The katex package folder (and its version) a file at `from` gets for `specifier`. */
function katexFrom(from: string, specifier: string) {
  let dir = path.dirname(createRequire(from).resolve(specifier));
  while (!readFileSafe(path.join(dir, 'package.json'))?.includes('"name": "katex"')) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no katex package above ${specifier}`);
    dir = parent;
  }
  const { version } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string };
  return { dir, version };
}

function readFileSafe(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

describe('KaTeX: the stylesheet and the renderer are one version (issue 9)', () => {
  it('rehype-katex renders with the very katex package whose CSS the app imports', () => {
    const css = katexFrom(markdownModule, 'katex/dist/katex.min.css');
    const rehypeKatex = createRequire(markdownModule).resolve('rehype-katex');
    const renderer = katexFrom(rehypeKatex, 'katex');
    expect(renderer.version).toBe(css.version);
    expect(renderer.dir).toBe(css.dir);
  });

  it("the web package's declared katex range admits the version rehype-katex asks for", () => {
    const web = JSON.parse(readFileSync(path.resolve(here, '../../package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    // rehype-katex exports only its index.js, which sits beside its package.json
    const rehypeDir = path.dirname(createRequire(markdownModule).resolve('rehype-katex'));
    const rehype = JSON.parse(readFileSync(path.join(rehypeDir, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    // both are 0.x caret ranges: the same minor is the same compatible line
    const minor = (range: string) => /^\^?(0\.\d+)/.exec(range)?.[1];
    expect(minor(web.dependencies.katex!)).toBe(minor(rehype.dependencies.katex!));
  });
});
