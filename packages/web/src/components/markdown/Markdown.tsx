import 'katex/dist/katex.min.css';
import { memo, type ComponentProps } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeKatex from 'rehype-katex';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { MARKDOWN_SANITIZE_SCHEMA } from './schema';
import './markdown.css';

type Plugins = NonNullable<ComponentProps<typeof ReactMarkdown>['rehypePlugins']>;

/**
 * KaTeX without trust (no \href, \url, \includegraphics, \html*: they render as red text),
 * sizes the author gives (\rule, \kern, \raisebox…) capped at 20 em and macro expansion bounded,
 * so a formula can neither link nor grow without end. What it still draws outside its line
 * (\smash, \llap, negative kerns) is clipped by .markdown-body (markdown.css).
 */
const KATEX_OPTIONS = { trust: false, maxSize: 20, maxExpand: 1000 } as const;

/**
 * Sanitise first, then typeset: user text never reaches the page unfiltered, while KaTeX's own
 * markup (made from the already-cleaned formula text) is kept as KaTeX wrote it.
 */
const REHYPE_PLUGINS: Plugins = [
  [rehypeSanitize, MARKDOWN_SANITIZE_SCHEMA],
  [rehypeKatex, KATEX_OPTIONS],
];
/**
 * A remote judge's statement (reference §10.3) is the site's HTML: parsed into the tree first, then
 * sanitised by the same schema as everything else, so it renders without being trusted.
 */
const HTML_REHYPE_PLUGINS: Plugins = [rehypeRaw, ...REHYPE_PLUGINS];
const REMARK_PLUGINS = [remarkGfm, remarkMath];
/**
 * remark-rehype would prefix footnote ids with `user-content-` and the sanitiser prefixes every id
 * again (DOM clobbering), which broke the footnote links: ids are left to the sanitiser alone, and
 * in-page links get the same prefix below.
 */
const REMARK_REHYPE_OPTIONS = { clobberPrefix: '' };
const ID_PREFIX = 'user-content-';

/**
 * Whether a link leaves the site for another web site, read as the browser reads it: `//host`
 * and `\\host` included (the old test took only `https://` and `//`).
 */
function isExternal(href: string): boolean {
  const here = typeof window === 'undefined' ? 'http://localhost/' : window.location.href;
  try {
    const url = new URL(href, here);
    return /^https?:$/.test(url.protocol) && url.origin !== new URL(here).origin;
  } catch {
    return false;
  }
}

/** In-page links point at the sanitiser's prefixed ids. */
const inPage = (href: string | undefined) =>
  href?.startsWith('#') && !href.startsWith(`#${ID_PREFIX}`) ? `#${ID_PREFIX}${href.slice(1)}` : href;

/** Links leave the site in a new tab without handing it the opener. */
const COMPONENTS: Components = {
  a: ({ node: _node, href: written, children, ...rest }) => {
    const href = inPage(written);
    const external = typeof href === 'string' && isExternal(href);
    return external ? (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow" {...rest}>
        {children}
      </a>
    ) : (
      <a href={href} {...rest}>
        {children}
      </a>
    );
  },
};

export interface MarkdownProps {
  source: string | null | undefined;
  className?: string;
  /** HTML in the text is rendered (sanitised): only for a remote judge's imported statement */
  html?: boolean;
}

/**
 * Markdown in safe mode with GFM tables and TeX math ($…$, $$…$$). Raw HTML in the text is not
 * rendered: statements, discussions and comments come from users (spec part 2 §6); a remote
 * problem's imported statement (`html`) is HTML, rendered through the same sanitiser.
 */
export const Markdown = memo(function Markdown({ source, className, html = false }: MarkdownProps) {
  if (!source) return null;
  return (
    <div className={className ? `markdown-body ${className}` : 'markdown-body'}>
      <ReactMarkdown
        remarkPlugins={REMARK_PLUGINS}
        remarkRehypeOptions={REMARK_REHYPE_OPTIONS}
        rehypePlugins={html ? HTML_REHYPE_PLUGINS : REHYPE_PLUGINS}
        components={COMPONENTS}
      >
        {source}
      </ReactMarkdown>
    </div>
  );
});
