import { finalStatus, JudgeStatus, MANUAL_JUDGE_STATUSES, UNFINISHED_STATUSES } from '@verdict/shared';

/** Verdicts a worker reports (reference §8.1; the gateway contract's `finalStatus`). */
export const JUDGED_STATUSES: readonly number[] = finalStatus.options.map((o) => o.value as number);

/** Every status a stored submission can have. */
const STORED_STATUSES: readonly number[] = [...UNFINISHED_STATUSES, ...JUDGED_STATUSES];

export type TransitionName =
  'create' | 'claim' | 'reclaim' | 'progress' | 'judge' | 'rejudge' | 'resubmit' | 'manualJudge' | 'cancel';

export interface Transition {
  /** statuses the submission may be in; empty for `create` (no row yet) */
  readonly from: readonly number[];
  /** statuses it may end in */
  readonly to: readonly number[];
  /** the reference section that defines it */
  readonly ref: string;
}

/**
 * The submission state machine, as data (ARCHITECTURE "Submission lifecycle" has the diagram).
 * `transitions.ts` asks `allows()` before it writes; a transition that is not in this table changes
 * nothing. Guards that need more than the status (the lease of claim, progress, judge and cancel) are
 * applied in `transitions.ts` next to the write.
 */
export const TRANSITIONS: Readonly<Record<TransitionName, Transition>> = {
  create: { from: [], to: [JudgeStatus.PENDING], ref: '§6.1' },
  // A worker takes a waiting submission (reference §6.2, §6.3) ...
  claim: { from: [JudgeStatus.PENDING], to: [JudgeStatus.COMPILING], ref: '§6.2' },
  // ... or one whose worker stopped reporting before its lease ran out (Verdict's lease, ARCHITECTURE).
  reclaim: {
    from: [JudgeStatus.COMPILING, JudgeStatus.JUDGING],
    to: [JudgeStatus.COMPILING],
    ref: '§6.2 (lease)',
  },
  // Only the current holder (attempt and owner) reports.
  progress: {
    from: UNFINISHED_STATUSES,
    to: [JudgeStatus.COMPILING, JudgeStatus.JUDGING],
    ref: '§6.3, §8.3',
  },
  judge: { from: UNFINISHED_STATUSES, to: JUDGED_STATUSES, ref: '§8.3 steps 9–10' },
  // reference §6.4 "Rejudge one" / "Rejudge contest problem": any submission, whatever its status.
  rejudge: { from: STORED_STATUSES, to: [JudgeStatus.PENDING], ref: '§6.4' },
  // Verdict: only after a judging failure (actions.ts says why).
  resubmit: {
    from: [JudgeStatus.SYSTEM_ERROR, JudgeStatus.SUBMITTED_FAILED],
    to: [JudgeStatus.PENDING],
    ref: '§6.4',
  },
  // reference §6.4: refused for 5/6/7 and -2.
  manualJudge: {
    from: STORED_STATUSES.filter((s) => !UNFINISHED_STATUSES.includes(s) && s !== JudgeStatus.COMPILE_ERROR),
    to: MANUAL_JUDGE_STATUSES,
    ref: '§6.4',
  },
  // reference §6.4: refused while a worker holds it (Compiling or Judging under a live lease).
  cancel: { from: STORED_STATUSES, to: [JudgeStatus.CANCELLED], ref: '§6.4' },
};

/** Whether `name` may move a submission from `from` to `to` (`to` omitted: any target of it). */
export function allows(name: TransitionName, from: number | null, to?: number): boolean {
  const t = TRANSITIONS[name];
  const fromOk = from === null ? t.from.length === 0 : t.from.includes(from);
  return fromOk && (to === undefined || t.to.includes(to));
}

/** Compiling or Judging under a lease that has not run out: a worker is on it. */
export function heldByWorker(row: { status: number; leaseExpiresAt: Date | null }, now: Date): boolean {
  const running = row.status === JudgeStatus.COMPILING || row.status === JudgeStatus.JUDGING;
  return running && row.leaseExpiresAt !== null && row.leaseExpiresAt > now;
}
