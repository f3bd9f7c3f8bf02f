import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { language, problem, problemLanguage, problemTag, tag } from '../../src/db/schema/index.ts';
import { FakeLibreOj } from '../../../judge/test/remote-fakes/libreoj.ts';
import { body } from '../account/support.ts';
import { remoteImportFixture } from './import-support.ts';

const fx = remoteImportFixture('LIBRE', () => new FakeLibreOj().start());

describe('remote problem import, LibreOJ (reference §10.3)', () => {
  it('imports LIBRE-2 from the JSON API with the fields of §10.3', async () => {
    // an existing LibreOJ tag is reused
    const [existing] = await fx.t.db.insert(tag).values({ name: '模拟', oj: 'LIBRE' }).returning();
    expect(body(await fx.importProblem('2'))).toMatchObject({ status: 200 });
    const [p] = await fx.t.db.select().from(problem).where(eq(problem.problemId, 'LIBRE-2'));
    expect(p).toMatchObject({
      title: 'A + B Problem',
      timeLimit: 1000,
      memoryLimit: 256,
      isRemote: true,
      type: 0,
      auth: 1,
      difficulty: 1,
      isRemoveEndBlank: false,
      openCaseResult: false,
      author: 'root',
      // the bold line linking a gone PDF is dropped
      description: '输入两个整数 $a, b$，输出它们的和。',
      input: '一行两个整数 $a, b$。',
      output: '一个整数。',
      hint: '$|a|, |b| \\leq 10^9$',
      examples: '<input>1 2</input><output>3</output><input>-1 1</input><output>0</output>',
      source: `<a style='color:#1A5CC8' href='${fx.site.url}/p/2'>LIBRE-2</a>`,
    });
    const tags = await fx.t.db
      .select({ id: tag.id, name: tag.name, oj: tag.oj })
      .from(problemTag)
      .innerJoin(tag, eq(tag.id, problemTag.tid))
      .where(eq(problemTag.pid, p!.id));
    expect(tags).toHaveLength(2);
    expect(tags).toEqual(
      expect.arrayContaining([
        { id: existing!.id, name: '模拟', oj: 'LIBRE' },
        expect.objectContaining({ name: '入门', oj: 'LIBRE' }),
      ]),
    );
    const langs = await fx.t.db
      .select({ name: language.name, oj: language.oj })
      .from(problemLanguage)
      .innerJoin(language, eq(language.id, problemLanguage.lid))
      .where(eq(problemLanguage.pid, p!.id));
    expect(langs).toHaveLength(24);
    expect(langs).toContainEqual({ name: 'C# 7.3', oj: 'LIBRE' });
  });

  it('refuses an id that exists, a malformed id and a problem the API does not have, changing nothing', async () => {
    const before = await fx.t.db.select({ id: problem.id }).from(problem);
    expect(body(await fx.importProblem('2')).msg).toBe(
      'This Problem ID already exists, please choose another one!',
    );
    expect(body(await fx.importProblem('P2')).msg).toContain('Incorrect problem id format');
    const missing = body(await fx.importProblem('9'));
    expect(missing.status).toBe(400);
    expect(missing.msg).toContain(
      'Importing the LIBRE problem failed: LibreOJ has no problem 9 (NO_SUCH_PROBLEM)',
    );
    expect(await fx.t.db.select({ id: problem.id }).from(problem)).toEqual(before);
  });
});
