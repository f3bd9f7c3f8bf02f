import { splitCodeforcesId } from '@verdict/shared';
import type { HttpSession } from '@verdict/shared/node';
import { RemoteSiteError, type RemoteCrawler } from '../site.ts';
import { codeforcesPage, parseCodeforcesProblem } from './codeforces.ts';

/**
 * reference §10.3 GYM: `/gym/<contest>/problem/<index>`, the same statement markup as Codeforces'
 * problem set, linked to the gym. A gym problem whose statement is only a PDF attachment (HOJ then
 * logs in with a Codeforces account to read the attachments page) is refused with that reason.
 */
export const gymCrawler: RemoteCrawler = {
  oj: 'GYM',
  async crawl(http: HttpSession, id: string) {
    const parts = splitCodeforcesId(id);
    if (!parts) throw new RemoteSiteError('GYM: Incorrect problem id format! Must be like `100001A`');
    const { contestId, index } = parts;
    const path = `/gym/${contestId}/problem/${index}`;
    const html = await codeforcesPage(http, path);
    if (!html.includes('class="problem-statement"'))
      throw new RemoteSiteError(`the gym problem ${contestId}${index} has no HTML statement (PDF only?)`);
    const base = http.baseUrl.replace(/\/+$/, '');
    const link = `${base}${path}`;
    return {
      ...parseCodeforcesProblem(html, base, contestId, index),
      source: `<p>Problem：<a style='color:#1A5CC8' href='${link}'>GYM-${contestId}${index}</a></p>`,
    };
  },
};
