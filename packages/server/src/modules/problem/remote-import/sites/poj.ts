import type { HttpSession } from '@verdict/shared/node';
import { absoluteLinks, first, sampleText } from '../page-text.ts';
import { RemoteSiteError, type CrawledProblem, type RemoteCrawler } from '../site.ts';

/** A section of POJ's statement page: `<p class="pst">Name</p><div class="ptx">…</div>`. */
const section = (html: string, name: string) =>
  first(
    html,
    new RegExp(`<p class="pst">${name}</p>\\s*<div class="?ptx"?[^>]*>([\\s\\S]*?)</div>\\s*<p class="pst">`),
  );
const sample = (html: string, name: string) =>
  first(html, new RegExp(`<p class="pst">${name}</p>\\s*<pre class="?sio"?>([\\s\\S]*?)</pre>`));

/** reference §10.3 POJ: the fields of problem?id= (memory K → MB). */
export function parsePojProblem(html: string, base: string, id: string): CrawledProblem {
  const title = first(html, /<title>\d+ -- ([\s\S]*?)<\/title>/);
  const time = first(html, /<b>Time Limit:<\/b> (\d+)MS/);
  const memory = first(html, /<b>Memory Limit:<\/b> (\d+)K/);
  if (!title || !time || !memory) {
    const why = first(html, /<li>([^<]+)<\/li>/);
    throw new RemoteSiteError(why ? `POJ: ${why}` : `POJ answered a page without a problem ${id}`);
  }
  const text = (name: string) => absoluteLinks(section(html, name) ?? '', base).trim();
  const input = sample(html, 'Sample Input');
  const output = sample(html, 'Sample Output');
  const link = `${base}/problem?id=${id}`;
  return {
    title: title.trim(),
    timeLimit: Number(time),
    memoryLimit: Math.floor(Number(memory) / 1024),
    description: text('Description'),
    input: text('Input'),
    output: text('Output'),
    examples:
      input !== undefined && output !== undefined
        ? [{ input: sampleText(input), output: sampleText(output) }]
        : [],
    hint: text('Hint'),
    source: `<a style='color:#1A5CC8' href='${link}'>POJ-${id}</a>`,
    tags: [],
  };
}

export const pojCrawler: RemoteCrawler = {
  oj: 'POJ',
  async crawl(http: HttpSession, id: string) {
    if (!/^[1-9]\d*$/.test(id)) throw new RemoteSiteError('POJ: Incorrect problem id format!');
    const res = await http.get(`/problem?id=${id}`);
    if (res.status !== 200) throw new RemoteSiteError(`POJ answered HTTP ${res.status} for problem ${id}`);
    return parsePojProblem(res.body, http.baseUrl.replace(/\/+$/, ''), id);
  },
};
