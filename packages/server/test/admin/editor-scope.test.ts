import { eq } from 'drizzle-orm';
import type { Page } from '../../src/http/envelope.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contest, group, problem, training } from '../../src/db/schema/index.ts';
import { createProblem } from '../problem/fixtures.ts';
import { createContest, createContestWorld, type ContestWorld } from './contest/fixtures.ts';
import { createCategory, createTraining } from './training/fixtures.ts';

/**
 * Issue 26 "editors told their scope": the site's admin editors list and pick only the site's
 * problems, trainings and contests; a group's (made here straight in the database, groups being
 * the next issue) stay out of every site list and bank picker.
 */

let w: ContestWorld;
let cid: number;
let tid: number;

beforeAll(async () => {
  w = await createContestWorld();
  const [g] = await w.t.db
    .insert(group)
    .values({ name: 'Scope team', shortName: 'scope', owner: 'root', uid: w.uids.root, auth: 1 })
    .returning();
  const inGroup = { isGroup: true, gid: g!.id };
  await createProblem(w, { problemId: 'SITE-1', title: 'Site problem' });
  const groupProblem = await createProblem(w, { problemId: 'GRP-1', title: 'Group problem' });
  await w.t.db.update(problem).set(inGroup).where(eq(problem.id, groupProblem.pid));
  cid = await createContest(w, { title: 'Site contest' });
  const groupContest = await createContest(w, { title: 'Group contest' });
  await w.t.db.update(contest).set(inGroup).where(eq(contest.id, groupContest));
  const categoryId = await createCategory(w);
  tid = await createTraining(w, categoryId, { title: 'Site training' });
  const groupTraining = await createTraining(w, categoryId, { title: 'Group training' });
  await w.t.db.update(training).set(inGroup).where(eq(training.id, groupTraining));
});
afterAll(() => w.t.close());

const titles = async (path: string, pick: (data: never) => Page<{ title: string }>) => {
  const res = await w.call('GET', path, { token: w.tokens.root });
  expect(res.status).toBe(200);
  return pick(res.data as never).records.map((row) => row.title);
};
/** The site's row is listed, the group's is not. */
const expectSiteOnly = (listed: string[], kind: string) => {
  expect(listed).toContain(`Site ${kind}`);
  expect(listed).not.toContain(`Group ${kind}`);
};
const page = (data: Page<{ title: string }>) => data;
const problems = (data: { problemList: Page<{ title: string }> }) => data.problemList;

describe("issue 26: the site's admin editors see only the site's scope", () => {
  it('lists the site problems, contests and trainings, not the group ones', async () => {
    expectSiteOnly(await titles('/api/admin/problem/get-problem-list?limit=50', page), 'problem');
    expectSiteOnly(await titles('/api/admin/contest/get-contest-list?limit=50', page), 'contest');
    expectSiteOnly(await titles('/api/admin/training/get-training-list?limit=50', page), 'training');
  });

  it("offers the site bank's problems in the contest and training pickers, not the group ones", async () => {
    expectSiteOnly(
      await titles(`/api/admin/contest/get-problem-list?cid=${cid}&problemType=0&limit=50`, problems),
      'problem',
    );
    expectSiteOnly(
      await titles(`/api/admin/training/get-problem-list?tid=${tid}&queryExisted=false&limit=50`, problems),
      'problem',
    );
  });
});
