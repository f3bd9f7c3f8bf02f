/**
 * The text of an HTML fragment's entities, as the remote sites' pages write compiler messages and
 * samples (`&lt;`, `&#39;`, `&nbsp;`…). `&amp;` last, so that `&amp;lt;` stays `&lt;`.
 */
export function unescapeHtml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&#(\d+);/g, (_m, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&amp;/g, '&');
}
