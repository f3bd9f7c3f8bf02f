import { JudgeStatus } from '@verdict/shared';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { buildZip } from '../../../server/test/admin/zip.ts';
import { call, newUser, openSignedIn, type ApiUser } from './community-api.ts';
import { startJudgeWorker, type TestJudgeWorker } from './judge-worker.ts';
import { chooseLanguage, codeEditor, panelStatus, setSwitches, typeCode } from './problem-support.ts';
import {
  expectNoSidewaysScroll,
  openAdminAsRoot,
  popupsSettled,
  saveScreenshot,
  toast,
  useServerAndBrowser,
  newContext,
} from './support.ts';

/**
 * A group's problems in a real browser (spec part 2 §2.2, §2.7; reference §3.10, §3.12): the group
 * and its members are made through the API; a group admin creates a problem in the group's editor
 * (its id gets the short name) and edits it there, a member opens it from the group's list and
 * solves it (a real judge worker), the verdict shows in the group's status tab; an outsider is
 * refused; the author applies to go public (withdraws, applies again) and root approves in /admin/group-problem/apply, after which the problem is in the
 * public bank. The list and the review screen are checked in zh-CN at 768 px.
 */

const SUM_CPP = `#include <cstdio>
int main() { long long a, b; if (scanf("%lld %lld", &a, &b) != 2) return 1; printf("%lld\\n", a + b); return 0; }
`;

const zipFile = (entries: Record<string, string>) => ({
  name: 'cases.zip',
  mimeType: 'application/zip',
  buffer: buildZip(Object.entries(entries).map(([name, content]) => ({ name, content, deflate: true }))),
});

const people = {} as Record<'owner' | 'gadmin' | 'member' | 'outsider', ApiUser>;
let gid = 0;
let worker: TestJudgeWorker | undefined;
/** the problem's id once the server has prefixed it */
const PROBLEM_ID = 'CLASSP1';

const env = useServerAndBrowser(async (server) => {
  await setSwitches(server.db, { defaultCreateGroupACInitValue: 0, defaultSubmitInterval: 0 });
  for (const role of ['owner', 'gadmin', 'member', 'outsider'] as const)
    people[role] = await newUser(server, `gp-${role}`);
  gid = await call<number>(server, people.owner, 'POST', '/api/group', {
    name: 'Class One',
    shortName: 'class',
    brief: 'A class of students',
    description: 'Weekly homework.',
    auth: 3,
    code: 'abc123',
  });
  for (const [role, level] of [
    ['gadmin', 4],
    ['member', 3],
  ] as const) {
    await call(server, people[role], 'POST', `/api/group/member?gid=${gid}&code=abc123&reason=Let%20me%20in`);
    await call(server, people.owner, 'PUT', '/api/group/member', { gid, uid: people[role].uid, auth: level });
  }
  worker = await startJudgeWorker(server.url, 'group-problem-e2e', ['C++']);
});

afterAll(async () => {
  await worker?.stop();
});

const contexts: BrowserContext[] = [];
afterAll(async () => {
  for (const context of contexts) await context.close();
});

async function signedIn(who: ApiUser, path: string, width = 1280): Promise<Page> {
  const context = await newContext(env.browser, { viewport: { width, height: 900 } });
  contexts.push(context);
  return openSignedIn(context, env.server.url, who, path);
}

describe('group problems in the browser', () => {
  it('a group admin creates a problem in the group editor: its id gets the short name', async () => {
    const page = await signedIn(people.gadmin, `/group/${gid}/problem?l=en-US`);
    await page.getByRole('button', { name: 'Problem Admin' }).click();
    await page.getByRole('button', { name: 'Create Problem' }).click();
    await page.waitForURL(`**/group/${gid}/problem?admin=1&create=1`);
    // the group's short name stands before the id the admin types
    await page.locator('.ant-input-group-addon', { hasText: 'CLASS' }).waitFor();
    await page.getByLabel('Problem ID').fill('P1');
    await page.getByLabel('Title', { exact: true }).fill('Class sum');
    await page.getByLabel('Description', { exact: true }).fill('Print $a + b$.');
    // uploaded with the group's gid (the group admin has no admin role)
    await page
      .locator('.ap-upload input[type=file]')
      .setInputFiles(zipFile({ '1.in': '1 2\n', '1.out': '3\n', '2.in': '5 6\n', '2.out': '11\n' }));
    await toast(page, 'Upload Testcase Successfully!').waitFor();
    await saveScreenshot(page, 'group-problem-editor-1280');
    await page.setViewportSize({ width: 768, height: 900 });
    await saveScreenshot(page, 'group-problem-editor-768');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Create Successfully').waitFor();
    await page.waitForURL(`**/group/${gid}/problem?admin=1`);
    const row = page.getByRole('row', { name: new RegExp(PROBLEM_ID) });
    await expect.poll(() => row.textContent()).toContain('Class sum');
    expect(await row.textContent()).toContain('Not applied');
    await saveScreenshot(page, 'group-problem-admin-1280');

    // edited in the same form: the id shows without its prefix, which the save keeps
    await page.getByRole('button', { name: `Edit ${PROBLEM_ID}` }).click();
    await page.waitForURL(`**/group/${gid}/problem?admin=1&edit=*`);
    await expect.poll(() => page.getByLabel('Problem ID').inputValue()).toBe('P1');
    await page.getByLabel('Title', { exact: true }).fill('Class sum v2');
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Update Successfully').waitFor();
    await page.waitForURL(`**/group/${gid}/problem?admin=1`);
    await expect.poll(() => row.textContent()).toContain('Class sum v2');
    // the auth select: private (group admins only), then public (members) again
    for (const [auth, hint] of [
      ['Private', "Seen by the group's admins only"],
      ['Public', "Seen by the group's members"],
    ] as const) {
      await page.getByRole('combobox', { name: `Auth ${PROBLEM_ID}` }).click();
      await popupsSettled(page);
      await page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) [title="${hint}"]`).click();
      await toast(page, "The problem's auth was changed").waitFor();
      await toast(page, "The problem's auth was changed").waitFor({ state: 'detached' });
      await expect.poll(() => row.textContent()).toContain(auth);
    }
    // 768 px: the table scrolls inside its card, the page does not
    await page.setViewportSize({ width: 768, height: 900 });
    await expectNoSidewaysScroll(page);
    await saveScreenshot(page, 'group-problem-admin-768');
    await page.setViewportSize({ width: 1280, height: 900 });

    // the author applies to go public (with a confirm); it shows as applying
    const applyToPublic = async () => {
      await page.getByRole('button', { name: `Apply to public ${PROBLEM_ID}` }).click();
      await popupsSettled(page);
      // watched from the click on: the toast leaves after 3 s (missed at load 12)
      const sent = toast(page, 'Application sent').waitFor();
      await page.getByRole('tooltip').getByRole('button', { name: 'OK' }).click();
      await sent;
      await expect.poll(() => row.textContent()).toContain('Applying');
    };
    await applyToPublic();
    // an application can be withdrawn, and made again
    await page.getByRole('button', { name: `Cancel application ${PROBLEM_ID}` }).click();
    await popupsSettled(page);
    await page.getByRole('tooltip').getByRole('button', { name: 'OK' }).click();
    await toast(page, 'Application cancelled').waitFor();
    await expect.poll(() => row.textContent()).toContain('Not applied');
    await applyToPublic();
  });

  it(
    'a member opens it from the group list, solves it, and sees the verdict in the group status tab',
    { timeout: 240_000 },
    async () => {
      const page = await signedIn(people.member, `/group/${gid}/problem?l=en-US`);
      // no admin mode for a member
      await page.getByRole('link', { name: 'Class sum' }).waitFor();
      expect(await page.getByRole('button', { name: 'Problem Admin' }).count()).toBe(0);
      await page.getByRole('link', { name: 'Class sum' }).click();
      await page.waitForURL(`**/group/${gid}/problem/${PROBLEM_ID}`);
      await page.getByRole('heading', { name: /Class sum/ }).waitFor();
      await codeEditor(page).waitFor();
      await chooseLanguage(page, 'C++');
      await typeCode(page, SUM_CPP, 'a + b');
      const submitted = page.waitForResponse((r) => r.url().endsWith('/api/submit-problem-judge'));
      await page.getByRole('button', { name: 'Submit' }).click();
      const body = (await (await submitted).json()) as { data: { submitId: number; gid: number | null } };
      // the submission is the group's (reference §6.1 gid)
      expect(body.data.gid).toBe(gid);
      await panelStatus(page, JudgeStatus.ACCEPTED).waitFor({ timeout: 180_000 });
      await saveScreenshot(page, 'group-problem-detail-1280');
      // focus mode stays in the group
      await page.locator('.celebration').waitFor({ state: 'detached', timeout: 30_000 });
      await page.getByRole('button', { name: 'Focus mode', exact: true }).click();
      await page.waitForURL(`**/group/${gid}/problem/${PROBLEM_ID}/full-screen`);
      await page.getByRole('heading', { name: /Class sum/ }).waitFor();

      // the group's status tab lists it, its links stay inside the group
      await page.goto(`${env.server.url}/group/${gid}/status?l=en-US`);
      const row = page.getByRole('row', { name: new RegExp(String(body.data.submitId)) });
      await expect.poll(() => row.textContent()).toContain('Accepted');
      await saveScreenshot(page, 'group-status-1280');
      expect(await row.getByRole('link', { name: PROBLEM_ID }).getAttribute('href')).toBe(
        `/group/${gid}/problem/${PROBLEM_ID}`,
      );
      await row.getByRole('link', { name: String(body.data.submitId), exact: true }).click();
      await page.waitForURL(`**/group/${gid}/submission-detail/${body.data.submitId}`);
      await page.getByText('Accepted').first().waitFor();
      await saveScreenshot(page, 'group-submission-detail-1280');

      // zh-CN at 768 px: the group's list, without sideways scrolling
      await page.setViewportSize({ width: 768, height: 900 });
      await page.goto(`${env.server.url}/group/${gid}/problem?l=zh-CN`);
      await page.getByText('团队题目', { exact: true }).waitFor();
      await page.getByRole('columnheader', { name: '通过率' }).waitFor();
      await page.getByRole('link', { name: 'Class sum' }).waitFor();
      await expectNoSidewaysScroll(page);
      await saveScreenshot(page, 'group-problem-list-768-zh');
    },
  );

  it('refuses an outsider the group list and the problem', async () => {
    const page = await signedIn(people.outsider, `/group/${gid}/problem?l=en-US`);
    // the group shell keeps its members' tabs from outsiders (the page's own refusal stays behind it)
    await page.getByText('Join this group to see this page.').waitFor();
    await saveScreenshot(page, 'group-problem-outsider-1280');
    expect(await page.getByRole('link', { name: 'Class sum' }).count()).toBe(0);
    const refused = await fetch(
      `${env.server.url}/api/get-problem-detail?problemId=${PROBLEM_ID}&gid=${gid}`,
      { headers: { authorization: people.outsider.token } },
    );
    expect(((await refused.json()) as { status: number }).status).not.toBe(200);
  });

  it('root approves the application in /admin/group-problem/apply: the problem is public', async () => {
    const { context, page } = await openAdminAsRoot(env, {
      width: 1280,
      lang: 'en-US',
      path: '/admin/group-problem/apply',
    });
    contexts.push(context);
    await page.getByRole('heading', { name: 'Group Problem Review' }).waitFor();
    const row = page.getByRole('row', { name: new RegExp(PROBLEM_ID) });
    await expect.poll(() => row.textContent()).toContain('Applying');
    expect(await row.textContent()).toContain('gp-gadmin');
    await saveScreenshot(page, 'group-problem-review-1280');
    await row.getByRole('button', { name: `Approve ${PROBLEM_ID}` }).click();
    await popupsSettled(page);
    await page.getByRole('tooltip').getByRole('button', { name: 'OK' }).click();
    await toast(page, 'Approved: the problem is public').waitFor();
    await expect.poll(() => row.textContent()).toContain('Public');

    // in the public bank now, for anyone
    const list = await call<{ records: { problemId: string }[] }>(
      env.server,
      null,
      'GET',
      `/api/get-problem-list?keyword=${PROBLEM_ID}&currentPage=1&limit=10`,
    );
    expect(list.records.map((r) => r.problemId)).toEqual([PROBLEM_ID]);

    // zh-CN at 768 px
    await page.setViewportSize({ width: 768, height: 900 });
    await page.goto(`${env.server.url}/admin/group-problem/apply?l=zh-CN`);
    await page.getByRole('heading', { name: '团队题目审核' }).waitFor();
    await expect
      .poll(() => page.getByRole('row', { name: new RegExp(PROBLEM_ID) }).textContent())
      .toContain('已公开');
    await expectNoSidewaysScroll(page);
    await saveScreenshot(page, 'group-problem-review-768-zh');
  });
});
