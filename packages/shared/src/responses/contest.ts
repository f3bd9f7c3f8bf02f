import { z } from 'zod';
import { timestamp } from './envelope.ts';

/** reference §3.6 ContestVO: a contest in lists (the home page's recent contests too). */
export const contestVO = z.object({
  id: z.number().int(),
  uid: z.string(),
  author: z.string().nullable(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  type: z.number().int(),
  /** from the server clock at the time of the answer */
  status: z.number().int(),
  source: z.number().int(),
  auth: z.number().int(),
  startTime: timestamp,
  endTime: timestamp,
  /** seconds */
  duration: z.number().nullable(),
  openRank: z.boolean(),
  oiRankScoreType: z.string(),
  gid: z.number().int().nullable(),
  allowEndSubmit: z.boolean(),
  /** number of registrations */
  count: z.number().int(),
});
export type ContestVO = z.output<typeof contestVO>;
