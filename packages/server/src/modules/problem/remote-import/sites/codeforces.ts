import { splitCodeforcesId } from '@verdict/shared';
import { rcpcOf, unescapeHtml, type HttpSession } from '@verdict/shared/node';
import { RemoteSiteError, type CrawledProblem, type RemoteCrawler } from '../site.ts';

function split(id: string): { contestId: string; index: string } {
  const parts = splitCodeforcesId(id);
  if (!parts) throw new RemoteSiteError('Codeforces: Incorrect problem id format!');
  return parts;
}

const first = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];
/** Codeforces writes TeX as $$$…$$$; the statement renderer reads $…$. */
const tex = (text: string | undefined) => (text ?? '').replace(/\$\$\$/g, '$').trim();

/** reference §10.3: the fields of a Codeforces statement page. */
export function parseCodeforcesProblem(
  html: string,
  base: string,
  contestId: string,
  index: string,
): CrawledProblem {
  const title = first(html, new RegExp(`<div class="title">\\s*${index}\\. ([\\s\\S]*?)</div>`));
  const seconds = first(html, /time limit per test<\/div>\s*([\d.]+) (?:seconds?|s)\s*<\/div>/);
  const megabytes = first(html, /memory limit per test<\/div>\s*(\d+) (?:megabytes|MB)\s*<\/div>/);
  if (!title || !seconds || !megabytes)
    throw new RemoteSiteError(`Codeforces answered a page without a problem ${contestId}${index}`);
  const absolute = (text: string) =>
    text.replace(/(src|href)="(?:\.\.\/\.\.)?\/(?!\/)/g, (_m, attr: string) => `${attr}="${base}/`);
  const description =
    first(
      html,
      /standard output\s*<\/div>\s*<\/div>\s*<div>([\s\S]*?)<\/div>\s*<div class="input-specification/,
    ) ?? first(html, /standard output\s*<\/div>\s*<\/div>\s*<div>([\s\S]*?)<\/div>/);
  const input =
    first(
      html,
      /<div class="section-title">\s*Input\s*<\/div>([\s\S]*?)<\/div>\s*<div class="output-specification">/,
    ) ??
    first(
      html,
      /<div class="section-title">\s*Interaction\s*<\/div>([\s\S]*?)<\/div>\s*<div class="sample-tests">/,
    );
  const output = first(
    html,
    /<div class="section-title">\s*Output\s*<\/div>([\s\S]*?)<\/div>\s*<div class="sample-tests">/,
  );
  const ins = [
    ...html.matchAll(
      /<div class="input">\s*<div class="title">\s*Input\s*<\/div>\s*<pre>([\s\S]*?)<\/pre>\s*<\/div>/g,
    ),
  ];
  const outs = [
    ...html.matchAll(
      /<div class="output">\s*<div class="title">\s*Output\s*<\/div>\s*<pre>([\s\S]*?)<\/pre>\s*<\/div>/g,
    ),
  ];
  const sample = (text: string) =>
    unescapeHtml(
      text
        .replace(/<br\s*\/?>/g, '\n')
        .replace(/<div[^>]*>/g, '')
        .replace(/<\/div>/g, '\n')
        .trim(),
    );
  const examples = ins
    .slice(0, outs.length)
    .map((m, i) => ({ input: sample(m[1]!), output: sample(outs[i]![1]!) }));
  const hint = first(html, /<div class="section-title">\s*Note\s*<\/div>([\s\S]*?)<\/div>\s*<\/div>/);
  const tags = [...html.matchAll(/<span class="tag-box"[^>]*>([\s\S]*?)<\/span>/g)].map((m) => m[1]!.trim());
  const contest = first(html, /(<a[^<>]+\/contest\/\d+">.+?<\/a>)/);
  const link = `${base}/problemset/problem/${contestId}/${index}`;
  return {
    title: title.trim(),
    timeLimit: Math.round(Number(seconds) * 1000),
    memoryLimit: Number(megabytes),
    description: absolute(tex(description)),
    input: absolute(tex(input)),
    output: absolute(tex(output)),
    examples,
    hint: absolute(tex(hint)),
    source:
      `<p>Problem：<a style='color:#1A5CC8' href='${link}'>CF-${contestId}${index}</a></p>` +
      (contest ? `<p>Contest：${contest.replace('href="/contest', `href="${base}/contest`)}</p>` : ''),
    tags: tags.filter((t) => t !== ''),
  };
}

/** A Codeforces page through the RCPC anti-bot page (Codeforces and its gym), refused unless 200. */
export async function codeforcesPage(http: HttpSession, path: string): Promise<string> {
  let res = await http.get(path);
  if (res.body.includes('Redirecting... Please, wait.')) {
    const rcpc = rcpcOf(res.body);
    if (!rcpc) throw new RemoteSiteError('Codeforces answered an anti-bot page that could not be read');
    http.setCookie('RCPC', rcpc);
    res = await http.get(path);
  }
  if (res.status !== 200) throw new RemoteSiteError(`Codeforces answered HTTP ${res.status} for ${path}`);
  return res.body;
}

export const codeforcesCrawler: RemoteCrawler = {
  oj: 'CF',
  async crawl(http: HttpSession, id: string) {
    const { contestId, index } = split(id);
    const html = await codeforcesPage(http, `/problemset/problem/${contestId}/${index}`);
    return parseCodeforcesProblem(html, http.baseUrl.replace(/\/+$/, ''), contestId, index);
  },
};
