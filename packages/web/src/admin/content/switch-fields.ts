import {
  REMOTE_ACCOUNT_SITES,
  type RemoteAccountSite,
  type SWITCH_DEFAULTS,
  type SwitchConfigBody,
  type SwitchConfigVO,
} from '@verdict/shared';

/** A switch or limit (the account lists are edited apart, RemoteAccountsCard). */
export type SwitchField = keyof typeof SWITCH_DEFAULTS;

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
export function changedSwitches(before: SwitchConfigVO, after: SwitchConfigVO): SwitchConfigBody {
  const changed: Record<string, unknown> = Object.fromEntries(
    ALL_FIELDS.filter((field) => after[field] !== before[field]).map((field) => [field, after[field]]),
  );
  // a site's account lists are sent whole, both of them, when either changed
  for (const site of REMOTE_ACCOUNT_SITES) {
    const names = accountListsOf(after, site);
    if (JSON.stringify(names) === JSON.stringify(accountListsOf(before, site))) continue;
    changed[`${site}UsernameList`] = names.usernames;
    changed[`${site}PasswordList`] = names.passwords;
  }
  return changed as SwitchConfigBody;
}

/** One site's account rows as switch/info gives them (a password is '' unless typed: unchanged). */
export interface AccountRows {
  usernames: string[];
  passwords: string[];
}

export const accountListsOf = (config: SwitchConfigVO, site: RemoteAccountSite): AccountRows => ({
  usernames: config[`${site}UsernameList`],
  passwords: config[`${site}PasswordList`],
});

/** `config` with one site's account rows replaced. */
export const withAccountLists = (
  config: SwitchConfigVO,
  site: RemoteAccountSite,
  rows: AccountRows,
): SwitchConfigVO => ({
  ...config,
  [`${site}UsernameList`]: rows.usernames,
  [`${site}PasswordList`]: rows.passwords,
});

/** The field a server validation message names ("defaultSubmitInterval: …"), if any. */
export function fieldOfMessage(message: string): SwitchField | undefined {
  return ALL_FIELDS.find((field) => new RegExp(`\\b${field}\\b`).test(message));
}
