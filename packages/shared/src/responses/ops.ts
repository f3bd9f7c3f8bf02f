import { z } from 'zod';

/** `GET /api/health`: the process answers. */
export const healthData = z.object({ status: z.literal('up') });

/** `GET /api/ready`: database reachable and migrations current (503 with the same data when not). */
export const readinessData = z.object({
  ready: z.boolean(),
  database: z.enum(['reachable', 'unreachable']),
  migrations: z.object({ applied: z.number().int().nullable(), expected: z.number().int() }),
});
