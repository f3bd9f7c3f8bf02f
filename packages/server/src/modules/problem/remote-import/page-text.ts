import { unescapeHtml } from '@verdict/shared/node';

/** Helpers the crawlers of HTML statement pages share (HDU, POJ, SPOJ). */

/** The first capture of `pattern` in `html`, or undefined. */
export const first = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];

/** Relative image and link addresses (`../../data/images/…`, `images/…`, `/x`) made absolute. */
export const absoluteLinks = (html: string, base: string) =>
  html.replace(
    /(src|href)=(["']?)(?![a-z]+:|\/\/|#)(?:\.\.\/|\.\/)*\/?/gi,
    (_m, attr: string, quote: string) => `${attr}=${quote}${base}/`,
  );

/** A sample `<pre>` as text: line breaks kept, tags dropped, entities read, outer blank lines trimmed. */
export const sampleText = (html: string) =>
  unescapeHtml(html.replace(/<br\s*\/?>/gi, '\n').replace(/<[^>]*>/g, '')).replace(/^\n+|\s+$/g, '');
