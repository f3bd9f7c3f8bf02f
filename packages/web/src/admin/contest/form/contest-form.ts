import type {
  AdminContestVO,
  AwardConfig,
  AwardType,
  ContestAuth,
  ContestType,
  OiRankScoreType,
  RankShowName,
} from '../../../api/admin-contest';
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

/** reference §4.4: contest.title is varchar(255); description text (≤ 65535, reference §3.12). */
export const CONTEST_LIMITS = { titleMax: 255, descriptionMax: 65535, pwdMax: 255, awardNameMax: 50 };

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

export function formFromContest(vo: AdminContestVO, awardNames: [string, string, string]): ContestFormState {
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
    rankShowName: vo.rankShowName ?? 'username',
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

// ---- validation (spec part 2 §5 "Group contest submit" order) ---------------------------------

export type ContestField =
  'title' | 'description' | 'startTime' | 'endTime' | 'pwd' | 'accountRule' | 'awards' | 'sealRank';

export type ContestErrorKey =
  | 'titleRequired'
  | 'titleTooLong'
  | 'descriptionRequired'
  | 'descriptionTooLong'
  | 'startRequired'
  | 'endRequired'
  | 'timeOrder'
  | 'durationCheck'
  | 'pwdRequired'
  | 'pwdTooLong'
  | 'ruleNumbersRequired'
  | 'ruleRange'
  | 'awardsRequired'
  | 'awardName'
  | 'awardNum'
  | 'awardPercent'
  | 'awardPercentTotal'
  | 'sealTooLong';

export interface ContestFormError {
  field: ContestField;
  key: ContestErrorKey;
  params?: Record<string, string | number>;
}

function awardErrors(form: ContestFormState): ContestFormError[] {
  if (form.awardType === 0) return [];
  if (form.awardConfigList.length === 0) return [{ field: 'awards', key: 'awardsRequired' }];
  const errors: ContestFormError[] = [];
  form.awardConfigList.forEach((award, i) => {
    const n = i + 1;
    if (award.name.trim() === '' || award.name.trim().length > CONTEST_LIMITS.awardNameMax)
      errors.push({ field: 'awards', key: 'awardName', params: { n, max: CONTEST_LIMITS.awardNameMax } });
    if (!Number.isInteger(award.num) || award.num < 1)
      errors.push({ field: 'awards', key: 'awardNum', params: { n } });
    else if (form.awardType === 1 && award.num > 100)
      errors.push({ field: 'awards', key: 'awardPercent', params: { n } });
  });
  if (form.awardType === 1) {
    const total = form.awardConfigList.reduce((sum, a) => sum + (Number.isInteger(a.num) ? a.num : 0), 0);
    if (total > 100 && errors.length === 0) errors.push({ field: 'awards', key: 'awardPercentTotal' });
  }
  return errors;
}

/** Every problem of the form in the order the spec checks them; the first one is the toast. */
export function validateContestForm(form: ContestFormState): ContestFormError[] {
  const errors: ContestFormError[] = [];
  const title = form.title.trim();
  if (title === '') errors.push({ field: 'title', key: 'titleRequired' });
  else if (title.length > CONTEST_LIMITS.titleMax)
    errors.push({ field: 'title', key: 'titleTooLong', params: { max: CONTEST_LIMITS.titleMax } });
  if (form.description.trim() === '') errors.push({ field: 'description', key: 'descriptionRequired' });
  else if (form.description.length > CONTEST_LIMITS.descriptionMax)
    errors.push({
      field: 'description',
      key: 'descriptionTooLong',
      params: { max: CONTEST_LIMITS.descriptionMax },
    });
  if (form.startTime === null) errors.push({ field: 'startTime', key: 'startRequired' });
  if (form.endTime === null) errors.push({ field: 'endTime', key: 'endRequired' });
  if (form.startTime !== null && form.endTime !== null) {
    if (form.endTime <= form.startTime) errors.push({ field: 'endTime', key: 'timeOrder' });
    else if (durationSeconds(form.startTime, form.endTime) <= 0)
      errors.push({ field: 'endTime', key: 'durationCheck' });
  }
  if (form.auth !== 0) {
    if (form.pwd.trim() === '') errors.push({ field: 'pwd', key: 'pwdRequired' });
    else if (form.pwd.length > CONTEST_LIMITS.pwdMax)
      errors.push({ field: 'pwd', key: 'pwdTooLong', params: { max: CONTEST_LIMITS.pwdMax } });
  }
  if (form.sealRank && !sealChoiceAllowed(form.sealChoice, durationSeconds(form.startTime, form.endTime)))
    errors.push({ field: 'sealRank', key: 'sealTooLong' });
  if (form.openAccountLimit) {
    const { start, end } = form.accountRule;
    const anyRange = form.accountRule.prefix.trim() !== '' || form.accountRule.suffix.trim() !== '';
    if ((start === null) !== (end === null) || (anyRange && start === null))
      errors.push({ field: 'accountRule', key: 'ruleNumbersRequired' });
    else if (start !== null && end !== null && end < start)
      errors.push({ field: 'accountRule', key: 'ruleRange' });
  }
  errors.push(...awardErrors(form));
  return errors;
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
