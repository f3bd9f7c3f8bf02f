import { REMOTE_ACCOUNT_FIELDS, SWITCH_DEFAULTS, type SwitchConfigVO } from '@verdict/shared';
import { describe, expect, it } from 'vitest';
import {
  changedSwitches,
  fieldOfMessage,
  SWITCH_GROUPS,
  withAccountLists,
} from '../../src/admin/content/switch-fields';

const NO_ACCOUNTS = Object.fromEntries(REMOTE_ACCOUNT_FIELDS.map((field) => [field, []]));

describe('admin switch form fields (spec part 2 §2.7 /admin/switch)', () => {
  it('shows every switch and limit of switch/info exactly once', () => {
    const shown = SWITCH_GROUPS.flatMap((group) => group.fields);
    expect([...shown].sort()).toEqual(Object.keys(SWITCH_DEFAULTS).sort());
  });

  it('finds the field a server validation message names', () => {
    expect(fieldOfMessage('Invalid parameter defaultSubmitInterval: too big')).toBe('defaultSubmitInterval');
    expect(fieldOfMessage('参数 openPublicJudge 无效')).toBe('openPublicJudge');
    // a longer name that starts with a shorter one is not mistaken for it
    expect(fieldOfMessage('defaultCreateGroupLimitX: bad')).toBeUndefined();
    expect(fieldOfMessage('Saving failed')).toBeUndefined();
  });

  it('issue 24 item 7: saves only what the admin changed, so a switch that follows the mail keeps following it', () => {
    const before = { ...SWITCH_DEFAULTS, registerNeedsEmailCode: false, ...NO_ACCOUNTS } as SwitchConfigVO;
    expect(changedSwitches(before, { ...before })).toEqual({});
    expect(changedSwitches(before, { ...before, openPublicJudge: false, defaultSubmitInterval: 3 })).toEqual({
      openPublicJudge: false,
      defaultSubmitInterval: 3,
    });
    expect(changedSwitches(before, { ...before, registerNeedsEmailCode: true })).toEqual({
      registerNeedsEmailCode: true,
    });
  });

  it("issue 30: a site's account lists are sent whole when either changed, untouched sites not at all", () => {
    const before = {
      ...SWITCH_DEFAULTS,
      registerNeedsEmailCode: false,
      ...NO_ACCOUNTS,
      cfUsernameList: ['club-1', 'club-2'],
      cfPasswordList: ['', ''],
      hduUsernameList: ['h'],
      hduPasswordList: [''],
    } as SwitchConfigVO;
    expect(
      changedSwitches(
        before,
        withAccountLists(before, 'cf', { usernames: ['club-1', 'club-2'], passwords: ['', ''] }),
      ),
    ).toEqual({});
    // a typed password: both CF lists go, the untouched ('') password says "keep it"
    expect(
      changedSwitches(
        before,
        withAccountLists(before, 'cf', { usernames: ['club-1', 'club-2'], passwords: ['', 'new'] }),
      ),
    ).toEqual({ cfUsernameList: ['club-1', 'club-2'], cfPasswordList: ['', 'new'] });
    // a removed account
    expect(
      changedSwitches(before, withAccountLists(before, 'hdu', { usernames: [], passwords: [] })),
    ).toEqual({
      hduUsernameList: [],
      hduPasswordList: [],
    });
  });
});
