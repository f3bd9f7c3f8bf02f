import type { HttpSession } from '@verdict/shared/node';
import { RemoteSiteError, type CrawledProblem, type RemoteCrawler } from '../site.ts';

interface Section {
  sectionTitle: string;
  type: string;
  text: string;
}
interface LibreProblem {
  error?: string;
  meta?: { id: number; displayId: number };
  localizedContentsOfLocale?: { title: string; contentSections: Section[] };
  samples?: { inputData: string; outputData: string }[];
  judgeInfo?: { timeLimit: number; memoryLimit: number };
  tagsOfLocale?: { name: string }[];
}

/** The site's pages are on loj.ac, its API on api.loj.ac (a fake serves both on one address). */
const webOf = (api: string) => api.replace('//api.', '//');

/**
 * reference §10.3: the fields of LibreOJ's `getProblem` (Markdown sections, by title when they have
 * the usual ones, else by position as HOJ reads them). Submissions later use the internal id,
 * which the judge asks the API for.
 */
export function parseLibreProblem(answer: LibreProblem, base: string, displayId: number): CrawledProblem {
  const contents = answer.localizedContentsOfLocale;
  if (answer.error || !contents || !answer.judgeInfo)
    throw new RemoteSiteError(`LibreOJ has no problem ${displayId} (${answer.error ?? 'unexpected answer'})`);
  const texts = contents.contentSections.filter((s) => s.type === 'Text');
  const section = (titles: string[], position: number) =>
    (texts.find((s) => titles.includes(s.sectionTitle.trim())) ?? texts[position])?.text.trim() ?? '';
  const hint = texts.find((s) => ['数据范围与提示', '提示', '数据范围'].includes(s.sectionTitle.trim()));
  const link = `${webOf(base)}/p/${displayId}`;
  return {
    title: contents.title.trim(),
    timeLimit: answer.judgeInfo.timeLimit,
    memoryLimit: answer.judgeInfo.memoryLimit,
    // the first bold line often links the original PDF, long gone (HOJ drops it too)
    description: section(['题目描述'], 0).replace(/^\*\*(.*?)\*\*\s*/, ''),
    input: section(['输入格式'], 1),
    output: section(['输出格式'], 2),
    examples: (answer.samples ?? []).map((s) => ({ input: s.inputData, output: s.outputData })),
    hint: hint?.text.trim() ?? '',
    source: `<a style='color:#1A5CC8' href='${link}'>LIBRE-${displayId}</a>`,
    tags: (answer.tagsOfLocale ?? []).map((t) => t.name.trim()).filter((t) => t !== ''),
  };
}

export const libreojCrawler: RemoteCrawler = {
  oj: 'LIBRE',
  async crawl(http: HttpSession, id: string) {
    // `12` or `12(345)` (display id and internal id, as imported problems are named)
    const m = /^([1-9]\d*)(?:\(\d+\))?$/.exec(id);
    if (!m) throw new RemoteSiteError('LibreOJ: Incorrect problem id format!');
    const displayId = Number(m[1]);
    const res = await http.postJson('/api/problem/getProblem', {
      displayId,
      localizedContentsOfLocale: 'zh_CN',
      samples: true,
      judgeInfoToBePreprocessed: true,
      statistics: true,
      tagsOfLocale: 'zh_CN',
      judgeInfo: true,
    });
    let answer: LibreProblem;
    try {
      answer = JSON.parse(res.body) as LibreProblem;
    } catch {
      throw new RemoteSiteError(`LibreOJ answered HTTP ${res.status} without JSON`);
    }
    return parseLibreProblem(answer, http.baseUrl.replace(/\/+$/, ''), displayId);
  },
};
