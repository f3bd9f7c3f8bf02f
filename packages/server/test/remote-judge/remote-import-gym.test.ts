import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { language, problem, problemLanguage, problemTag, tag } from '../../src/db/schema/index.ts';
import { FakeCodeforces } from '../../../judge/test/remote-fakes/codeforces.ts';
import { body } from '../account/support.ts';
import { remoteImportFixture } from './import-support.ts';

const fx = remoteImportFixture('GYM', () => new FakeCodeforces().start());

describe('remote problem import, GYM (reference §10.3)', () => {
  it('imports GYM-100001A from the gym statement page through the anti-bot page', async () => {
    expect(body(await fx.importProblem('100001a'))).toMatchObject({ status: 200 });
    const [p] = await fx.t.db.select().from(problem).where(eq(problem.problemId, 'GYM-100001A'));
    expect(p).toMatchObject({
      title: 'Stones on the Table',
      timeLimit: 2000,
      memoryLimit: 256,
      isRemote: true,
      type: 0,
      auth: 1,
      difficulty: 1,
      isRemoveEndBlank: false,
      openCaseResult: true,
      author: 'root',
      hint: '<p>Remove stones.</p>',
      input: '<p>The first line contains $n$.</p>',
      output: '<p>Print one integer.</p>',
      examples: '<input>3\nRRG</input><output>1</output><input>5\nRRRRR</input><output>4</output>',
      source: `<p>Problem：<a style='color:#1A5CC8' href='${fx.site.url}/gym/100001/problem/A'>GYM-100001A</a></p>`,
    });
    expect(p!.description).toContain(`src="${fx.site.url}/predownloaded/ab/cd/stones.png"`);
    const tags = await fx.t.db
      .select({ name: tag.name, oj: tag.oj })
      .from(problemTag)
      .innerJoin(tag, eq(tag.id, problemTag.tid))
      .where(eq(problemTag.pid, p!.id));
    expect(tags).toEqual(
      expect.arrayContaining([
        { name: 'implementation', oj: 'GYM' },
        { name: '*800', oj: 'GYM' },
      ]),
    );
    // reference §10.1: GYM uses Codeforces' languages
    const langs = await fx.t.db
      .select({ oj: language.oj })
      .from(problemLanguage)
      .innerJoin(language, eq(language.id, problemLanguage.lid))
      .where(eq(problemLanguage.pid, p!.id));
    expect(langs.length).toBe(29);
    expect(langs.every((l) => l.oj === 'CF')).toBe(true);
  });

  it('refuses an id that exists, a malformed id and a problem the gym does not have, changing nothing', async () => {
    const before = await fx.t.db.select({ id: problem.id }).from(problem);
    expect(body(await fx.importProblem('100001A')).msg).toBe(
      'This Problem ID already exists, please choose another one!',
    );
    expect(body(await fx.importProblem('GYMA')).msg).toContain('Incorrect problem id format');
    const missing = body(await fx.importProblem('100001Z'));
    expect(missing.status).toBe(400);
    expect(missing.msg).toContain('Importing the GYM problem failed: Codeforces answered HTTP 302');
    expect(await fx.t.db.select({ id: problem.id }).from(problem)).toEqual(before);
  });
});
