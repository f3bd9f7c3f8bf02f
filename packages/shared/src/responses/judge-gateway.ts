import { z } from 'zod';
import { judgeTask } from '../judge.ts';

/**
 * The judge gateway's answers (server `modules/judge-gateway/routes.ts`), read by the worker's
 * `GatewayClient` (judge/src/gateway-client.ts); the tasks themselves are judge.ts's.
 */

/** `POST /api/judge-gateway/register`: how long a claim or a progress report holds a task (ms). */
export const workerRegisteredData = z.object({ leaseMs: z.number().int() });
export type WorkerRegistered = z.output<typeof workerRegisteredData>;

/** `POST /api/judge-gateway/heartbeat`: false when the server has lost the worker's row (it registers again). */
export const heartbeatAnswerData = z.object({ known: z.boolean() });
export type HeartbeatAnswer = z.output<typeof heartbeatAnswerData>;

/** `POST /api/judge-gateway/claim`: a task, or null when none came within `waitMs`. */
export const claimData = judgeTask.nullable();

/** `progress`, `test-progress`: false when the task was cancelled or taken over (stop working on it). */
export const keepTaskData = z.object({ keep: z.boolean() });
export type KeepTask = z.output<typeof keepTaskData>;

/** `result`, `compile-result`, `test-result`: false when the report came from a stale attempt. */
export const reportAcceptedData = z.object({ accepted: z.boolean() });
export type ReportAccepted = z.output<typeof reportAcceptedData>;
