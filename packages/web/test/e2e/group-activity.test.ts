import { eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { language } from '../../../server/src/db/schema/index.ts';
import { adminContestEnUS as ac } from '../../src/i18n/areas/admin-contest.en-US';
import { adminDiscussionEnUS as ad } from '../../src/i18n/areas/admin-discussion.en-US';
import { contestStaffEnUS as cs } from '../../src/i18n/areas/contest-staff.en-US';
import { groupActivityEnUS as g } from '../../src/i18n/areas/group-activity.en-US';
import { groupActivityZhCN as gz } from '../../src/i18n/areas/group-activity.zh-CN';
import { groupEnUS as gr } from '../../src/i18n/areas/group.en-US';
import { call, loginRoot, newUser, openSignedIn, QUOTAS_OFF, type ApiUser } from './community-api';
import { setSwitches } from './problem-support';
import {
  chooseInSelect,
  dialog,
  expectNoSidewaysScroll,
  popupsSettled,
  saveScreenshot,
  toast,
  useServerAndBrowser,
  type TestServer,
  newContext,
} from './support';

/**
 * Issue 27, a group's trainings, contests and discussions tabs (spec part 2 §2.1 "Group training
 * list", §2.2 "Group contest list", "Group discussion"): the group, its members, its problem and
 * the training category are made through the API; the screens create a training and add the
 * group's problem, create a contest, post a discussion, and the member and an outsider read them.
 */
const who = {} as Record<'owner' | 'gadmin' | 'member' | 'outsider', ApiUser>;
let gid = 0;
let groupProblemId = '';
const CATEGORY = 'Homework';

async function seed(server: TestServer): Promise<void> {
  await setSwitches(server.db, {
    ...QUOTAS_OFF,
    openGroupDiscussion: true,
    defaultCreateGroupACInitValue: 0,
  });
  for (const role of ['owner', 'gadmin', 'member', 'outsider'] as const)
    who[role] = await newUser(server, `ga-${role}`);
  gid = await call<number>(server, who.owner, 'POST', '/api/group', {
    name: 'Class Seven',
    shortName: 'cls07',
    brief: 'A class of students',
    description: 'Weekly homework.',
    auth: 3,
    code: 'abc123',
  });
  for (const [role, level] of [
    ['gadmin', 4],
    ['member', 3],
  ] as const) {
    await call(
      server,
      who[role],
      'POST',
      `/api/group/member?gid=${gid}&code=abc123&reason=Let%20me%20in%20please`,
    );
    await call(server, who.owner, 'PUT', '/api/group/member', { gid, uid: who[role].uid, auth: level });
  }
  const root = await loginRoot(server);
  const category = await call<{ id: number }>(server, root, 'POST', '/api/admin/training/category', {
    name: CATEGORY,
    color: '#2db7f5',
  });
  // the owner's own training: the group admin may not change it (reference §7.12)
  await call(server, who.owner, 'POST', '/api/group/training', {
    training: {
      title: OWNERS_TRAINING,
      description: 'Set by the owner.',
      auth: 'Public',
      rank: 0,
      status: true,
      gid,
    },
    trainingCategory: { id: category.id },
  });
  const languages = await server.db.select({ id: language.id }).from(language).where(eq(language.oj, 'ME'));
  const made = await call<{ problemId: string }>(server, who.gadmin, 'POST', '/api/group/problem', {
    problem: {
      problemId: 'LOOP1',
      title: 'Group loop',
      type: 0,
      timeLimit: 1000,
      memoryLimit: 256,
      stackLimit: 128,
      description: 'Add them.',
      input: 'a b',
      output: 'a+b',
      examples: '<input>1 2</input><output>3</output>',
      difficulty: 1,
      auth: 1,
      codeShare: true,
      isRemoveEndBlank: true,
      openCaseResult: true,
      isFileIO: false,
      judgeCaseMode: 'default',
      gid,
    },
    samples: [{ input: '1 2\n', output: '3\n', score: null, groupNum: null }],
    isUploadTestCase: false,
    judgeMode: 'default',
    languages: languages.slice(0, 2).map(({ id }) => ({ id })),
    tags: [],
    codeTemplates: [],
  });
  groupProblemId = made.problemId;
}

const env = useServerAndBrowser(seed);
const contexts: BrowserContext[] = [];
const pages = {} as Record<'owner' | 'gadmin' | 'member', Page>;

/** One signed-in page per user for the whole file (each page load costs seconds here). */
async function pageOf(role: 'owner' | 'gadmin' | 'member', path: string): Promise<Page> {
  if (pages[role]) {
    await pages[role].goto(`${env.server.url}${path}`);
    return pages[role];
  }
  const context = await newContext(env.browser, { viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  pages[role] = await openSignedIn(context, env.server.url, who[role], path);
  return pages[role];
}

afterAll(async () => {
  for (const context of contexts) await context.close();
});

const TRAINING = 'Week 1 loops';
const OWNERS_TRAINING = 'Owner week';
const CONTEST = 'Class contest one';

/** "2026-12-01 08:00:00" in the browser's zone (the date picker's format), `days` from now. */
function pickerTime(days: number, hour: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(hour)}:00:00`;
}

async function pickTime(page: Page, label: string, text: string): Promise<void> {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await popupsSettled(page);
  await input.fill(text);
  await input.press('Enter');
  await expect.poll(() => input.inputValue()).toBe(text);
}

describe('issue 27: a group’s trainings, contests and discussions (spec part 2 §2.1, §2.2)', () => {
  it('a group admin creates a training in the admin mode and adds the group’s problem by its id', async () => {
    const page = await pageOf('gadmin', `/group/${gid}/training?l=en-US`);
    await page.getByTestId('group-training-list').waitFor();
    await page.getByRole('button', { name: g.training.admin }).click();
    await page.getByTestId('group-training-admin').waitFor();
    // the owner's training: its buttons are there, disabled, and say why
    const owners = page.getByRole('row', { name: new RegExp(OWNERS_TRAINING) });
    const edit = owners.getByRole('button', { name: `${g.common.edit} ${OWNERS_TRAINING}` });
    expect(await edit.isDisabled()).toBe(true);
    expect(
      await owners.getByRole('button', { name: `${g.common.delete} ${OWNERS_TRAINING}` }).isDisabled(),
    ).toBe(true);
    await edit.hover();
    await page.getByRole('tooltip', { name: gr.notYours }).waitFor();
    await page.getByRole('button', { name: g.common.create }).click();
    await page.locator('#atr-title').fill(TRAINING);
    await page.getByLabel('Description', { exact: true }).fill('Loops: **for** and **while**.');
    await chooseInSelect(page, 'Category', CATEGORY);
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Created successfully').waitFor();
    const row = page.getByRole('row', { name: new RegExp(TRAINING) });
    await row.waitFor();
    await row.getByRole('button', { name: `${g.training.problems} ${TRAINING}` }).click();
    await page.getByTestId('group-training-problems').waitFor();
    await page.getByRole('button', { name: g.problems.addFromGroup }).click();
    const add = dialog(page);
    await add.getByLabel(g.problems.problemId).fill(groupProblemId);
    await add.getByLabel(g.problems.problemId).press('Enter');
    await toast(page, g.problems.added).waitFor();
    await page.getByRole('cell', { name: 'Group loop' }).waitFor();
    await saveScreenshot(page, 'group-training-problems-1280');
  });

  it('a member sees the training in the group’s list and opens it with its problems', async () => {
    const page = await pageOf('member', `/group/${gid}/training?l=en-US`);
    const row = page.locator(`.group-activity tr[data-training-id]`, { hasText: TRAINING });
    await row.waitFor();
    expect(await row.locator('.training-category-tag').innerText()).toContain(CATEGORY);
    await saveScreenshot(page, 'group-training-list-1280');
    await row.click();
    await page.waitForURL(new RegExp(`/group/${gid}/training/\\d+$`));
    await page.getByRole('heading', { name: TRAINING }).waitFor();
    await page.getByRole('tab', { name: /Problem List/ }).click();
    await page.waitForURL(/\/problems$/);
    await page.getByText('Group loop').click();
    // the problem page stays inside the group's training
    await page.waitForURL(new RegExp(`/group/${gid}/training/\\d+/problem/[^/]+$`));
  });

  it('a group admin creates a contest; a member sees its card and opens the public contest page', async () => {
    const admin = await pageOf('gadmin', `/group/${gid}/contest?l=en-US`);
    await admin.getByTestId('group-contest-list').getByText(g.contest.empty).waitFor();
    await admin.getByRole('button', { name: g.common.create }).click();
    await admin.getByLabel('Title', { exact: true }).fill(CONTEST);
    await admin.getByLabel('Description', { exact: true }).fill('Two hours, **three** problems.');
    await pickTime(admin, 'Start time', pickerTime(2, 9));
    await pickTime(admin, 'End time', pickerTime(2, 11));
    await admin.getByRole('button', { name: 'Save' }).click();
    await toast(admin, 'Created').waitFor();
    await admin
      .getByTestId('group-contest-admin')
      .getByRole('row', { name: new RegExp(CONTEST) })
      .waitFor();
    await saveScreenshot(admin, 'group-contest-admin-1280');
    // the contest's problems: a group problem with its display id, and the form of a new one
    await admin.getByRole('button', { name: `${g.contest.problems} ${CONTEST}` }).click();
    await admin.getByTestId('group-contest-problems').waitFor();
    await admin.getByRole('button', { name: g.problems.addFromGroup }).click();
    const add = dialog(admin);
    await add.getByLabel(g.problems.displayId).fill('A');
    await add.getByLabel(g.problems.problemId).fill(groupProblemId);
    await add.getByRole('button', { name: g.problems.add }).click();
    await toast(admin, g.problems.added).waitFor();
    await admin.getByRole('cell', { name: 'A', exact: true }).waitFor();
    // its display title in the contest: the site's display dialog on PUT /api/group/contest-problem
    await admin.getByRole('button', { name: `${ac.problems.editInfo} Group loop` }).click();
    await popupsSettled(admin);
    const info = dialog(admin);
    await info.getByLabel(ac.problems.displayTitle, { exact: true }).fill('Loops, contest edition');
    await info.getByRole('button', { name: ac.common.save }).click();
    await toast(admin, ac.common.updated).waitFor();
    await admin.getByRole('cell', { name: 'Loops, contest edition', exact: true }).waitFor();
    await saveScreenshot(admin, 'group-contest-problems-1280');
    await admin.getByRole('button', { name: ac.problems.create }).click();
    await admin.getByText(ac.problems.contestSection, { exact: true }).waitFor();
    // back in the admin list: the accepted code's zip (spec part 2 §2.2), the AC helper's dialog
    await admin.getByRole('button', { name: g.common.back, exact: true }).click();
    await admin.getByRole('button', { name: `${cs.acHelper.downloadAc} ${CONTEST}` }).click();
    await popupsSettled(admin);
    const download = admin.waitForEvent('download');
    await dialog(admin).getByRole('button', { name: cs.acHelper.download }).click();
    expect((await download).suggestedFilename()).toMatch(/^contest_\d+_\d+\.zip$/);

    const page = await pageOf('member', `/group/${gid}/contest?l=en-US`);
    const card = page.locator('.group-contest-card', { hasText: CONTEST });
    await card.waitFor();
    expect(await card.getAttribute('class')).toContain('group-contest-card--scheduled');
    await saveScreenshot(page, 'group-contest-list-1280');
    await card.getByRole('link', { name: CONTEST }).click();
    await page.waitForURL(/\/contest\/\d+$/);
    await page.getByText(CONTEST).first().waitFor();

    // reference §7.12: the group's root is a contest admin of a contest a group admin created, with
    // the staff tabs and Rejudge (issue 27); the member has neither
    const contestTab = (p: Page, key: string) => p.locator(`.contest-tabs [data-node-key="${key}"]`);
    await contestTab(page, 'overview').waitFor();
    expect(await contestTab(page, 'rejudge').count()).toBe(0);
    expect(await contestTab(page, 'acInfo').count()).toBe(0);
    const owner = await pageOf('owner', `${new URL(page.url()).pathname}?l=en-US`);
    await contestTab(owner, 'rejudge').waitFor();
    await contestTab(owner, 'acInfo').waitFor();
  });

  it('a member posts a group discussion; an outsider cannot read the list', async () => {
    const page = await pageOf('member', `/group/${gid}/discussion?l=en-US`);
    await page.getByRole('button', { name: 'Post discussion' }).click();
    await popupsSettled(page);
    const editor = dialog(page);
    await page.locator('#discussion-title').fill('Stuck on loops');
    await page.locator('#discussion-description').fill('Off by one');
    const categories = await call<{ name: string }[]>(env.server, null, 'GET', '/api/discussion-category');
    await chooseInSelect(page, 'Category', categories[0]!.name);
    await editor.getByLabel('Content', { exact: true }).fill('My loop runs **once** too often.');
    await editor.getByTestId('discussion-save').click();
    await toast(page, 'Post successfully').waitFor();
    const card = page.getByTestId('discussion-card').filter({ hasText: 'Stuck on loops' });
    await card.waitFor();
    expect(await card.getByTestId('discussion-title').getAttribute('href')).toMatch(
      new RegExp(`^/group/${gid}/discussion-detail/\\d+$`),
    );
    // the post is the group's, not the site's
    const site = await call<{ records: { title: string }[] }>(
      env.server,
      who.member,
      'GET',
      '/api/get-discussion-list?currentPage=1&limit=10',
    );
    expect(site.records.map((r) => r.title)).not.toContain('Stuck on loops');
    await card.getByTestId('discussion-title').click();
    await page.getByTestId('discussion-detail-title').getByText('Stuck on loops').waitFor();

    // the group's admins see it in the admin table
    const admin = await pageOf('gadmin', `/group/${gid}/discussion?l=en-US`);
    await admin.getByRole('button', { name: g.discussion.admin }).click();
    const row = admin.getByRole('row', { name: /Stuck on loops/ });
    await row.waitFor();
    // they pin it and hide it (spec part 2 §2.2 "status", "top"); hidden, it leaves the members' list
    const label = (text: string) => text.replace('{{title}}', 'Stuck on loops');
    const pin = row.getByRole('switch', { name: label(ad.pinLabel) });
    await pin.click();
    await expect.poll(() => pin.getAttribute('aria-checked')).toBe('true');
    const shown = row.getByRole('switch', { name: label(ad.showLabel) });
    await shown.click();
    await expect.poll(() => shown.getAttribute('aria-checked')).toBe('false');
    const listed = await call<{ records: { title: string }[] }>(
      env.server,
      who.member,
      'GET',
      `/api/group/get-discussion-list?gid=${gid}&currentPage=1&limit=10`,
    );
    expect(listed.records.map((r) => r.title)).not.toContain('Stuck on loops');

    const context = await newContext(env.browser, { viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    const outsider = await openSignedIn(
      context,
      env.server.url,
      who.outsider,
      `/group/${gid}/discussion?l=en-US`,
    );
    // the group shell keeps its members' tabs from outsiders
    await outsider.getByText('Join this group to see this page.').waitFor();
    expect(await outsider.getByTestId('discussion-card').count()).toBe(0);
    // and the server refuses the list to them
    const refused = await fetch(`${env.server.url}/api/group/get-discussion-list?gid=${gid}`, {
      headers: { authorization: who.outsider.token },
    });
    expect(((await refused.json()) as { status: number }).status).toBe(403);
  });

  it('the member’s training list reads in Chinese at 768 px', async () => {
    const context = await newContext(env.browser, { viewport: { width: 768, height: 900 } });
    contexts.push(context);
    const page = await openSignedIn(context, env.server.url, who.member, `/group/${gid}/training?l=zh-CN`);
    await page.getByText(gz.training.title, { exact: true }).waitFor();
    await page.locator('.group-activity tr[data-training-id]', { hasText: TRAINING }).waitFor();
    await page.getByRole('columnheader', { name: gz.training.progress }).waitFor();
    await expectNoSidewaysScroll(page);
    await saveScreenshot(page, 'group-training-list-768-zh');
    await page.goto(`${env.server.url}/group/${gid}/contest?l=zh-CN`);
    await page.locator('.group-contest-card', { hasText: CONTEST }).waitFor();
    await expectNoSidewaysScroll(page);
    await saveScreenshot(page, 'group-contest-list-768-zh');
    // the group admins' contest table at the same width
    const adminContext = await newContext(env.browser, { viewport: { width: 768, height: 900 } });
    contexts.push(adminContext);
    const admin = await openSignedIn(
      adminContext,
      env.server.url,
      who.gadmin,
      `/group/${gid}/contest?admin=list&l=zh-CN`,
    );
    await admin.getByText(gz.contest.adminTitle, { exact: true }).waitFor();
    await admin.getByRole('row', { name: new RegExp(CONTEST) }).waitFor();
    await expectNoSidewaysScroll(admin);
    await saveScreenshot(admin, 'group-contest-admin-768-zh');
  });
});
