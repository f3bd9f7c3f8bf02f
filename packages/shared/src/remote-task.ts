import { z } from 'zod';

// Kept apart from remote-judge.ts so that judge.ts can use it without importing problem.ts (a cycle).

/**
 * What a claimed remote submission carries besides the code: the site, the id on that site, the
 * account leased for it (the gateway leases it with the submission, so no two tasks hold one
 * account), and the run id when the submission was already submitted (a rejudge only polls again).
 */
export const remoteTarget = z.object({
  oj: z.string().max(10),
  /** the id on the site, without the `<OJ>-` prefix */
  problemId: z.string(),
  username: z.string(),
  password: z.string(),
  runId: z.string().nullable(),
});
export type RemoteTarget = z.infer<typeof remoteTarget>;

/** A remote worker's report that the site took the code: its run id, kept for rejudge (§10.1). */
export const remoteSubmitted = z.object({
  runId: z.string().regex(/^\d{1,18}$/),
  username: z.string().max(255),
});
