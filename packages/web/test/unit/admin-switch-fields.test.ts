import { SWITCH_DEFAULTS } from '@verdict/shared';
import { describe, expect, it } from 'vitest';
import { changedSwitches, fieldOfMessage, SWITCH_GROUPS } from '../../src/admin/content/switch-fields';

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
    const before = { ...SWITCH_DEFAULTS, registerNeedsEmailCode: false };
    expect(changedSwitches(before, { ...before })).toEqual({});
    expect(changedSwitches(before, { ...before, openPublicJudge: false, defaultSubmitInterval: 3 })).toEqual({
      openPublicJudge: false,
      defaultSubmitInterval: 3,
    });
    expect(changedSwitches(before, { ...before, registerNeedsEmailCode: true })).toEqual({
      registerNeedsEmailCode: true,
    });
  });
});
