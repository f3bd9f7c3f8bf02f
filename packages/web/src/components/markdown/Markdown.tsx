import 'katex/dist/katex.min.css';
import { memo, type ComponentProps } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeKatex from 'rehype-katex';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { MARKDOWN_SANITIZE_SCHEMA } from './schema';
import './markdown.css';

type Plugins = NonNullable<ComponentProps<typeof ReactMarkdown>['rehypePlugins']>;

/**
 * Sanitise first, then typeset: user text never reaches the page unfiltered, while KaTeX's own
 * markup (made from the already-cleaned formula text) is kept as KaTeX wrote it.
 */
const REHYPE_PLUGINS: Plugins = [[rehypeSanitize, MARKDOWN_SANITIZE_SCHEMA], rehypeKatex];
const REMARK_PLUGINS = [remarkGfm, remarkMath];

/** Links leave the site in a new tab without handing it the opener. */
const COMPONENTS: Components = {
  a: ({ node: _node, href, children, ...rest }) => {
    const external = typeof href === 'string' && /^(https?:)?\/\//i.test(href);
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
}

/**
 * Markdown in safe mode with GFM tables and TeX math ($…$, $$…$$). Raw HTML in the text is not
 * rendered: statements, discussions and comments come from users (spec part 2 §6).
 */
export const Markdown = memo(function Markdown({ source, className }: MarkdownProps) {
  if (!source) return null;
  return (
    <div className={className ? `markdown-body ${className}` : 'markdown-body'}>
      <ReactMarkdown remarkPlugins={REMARK_PLUGINS} rehypePlugins={REHYPE_PLUGINS} components={COMPONENTS}>
        {source}
      </ReactMarkdown>
    </div>
  );
});
