import type { RemoteOj } from '@verdict/shared';
import type { HttpSession } from '@verdict/shared/node';

/**
 * A remote problem as a site's crawler reads it (reference §10.3), before it becomes a Verdict
 * problem (import.ts adds the defaults, languages and tags).
 */
export interface CrawledProblem {
  title: string;
  /** ms */
  timeLimit: number;
  /** MB */
  memoryLimit: number;
  description: string;
  input: string;
  output: string;
  /** samples in order */
  examples: { input: string; output: string }[];
  hint: string;
  /** HTML link(s) to the original */
  source: string;
  tags: string[];
  /** only these language names of the site (SPOJ); all of the site's when absent */
  languages?: string[];
}

/** The per-site crawler: one file per site under `sites/`, registered in `sites/index.ts`. */
export interface RemoteCrawler {
  /** the OJ name of `import-remote-oj-problem?name=` */
  oj: RemoteOj;
  /**
   * Reads problem `id` (as the admin typed it, upper-cased). Throws RemoteSiteError with a reason
   * the admin can act on when the id is malformed or the site answers something unexpected.
   */
  crawl(http: HttpSession, id: string): Promise<CrawledProblem>;
}

/** The site answered something the crawler could not read (or the id has the wrong shape). */
export class RemoteSiteError extends Error {
  override name = 'RemoteSiteError';
}
