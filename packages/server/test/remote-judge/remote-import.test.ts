import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contestProblem,
  language,
  problem,
  problemLanguage,
  problemTag,
  tag,
  training,
  trainingProblem,
  userInfo,
} from '../../src/db/schema/index.ts';
import { systemClock as realClock } from '../../src/clock.ts';
import { createContest } from '../helpers/contests.ts';
import { FakeCodeforces } from '../../../judge/test/remote-fakes/codeforces.ts';
import { body, client, signIn, type Client } from '../account/support.ts';
import { buildTestApp, ROOT_PASSWORD, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let c: Client;
let cf: FakeCodeforces;
let root: string;
const IMPORT = '/api/admin/problem/import-remote-oj-problem';
const importProblem = (name: string, problemId: string) =>
  c.get(IMPORT, { token: root, lang: 'en', query: { name, problemId } });

beforeAll(async () => {
  cf = await new FakeCodeforces().start();
  process.env.VERDICT_REMOTE_CF_URL = cf.url;
  t = await buildTestApp();
  c = client(t);
  root = await signIn(c, 'root', ROOT_PASSWORD);
});
afterAll(async () => {
  delete process.env.VERDICT_REMOTE_CF_URL;
  await t.close();
  await cf.close();
});

describe('remote problem import, Codeforces (reference §10.3)', () => {
  it('imports CF-1000A through the anti-bot page with the fields of §10.3', async () => {
    // an existing CF tag of another case is reused, not doubled
    const [existing] = await t.db.insert(tag).values({ name: 'IMPLEMENTATION', oj: 'CF' }).returning();
    expect(body(await importProblem('CF', '1000a'))).toMatchObject({ status: 200 });
    const [p] = await t.db.select().from(problem).where(eq(problem.problemId, 'CF-1000A'));
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
    });
    expect(p!.description).toContain('There are $n$ stones');
    expect(p!.description).toContain(`src="${cf.url}/predownloaded/ab/cd/stones.png"`);
    expect(p!.source).toContain(`href='${cf.url}/problemset/problem/1000/A'`);
    expect(p!.source).toContain(`${cf.url}/contest/1000`);

    const tags = await t.db
      .select({ id: tag.id, name: tag.name, oj: tag.oj })
      .from(problemTag)
      .innerJoin(tag, eq(tag.id, problemTag.tid))
      .where(eq(problemTag.pid, p!.id));
    expect(tags).toEqual(
      expect.arrayContaining([
        { id: existing!.id, name: 'IMPLEMENTATION', oj: 'CF' },
        expect.objectContaining({ name: '*800', oj: 'CF' }),
      ]),
    );
    expect(tags).toHaveLength(2);

    const langs = await t.db
      .select({ oj: language.oj })
      .from(problemLanguage)
      .innerJoin(language, eq(language.id, problemLanguage.lid))
      .where(eq(problemLanguage.pid, p!.id));
    const cfLanguages = await t.db.select({ id: language.id }).from(language).where(eq(language.oj, 'CF'));
    expect(langs.length).toBe(cfLanguages.length);
    expect(langs.every((l) => l.oj === 'CF')).toBe(true);
  });

  it('refuses an id that exists, and leaves the database as it was', async () => {
    const before = await t.db.select({ id: problem.id }).from(problem);
    const res = body(await importProblem('CF', '1000A'));
    expect(res.status).toBe(400);
    expect(res.msg).toBe('This Problem ID already exists, please choose another one!');
    expect(await t.db.select({ id: problem.id }).from(problem)).toEqual(before);
  });

  it('says clearly when the site answers something unexpected, or the id or site is wrong', async () => {
    const missing = body(
      await c.get(IMPORT, { token: root, lang: 'en', query: { name: 'CF', problemId: '1000Z' } }),
    );
    // an unknown problem: Codeforces redirects to the problem set
    expect(missing.status).toBe(400);
    expect(missing.msg).toContain('Importing the CF problem failed');
    expect(body(await importProblem('CF', 'ABC')).msg).toContain('Incorrect problem id format');
    expect(body(await importProblem('XYZ', '1')).msg).toContain('not supported');
    expect(
      await t.db
        .select({ id: problem.id })
        .from(problem)
        .where(and(eq(problem.isRemote, true), eq(problem.problemId, 'CF-1000Z'))),
    ).toEqual([]);
  });

  it('the contest and training variants attach the problem, importing it only once (reference §3.12)', async () => {
    const [rootUser] = await t.db
      .select({ uuid: userInfo.uuid })
      .from(userInfo)
      .where(eq(userInfo.username, 'root'));
    const contestRow = await createContest(t.db, realClock, { uid: rootUser!.uuid });
    const [trainingRow] = await t.db
      .insert(training)
      .values({ title: 'T', author: 'root', auth: 'Public' })
      .returning();
    const viaContest = await c.get('/api/admin/contest/import-remote-oj-problem', {
      token: root,
      query: { name: 'CF', problemId: '1001A', cid: String(contestRow.id), displayId: 'A' },
    });
    expect(body(viaContest).status).toBe(200);
    const [imported] = await t.db.select().from(problem).where(eq(problem.problemId, 'CF-1001A'));
    expect(imported!.isRemote).toBe(true);
    expect(await t.db.select().from(contestProblem).where(eq(contestProblem.cid, contestRow.id))).toEqual([
      expect.objectContaining({ pid: imported!.id, displayId: 'A' }),
    ]);
    const viaTraining = await c.get('/api/admin/training/import-remote-oj-problem', {
      token: root,
      query: { name: 'CF', problemId: '1001A', tid: String(trainingRow!.id) },
    });
    expect(body(viaTraining).status).toBe(200);
    expect(await t.db.select().from(trainingProblem).where(eq(trainingProblem.tid, trainingRow!.id))).toEqual(
      [expect.objectContaining({ pid: imported!.id })],
    );
    expect(await t.db.select().from(problem).where(eq(problem.problemId, 'CF-1001A'))).toHaveLength(1);
  });

  it('is for admins only', async () => {
    expect((await c.get(IMPORT, { query: { name: 'CF', problemId: '1001A' } })).statusCode).toBe(401);
  });
});
