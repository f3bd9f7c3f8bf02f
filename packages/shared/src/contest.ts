import { z } from 'zod';
import { optionalInt, positiveId } from './numbers.ts';
import { booleanParam, currentPageParam, limitParam, PROBLEM_LIMITS, textParam } from './problem.ts';
import { SUBMISSION_LIMITS } from './submission.ts';

/**
 * The participant side of contests (spec part 1 §2–§4, §7; reference §3.6, §4.4, §6.1, §7.9, §7.10,
 * §7.18): enums, page sizes, the zod schemas of the contest calls and the shapes they answer.
 */

/** reference §4.4 contest.type. */
export const CONTEST_TYPE = { acm: 0, oi: 1 } as const;
/** reference §4.4 contest.auth: 1 needs the password to enter, 2 only to submit. */
export const CONTEST_AUTH = { public: 0, private: 1, protected: 2 } as const;
/** reference §4.4 contest.status (Verdict derives it from the clock). */
export const CONTEST_STATUS = { scheduled: -1, running: 0, ended: 1 } as const;

export const CONTEST_PAGE = {
  /** reference §3.6 get-contest-list `limit=10` (spec part 1 §2: page size 10) */
  listDefault: 10,
  /** reference §3.6 contest-submissions `limit=30` */
  submissionsDefault: 30,
  /** reference §3.6 get-contest-announcement `limit=10` */
  announcementsDefault: 10,
} as const;

export const CONTEST_LIMITS = {
  /** contest.pwd is varchar(255) */
  passwordMax: 255,
  keywordMax: 255,
  displayIdMax: PROBLEM_LIMITS.problemIdMax,
  /** ids per get-contest-not-read-announcement call */
  readAnnouncementsMax: 1000,
} as const;

/** A required contest id (`cid` or `contestID`) in a query string. */
const cidParam = positiveId;

// ---- requests (reference §3.6) ---------------------------------------------------------------

/**
 * reference §3.6 `GET /api/get-contest-list`: `status` -1/0/1, `type` 0/1, `keyword` (title); spec
 * part 1 §2 lists the same filters. Verdict adds `auth` 0/1/2.
 */
export const contestListQuery = z.object({
  limit: limitParam(CONTEST_PAGE.listDefault),
  currentPage: currentPageParam,
  status: optionalInt({ min: -1, max: 1 }),
  type: optionalInt({ min: 0, max: 1 }),
  auth: optionalInt({ min: 0, max: 2 }),
  keyword: textParam(CONTEST_LIMITS.keywordMax),
});
export type ContestListQuery = z.output<typeof contestListQuery>;

/** `GET /api/get-contest-info`, `get-contest-access` and the other calls naming one contest. */
export const cidQuery = z.object({ cid: cidParam });

/** reference §3.6 `POST /api/register-contest`; spec part 1 §5: a password for non-public contests. */
export const registerContestBody = z.object({
  cid: positiveId,
  password: z.string().max(CONTEST_LIMITS.passwordMax).nullish(),
});
export type RegisterContestBody = z.output<typeof registerContestBody>;

/** reference §3.6 `GET /api/get-contest-problem` (`containsEnd=false`). */
export const contestProblemQuery = z.object({ cid: cidParam, containsEnd: booleanParam });

/** reference §3.6 `GET /api/get-contest-problem-details`. */
export const contestProblemDetailsQuery = z.object({
  cid: cidParam,
  displayId: z.string().trim().min(1).max(CONTEST_LIMITS.displayIdMax),
  containsEnd: booleanParam,
});

/**
 * reference §3.6 `GET /api/contest-submissions`. `beforeContestSubmit`: true lists only submissions
 * made before the start (the admins' test runs), false those from the start on (HOJ requires it;
 * Verdict takes absent as false, which is what the participant list sends).
 */
export const contestSubmissionListQuery = z.object({
  limit: limitParam(CONTEST_PAGE.submissionsDefault),
  currentPage: currentPageParam,
  onlyMine: booleanParam,
  problemID: textParam(CONTEST_LIMITS.displayIdMax),
  status: optionalInt({ min: -10, max: 15 }),
  username: textParam(100),
  contestID: cidParam,
  beforeContestSubmit: booleanParam,
  completeProblemID: booleanParam,
  containsEnd: booleanParam,
});
export type ContestSubmissionListQuery = z.output<typeof contestSubmissionListQuery>;

/** reference §3.6 `GET /api/get-contest-announcement`. */
export const contestAnnouncementQuery = z.object({
  cid: cidParam,
  limit: limitParam(CONTEST_PAGE.announcementsDefault),
  currentPage: currentPageParam,
});

/** reference §3.6 `POST /api/get-contest-not-read-announcement`. */
export const contestNotReadAnnouncementBody = z.object({
  cid: positiveId,
  readAnnouncementList: z
    .array(positiveId)
    .max(CONTEST_LIMITS.readAnnouncementsMax)
    .nullish()
    .transform((v) => v ?? []),
});

/** reference §3.4 `POST /api/check-contest-submissions-status` (cid required). */
export const checkContestSubmissionsStatusBody = z.object({
  submitIds: z.array(positiveId).max(SUBMISSION_LIMITS.statusCheckMax),
  cid: positiveId,
});

// ---- the account-limit rule (reference §4.4, §7.18) --------------------------------------------

/** The parts of `account_limit_rule`: `<prefix>..</prefix><suffix>..</suffix><start>n</start><end>m</end><extra>u1 u2</extra>`. */
export interface AccountLimitRule {
  prefix: string;
  suffix: string;
  start: number | null;
  end: number | null;
  extra: string[];
}

function tagOf(rule: string, tag: string): string {
  return new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(rule)?.[1] ?? '';
}

export function parseAccountLimitRule(rule: string | null | undefined): AccountLimitRule {
  const text = rule ?? '';
  const number = (s: string) => (/^\s*-?\d+\s*$/.test(s) ? Number(s) : null);
  return {
    prefix: tagOf(text, 'prefix'),
    suffix: tagOf(text, 'suffix'),
    start: number(tagOf(text, 'start')),
    end: number(tagOf(text, 'end')),
    extra: tagOf(text, 'extra')
      .split(/\s+/)
      .filter((name) => name !== ''),
  };
}

/**
 * reference §4.4, §7.18: a username allowed by the rule is prefix + i + suffix for a whole i in
 * [start, end] (written without leading zeros, as HOJ's `prefix + i + suffix` does), or one of the
 * extra names.
 */
export function accountAllowedByRule(rule: string | null | undefined, username: string): boolean {
  const r = parseAccountLimitRule(rule);
  if (r.extra.includes(username)) return true;
  if (r.start === null || r.end === null) return false;
  if (username.length < r.prefix.length + r.suffix.length + 1) return false;
  if (!username.startsWith(r.prefix) || !username.endsWith(r.suffix)) return false;
  const middle = username.slice(r.prefix.length, username.length - r.suffix.length);
  if (!/^-?\d+$/.test(middle) || String(Number(middle)) !== middle) return false;
  const i = Number(middle);
  return i >= r.start && i <= r.end;
}
