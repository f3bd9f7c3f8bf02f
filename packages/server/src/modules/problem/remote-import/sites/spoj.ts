import { spojLanguageNames } from '@verdict/shared';
import type { HttpSession } from '@verdict/shared/node';
import { absoluteLinks, first } from '../page-text.ts';
import { RemoteSiteError, type CrawledProblem, type RemoteCrawler } from '../site.ts';

/**
 * reference §10.3 SPOJ: the fields of /problems/<code>/ (the whole statement, samples included, is
 * the description, as SPOJ writes it in one block) and the languages of its submit page.
 */
export function parseSpojProblem(
  html: string,
  base: string,
  code: string,
): Omit<CrawledProblem, 'languages'> {
  const title = first(html, /<h2 id="problem-name"[^>]*>[\s\S]*? - ([\s\S]*?)<\/h2>/);
  const seconds = first(html, /Time limit:<\/td>\s*<td>([\d.]+)s/);
  const megabytes = first(html, /Memory limit:<\/td>\s*<td>(\d+)MB/);
  const body = first(html, /<div id="problem-body">([\s\S]*?)<\/div>\s*<div class="text-center">/);
  if (!title || !seconds || !megabytes || body === undefined)
    throw new RemoteSiteError(`SPOJ answered a page without a problem ${code}`);
  const tags = [...html.matchAll(/<span class="problem-tag"[^>]*>([^<]*)<span/g)].map((m) => m[1]!.trim());
  const link = `${base}/problems/${code}/`;
  return {
    title: title.trim(),
    timeLimit: Math.round(Number(seconds) * 1000),
    memoryLimit: Number(megabytes),
    description: absoluteLinks(body.replace('<!-- here starts your code -->', ''), base).trim(),
    input: '',
    output: '',
    examples: [],
    hint: '',
    source: `<a style='color:#1A5CC8' href='${link}'>SPOJ-${code}</a>`,
    tags: tags.filter((t) => t !== ''),
  };
}

export const spojCrawler: RemoteCrawler = {
  oj: 'SPOJ',
  async crawl(http: HttpSession, code: string) {
    if (!/^[A-Z0-9_]+$/.test(code)) throw new RemoteSiteError('SPOJ: Incorrect problem id format!');
    const base = http.baseUrl.replace(/\/+$/, '');
    const page = await http.get(`/problems/${code}/`);
    // SPOJ sends an unknown code back to its problem list
    if (page.status !== 200) throw new RemoteSiteError(`SPOJ has no problem ${code} (HTTP ${page.status})`);
    const problem = parseSpojProblem(page.body, base, code);
    const submit = await http.get(`/submit/${code}/`);
    const ids = [...submit.body.matchAll(/<option value="(\d+)"[^>]*>/g)].map((m) => m[1]!);
    if (submit.status !== 200 || ids.length === 0)
      throw new RemoteSiteError(`SPOJ's submit page of ${code} lists no language`);
    return { ...problem, languages: spojLanguageNames(ids) };
  },
};
