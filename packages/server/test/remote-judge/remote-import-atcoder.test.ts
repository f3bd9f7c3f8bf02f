import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { language, problem, problemLanguage, problemTag, tag } from '../../src/db/schema/index.ts';
import { FakeAtCoder } from '../../../judge/test/remote-fakes/atcoder.ts';
import { body } from '../account/support.ts';
import { remoteImportFixture } from './import-support.ts';

const fx = remoteImportFixture('AC', () => new FakeAtCoder().start());

describe('remote problem import, AtCoder (reference §10.3)', () => {
  it('imports AC-ABC110_A from the task page with the fields of §10.3', async () => {
    expect(body(await fx.importProblem('abc110_a'))).toMatchObject({ status: 200 });
    const [p] = await fx.t.db.select().from(problem).where(eq(problem.problemId, 'AC-ABC110_A'));
    expect(p).toMatchObject({
      title: 'Sum of Three',
      timeLimit: 2000,
      memoryLimit: 1024,
      isRemote: true,
      type: 0,
      auth: 1,
      difficulty: 1,
      isRemoveEndBlank: false,
      openCaseResult: false,
      author: 'root',
      hint: '',
      output: '<p>Print the sum.</p>',
      examples: '<input>1 5 2</input><output>8</output><input>9 9 9</input><output>27</output>',
    });
    // the English section, TeX from <var>, the image made absolute
    expect(p!.description).toBe(
      `<p>You are given integers $A, B$ and $C$ <img src="${fx.site.url}/img/other/abc110/sum.png" alt="" />.</p>`,
    );
    expect(p!.input).toContain('<pre>$A$ $B$ $C$');
    expect(p!.input).toContain('<li>$1 \\leq A, B, C \\leq 9$</li>');
    expect(p!.source).toBe(
      `<a style='color:#1A5CC8' href='${fx.site.url}/contests/abc110/tasks/abc110_a'>AtCoder-abc110_a</a>`,
    );
    // AtCoder gives no tags: the problem gets a tag named after the site
    const tags = await fx.t.db
      .select({ name: tag.name, oj: tag.oj })
      .from(problemTag)
      .innerJoin(tag, eq(tag.id, problemTag.tid))
      .where(eq(problemTag.pid, p!.id));
    expect(tags).toEqual([{ name: 'AC', oj: 'AC' }]);
    const langs = await fx.t.db
      .select({ name: language.name, oj: language.oj })
      .from(problemLanguage)
      .innerJoin(language, eq(language.id, problemLanguage.lid))
      .where(eq(problemLanguage.pid, p!.id));
    expect(langs).toHaveLength(90);
    expect(langs).toContainEqual({ name: 'C++ 17 (gcc 12.2)', oj: 'AC' });
  });

  it('refuses an id that exists, a malformed id and a task the site does not have, changing nothing', async () => {
    const before = await fx.t.db.select({ id: problem.id }).from(problem);
    expect(body(await fx.importProblem('ABC110_A')).msg).toBe(
      'This Problem ID already exists, please choose another one!',
    );
    expect(body(await fx.importProblem('abc110')).msg).toContain('Incorrect problem id format');
    const missing = body(await fx.importProblem('abc110_z'));
    expect(missing.status).toBe(400);
    expect(missing.msg).toContain('Importing the AC problem failed: AtCoder answered HTTP 404');
    expect(await fx.t.db.select({ id: problem.id }).from(problem)).toEqual(before);
  });
});
