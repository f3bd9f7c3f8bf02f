import { z } from 'zod';
import { ACCOUNT_LIMITS } from './account.ts';
import { CONTEST_AUTH, CONTEST_PAGE, CONTEST_TYPE } from './contest.ts';
import { int, intOneOf, optionalInt, positiveId } from './numbers.ts';
import {
  booleanParam,
  currentPageParam,
  idParam,
  limitParam,
  problemDto,
  PROBLEM_PAGE,
  textParam,
} from './problem.ts';
import { isProblemId } from './problem-rules.ts';
import { announcementBody } from './site-content.ts';

/**
 * The admin side of contests (reference §3.12 "Contests", §4.4, §7.18, §9.5; spec part 1 admin
 * contest screens, part 2 §2.7 form rules): the AdminContestVO form with every rule the server
 * applies, the contest problem and contest announcement calls. The admin form validates with the
 * same schemas, so it refuses exactly what the server refuses. Issue messages are keys of
 * CONTEST_ADMIN_MESSAGES; the server and the form show the text in the user's language.
 */

export const CONTEST_ADMIN_LIMITS = {
  /** contest.title is varchar(255) (HOJ's validator allows 500, its column 255) */
  titleMax: 255,
  /** reference §3.12 AdminContestVO validation: description ≤ 65535 */
  descriptionMax: 65_535,
  /** contest.pwd is varchar(255) */
  passwordMax: 255,
  starAccountsMax: 1000,
  awardTiersMax: 20,
  awardNameMax: 50,
  /** a percentage tier takes at most 100 % of the ranked users, a count tier at most this many */
  awardCountMax: 100_000,
  accountLimitRuleMax: 65_535,
  /** the prefix and suffix of the account-limit rule */
  accountAffixMax: ACCOUNT_LIMITS.usernameMax,
  /** contest_problem.display_id / display_title are varchar(255) */
  displayIdMax: 255,
  displayTitleMax: 255,
  colorMax: 32,
} as const;

/** reference §4.4 rank_show_name. */
export const RANK_SHOW_NAMES = ['username', 'nickname', 'realname'] as const;
/** reference §4.4 oi_rank_score_type. */
export const OI_RANK_SCORE_TYPES = ['Recent', 'Highest'] as const;
/** reference §4.4 award_type: 0 none, 1 `num` is a percentage of the ranked users, 2 a count (§9.5). */
export const AWARD_TYPE = { none: 0, percentage: 1, count: 2 } as const;

export interface ContestAdminText {
  zh: string;
  en: string;
}

/** The messages of the schemas below; keys are the schemas' issue messages. */
export const CONTEST_ADMIN_MESSAGES = {
  titleRequired: { zh: '比赛标题不能为空！', en: 'The contest title is required!' },
  titleTooLong: { zh: '比赛标题长度不能超过255！', en: 'The contest title can be at most 255 characters!' },
  descriptionTooLong: {
    zh: '比赛描述长度不能超过65535！',
    en: 'The contest description can be at most 65535 characters!',
  },
  typeInvalid: { zh: '比赛类型只能为ACM(0)或OI(1)！', en: 'The contest type must be ACM (0) or OI (1)!' },
  authInvalid: {
    zh: '比赛权限只能为公开(0)、私有(1)或保护(2)！',
    en: 'The contest access must be public (0), private (1) or protected (2)!',
  },
  passwordRequired: {
    zh: '私有赛或保护赛必须设置比赛密码！',
    en: 'A private or protected contest needs a password!',
  },
  passwordTooLong: {
    zh: '比赛密码长度不能超过255！',
    en: 'The contest password can be at most 255 characters!',
  },
  startTimeInvalid: {
    zh: '开始时间不合法，需为带时区的ISO时间或毫秒时间戳！',
    en: 'The start time is invalid: an ISO time with its zone or epoch milliseconds!',
  },
  endTimeInvalid: {
    zh: '结束时间不合法，需为带时区的ISO时间或毫秒时间戳！',
    en: 'The end time is invalid: an ISO time with its zone or epoch milliseconds!',
  },
  timeOrder: { zh: '比赛的开始时间必须早于结束时间！', en: 'The contest must start before it ends!' },
  sealTimeRequired: {
    zh: '开启封榜时必须设置封榜时间！',
    en: 'A sealed scoreboard needs the time the seal starts!',
  },
  sealTimeInvalid: { zh: '封榜时间不合法！', en: 'The seal time is invalid!' },
  sealTimeOutside: {
    zh: '封榜时间必须在比赛开始与结束之间！',
    en: 'The seal must start between the start and the end of the contest!',
  },
  rankShowNameInvalid: {
    zh: '排行榜显示名称只能为username、nickname或realname！',
    en: 'The rank display name must be username, nickname or realname!',
  },
  oiRankScoreTypeInvalid: {
    zh: 'OI排行榜得分方式只能为Recent或Highest！',
    en: 'The OI score type must be Recent or Highest!',
  },
  accountLimitRuleRequired: {
    zh: '开启账号限制时必须设置账号规则！',
    en: 'The account limit needs a rule: a numbered range or extra accounts!',
  },
  accountLimitRuleInvalid: {
    zh: '账号规则不合法：起始与结束编号须为非负整数且起始不大于结束！',
    en: 'The account rule is invalid: the start and end numbers must be whole numbers ≥ 0, start not above end!',
  },
  accountLimitAffixTooLong: {
    zh: '账号规则的前缀或后缀过长！',
    en: 'The prefix or suffix of the account rule is too long!',
  },
  starAccountInvalid: {
    zh: '打星账号不合法（用户名不能为空且不超过20位）！',
    en: 'A star account is invalid (a username of 1 to 20 characters)!',
  },
  starAccountDuplicate: { zh: '打星账号重复！', en: 'A star account is listed twice!' },
  starAccountsTooMany: { zh: '打星账号过多！', en: 'Too many star accounts!' },
  awardTypeInvalid: {
    zh: '奖项类型只能为无(0)、按比例(1)或按人数(2)！',
    en: 'The award type must be none (0), by percentage (1) or by count (2)!',
  },
  awardTiersRequired: { zh: '请至少设置一个奖项！', en: 'Set at least one award tier!' },
  awardTiersTooMany: { zh: '奖项过多！', en: 'Too many award tiers!' },
  awardPriorityInvalid: { zh: '奖项优先级须为整数！', en: 'An award priority must be a whole number!' },
  awardNameRequired: {
    zh: '奖项名称不能为空且不超过50位！',
    en: 'An award name must be 1 to 50 characters long!',
  },
  awardColorInvalid: {
    zh: '奖项颜色不合法（如#FFD700）！',
    en: 'An award colour is invalid (for example #FFD700)!',
  },
  awardNumInvalid: {
    zh: '奖项人数须为正整数！',
    en: 'An award tier must take a whole number of users above 0!',
  },
  awardPercentInvalid: {
    zh: '按比例设奖时，每个奖项比例须为1~100的整数且总和不超过100！',
    en: 'By percentage, each tier takes 1 to 100 % and the tiers together at most 100 %!',
  },
  displayIdRequired: { zh: '题目展示ID不能为空！', en: 'The display id is required!' },
  displayIdInvalid: {
    zh: '题目展示ID只能包含字母、数字、-、_和.，且不超过255位！',
    en: 'The display id takes letters, digits, -, _ and . (at most 255)!',
  },
  displayTitleRequired: { zh: '题目展示标题不能为空！', en: 'The display title is required!' },
  displayTitleTooLong: {
    zh: '题目展示标题长度不能超过255！',
    en: 'The display title can be at most 255 characters!',
  },
  colorInvalid: {
    zh: '气球颜色不合法（如#FF0000或rgb(255,0,0)）！',
    en: 'The balloon colour is invalid (for example #FF0000 or rgb(255,0,0))!',
  },
} as const satisfies Record<string, ContestAdminText>;

export type ContestAdminMessageKey = keyof typeof CONTEST_ADMIN_MESSAGES;

export function isContestAdminMessageKey(value: string): value is ContestAdminMessageKey {
  return Object.hasOwn(CONTEST_ADMIN_MESSAGES, value);
}

const key = (k: ContestAdminMessageKey) => k;
const L = CONTEST_ADMIN_LIMITS;

// ---- field rules --------------------------------------------------------------------------------

/** An ISO-8601 time with its zone (what JSON dates of HOJ clients carry) or epoch milliseconds. */
const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

export function parseContestTime(value: unknown): Date | null {
  if (typeof value === 'number' && Number.isInteger(value)) return new Date(value);
  if (typeof value !== 'string' || !ISO_WITH_ZONE.test(value.trim())) return null;
  const date = new Date(value.trim());
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The time of `value`, or an issue with `message` (the field's own "invalid time" text). */
function timeOrIssue(value: unknown, ctx: z.RefinementCtx, message: ContestAdminMessageKey): Date {
  const date = parseContestTime(value);
  if (date) return date;
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
}

const time = (message: ContestAdminMessageKey) =>
  z.unknown().transform((v, ctx) => timeOrIssue(v, ctx, message));

/** Absent, null or '' is no time (the seal time of a contest that does not seal). */
const optionalTime = (message: ContestAdminMessageKey) =>
  z
    .unknown()
    .optional()
    .transform((v, ctx) => (v === null || v === undefined || v === '' ? null : timeOrIssue(v, ctx, message)));

/** A flag the form may send as null; null or absent takes the default of reference §4.4. */
const flag = (fallback: boolean) =>
  z
    .boolean()
    .nullish()
    .transform((v) => v ?? fallback);

/** A colour as the admin's colour pickers give it: #rgb, #rrggbb (with alpha) or rgb()/rgba(). */
const COLOR_PATTERN =
  /^(#([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\))$/i;

export function isContestColor(value: string): boolean {
  return value.length <= L.colorMax && COLOR_PATTERN.test(value);
}

/** reference §4.4 award_config entry; `num` is a percentage or a count by award type (§9.5). */
export const awardTierInput = z.object({
  /** absent, null or '' is 0 */
  priority: optionalInt({ error: key('awardPriorityInvalid') }).transform((v) => v ?? 0),
  name: z.string().trim().min(1, key('awardNameRequired')).max(L.awardNameMax, key('awardNameRequired')),
  background: z.string().trim().refine(isContestColor, key('awardColorInvalid')),
  color: z.string().trim().refine(isContestColor, key('awardColorInvalid')),
  num: int({ min: 1, error: key('awardNumInvalid') }),
});
export type AwardTier = z.output<typeof awardTierInput>;

/** The parts of an account-limit rule (reference §4.4), with a numbered range only when both ends are set. */
function ruleTag(rule: string, tag: string): string | null {
  const match = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(rule);
  return match ? match[1]!.trim() : null;
}

/**
 * reference §7.18 accountLimitRule, checked when the limit is on: a numbered range
 * (prefix + i + suffix for i from start to end, both whole numbers ≥ 0, start ≤ end) and/or extra
 * usernames. Answers the issue key, or null when the rule is usable.
 */
export function accountLimitRuleProblem(rule: string | null | undefined): ContestAdminMessageKey | null {
  const text = rule ?? '';
  const start = ruleTag(text, 'start') ?? '';
  const end = ruleTag(text, 'end') ?? '';
  const extra = (ruleTag(text, 'extra') ?? '').split(/\s+/).filter((name) => name !== '');
  const prefix = ruleTag(text, 'prefix') ?? '';
  const suffix = ruleTag(text, 'suffix') ?? '';
  if (prefix.length > L.accountAffixMax || suffix.length > L.accountAffixMax)
    return 'accountLimitAffixTooLong';
  const hasRange = start !== '' || end !== '';
  if (hasRange) {
    if (!/^\d{1,9}$/.test(start) || !/^\d{1,9}$/.test(end) || Number(start) > Number(end))
      return 'accountLimitRuleInvalid';
    return null;
  }
  return extra.length > 0 ? null : 'accountLimitRuleRequired';
}

/** reference §3.12 AdminContestVO starAccount: usernames, trimmed, empty ones dropped, no repeats. */
const starAccounts = z
  .array(z.string({ error: key('starAccountInvalid') }).max(L.passwordMax, key('starAccountInvalid')))
  .nullish()
  .transform((list, ctx) => {
    const names = (list ?? []).map((name) => name.trim()).filter((name) => name !== '');
    if (names.length > L.starAccountsMax)
      ctx.addIssue({ code: 'custom', message: key('starAccountsTooMany') });
    if (names.some((name) => name.length > ACCOUNT_LIMITS.usernameMax))
      ctx.addIssue({ code: 'custom', message: key('starAccountInvalid') });
    if (new Set(names).size !== names.length)
      ctx.addIssue({ code: 'custom', message: key('starAccountDuplicate') });
    return names;
  });

// ---- the contest form (reference §3.12 POST|PUT /api/admin/contest body AdminContestVO) -----------

/**
 * AdminContestVO as the admin form sends it. `duration` and `status` are derived by the server
 * (end − start in seconds; from the clock); `uid`, `author`, `source`, `gmtCreate` and the like are
 * the server's and ignored. Cross-field rules: a password for private and protected contests, start
 * before end, a seal time within the contest when sealing, a usable rule when the account limit is
 * on, award tiers when awards are on (percentages 1–100, together at most 100).
 */
export const adminContestBody = z
  .object({
    /** required by PUT, ignored by POST */
    id: positiveId.nullish(),
    title: z
      .string({ error: key('titleRequired') })
      .trim()
      .min(1, key('titleRequired'))
      .max(L.titleMax, key('titleTooLong')),
    description: z.string().max(L.descriptionMax, key('descriptionTooLong')).nullish(),
    type: intOneOf([CONTEST_TYPE.acm, CONTEST_TYPE.oi], { error: key('typeInvalid') }),
    auth: intOneOf([CONTEST_AUTH.public, CONTEST_AUTH.private, CONTEST_AUTH.protected], {
      error: key('authInvalid'),
    }),
    pwd: z.string().max(L.passwordMax, key('passwordTooLong')).nullish(),
    startTime: time('startTimeInvalid'),
    endTime: time('endTimeInvalid'),
    /** accepted for HOJ clients; the server derives it */
    duration: z.unknown().optional(),
    sealRank: flag(false),
    sealRankTime: optionalTime('sealTimeInvalid'),
    autoRealRank: flag(true),
    visible: flag(true),
    openPrint: flag(false),
    openAccountLimit: flag(false),
    accountLimitRule: z.string().max(L.accountLimitRuleMax, key('accountLimitRuleInvalid')).nullish(),
    rankShowName: z
      .enum(RANK_SHOW_NAMES, { error: key('rankShowNameInvalid') })
      .nullish()
      .transform((v) => v ?? 'username'),
    starAccount: starAccounts,
    openRank: flag(false),
    oiRankScoreType: z
      .enum(OI_RANK_SCORE_TYPES, { error: key('oiRankScoreTypeInvalid') })
      .nullish()
      .transform((v) => v ?? 'Recent'),
    awardType: intOneOf([AWARD_TYPE.none, AWARD_TYPE.percentage, AWARD_TYPE.count], {
      error: key('awardTypeInvalid'),
    })
      .nullish()
      .transform((v) => v ?? AWARD_TYPE.none),
    awardConfigList: z.array(awardTierInput).max(L.awardTiersMax, key('awardTiersTooMany')).nullish(),
    allowEndSubmit: flag(false),
    /** group contests come with groups; the server refuses a gid until then */
    gid: positiveId.nullish(),
  })
  .superRefine((c, ctx) => {
    const issue = (path: string, message: ContestAdminMessageKey) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (c.auth !== CONTEST_AUTH.public && !c.pwd) issue('pwd', 'passwordRequired');
    if (c.startTime.getTime() >= c.endTime.getTime()) issue('endTime', 'timeOrder');
    if (c.sealRank) {
      if (!c.sealRankTime) issue('sealRankTime', 'sealTimeRequired');
      else if (c.sealRankTime < c.startTime || c.sealRankTime >= c.endTime)
        issue('sealRankTime', 'sealTimeOutside');
    }
    if (c.openAccountLimit) {
      const problem = accountLimitRuleProblem(c.accountLimitRule);
      if (problem) issue('accountLimitRule', problem);
    }
    if (c.awardType !== AWARD_TYPE.none) {
      const tiers = c.awardConfigList ?? [];
      if (tiers.length === 0) issue('awardConfigList', 'awardTiersRequired');
      else if (c.awardType === AWARD_TYPE.percentage) {
        const total = tiers.reduce((sum, t) => sum + t.num, 0);
        if (tiers.some((t) => t.num > 100) || total > 100) issue('awardConfigList', 'awardPercentInvalid');
      } else if (tiers.some((t) => t.num > L.awardCountMax)) issue('awardConfigList', 'awardNumInvalid');
    }
  });
export type AdminContestInput = z.input<typeof adminContestBody>;
export type AdminContestForm = z.output<typeof adminContestBody>;

/** Seconds from start to end: reference §4.4 duration, derived rather than trusted. */
export function contestDurationSeconds(start: Date, end: Date): number {
  return Math.floor((end.getTime() - start.getTime()) / 1000);
}

// ---- the other calls ------------------------------------------------------------------------------

/** reference §3.12 `GET /api/admin/contest/get-contest-list`: `limit=10`, `currentPage`, `keyword?` (title or id). */
export const adminContestListQuery = z.object({
  limit: limitParam(PROBLEM_PAGE.adminDefault),
  currentPage: currentPageParam,
  keyword: textParam(),
});

/** reference §3.12 `PUT /api/admin/contest/change-contest-visible` (query `cid`, `uid`, `visible`). */
export const changeContestVisibleQuery = z.object({
  cid: positiveId,
  /** HOJ's "the creator's uid"; Verdict decides by the policy and accepts it for HOJ clients */
  uid: z.string().max(64).optional(),
  visible: booleanParam.refine((v) => v !== undefined, 'visible is required (true or false)'),
});

/**
 * reference §3.12 `GET /api/admin/contest/get-problem-list`: without `problemType` the contest's
 * problems (by display id); with it the candidates of the public bank.
 */
export const adminContestProblemListQuery = z.object({
  limit: limitParam(PROBLEM_PAGE.adminDefault),
  currentPage: currentPageParam,
  keyword: textParam(),
  cid: positiveId,
  problemType: optionalInt({ min: 0, max: 1 }),
  oj: textParam(20),
});

const displayId = z
  .string({ error: key('displayIdRequired') })
  .trim()
  .min(1, key('displayIdRequired'))
  .max(L.displayIdMax, key('displayIdInvalid'))
  .refine(isProblemId, key('displayIdInvalid'));
const displayTitle = z
  .string({ error: key('displayTitleRequired') })
  .trim()
  .min(1, key('displayTitleRequired'))
  .max(L.displayTitleMax, key('displayTitleTooLong'));
const balloonColor = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || isContestColor(v), key('colorInvalid'));

/**
 * reference §3.12 `POST /api/admin/contest/add-problem-from-public` `{pid, cid, displayId}`; spec
 * part 2 also sends `displayTitle` (the problem's title when absent).
 */
export const addProblemFromPublicBody = z.object({
  pid: positiveId,
  cid: positiveId,
  displayId,
  displayTitle: displayTitle.nullish(),
  color: balloonColor,
});
export type AddProblemFromPublicBody = z.output<typeof addProblemFromPublicBody>;

/**
 * reference §3.12 `PUT /api/admin/contest/contest-problem` body ContestProblem. With an id it edits
 * the link; without one it links the problem (HOJ's saveOrUpdate, which its form calls after
 * creating a contest problem).
 */
export const contestProblemBody = z.object({
  id: positiveId.nullish(),
  cid: positiveId,
  pid: positiveId,
  displayId,
  displayTitle,
  color: balloonColor,
});
export type ContestProblemBody = z.output<typeof contestProblemBody>;

/** `GET /api/admin/contest/contest-problem?cid&pid` */
export const contestProblemLinkQuery = z.object({
  cid: positiveId,
  pid: positiveId,
});

/** `DELETE /api/admin/contest/problem?pid&cid?`: with `cid` the problem leaves that contest. */
export const deleteContestProblemQuery = z.object({ pid: positiveId, cid: idParam });

/**
 * reference §3.12 `POST /api/admin/contest/problem` body ProblemDTO (the problem is created with
 * auth 3). Verdict also takes the contest and the link (`cid`, `displayId`, `displayTitle`,
 * `color`): then the problem and its place in the contest are written in one transaction.
 */
export const contestProblemDto = problemDto.extend({
  cid: positiveId.nullish(),
  displayId: displayId.nullish(),
  displayTitle: displayTitle.nullish(),
  color: balloonColor,
});
export type ContestProblemDto = z.output<typeof contestProblemDto>;

/** reference §3.12 `POST|PUT /api/admin/contest/announcement` `{cid, announcement: {id?, title, content, status}}`. */
export const contestAnnouncementBody = z.object({
  cid: positiveId,
  announcement: announcementBody,
});

/** reference §3.12 `GET /api/admin/contest/announcement`: `cid`, `limit`, `currentPage`. */
export const adminContestAnnouncementQuery = z.object({
  cid: positiveId,
  limit: limitParam(CONTEST_PAGE.announcementsDefault),
  currentPage: currentPageParam,
});
