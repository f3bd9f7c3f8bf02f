import { and, eq, isNull, sql } from 'drizzle-orm';
import { accountOjOf, problemDto, REMOTE_OJS, type RemoteOj } from '@verdict/shared';
import { HttpSession, remoteSiteUrl } from '@verdict/shared/node';
import { language, problem, tag } from '../../../db/schema/index.ts';
import type { AuthUser } from '../../../http/auth/access.ts';
import { fail } from '../../../http/errors.ts';
import { problemMessages } from '../../../http/messages.ts';
import { createProblem, type SaveContext, type Tx } from '../admin/save.ts';
import { RemoteSiteError, type CrawledProblem } from './site.ts';
import { CRAWLERS } from './sites/index.ts';

const remoteMessages = {
  unsupported: (oj: string) => ({
    zh: `暂不支持导入 ${oj} 的题目！`,
    en: `Importing problems of ${oj} is not supported!`,
  }),
  siteError: (oj: string, why: string) => ({
    zh: `${oj} 题目导入失败：${why}`,
    en: `Importing the ${oj} problem failed: ${why}`,
  }),
};

/** reference §10.3 `examples`: `<input>…</input><output>…</output>` per sample. */
const examplesText = (examples: CrawledProblem['examples']) =>
  examples.map((e) => `<input>${e.input}</input><output>${e.output}</output>`).join('');

/**
 * reference §10.3 `import-remote-oj-problem` (and the contest and training variants, through
 * `within`): `<OJ>-<id>` upper-cased, refused when it exists; the site's page read by its crawler
 * (sites/); HOJ's defaults for imported problems; the site's languages (GYM: Codeforces'); tags
 * matched by name, case-insensitively, among the site's tags, else created with the site as their
 * `oj`, or a tag named after the site when it gives none. No test data: the site judges.
 */
export async function importRemoteProblem(
  ctx: SaveContext,
  user: AuthUser,
  query: { name: string; problemId: string },
  within?: (tx: Tx, created: { pid: number; problemId: string }) => Promise<void>,
) {
  const oj = query.name.trim().toUpperCase();
  const crawler = CRAWLERS[oj];
  if (!crawler || !(REMOTE_OJS as readonly string[]).includes(oj)) throw fail(remoteMessages.unsupported(oj));
  const remoteId = query.problemId.trim().toUpperCase();
  const problemId = `${oj}-${remoteId}`;
  const [taken] = await ctx.db
    .select({ id: problem.id })
    .from(problem)
    .where(eq(problem.problemId, problemId));
  if (taken) throw fail(problemMessages.problemIdTaken);

  let crawled: CrawledProblem;
  try {
    crawled = await crawler.crawl(new HttpSession(remoteSiteUrl(crawler.oj)), remoteId);
  } catch (error) {
    const why =
      error instanceof RemoteSiteError
        ? error.message
        : `the site could not be read (${(error as Error).message})`;
    throw fail(remoteMessages.siteError(oj, why));
  }

  const languageOj = accountOjOf(oj as RemoteOj);
  const languages = (
    await ctx.db
      .select({ id: language.id, name: language.name })
      .from(language)
      .where(eq(language.oj, languageOj))
  )
    .filter((l) => !crawled.languages || crawled.languages.includes(l.name))
    .map((l) => ({ id: l.id }));
  const names = crawled.tags.length > 0 ? crawled.tags : [oj];
  const existing = await ctx.db
    .select({ id: tag.id, name: tag.name })
    .from(tag)
    .where(
      and(
        eq(tag.oj, oj),
        isNull(tag.gid),
        sql`lower(${tag.name}) in (${sql.join(
          names.map((n) => sql`${n.toLowerCase()}`),
          sql`, `,
        )})`,
      ),
    );
  const tags = names.map((name) => {
    const found = existing.find((t) => t.name.toLowerCase() === name.toLowerCase());
    return found ? { id: found.id, name: found.name } : { name, oj };
  });

  const dto = problemDto.parse({
    problem: {
      problemId,
      title: crawled.title,
      type: 0,
      timeLimit: crawled.timeLimit,
      memoryLimit: crawled.memoryLimit,
      description: crawled.description,
      input: crawled.input,
      output: crawled.output,
      examples: examplesText(crawled.examples),
      hint: crawled.hint,
      source: crawled.source,
      difficulty: 1,
      auth: 1,
      isRemoveEndBlank: false,
      openCaseResult: oj === 'CF' || oj === 'GYM',
    },
    languages,
    tags,
  });
  return createProblem(ctx, user, dto, { within, remote: true });
}

/**
 * reference §3.12 contest / training `import-remote-oj-problem`: the remote problem imported as
 * above and attached in the same transaction; one imported before is attached as it is (HOJ read
 * the site only for a problem it did not have). A refused attachment leaves nothing imported.
 */
export async function importAndAttach(
  ctx: SaveContext,
  user: AuthUser,
  query: { name: string; problemId: string },
  attach: (tx: Tx, pid: number) => Promise<unknown>,
) {
  const problemId = `${query.name.trim().toUpperCase()}-${query.problemId.trim().toUpperCase()}`;
  const [known] = await ctx.db
    .select({ id: problem.id })
    .from(problem)
    .where(and(eq(problem.problemId, problemId), eq(problem.isRemote, true)));
  if (known) return ctx.db.transaction((tx) => attach(tx, known.id));
  return importRemoteProblem(ctx, user, query, async (tx, created) => {
    await attach(tx, created.pid);
  });
}
