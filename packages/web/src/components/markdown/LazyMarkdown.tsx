import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import type { MarkdownProps } from './Markdown';

const Markdown = lazy(() => import('./Markdown').then((m) => ({ default: m.Markdown })));

/**
 * The markdown renderer where markdown shows only after a click (the home page's announcements, the
 * editors' Preview): the renderer, its plugins and KaTeX (about 620 KB of script) load with the first
 * text shown, not with the page. Import it from this file, not from the folder's index, which loads
 * the renderer with it.
 */
export function LazyMarkdown(props: MarkdownProps) {
  return (
    <Suspense fallback={<Spin size="small" />}>
      <Markdown {...props} />
    </Suspense>
  );
}
