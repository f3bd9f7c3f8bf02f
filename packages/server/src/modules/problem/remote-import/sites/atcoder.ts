import { unescapeHtml, type HttpSession } from '@verdict/shared/node';
import { RemoteSiteError, type CrawledProblem, type RemoteCrawler } from '../site.ts';

const first = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];

/** reference §10.3: `abc110_a` in any case; the contest is the part before `_`. */
function split(id: string): { contest: string; task: string } {
  const task = id.toLowerCase();
  if (!/^[a-z0-9-]+_[a-z0-9_]+$/.test(task))
    throw new RemoteSiteError('AtCoder: Incorrect problem id format! Must be like `abc110_a`');
  return { contest: task.slice(0, task.indexOf('_')), task };
}

/** reference §10.3: the fields of an AtCoder task page (its English sections when it has them). */
export function parseAtCoderTask(html: string, base: string, contest: string, task: string): CrawledProblem {
  const limits = /Time Limit: ([\d.]+) sec \/ Memory Limit: (\d+) Mi?B/.exec(html);
  // the task name, after the "A - " of its index
  const title = first(html, /<title>[\s\S]*? - ([\s\S]*?)<\/title>/);
  if (!limits || !title) throw new RemoteSiteError(`AtCoder answered a page without the task ${task}`);
  // AtCoder writes TeX inside <var>; the statement renderer reads $…$; images are site-relative
  const clean = (text: string | undefined) =>
    (text ?? '')
      .replace(/<var>/g, '$')
      .replace(/<\/var>/g, '$')
      .replace(/(src|href)="\/(?!\/)/g, (_m, attr: string) => `${attr}="${base}/`)
      .trim();
  const english = first(html, /<span class="lang-en">([\s\S]*)<\/span>\s*<\/span>/) ?? html;
  const section = (name: string) => first(english, new RegExp(`<h3>${name}</h3>([\\s\\S]*?)</section>`));
  const samples = (kind: 'Input' | 'Output') =>
    [...english.matchAll(new RegExp(`<h3>Sample ${kind} \\d+</h3>\\s*<pre>([\\s\\S]*?)</pre>`, 'g'))].map(
      (m) => unescapeHtml(m[1]!).trim(),
    );
  const link = `${base}/contests/${contest}/tasks/${task}`;
  const problem: CrawledProblem = {
    title: title.trim(),
    timeLimit: Math.round(Number(limits[1]) * 1000),
    memoryLimit: Number(limits[2]),
    description: '',
    input: '',
    output: '',
    examples: [],
    hint: '',
    source: `<a style='color:#1A5CC8' href='${link}'>AtCoder-${task}</a>`,
    tags: [],
  };
  if (section('Problem Statement') === undefined) {
    // old tasks are in Japanese only: the whole statement goes to the description
    problem.description = clean(
      first(html, /<div id="task-statement">([\s\S]*?)<\/div>\s*<\/div>\s*<\/div>/),
    );
    return problem;
  }
  const inputs = samples('Input');
  const outputs = samples('Output');
  problem.description = clean(section('Problem Statement'));
  // HOJ shows the constraints below the input format
  problem.input = clean(`${section('Input') ?? ''}${section('Constraints') ?? ''}`);
  problem.output = clean(section('Output'));
  problem.examples = inputs.slice(0, outputs.length).map((input, i) => ({ input, output: outputs[i]! }));
  return problem;
}

export const atcoderCrawler: RemoteCrawler = {
  oj: 'AC',
  async crawl(http: HttpSession, id: string) {
    const { contest, task } = split(id);
    const path = `/contests/${contest}/tasks/${task}`;
    const res = await http.get(path);
    if (res.status !== 200) throw new RemoteSiteError(`AtCoder answered HTTP ${res.status} for ${path}`);
    return parseAtCoderTask(res.body, http.baseUrl.replace(/\/+$/, ''), contest, task);
  },
};
