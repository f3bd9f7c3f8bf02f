import type {
  AdminContestAnswer,
  AdminContestVO,
  AwardConfig,
  AwardType,
  ContestAuth,
  ContestType,
  OiRankScoreType,
  RankShowName,
} from '../../../api/admin-contest';
import {
  adminContestBody,
  CONTEST_ADMIN_LIMITS,
  isContestAdminMessageKey,
  type ContestAdminMessageKey,
} from '@verdict/shared';
import { EMPTY_ACCOUNT_RULE, formatAccountRule, parseAccountRule, type AccountRule } from './account-rule';

/**
 * The contest create/edit form as plain data, and its pure rules (spec part 2 §4, §5; reference
 * §3.12 "Contests", §4.4): defaults, the seal choice, the duration, the checks in the spec's order
 * and the mapping to the `AdminContestVO` body.
 */

/** Spec part 2 §4: seal the last 30 minutes (0), the last hour (1), or from the start (2). */
export type SealChoice = 0 | 1 | 2;

export interface ContestFormState {
  id: number | null;
  uid: string | null;
  author: string | null;
  title: string;
  type: ContestType;
  description: string;
  auth: ContestAuth;
  pwd: string;
  /** epoch milliseconds */
  startTime: number | null;
  endTime: number | null;
  sealRank: boolean;
  sealChoice: SealChoice;
  autoRealRank: boolean;
  openPrint: boolean;
  openAccountLimit: boolean;
  accountRule: AccountRule;
  rankShowName: RankShowName;
  starAccount: string[];
  openRank: boolean;
  oiRankScoreType: OiRankScoreType;
  awardType: AwardType;
  awardConfigList: AwardConfig[];
  allowEndSubmit: boolean;
  visible: boolean;
}

/** The shared limits of the contest form (reference §3.12, §4.4). */
export const CONTEST_LIMITS = CONTEST_ADMIN_LIMITS;

const HALF_HOUR_S = 1800;
const HOUR_S = 3600;

/** Whole seconds from start to end; 0 when either is missing or the end is not after the start. */
export function durationSeconds(startTime: number | null, endTime: number | null): number {
  if (startTime === null || endTime === null) return 0;
  return Math.max(0, Math.floor((endTime - startTime) / 1000));
}

/** A duration as days, hours, minutes and seconds, for "3 h 30 min" style labels. */
export function durationParts(seconds: number): { d: number; h: number; m: number; s: number } {
  const total = Math.max(0, Math.floor(seconds));
  return {
    d: Math.floor(total / 86400),
    h: Math.floor((total % 86400) / 3600),
    m: Math.floor((total % 3600) / 60),
    s: total % 60,
  };
}

/** Spec part 2 §4: a choice needs the contest to last at least as long as the sealed part. */
export function sealChoiceAllowed(choice: SealChoice, duration: number): boolean {
  if (choice === 0) return duration >= HALF_HOUR_S;
  if (choice === 1) return duration >= HOUR_S;
  return true;
}

/** Spec part 2 §4: one hour before the end for an ACM contest of an hour or more, else from the start. */
export function defaultSealChoice(type: ContestType, duration: number): SealChoice {
  return type === 0 && duration >= HOUR_S ? 1 : 2;
}

/** The seal time of a choice (epoch ms), or null while start or end is missing. */
export function sealTimeOf(
  choice: SealChoice,
  startTime: number | null,
  endTime: number | null,
): number | null {
  if (startTime === null || endTime === null) return null;
  if (choice === 0) return endTime - HALF_HOUR_S * 1000;
  if (choice === 1) return endTime - HOUR_S * 1000;
  return startTime;
}

/** Spec part 2 §4: on edit the choice is derived from the stored seal time. */
export function sealChoiceOf(sealRankTime: number | null, startTime: number, endTime: number): SealChoice {
  if (sealRankTime === null) return 2;
  if (sealRankTime === endTime - HALF_HOUR_S * 1000) return 0;
  if (sealRankTime === endTime - HOUR_S * 1000) return 1;
  return sealRankTime <= startTime ? 2 : sealRankTime >= endTime - HALF_HOUR_S * 1000 ? 0 : 1;
}

/** Turning the seal on picks the default choice; a choice the duration no longer allows falls back. */
export function withSeal(form: ContestFormState, sealRank: boolean): ContestFormState {
  if (!sealRank) return { ...form, sealRank };
  const duration = durationSeconds(form.startTime, form.endTime);
  return { ...form, sealRank, sealChoice: defaultSealChoice(form.type, duration) };
}

/** A new time range keeps the seal choice only while the duration still allows it. */
export function withTimes(form: ContestFormState, startTime: number | null, endTime: number | null) {
  const next = { ...form, startTime, endTime };
  const duration = durationSeconds(startTime, endTime);
  return sealChoiceAllowed(next.sealChoice, duration) ? next : { ...next, sealChoice: 2 as SealChoice };
}

/** HOJ's default award tiers (gold 1, silver 2, bronze 3 by count), with localized names. */
export function defaultAwards(names: [string, string, string]): AwardConfig[] {
  return [
    { priority: 1, name: names[0], background: '#e6bf25', color: '#ffffff', num: 1 },
    { priority: 2, name: names[1], background: '#b4b8bc', color: '#ffffff', num: 2 },
    { priority: 3, name: names[2], background: '#b87333', color: '#ffffff', num: 3 },
  ];
}

export function defaultContestForm(awardNames: [string, string, string]): ContestFormState {
  return {
    id: null,
    uid: null,
    author: null,
    title: '',
    type: 0,
    description: '',
    auth: 0,
    pwd: '',
    startTime: null,
    endTime: null,
    sealRank: false,
    sealChoice: 2,
    autoRealRank: true,
    openPrint: false,
    openAccountLimit: false,
    accountRule: { ...EMPTY_ACCOUNT_RULE },
    rankShowName: 'username',
    starAccount: [],
    openRank: false,
    oiRankScoreType: 'Recent',
    awardType: 0,
    awardConfigList: defaultAwards(awardNames),
    allowEndSubmit: false,
    visible: true,
  };
}

const time = (iso: string | null | undefined): number | null => {
  if (!iso) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
};

/** The form of a saved contest (`GET /api/admin/contest`). */
export function formFromContest(
  vo: AdminContestAnswer,
  awardNames: [string, string, string],
): ContestFormState {
  const startTime = time(vo.startTime);
  const endTime = time(vo.endTime);
  const awards = [...(vo.awardConfigList ?? [])].sort((a, b) => a.priority - b.priority);
  return {
    id: vo.id ?? null,
    uid: vo.uid ?? null,
    author: vo.author ?? null,
    title: vo.title ?? '',
    type: vo.type === 1 ? 1 : 0,
    description: vo.description ?? '',
    auth: vo.auth === 1 || vo.auth === 2 ? vo.auth : 0,
    pwd: vo.pwd ?? '',
    startTime,
    endTime,
    sealRank: !!vo.sealRank,
    sealChoice:
      startTime !== null && endTime !== null ? sealChoiceOf(time(vo.sealRankTime), startTime, endTime) : 2,
    autoRealRank: vo.autoRealRank ?? true,
    openPrint: !!vo.openPrint,
    openAccountLimit: !!vo.openAccountLimit,
    accountRule: parseAccountRule(vo.accountLimitRule),
    rankShowName:
      (['username', 'nickname', 'realname'] as const).find((v) => v === vo.rankShowName) ?? 'username',
    starAccount: vo.starAccount ?? [],
    openRank: !!vo.openRank,
    oiRankScoreType: vo.oiRankScoreType === 'Highest' ? 'Highest' : 'Recent',
    awardType: vo.awardType === 1 || vo.awardType === 2 ? vo.awardType : 0,
    awardConfigList: awards.length > 0 ? awards : defaultAwards(awardNames),
    allowEndSubmit: !!vo.allowEndSubmit,
    visible: vo.visible ?? true,
  };
}

// ---- star accounts (spec part 2 §5: trimmed, empty ignored, duplicates warned) -------------------

export function addStarAccount(list: string[], name: string): { list: string[]; error: 'duplicate' | null } {
  const trimmed = name.trim();
  if (trimmed === '') return { list, error: null };
  if (list.includes(trimmed)) return { list, error: 'duplicate' };
  return { list: [...list, trimmed], error: null };
}

// ---- the password warning (reference §3.12 PUT /api/admin/contest) ------------------------------

/**
 * Saving a non-public contest with another password than the stored one deletes its registrations
 * (HOJ compares the stored password with the new one whenever the new auth is not public).
 */
export function dropsRegistrations(form: ContestFormState, storedPwd: string | null): boolean {
  return form.id !== null && form.auth !== 0 && form.pwd !== (storedPwd ?? '');
}

// ---- validation: the shared schema the server parses with, plus the spec's client checks --------

export type ContestField =
  | 'title'
  | 'description'
  | 'startTime'
  | 'endTime'
  | 'pwd'
  | 'sealRank'
  | 'accountRule'
  | 'starAccount'
  | 'awards'
  | 'other';

/** The checks only the form makes (spec part 2 §5): texts in the adminContest.errors area. */
export type ContestFormOnlyKey = 'descriptionRequired' | 'startRequired' | 'endRequired' | 'sealTooLong';

export interface ContestFormError {
  field: ContestField;
  /** a key of CONTEST_ADMIN_MESSAGES (the server's own message) or of the form's own checks */
  key: ContestAdminMessageKey | ContestFormOnlyKey;
}

/** spec part 2 §5's order: title, description, start, end (duration), password; then the rest. */
const FIELD_ORDER: ContestField[] = [
  'title',
  'description',
  'startTime',
  'endTime',
  'pwd',
  'sealRank',
  'accountRule',
  'starAccount',
  'awards',
  'other',
];

const FIELD_OF_PATH: Record<string, ContestField> = {
  title: 'title',
  description: 'description',
  startTime: 'startTime',
  endTime: 'endTime',
  pwd: 'pwd',
  sealRankTime: 'sealRank',
  accountLimitRule: 'accountRule',
  starAccount: 'starAccount',
  awardConfigList: 'awards',
};

/**
 * Every problem of the form, in the spec's order; the first one is the toast. The body is checked
 * with `adminContestBody`, the schema the server parses it with, so the form refuses exactly what
 * the server refuses and says it with the server's words; the spec's own client checks (a
 * description, both times, a seal choice the duration allows) come on top.
 */
export function validateContestForm(form: ContestFormState): ContestFormError[] {
  const errors: ContestFormError[] = [];
  if (form.description.trim() === '') errors.push({ field: 'description', key: 'descriptionRequired' });
  if (form.startTime === null) errors.push({ field: 'startTime', key: 'startRequired' });
  if (form.endTime === null) errors.push({ field: 'endTime', key: 'endRequired' });
  const timesMissing = form.startTime === null || form.endTime === null;
  if (
    form.sealRank &&
    !timesMissing &&
    !sealChoiceAllowed(form.sealChoice, durationSeconds(form.startTime, form.endTime))
  )
    errors.push({ field: 'sealRank', key: 'sealTooLong' });

  // with a time missing, the other fields are still checked against a stand-in range
  const checked = timesMissing ? { ...form, startTime: 0, endTime: 86_400_000 } : form;
  const parsed = adminContestBody.safeParse(toContestBody(checked));
  // a field the form has refused already is not refused twice (a seal before the start, say)
  const refused = new Set(errors.map((e) => e.field));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = String(issue.path[0] ?? '');
      if (timesMissing && (path === 'startTime' || path === 'endTime' || path === 'sealRankTime')) continue;
      if (!isContestAdminMessageKey(issue.message)) continue;
      const field = FIELD_OF_PATH[path] ?? 'other';
      if (refused.has(field)) continue;
      if (!errors.some((e) => e.field === field && e.key === issue.message))
        errors.push({ field, key: issue.message });
    }
  }
  return errors
    .map((error, i) => ({ error, i }))
    .sort((a, b) => FIELD_ORDER.indexOf(a.error.field) - FIELD_ORDER.indexOf(b.error.field) || a.i - b.i)
    .map(({ error }) => error);
}

// ---- the AdminContestVO body (reference §3.12) ------------------------------------------------

export function toContestBody(form: ContestFormState): AdminContestVO {
  const startTime = form.startTime ?? 0;
  const endTime = form.endTime ?? 0;
  const sealTime = form.sealRank ? sealTimeOf(form.sealChoice, startTime, endTime) : null;
  return {
    ...(form.id !== null ? { id: form.id, uid: form.uid, author: form.author } : {}),
    title: form.title.trim(),
    type: form.type,
    description: form.description,
    auth: form.auth,
    // a public contest keeps no password
    pwd: form.auth === 0 ? null : form.pwd,
    startTime: new Date(startTime).toISOString(),
    endTime: new Date(endTime).toISOString(),
    duration: durationSeconds(startTime, endTime),
    sealRank: form.sealRank,
    sealRankTime: sealTime === null ? null : new Date(sealTime).toISOString(),
    autoRealRank: form.autoRealRank,
    visible: form.visible,
    openPrint: form.openPrint,
    openAccountLimit: form.openAccountLimit,
    accountLimitRule: form.openAccountLimit ? formatAccountRule(form.accountRule) : null,
    rankShowName: form.rankShowName,
    starAccount: form.starAccount,
    openRank: form.openRank,
    oiRankScoreType: form.oiRankScoreType,
    awardType: form.awardType,
    awardConfigList:
      form.awardType === 0
        ? []
        : form.awardConfigList.map((award, i) => ({ ...award, name: award.name.trim(), priority: i + 1 })),
    allowEndSubmit: form.allowEndSubmit,
  };
}
