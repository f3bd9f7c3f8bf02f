import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { language, problem, problemLanguage, problemTag, tag } from '../../src/db/schema/index.ts';
import { FakeHdu } from '../../../judge/test/remote-fakes/hdu.ts';
import { FakePoj } from '../../../judge/test/remote-fakes/poj.ts';
import { FakeSpoj } from '../../../judge/test/remote-fakes/spoj.ts';
import { body, client, signIn, type Client } from '../account/support.ts';
import { buildTestApp, ROOT_PASSWORD, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let c: Client;
let root: string;
let hduSite: FakeHdu;
let pojSite: FakePoj;
let spojSite: FakeSpoj;
const importProblem = (name: string, problemId: string) =>
  c.get('/api/admin/problem/import-remote-oj-problem', {
    token: root,
    lang: 'en',
    query: { name, problemId },
  });

const problemRow = async (problemId: string) =>
  (await t.db.select().from(problem).where(eq(problem.problemId, problemId)))[0]!;
const tagsOf = (pid: number) =>
  t.db
    .select({ name: tag.name, oj: tag.oj })
    .from(problemTag)
    .innerJoin(tag, eq(tag.id, problemTag.tid))
    .where(eq(problemTag.pid, pid));
const languagesOf = (pid: number) =>
  t.db
    .select({ name: language.name, oj: language.oj })
    .from(problemLanguage)
    .innerJoin(language, eq(language.id, problemLanguage.lid))
    .where(eq(problemLanguage.pid, pid));

beforeAll(async () => {
  hduSite = await new FakeHdu().start();
  process.env.VERDICT_REMOTE_HDU_URL = hduSite.url;
  pojSite = await new FakePoj().start();
  process.env.VERDICT_REMOTE_POJ_URL = pojSite.url;
  spojSite = await new FakeSpoj().start();
  process.env.VERDICT_REMOTE_SPOJ_URL = spojSite.url;
  t = await buildTestApp();
  c = client(t);
  root = await signIn(c, 'root', ROOT_PASSWORD);
});
afterAll(async () => {
  delete process.env.VERDICT_REMOTE_HDU_URL;
  delete process.env.VERDICT_REMOTE_POJ_URL;
  delete process.env.VERDICT_REMOTE_SPOJ_URL;
  await t.close();
  await hduSite.close();
  await pojSite.close();
  await spojSite.close();
});

describe('remote problem import, HDU (reference §10.3)', () => {
  it('imports HDU-1000 from its GBK page with the fields of §10.3', async () => {
    expect(body(await importProblem('HDU', '1000'))).toMatchObject({ status: 200 });
    const p = await problemRow('HDU-1000');
    expect(p).toMatchObject({
      title: 'A + B Problem（加法）',
      // "2000/1000 MS (Java/Others)", "65536/32768 K": the second limit, K → MB
      timeLimit: 1000,
      memoryLimit: 32,
      isRemote: true,
      type: 0,
      auth: 1,
      difficulty: 1,
      isRemoveEndBlank: false,
      openCaseResult: false,
      author: 'root',
      input: 'Each line will contain two integers <i>A</i> and <i>B</i>. Process to end of file.',
      output: 'For each case, output <i>A + B</i> in one line.',
      examples: '<input>1 1\n2 3</input><output>2\n5</output>',
      hint: 'Use scanf &amp; printf.',
      source: `<a style='color:#1A5CC8' href='${hduSite.url}/showproblem.php?pid=1000'>HDU-1000</a>`,
    });
    expect(p.description).toBe(
      `Calculate <i>A + B</i>. <img src=${hduSite.url}/data/images/1000-1.jpg> 求和。`,
    );
    // HDU gives no tags: the site's own name is the tag
    expect(await tagsOf(p.id)).toEqual([{ name: 'HDU', oj: 'HDU' }]);
    const langs = await languagesOf(p.id);
    expect(langs.map((l) => l.name).sort()).toEqual(['C', 'C#', 'C++', 'G++', 'GCC', 'Java', 'Pascal']);
  });

  it('refuses a malformed id and a problem HDU does not have, importing nothing', async () => {
    expect(body(await importProblem('HDU', '0123')).msg).toContain('HDU: Incorrect problem id format!');
    const missing = body(await importProblem('HDU', '99999'));
    expect(missing).toMatchObject({
      status: 400,
      msg: 'Importing the HDU problem failed: HDU has no problem 99999',
    });
    expect(await t.db.select().from(problem).where(eq(problem.problemId, 'HDU-99999'))).toEqual([]);
  });
});

describe('remote problem import, POJ (reference §10.3)', () => {
  it('imports POJ-1000 from its ISO-8859-1 page with the fields of §10.3', async () => {
    expect(body(await importProblem('POJ', '1000'))).toMatchObject({ status: 200 });
    const p = await problemRow('POJ-1000');
    expect(p).toMatchObject({
      title: 'A+B Problem (très facile)',
      timeLimit: 1000,
      // 10000K → 9 MB, rounded down as HOJ does
      memoryLimit: 9,
      isRemote: true,
      type: 0,
      auth: 1,
      difficulty: 1,
      isRemoveEndBlank: false,
      openCaseResult: false,
      author: 'root',
      description: `Calculate a+b <img src=${pojSite.url}/images/1000_1.jpg>`,
      input: 'Two integer a,b (0&lt;=a,b&lt;=10)',
      output: 'Output a+b',
      examples: '<input>1 2</input><output>3</output>',
      hint: 'Q: Where are the input and the output?<br>A: stdin and stdout.',
      source: `<a style='color:#1A5CC8' href='${pojSite.url}/problem?id=1000'>POJ-1000</a>`,
    });
    expect(await tagsOf(p.id)).toEqual([{ name: 'POJ', oj: 'POJ' }]);
    const langs = await languagesOf(p.id);
    expect(langs.map((l) => l.name).sort()).toEqual(['C', 'C++', 'Fortran', 'G++', 'GCC', 'Java', 'Pascal']);
  });

  it('refuses a malformed id, and gives the text of the POJ error page for a problem it does not have', async () => {
    expect(body(await importProblem('POJ', 'A1')).msg).toContain('POJ: Incorrect problem id format!');
    expect(body(await importProblem('POJ', '99999'))).toMatchObject({
      status: 400,
      msg: 'Importing the POJ problem failed: POJ: Can not find problem (ID:99999)',
    });
    expect(await t.db.select().from(problem).where(eq(problem.problemId, 'POJ-99999'))).toEqual([]);
  });
});

describe('remote problem import, SPOJ (reference §10.3)', () => {
  it('imports SPOJ-TEST with its tags and only the languages its submit page allows', async () => {
    // an existing SPOJ tag of another case is reused, not doubled
    const [basics] = await t.db.insert(tag).values({ name: '#BASICS', oj: 'SPOJ' }).returning();
    expect(body(await importProblem('SPOJ', 'test'))).toMatchObject({ status: 200 });
    const p = await problemRow('SPOJ-TEST');
    expect(p).toMatchObject({
      title: 'Life, the Universe, and Everything',
      timeLimit: 1500,
      memoryLimit: 1536,
      isRemote: true,
      type: 0,
      auth: 1,
      difficulty: 1,
      isRemoveEndBlank: false,
      openCaseResult: false,
      author: 'root',
      source: `<a style='color:#1A5CC8' href='${spojSite.url}/problems/TEST/'>SPOJ-TEST</a>`,
    });
    expect(p.description).toContain('<em>find the Answer to Life, the Universe, and Everything.</em>');
    expect(p.description).toContain(`<img src="${spojSite.url}/content/test.png" alt="42">`);
    expect(p.description).toContain('<pre><b>Input:</b>\n1\n2\n42\n<b>Output:</b>\n1\n2</pre>');
    expect(p.description).not.toContain('here starts your code');
    const tags = await tagsOf(p.id);
    expect(tags).toEqual(
      expect.arrayContaining([
        { name: '#BASICS', oj: 'SPOJ' },
        { name: '#ad-hoc-1', oj: 'SPOJ' },
      ]),
    );
    expect(tags).toHaveLength(2);
    expect(basics).toBeDefined();
    // the submit page offers ids 1, 44, 11, 10, 116 (and one SPOJ added since, with no row)
    const langs = await languagesOf(p.id);
    expect(langs.every((l) => l.oj === 'SPOJ')).toBe(true);
    expect(langs.map((l) => l.name).sort()).toEqual(
      [
        'C (gcc 8.3)',
        'C++ (gcc 8.3)',
        'C++14 (gcc 8.3)',
        'Java (HotSpot 12)',
        'Python 3 (python  3.7.3)',
      ].sort(),
    );
    const all = await t.db.select({ id: language.id }).from(language).where(eq(language.oj, 'SPOJ'));
    expect(all.length).toBeGreaterThan(80);
  });

  it('refuses a malformed code and one SPOJ does not have, importing nothing', async () => {
    expect(body(await importProblem('SPOJ', 'TE(ST)')).msg).toContain('SPOJ: Incorrect problem id format!');
    expect(body(await importProblem('SPOJ', 'NOSUCH'))).toMatchObject({
      status: 400,
      msg: 'Importing the SPOJ problem failed: SPOJ has no problem NOSUCH (HTTP 302)',
    });
    expect(await t.db.select().from(problem).where(eq(problem.problemId, 'SPOJ-NOSUCH'))).toEqual([]);
  });
});
