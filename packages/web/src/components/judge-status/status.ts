import { JudgeStatus, UNFINISHED_STATUSES } from '@verdict/shared';

/**
 * The judge statuses as the interface shows them (spec part 1 §4, reference §8.1): a message key
 * (under `problem.status` in the language files), a short name and a colour. Pure, shared by the
 * problem, submission, contest and admin screens.
 */
export type StatusKey =
  | 'notSubmitted'
  | 'unknownResult'
  | 'cancelled'
  | 'presentationError'
  | 'compileError'
  | 'wrongAnswer'
  | 'accepted'
  | 'timeLimitExceeded'
  | 'memoryLimitExceeded'
  | 'runtimeError'
  | 'systemError'
  | 'pending'
  | 'compiling'
  | 'judging'
  | 'partialAccepted'
  | 'submitting'
  | 'submittedFailed';

export interface StatusInfo {
  code: number;
  key: StatusKey;
  short: string;
  /** background colour of the tag (text is white) */
  color: string;
}

const GREEN = '#19be6b';
const RED = '#ed3f14';
const ORANGE = '#ff9900';
const BLUE = '#2d8cf0';
const GRAY = '#909399';
const PURPLE = '#676fc1';
const TEAL = '#25bb9b';

const TABLE: StatusInfo[] = [
  { code: JudgeStatus.NOT_SUBMITTED, key: 'notSubmitted', short: 'NS', color: GRAY },
  { code: JudgeStatus.SUBMITTED_UNKNOWN_RESULT, key: 'unknownResult', short: 'SNR', color: GRAY },
  { code: JudgeStatus.CANCELLED, key: 'cancelled', short: 'CA', color: PURPLE },
  { code: JudgeStatus.PRESENTATION_ERROR, key: 'presentationError', short: 'PE', color: ORANGE },
  { code: JudgeStatus.COMPILE_ERROR, key: 'compileError', short: 'CE', color: ORANGE },
  { code: JudgeStatus.WRONG_ANSWER, key: 'wrongAnswer', short: 'WA', color: RED },
  { code: JudgeStatus.ACCEPTED, key: 'accepted', short: 'AC', color: GREEN },
  { code: JudgeStatus.TIME_LIMIT_EXCEEDED, key: 'timeLimitExceeded', short: 'TLE', color: RED },
  { code: JudgeStatus.MEMORY_LIMIT_EXCEEDED, key: 'memoryLimitExceeded', short: 'MLE', color: RED },
  { code: JudgeStatus.RUNTIME_ERROR, key: 'runtimeError', short: 'RE', color: RED },
  { code: JudgeStatus.SYSTEM_ERROR, key: 'systemError', short: 'SE', color: GRAY },
  { code: JudgeStatus.PENDING, key: 'pending', short: 'PD', color: ORANGE },
  { code: JudgeStatus.COMPILING, key: 'compiling', short: 'CP', color: TEAL },
  { code: JudgeStatus.JUDGING, key: 'judging', short: 'JG', color: BLUE },
  { code: JudgeStatus.PARTIAL_ACCEPTED, key: 'partialAccepted', short: 'PAC', color: BLUE },
  { code: JudgeStatus.SUBMITTING, key: 'submitting', short: 'SM', color: ORANGE },
  { code: JudgeStatus.SUBMITTED_FAILED, key: 'submittedFailed', short: 'SF', color: GRAY },
];

const BY_CODE = new Map(TABLE.map((info) => [info.code, info]));

/** Every status the interface knows, in code order. */
export const ALL_STATUSES: readonly StatusInfo[] = TABLE;

/** The display of a status code; an unknown code shows as System Error's grey with its number. */
export function statusInfo(code: number): StatusInfo {
  return BY_CODE.get(code) ?? { code, key: 'systemError', short: String(code), color: GRAY };
}

/** Pending, Compiling and Judging: the statuses polling waits out (spec part 1 §4). */
export function isUnfinished(code: number): boolean {
  return UNFINISHED_STATUSES.includes(code);
}

/** Statuses offered by the submission list's status filter (the ones a stored submission can have). */
export const FILTER_STATUSES: readonly number[] = [
  JudgeStatus.ACCEPTED,
  JudgeStatus.WRONG_ANSWER,
  JudgeStatus.TIME_LIMIT_EXCEEDED,
  JudgeStatus.MEMORY_LIMIT_EXCEEDED,
  JudgeStatus.RUNTIME_ERROR,
  JudgeStatus.PRESENTATION_ERROR,
  JudgeStatus.COMPILE_ERROR,
  JudgeStatus.PARTIAL_ACCEPTED,
  JudgeStatus.SYSTEM_ERROR,
  JudgeStatus.PENDING,
  JudgeStatus.COMPILING,
  JudgeStatus.JUDGING,
  JudgeStatus.SUBMITTED_FAILED,
  JudgeStatus.CANCELLED,
];

/** The counters of a problem, in the order the distribution shows them (spec part 1 §2: 8, or 9 for OI). */
export type CountField = 'ac' | 'wa' | 'tle' | 'mle' | 're' | 'pe' | 'ce' | 'se' | 'pa';

export function distributionFields(isOi: boolean): { field: CountField; status: number }[] {
  const fields: { field: CountField; status: number }[] = [
    { field: 'ac', status: JudgeStatus.ACCEPTED },
    { field: 'wa', status: JudgeStatus.WRONG_ANSWER },
    { field: 'tle', status: JudgeStatus.TIME_LIMIT_EXCEEDED },
    { field: 'mle', status: JudgeStatus.MEMORY_LIMIT_EXCEEDED },
    { field: 're', status: JudgeStatus.RUNTIME_ERROR },
    { field: 'pe', status: JudgeStatus.PRESENTATION_ERROR },
    { field: 'ce', status: JudgeStatus.COMPILE_ERROR },
    { field: 'se', status: JudgeStatus.SYSTEM_ERROR },
  ];
  if (isOi) fields.push({ field: 'pa', status: JudgeStatus.PARTIAL_ACCEPTED });
  return fields;
}
