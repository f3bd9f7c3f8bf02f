import { z } from 'zod';
import { int, intOneOf, positiveId } from './numbers.ts';
import { currentPageParam, limitParam } from './problem.ts';

/**
 * The admin's site content (reference §3.12 "Announcements", "System notices", switch info/update;
 * §7.14 SwitchConfig; §7.15 system notices). HOJ's field names are kept so its admin client works.
 */

export const SITE_CONTENT_LIMITS = {
  /** announcement.title / admin_sys_notice.title are varchar(255) (reference §4.6) */
  titleMax: 255,
  /** HOJ's text columns hold 65535 characters (reference §3.12 contest description limit alike) */
  contentMax: 65_535,
  /** reference §3.12 GET /api/admin/msg/notice `limit=5` */
  noticePageDefault: 5,
  /** reference §3.2 get-common-announcement `limit=10` */
  announcementPageDefault: 10,
} as const;

const L = SITE_CONTENT_LIMITS;
const title = z
  .string()
  .trim()
  .min(1, 'title is required')
  .max(L.titleMax, `at most ${L.titleMax} characters`);
const content = z.string().max(L.contentMax, `at most ${L.contentMax} characters`);

/** reference §3.12 `POST|PUT /api/admin/announcement` body `Announcement` {id?, title, content, status}. */
export const announcementBody = z.object({
  id: positiveId.nullish(),
  title,
  content: content.nullish(),
  /** reference §4.6: 0 visible, 1 hidden */
  status: intOneOf([0, 1], { error: 'status must be 0 (shown) or 1 (hidden)' }).nullish(),
});
export type AnnouncementBody = z.input<typeof announcementBody>;

/** `DELETE /api/admin/announcement?aid=` */
export const announcementIdQuery = z.object({ aid: positiveId });

/** `GET /api/admin/announcement` and `GET /api/get-common-announcement`: `limit`, `currentPage`. */
export const announcementPageQuery = z.object({
  limit: limitParam(L.announcementPageDefault),
  currentPage: currentPageParam,
});

/** reference §4.6 admin_sys_notice.type */
export const SYS_NOTICE_TYPES = ['All', 'Single', 'Admin'] as const;
export type SysNoticeType = (typeof SYS_NOTICE_TYPES)[number];

/** reference §3.12 `POST|PUT /api/admin/msg/notice` body `AdminSysNotice`. */
export const sysNoticeBody = z
  .object({
    id: positiveId.nullish(),
    title,
    content: content.min(1, 'content is required'),
    type: z.enum(SYS_NOTICE_TYPES),
    /** the recipient's uid, for 'Single' only (what HOJ's client sends) */
    recipientId: z.string().trim().max(64).nullish(),
    /** Verdict: the recipient by username instead, for admins who know the name, not the uid */
    recipientUsername: z.string().trim().max(100).nullish(),
  })
  .refine((n) => n.type !== 'Single' || !!n.recipientId || !!n.recipientUsername, {
    message: 'a Single notice needs recipientId or recipientUsername',
    path: ['recipientId'],
  });
export type SysNoticeBody = z.input<typeof sysNoticeBody>;

export const sysNoticeIdQuery = z.object({ id: positiveId });

export const sysNoticePageQuery = z.object({
  limit: limitParam(L.noticePageDefault),
  currentPage: currentPageParam,
  type: z.enum(SYS_NOTICE_TYPES).optional(),
});

// ---- switches ---------------------------------------------------------------------------------

/** The largest number any limit of the switch config takes (a day in seconds, or a count). */
export const SWITCH_NUMBER_MAX = 1_000_000;

const flag = z.boolean();
const amount = int({ min: 0, max: SWITCH_NUMBER_MAX });

/**
 * reference §7.14 SwitchConfig, with HOJ's field names and defaults, the ones Verdict uses; plus
 * Verdict's submit captcha (`submitCaptchaThreshold` submissions in `submitCaptchaWindow` seconds).
 */
export const SWITCH_DEFAULTS = {
  openPublicDiscussion: true,
  openGroupDiscussion: true,
  openContestComment: true,
  openPublicJudge: true,
  openGroupJudge: true,
  openContestJudge: true,
  hideNonContestSubmissionCode: false,
  defaultSubmitInterval: 8,
  defaultCreateGroupDailyLimit: 2,
  defaultCreateGroupLimit: 5,
  defaultCreateGroupACInitValue: 20,
  defaultCreateDiscussionDailyLimit: 5,
  defaultCreateDiscussionACInitValue: 10,
  defaultCreateCommentACInitValue: 10,
  /** Verdict (issue 15): discussion comments and replies per 24 h for non-admins; HOJ had no limit */
  defaultCreateCommentDailyLimit: 100,
  submitCaptchaThreshold: 10,
  submitCaptchaWindow: 60,
  /**
   * Verdict (issue 24 item 7): registration asks for a mailed code; off, the image captcha only.
   * Its default follows the site: on while mail is configured, off otherwise (SITE_DEPENDENT_SWITCHES).
   */
  registerNeedsEmailCode: true,
} as const;

/**
 * Switches whose default depends on the site rather than on SWITCH_DEFAULTS: they are not seeded,
 * and until an admin sets one, switch/info answers what the site allows (registerNeedsEmailCode:
 * whether mail is configured).
 */
export const SITE_DEPENDENT_SWITCHES = [
  'registerNeedsEmailCode',
] as const satisfies readonly (keyof typeof SWITCH_DEFAULTS)[];

/**
 * How people register (issue 24 item 7), `registerMode` of `GET /api/get-website-config`:
 * 'closed' (the web config's register switch is off), 'email-code' (a mailed code), 'captcha' (the
 * image captcha only), 'needs-mail' (a mailed code is required but no mail is configured: nobody
 * can register until an admin configures mail or turns the switch off).
 */
export const REGISTER_MODES = ['closed', 'email-code', 'captcha', 'needs-mail'] as const;
export type RegisterMode = (typeof REGISTER_MODES)[number];

/** The sites of HOJ's switch-page account lists (`hduUsernameList`, …), reference §7.14. */
export const REMOTE_ACCOUNT_SITES = ['hdu', 'cf', 'poj', 'atcoder', 'spoj', 'libreoj'] as const;
export type RemoteAccountSite = (typeof REMOTE_ACCOUNT_SITES)[number];
export type RemoteAccountListField = `${RemoteAccountSite}UsernameList` | `${RemoteAccountSite}PasswordList`;

/**
 * HOJ's remote-judge account lists. They are not stored beside the switches: an update replaces the
 * accounts of each site sent in the remote_judge_account pool (server `modules/remote-judge/accounts.ts`).
 * **Changed:** switch/info answers the usernames and an empty string for each password (never the
 * password); an empty password sent for a username already in the pool keeps its password.
 */
export const REMOTE_ACCOUNT_FIELDS = REMOTE_ACCOUNT_SITES.flatMap((oj) => [
  `${oj}UsernameList` as const,
  `${oj}PasswordList` as const,
]) satisfies RemoteAccountListField[];

const switchShape = Object.fromEntries(
  Object.entries(SWITCH_DEFAULTS).map(([name, value]) => [
    name,
    (typeof value === 'boolean' ? flag : amount).nullish(),
  ]),
) as {
  [K in keyof typeof SWITCH_DEFAULTS]: z.ZodOptional<
    z.ZodNullable<(typeof SWITCH_DEFAULTS)[K] extends boolean ? typeof flag : typeof amount>
  >;
};

const remoteShape = Object.fromEntries(
  REMOTE_ACCOUNT_FIELDS.map((name) => [name, z.array(z.string().max(255)).max(1000).nullish()]),
) as Record<RemoteAccountListField, z.ZodOptional<z.ZodNullable<z.ZodArray<z.ZodString>>>>;

/**
 * `PUT /api/admin/switch/update` body `SwitchConfigDTO`: the fields sent replace the stored ones,
 * the rest (and those sent as null, which HOJ's DTO ignores too) stay. Booleans are booleans, limits whole numbers from 0 to SWITCH_NUMBER_MAX; a field
 * Verdict does not know is refused (a typo must not be stored as a switch that does nothing).
 */
export const switchConfigBody = z.strictObject({ ...switchShape, ...remoteShape });
export type SwitchConfigBody = z.input<typeof switchConfigBody>;

/** reference §3.9 `GET /api/msg/sys` and `/api/msg/mine`: `limit=5`, `currentPage`. */
export const sysMsgPageQuery = z.object({
  limit: limitParam(SITE_CONTENT_LIMITS.noticePageDefault),
  currentPage: currentPageParam,
});
