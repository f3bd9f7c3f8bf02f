import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown } from '../../src/components/markdown';
import { XSS_PAYLOADS } from '../e2e/xss-payloads';

/**
 * Issue 15 "Safety": the markdown renderer itself (components/markdown: rehype-sanitize's schema,
 * KaTeX's options, the link component), rendered to HTML the way the pages render it. The browser
 * test (test/e2e/xss.test.ts) checks the same payloads on every page; this one names the rule each
 * hole broke.
 */

const render = (source: string, html = false) =>
  renderToStaticMarkup(createElement(Markdown, { source, html }));

/**
 * The start tags of the markup (text is escaped, so `<` starts only real tags, and attribute values
 * have their `>` escaped), without the image preload hint React's server rendering adds.
 */
const tags = (html: string) =>
  (html.match(/<[a-zA-Z][^>]*>/g) ?? []).filter((tag) => !tag.startsWith('<link rel="preload" as="image"'));

describe('every known payload renders to inert markup', () => {
  // `html`: a remote judge's imported statement (reference §10.3), HTML through the same sanitiser
  it.each(
    XSS_PAYLOADS.flatMap((p) => [
      [p.name, p.source, false] as const,
      [`${p.name} (html)`, p.source, true] as const,
    ]),
  )('%s', (_name, source, html) => {
    for (const tag of tags(render(source, html))) {
      // KaTeX's own MathML is the only <math>
      expect(tag).not.toMatch(
        /^<(script|style|iframe|object|embed|form|base|meta|link|svg|math(?! xmlns))\b/i,
      );
      for (const [, name = '', value = ''] of tag.matchAll(/\s([^\s=>]+)(?:="([^"]*)")?/g)) {
        expect(name, tag).not.toMatch(/^on/i);
        if (/^(href|src|action|formaction|data|xlink:href)$/i.test(name))
          expect(value, tag).not.toMatch(/^\s*(javascript|vbscript|data):/i);
        // an HTML statement keeps its ids, behind the sanitiser's prefix (no DOM clobbering)
        if (name === 'id' && html) expect(value, tag).toMatch(/^user-content-/);
        if (name === 'id' && !html) expect(value, tag).not.toMatch(/^(user-content-)?pwn$/);
        if (name === 'class') expect(value.split(' '), tag).not.toContain('pwn');
        // only KaTeX writes styles, and none that takes an element out of the flow or loads a URL
        if (name === 'style') expect(value, tag).not.toMatch(/position|fixed|url\(|expression|z-index/i);
      }
    }
  });
});

describe('the sanitiser schema', () => {
  it('puts no class of its own choosing on code: a fence named like a site class gets none', () => {
    // ```switch gave <code class="language-switch">, the class of the site's language switch
    const html = render('```switch\nx\n```\n\n```ant-btn\ny\n```');
    expect(html).not.toContain('language-');
    expect(html).toContain('>x\n</code></pre>');
  });

  it('keeps the math classes, so ```math still typesets', () => {
    expect(render('```math\nx^2\n```')).toContain('class="katex-display"');
  });

  it('prefixes ids (DOM clobbering) once, and in-page links follow: footnotes link up', () => {
    const html = render('note[^a]\n\n[^a]: the note');
    const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
    const targets = [...html.matchAll(/href="#([^"]+)"/g)].map((m) => m[1]);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expect(id).toMatch(/^user-content-(?!user-content-)/);
    for (const target of targets) expect(ids).toContain(target);
  });

  it('drops style attributes and raw HTML whatever the author writes', () => {
    const html = render('<div style="position:fixed;inset:0">x</div>\n\n<span style="color:red">y</span>');
    expect(html).not.toContain('style=');
    expect(html).not.toContain('position');
  });
});

describe('KaTeX', () => {
  it('renders \\href, \\url, \\includegraphics and \\html* as unsupported text (no trust)', () => {
    const html = render('$\\href{https://example.com}{a} \\htmlClass{x}{b} \\url{https://example.com}$');
    expect(html).not.toContain('<a ');
    expect(html).not.toContain('class="x"');
  });

  it('caps sizes the author gives at 20 em', () => {
    const markup = tags(render('$\\rule{10000em}{10000em}$')).join('');
    expect(markup).not.toContain('10000em');
    expect(markup).toContain('border-right-width:20em');
  });

  it('stops macro bombs with an error instead of expanding them', () => {
    const bomb = XSS_PAYLOADS.find((p) => p.name === 'katex macro bomb')!.source;
    expect(render(bomb)).toContain('katex-error');
  });
});

describe('links', () => {
  it.each([
    ['https://example.com/x', true],
    ['//example.com/x', true],
    ['/problem/1', false],
    ['mailto:a@example.com', false],
  ])('%s leaves the site: %s', (href, external) => {
    const html = render(`[a](<${href}>)`);
    expect(html.includes('target="_blank"')).toBe(external);
    if (external) expect(html).toContain('rel="noopener noreferrer nofollow"');
  });
});

describe("a remote judge's statement (reference §10.3: the site's HTML)", () => {
  const statement =
    '<p>Given <b>n</b>, print <i>n + 1</i>.</p><img src="https://codeforces.com/a.png" onerror="alert(1)"><script>alert(2)</script>';

  it('renders its HTML, sanitised, when the page says it is HTML', () => {
    const html = render(statement, true);
    expect(html).toContain('<p>Given <b>n</b>, print <i>n + 1</i>.</p>');
    expect(html).toContain('<img src="https://codeforces.com/a.png"/>');
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('<script');
  });

  it('leaves HTML out of every other text, as before', () => {
    const html = render(statement);
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('<img');
  });
});
