import type { SwitchConfigVO } from '@verdict/shared';

export type SwitchField = keyof SwitchConfigVO;

/** The form's areas (spec part 2 §2.7 /admin/switch), each switch or limit once. */
export const SWITCH_GROUPS: {
  key: 'judging' | 'discussion' | 'submit' | 'registration' | 'quota';
  fields: SwitchField[];
}[] = [
  {
    key: 'judging',
    fields: ['openPublicJudge', 'openGroupJudge', 'openContestJudge', 'hideNonContestSubmissionCode'],
  },
  { key: 'discussion', fields: ['openPublicDiscussion', 'openGroupDiscussion', 'openContestComment'] },
  { key: 'submit', fields: ['defaultSubmitInterval', 'submitCaptchaThreshold', 'submitCaptchaWindow'] },
  { key: 'registration', fields: ['registerNeedsEmailCode'] },
  {
    key: 'quota',
    fields: [
      'defaultCreateGroupDailyLimit',
      'defaultCreateGroupLimit',
      'defaultCreateGroupACInitValue',
      'defaultCreateDiscussionDailyLimit',
      'defaultCreateDiscussionACInitValue',
      'defaultCreateCommentACInitValue',
      'defaultCreateCommentDailyLimit',
    ],
  },
];
const ALL_FIELDS = SWITCH_GROUPS.flatMap((group) => group.fields);

/**
 * The switches an admin changed: only they are saved, so a switch whose default follows the site
 * (registerNeedsEmailCode follows the mail configuration, issue 24 item 7) keeps following it
 * until the admin sets it.
 */
export function changedSwitches(before: SwitchConfigVO, after: SwitchConfigVO): Partial<SwitchConfigVO> {
  return Object.fromEntries(
    (Object.keys(after) as SwitchField[])
      .filter((field) => after[field] !== before[field])
      .map((field) => [field, after[field]]),
  );
}

/** The field a server validation message names ("defaultSubmitInterval: …"), if any. */
export function fieldOfMessage(message: string): SwitchField | undefined {
  return ALL_FIELDS.find((field) => new RegExp(`\\b${field}\\b`).test(message));
}
