import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { group, groupMember } from '../../../server/src/db/schema/index.ts';
import { createUser } from '../../../server/test/helpers/users.ts';
import { groupEnUS } from '../../src/i18n/areas/group.en-US.ts';
import { groupZhCN } from '../../src/i18n/areas/group.zh-CN.ts';
import { setSwitches } from './problem-support.ts';
import {
  dialog,
  expectInsideViewport,
  expectNoSidewaysScroll,
  openPage,
  popupsSettled,
  saveScreenshot,
  signInThroughDialog,
  submitLoginDialog,
  toast,
  topBar,
  useServerAndBrowser,
} from './support.ts';

/**
 * The group screens (spec part 2 §2.2, §5, §6; reference §3.10, §7.12) against the real server:
 * anonymous users see the list and are asked to log in to create; an owner creates a Private
 * group through the full-screen dialog (a taken name refused in the dialog) and posts an
 * announcement; a second user finds it with the list's filters, applies (a wrong code refused),
 * is approved in the members tab, sees the tabs open and the announcement, meets the level
 * select's rules as a group admin, and exits; the list, the detail and Add Group Member (search,
 * add, the member listed) in Chinese at 768 px.
 * Two browser contexts, each signed in once. Screenshots go to $E2E_SHOTS_DIR (group-*.png).
 */

const en = groupEnUS;
const zh = groupZhCN;
const PASSWORD = 'group-pass1';
const CODE = 'k3y9zq';
const NAME = 'Night Owls Club';
const SEEDED_PUBLIC = 'Public Gardens';
const SEEDED_PROTECTED = 'Protected Lab';
const ANNOUNCEMENT = 'Welcome aboard';
const uids: Record<string, string> = {};

const env = useServerAndBrowser(async (server) => {
  // reference §7.6: non-admins need accepted problems to create groups; this owner has none
  await setSwitches(server.db, { defaultCreateGroupACInitValue: 0 });
  for (const username of ['owner1', 'joiner1', 'third1', 'seeder1'])
    uids[username] = await createUser(server.db, { username, password: PASSWORD });
  const now = new Date();
  const rows = await server.db
    .insert(group)
    .values([
      {
        name: SEEDED_PUBLIC,
        shortName: 'garden',
        brief: 'Everyone welcome',
        description: 'A public group.',
        owner: 'seeder1',
        uid: uids.seeder1!,
        auth: 1,
        gmtCreate: now,
        gmtModified: now,
      },
      {
        name: SEEDED_PROTECTED,
        shortName: 'lab01',
        brief: 'Apply to join',
        description: 'A protected group.',
        owner: 'seeder1',
        uid: uids.seeder1!,
        auth: 2,
        code: 'abcdef',
        gmtCreate: now,
        gmtModified: now,
      },
    ])
    .returning({ id: group.id });
  await server.db.insert(groupMember).values(rows.map((r) => ({ gid: r.id, uid: uids.seeder1!, auth: 5 })));
});

const cards = (page: Page) => page.getByTestId('group-card');
const cardNames = async (page: Page) =>
  (await cards(page).locator('.group-card__name').allInnerTexts()).sort();
/** Waits until the list shows these groups (its answer may take a while on a loaded machine). */
async function expectCards(page: Page, names: string[]): Promise<void> {
  try {
    await expect.poll(() => cardNames(page), { timeout: 15_000 }).toEqual([...names].sort());
  } catch (error) {
    console.log('group list', page.url(), JSON.stringify(await page.locator('.group-list').innerText()));
    await saveScreenshot(page, 'group-list-failure');
    throw error;
  }
}
const tab = (page: Page, key: string) => page.locator(`.group-tabs [data-tab="${key}"]`);
const tabDisabled = (page: Page, key: string) =>
  tab(page, key).evaluate((el) => el.closest('.ant-tabs-tab')!.classList.contains('ant-tabs-tab-disabled'));
const levelSelect = (page: Page, username: string) =>
  page.getByRole('combobox', { name: en.member.authOf.replace('{{username}}', username) });
const selectDisabled = (page: Page, username: string) =>
  page
    .locator(`[data-member="${username}"] .ant-select`)
    .evaluate((el) => el.classList.contains('ant-select-disabled'));

/** The enabled options of a member's level select (opened and closed again). */
async function enabledLevels(page: Page, username: string): Promise<string[]> {
  await levelSelect(page, username).click();
  const options = page.locator(
    '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option',
  );
  await options.first().waitFor();
  const enabled = await options.evaluateAll((els) =>
    els
      .filter((el) => !el.classList.contains('ant-select-item-option-disabled'))
      .map((el) => el.textContent ?? ''),
  );
  await page.keyboard.press('Escape');
  await popupsSettled(page);
  return enabled;
}

describe('groups (spec part 2 §2.2)', () => {
  it('create a Private group, apply with the code, approve, announce, the level rules, exit; zh-CN at 768 px', async () => {
    const { server, browser } = env;
    const base = server.url;

    // ---- the owner, English, 1280 px ---------------------------------------------------------
    const owner = await openPage(browser, 1280);
    const a = owner.page;
    await a.goto(`${base}/group?l=en-US`);
    await cards(a).first().waitFor();
    // anonymous: every visible group, the My/All toggle disabled
    expect(await cardNames(a)).toEqual([SEEDED_PROTECTED, SEEDED_PUBLIC]);
    expect(await a.locator('.group-filters .ant-segmented').getAttribute('class')).toContain('disabled');
    // opening a group asks to log in first, and so does creating one
    await cards(a).first().click();
    await toast(a, 'Please login first').waitFor();
    await dialog(a).waitFor();
    await popupsSettled(a);
    await a.keyboard.press('Escape');
    await dialog(a).waitFor({ state: 'hidden' });
    expect(new URL(a.url()).pathname).toBe('/group');
    await a.getByRole('button', { name: en.list.create }).click();
    await toast(a, 'Please login first').waitFor();
    await dialog(a).waitFor();
    await submitLoginDialog(a, 'owner1', PASSWORD);
    await a.getByRole('button', { name: 'User menu' }).waitFor();
    await dialog(a).waitFor({ state: 'hidden' });
    // after login: My Groups (none yet)
    await a.locator('.group-list__empty').waitFor();
    expect(await a.locator('.group-filters .ant-segmented-item-selected').innerText()).toBe(en.list.mine);

    // the create dialog: checks before sending, then the server's refusal of a taken name
    await a.getByRole('button', { name: en.list.create }).click();
    const form = dialog(a);
    // the footer's primary button (its name also holds a spinner's label while it saves)
    const createButton = form.locator('.ant-modal-footer .ant-btn-primary');
    await form.waitFor();
    await popupsSettled(a);
    await createButton.click();
    await form.getByText('Name is required', { exact: true }).waitFor();
    await form.getByLabel(en.form.name, { exact: true }).fill(SEEDED_PUBLIC);
    await form.getByLabel(en.form.shortName, { exact: true }).fill('owls1');
    await form.getByLabel(en.form.brief, { exact: true }).fill('Late night contests');
    await form.getByLabel(en.form.description, { exact: true }).fill('We **solve** problems at night.');
    await form.getByText(en.auth['3']!, { exact: true }).click();
    await form.getByLabel(en.form.code, { exact: true }).fill('abc');
    await createButton.click();
    await form.getByText('Invitation code must be exactly 6 characters').waitFor();
    await form.getByLabel(en.form.code, { exact: true }).fill(CODE);
    await createButton.click();
    await form.getByRole('alert').getByText('A group with this name already exists!').waitFor();
    await form.getByLabel(en.form.name, { exact: true }).fill(NAME);
    await createButton.click();
    await toast(a, en.form.created).waitFor();
    await a.waitForURL(/\/group\/\d+$/);
    const gid = Number(/\/group\/(\d+)$/.exec(a.url())![1]);

    // the detail: info card and the root's tabs
    const info = a.getByTestId('group-info');
    await info.getByRole('heading', { name: NAME }).waitFor();
    expect(await info.getByTestId('group-auth-tag').innerText()).toBe(en.auth['3']);
    expect(await info.innerText()).toContain('owner1');
    expect(await info.innerText()).toContain(String(gid));
    for (const key of ['home', 'problem', 'member', 'announcement', 'setting', 'rank'])
      expect(await tab(a, key).count()).toBe(1);
    await a.locator('.markdown-body strong', { hasText: 'solve' }).waitFor();

    // an announcement for the members
    await tab(a, 'announcement').click();
    await a.getByRole('button', { name: en.announcement.create }).click();
    const editor = dialog(a);
    await editor.getByLabel(en.announcement.titleField, { exact: true }).fill(ANNOUNCEMENT);
    await editor.getByLabel(en.announcement.content, { exact: true }).fill('Contest on *Friday*.');
    await editor.getByRole('button', { name: en.announcement.save }).click();
    await toast(a, en.announcement.created).waitFor();
    await a.getByTestId('group-announcement-admin').getByText(ANNOUNCEMENT).waitFor();
    await saveScreenshot(a, 'group-detail-en-1280', { fullPage: true });

    // ---- the joiner, English, 1280 px --------------------------------------------------------
    const joiner = await openPage(browser, 1280);
    const b = joiner.page;
    await b.goto(`${base}/group?l=en-US`);
    await cards(b).first().waitFor();
    await signInThroughDialog(b, 'joiner1', PASSWORD);
    await b.locator('.group-list__empty').waitFor();
    // the filters: All, then Private, then a keyword, each in the URL
    await b.locator('.group-filters .ant-segmented').getByText(en.list.all).click();
    await b.waitForURL(/onlyMine=false/);
    await expectCards(b, [NAME, SEEDED_PROTECTED, SEEDED_PUBLIC]);
    await b.locator('.group-filters .ant-radio-group').getByText(en.auth['3']!, { exact: true }).click();
    await b.waitForURL(/auth=3/);
    await expectCards(b, [NAME]);
    await b.locator('.group-filters .ant-radio-group').getByText(en.list.allAuth, { exact: true }).click();
    await b.waitForURL((url) => !url.searchParams.has('auth'));
    await b.getByLabel(en.list.search).fill('gard');
    await b.getByLabel(en.list.search).press('Enter');
    await b.waitForURL(/keyword=gard/);
    await expectCards(b, [SEEDED_PUBLIC]);
    expect(new URL(b.url()).searchParams.get('onlyMine')).toBe('false');
    await saveScreenshot(b, 'group-list-en-1280');
    await b.getByLabel(en.list.search).fill('owls');
    await b.getByLabel(en.list.search).press('Enter');
    await expectCards(b, [NAME]);

    // a non-member: only home open; Apply with a wrong code, then the right one
    await cards(b).first().click();
    await b.waitForURL(new RegExp(`/group/${gid}$`));
    await b.getByTestId('group-info').waitFor();
    expect(await tabDisabled(b, 'problem')).toBe(true);
    expect(await tabDisabled(b, 'member')).toBe(true);
    expect(await tab(b, 'announcement').count()).toBe(0);
    expect(await tab(b, 'setting').count()).toBe(0);
    await b.getByRole('button', { name: en.shell.apply }).click();
    const apply = dialog(b);
    await popupsSettled(b);
    await apply.getByRole('button', { name: en.apply.submit }).click();
    await apply.getByText('Invitation code is required', { exact: true }).waitFor();
    await apply.getByLabel(en.apply.code, { exact: true }).fill('zzzzzz');
    await apply.getByLabel(en.apply.reason, { exact: true }).fill('I like night contests');
    await apply.getByRole('button', { name: en.apply.submit }).click();
    await apply.getByRole('alert').getByText('The invitation code is wrong!').waitFor();
    await apply.getByLabel(en.apply.code, { exact: true }).fill(CODE);
    await apply.getByRole('button', { name: en.apply.submit }).click();
    await toast(b, en.shell.applied).waitFor();
    await b.getByRole('button', { name: en.shell.applying }).waitFor();

    // ---- the owner approves; a third member joins by the back door ----------------------------
    await tab(a, 'member').click();
    const applications = a.getByTestId('group-applications');
    await applications.getByText('joiner1').waitFor();
    await applications.getByRole('button', { name: `${en.member.approve} joiner1` }).click();
    await toast(a, en.member.approved).waitFor();
    await a.locator('[data-member="joiner1"]').waitFor();
    await server.db.insert(groupMember).values([
      { gid, uid: uids.third1!, auth: 3 },
      { gid, uid: uids.seeder1!, auth: 1, reason: 'Let me in please' },
    ]);

    // the owner's select: any member level for others, never the owner's own row
    await a.reload();
    await a.locator('[data-member="third1"]').waitFor();
    // an application refused with a reason stays listed as refused
    await applications.getByText('Let me in please').waitFor();
    await applications.getByRole('button', { name: `${en.member.refuse} seeder1` }).click();
    await popupsSettled(a);
    await dialog(a).getByLabel(en.member.refuseReason).fill('Members only from the club');
    await dialog(a).getByRole('button', { name: en.member.confirm }).click();
    await toast(a, en.member.refusedDone).waitFor();
    await applications.getByText(en.level['2']!, { exact: true }).waitFor();
    expect(await selectDisabled(a, 'owner1')).toBe(true);
    expect(await selectDisabled(a, 'joiner1')).toBe(false);
    expect(await enabledLevels(a, 'joiner1')).toEqual([en.level['3'], en.level['4'], en.level['5']]);
    await levelSelect(a, 'joiner1').click();
    await a
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .getByText(en.level['4']!, { exact: true })
      .click();
    await toast(a, en.member.authChanged).waitFor();
    await saveScreenshot(a, 'group-members-en-1280', { fullPage: true });
    expect(await a.getByRole('button', { name: `${en.member.remove} owner1` }).count()).toBe(0);

    // the rank tab: ACM, then OI with its score column, kept in the URL
    await tab(a, 'rank').click();
    const rank = a.getByTestId('group-rank');
    await rank.getByText('third1').waitFor();
    await rank.locator('.ant-segmented').getByText('OI', { exact: true }).click();
    await a.waitForURL(/rank\?type=1/);
    await rank.getByRole('columnheader', { name: en.rank.score }).waitFor();

    // the setting tab: the group form, saved
    await tab(a, 'setting').click();
    const setting = a.getByTestId('group-setting');
    expect(await setting.getByLabel(en.form.code, { exact: true }).inputValue()).toBe(CODE);
    await setting.getByLabel(en.form.brief, { exact: true }).fill('Late night contests, weekly');
    await setting.getByRole('button', { name: en.form.save }).click();
    await toast(a, en.form.saved).waitFor();
    await a.getByTestId('group-info').getByText('Late night contests, weekly').waitFor();
    // the avatar (reference §3.11 upload-group-avatar): chosen, cropped to 200×200, shown
    const picture = await a.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 240;
      canvas.height = 160;
      const context2d = canvas.getContext('2d')!;
      context2d.fillStyle = '#13c2c2';
      context2d.fillRect(0, 0, 240, 160);
      return canvas.toDataURL('image/png').split(',')[1]!;
    });
    await a
      .getByTestId('group-avatar')
      .getByLabel('Change avatar')
      .setInputFiles({
        name: 'club.png',
        mimeType: 'image/png',
        buffer: Buffer.from(picture, 'base64'),
      });
    const cropper = a.getByRole('dialog', { name: 'Crop avatar' });
    await cropper.locator('.avatar-cropper-viewport img').waitFor();
    await popupsSettled(a);
    await cropper.getByRole('button', { name: 'Upload' }).click();
    await toast(a, 'Avatar updated!').waitFor();
    const [withAvatar] = await env.server.db
      .select({ avatar: group.avatar })
      .from(group)
      .where(eq(group.name, NAME));
    expect(withAvatar?.avatar).toMatch(/^\/api\/public\/img\/[0-9a-f]{32}\.png$/);
    await a.locator(`[data-testid="group-avatar"] img[src="${withAvatar!.avatar}"]`).waitFor();
    await saveScreenshot(a, 'group-setting-en-1280', { fullPage: true });

    // ---- the joiner, now a group admin: tabs open, the announcement, the select's rules, exit --
    await b.goBack();
    await cards(b).first().click();
    await b.getByRole('button', { name: en.shell.exit }).waitFor();
    expect(await tabDisabled(b, 'problem')).toBe(false);
    expect(await tab(b, 'announcement').count()).toBe(1);
    expect(await tab(b, 'setting').count()).toBe(0);
    const news = b.getByTestId('group-home-announcements');
    await news.getByText(ANNOUNCEMENT).click();
    await news.locator('.markdown-body em', { hasText: 'Friday' }).waitFor();
    await b.getByTestId('group-home-ranking').getByText('third1').waitFor();
    await tab(b, 'member').click();
    await b.locator('[data-member="third1"]').waitFor();
    // a level-4 admin: only members below them, only to levels below theirs; never the owner
    expect(await selectDisabled(b, 'owner1')).toBe(true);
    expect(await selectDisabled(b, 'joiner1')).toBe(true);
    expect(await selectDisabled(b, 'third1')).toBe(false);
    expect(await enabledLevels(b, 'third1')).toEqual([en.level['3']]);
    expect(await b.getByRole('button', { name: `${en.member.remove} third1` }).count()).toBe(1);
    expect(await b.getByRole('button', { name: `${en.member.remove} joiner1` }).count()).toBe(0);
    expect(await b.getByRole('button', { name: `${en.member.remove} owner1` }).count()).toBe(0);
    await b.getByRole('button', { name: en.shell.exit }).click();
    await popupsSettled(b);
    await b.locator('.ant-modal-confirm').getByRole('button', { name: 'OK' }).click();
    // (the toast may give way at once to the notice of leaving, which the unread stream shows)
    await b.getByRole('button', { name: en.shell.apply }).waitFor();
    expect(await tabDisabled(b, 'problem')).toBe(true);
    // a Public group is joined at once, without a dialog
    await topBar(b).getByRole('link', { name: 'Group', exact: true }).click();
    await b.locator('.group-list__empty').waitFor();
    await b.locator('.group-filters .ant-segmented').getByText(en.list.all).click();
    await b.getByLabel(en.list.search).fill('gard');
    await b.getByLabel(en.list.search).press('Enter');
    await expectCards(b, [SEEDED_PUBLIC]);
    await cards(b).first().click();
    await b.getByRole('button', { name: en.shell.join }).click();
    await b.getByRole('button', { name: en.shell.exit }).waitFor();
    expect(await tabDisabled(b, 'problem')).toBe(false);
    await joiner.context.close();

    // ---- the owner in Chinese at 768 px: the list and the detail -----------------------------
    await a.setViewportSize({ width: 768, height: 900 });
    await a.goto(`${base}/group?l=zh-CN`);
    await cards(a).first().waitFor();
    expect(await a.locator('.group-filters .ant-segmented-item-selected').innerText()).toBe(zh.list.mine);
    expect(await cardNames(a)).toEqual([NAME]);
    expect(await a.getByRole('button', { name: zh.list.create }).count()).toBe(1);
    await expectNoSidewaysScroll(a);
    await saveScreenshot(a, 'group-list-zh-768');
    await cards(a).first().click();
    await a.getByTestId('group-info').waitFor();
    expect(await a.getByTestId('group-auth-tag').innerText()).toBe(zh.auth['3']);
    expect(await tab(a, 'setting').innerText()).toContain(zh.tabs.setting);
    await a.getByTestId('group-home-ranking').getByText('owner1').waitFor();
    await expectNoSidewaysScroll(a);
    await saveScreenshot(a, 'group-detail-zh-768', { fullPage: true });
    await tab(a, 'member').click();
    await a.locator('[data-member="owner1"]').waitFor();
    await expectNoSidewaysScroll(a);
    // Add Group Member: search, the owner already Joined, add joiner1 (who left); the list shows them
    await a.getByRole('button', { name: zh.addMember.open }).click();
    const adder = dialog(a);
    await popupsSettled(a);
    await adder.getByLabel(zh.addMember.search).fill('er1');
    await adder.getByLabel(zh.addMember.search).press('Enter');
    const candidates = adder.locator('tr[data-candidate]');
    await expect
      .poll(() => candidates.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-candidate'))))
      .toEqual(['joiner1', 'owner1', 'seeder1']);
    expect(await candidates.nth(1).getByRole('button', { name: zh.addMember.joined }).isDisabled()).toBe(
      true,
    );
    await expectInsideViewport(a, adder);
    await expectNoSidewaysScroll(a);
    await saveScreenshot(a, 'group-add-member-zh-768');
    await adder.getByRole('button', { name: zh.addMember.addOf.replace('{{username}}', 'joiner1') }).click();
    await toast(a, zh.addMember.added.replace('{{username}}', 'joiner1')).waitFor();
    await candidates.first().getByRole('button', { name: zh.addMember.joined }).waitFor();
    await a.keyboard.press('Escape');
    await adder.waitFor({ state: 'hidden' });
    await a.locator('[data-member="joiner1"]').waitFor();
    // the owner disbands the group
    await tab(a, 'setting').click();
    await a.getByRole('button', { name: zh.setting.disband }).click();
    await popupsSettled(a);
    await a
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await toast(a, zh.setting.disbanded).waitFor();
    await a.waitForURL(/\/group$/);
    await a.locator('.group-list__empty').waitFor();
    await owner.context.close();
  }, 240_000);
});
