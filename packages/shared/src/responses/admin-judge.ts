import { z } from 'zod';

/** reference §3.4 `manual-judge`: the submission's new verdict. */
export const manualJudgeData = z.object({
  submitId: z.number().int(),
  /** the admin's username */
  judger: z.string().nullable(),
  status: z.number().int(),
  score: z.number().nullable(),
  oiRankScore: z.number().nullable(),
});

/** reference §3.4 `cancel-judge`: the submission, now cancelled (status -4). */
export const cancelJudgeData = z.object({
  submitId: z.number().int(),
  judger: z.string(),
  status: z.number().int(),
});

/** Verdict's `rejudge-problem`: how many submissions were queued again. */
export const rejudgeProblemData = z.object({ count: z.number().int() });
