import type { HttpSession } from '@verdict/shared/node';
import { absoluteLinks, first, sampleText } from '../page-text.ts';
import { RemoteSiteError, type CrawledProblem, type RemoteCrawler } from '../site.ts';

/** A panel of HDU's statement page: `<div class=panel_title>Name</div> <div class=panel_content>…</div>`. */
const panel = (html: string, name: string) =>
  first(
    html,
    new RegExp(
      `>${name}</div>\\s*<div class=["']?panel_content["']?>([\\s\\S]*?)</div><div class=["']?panel_bottom`,
    ),
  );

/** reference §10.3 HDU: the fields of showproblem.php (limits "Java/Others": the second one counts). */
export function parseHduProblem(html: string, base: string, id: string): CrawledProblem {
  const title = first(html, /color:#1A5CC8['"]?>([\s\S]*?)<\/h1>/);
  const time = first(html, /(\d+) MS/);
  const memory = first(html, /\/(\d+) K/);
  if (!title || !time || !memory) {
    if (html.includes('No such problem')) throw new RemoteSiteError(`HDU has no problem ${id}`);
    throw new RemoteSiteError(`HDU answered a page without a problem ${id}`);
  }
  const sampleIn = first(
    html,
    />Sample Input<\/div>\s*<div class=["']?panel_content["']?><pre>([\s\S]*?)<\/pre>/,
  );
  const sampleOutBlock = first(
    html,
    />Sample Output<\/div>\s*<div class=["']?panel_content["']?><pre>([\s\S]*?)<\/pre>/,
  );
  // HDU writes the hint inside the sample output's block, in a dashed box titled "Hint"
  const hintAt = sampleOutBlock?.search(
    /<div style=[^>]*>\s*<div style=[^>]*>\s*(?:<i[^>]*>[^<]*<\/i>)?\s*Hint<\/div>/,
  );
  const sampleOut = hintAt !== undefined && hintAt >= 0 ? sampleOutBlock!.slice(0, hintAt) : sampleOutBlock;
  const hint =
    hintAt !== undefined && hintAt >= 0
      ? first(sampleOutBlock!.slice(hintAt), /Hint<\/div>([\s\S]*?)<\/div>\s*<i[^>]*>/)
      : undefined;
  const link = `${base}/showproblem.php?pid=${id}`;
  return {
    title: title.trim(),
    timeLimit: Number(time),
    memoryLimit: Math.floor(Number(memory) / 1024),
    description: absoluteLinks(panel(html, 'Problem Description') ?? '', base).trim(),
    input: absoluteLinks(panel(html, 'Input') ?? '', base).trim(),
    output: absoluteLinks(panel(html, 'Output') ?? '', base).trim(),
    examples:
      sampleIn !== undefined && sampleOut !== undefined
        ? [{ input: sampleText(sampleIn), output: sampleText(sampleOut) }]
        : [],
    hint: absoluteLinks(hint ?? '', base).trim(),
    source: `<a style='color:#1A5CC8' href='${link}'>HDU-${id}</a>`,
    tags: [],
  };
}

export const hduCrawler: RemoteCrawler = {
  oj: 'HDU',
  async crawl(http: HttpSession, id: string) {
    if (!/^[1-9]\d*$/.test(id)) throw new RemoteSiteError('HDU: Incorrect problem id format!');
    const res = await http.get(`/showproblem.php?pid=${id}`);
    if (res.status !== 200) throw new RemoteSiteError(`HDU answered HTTP ${res.status} for problem ${id}`);
    return parseHduProblem(res.body, http.baseUrl.replace(/\/+$/, ''), id);
  },
};
