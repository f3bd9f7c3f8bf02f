import { z } from 'zod';
import { pageOf, timestamp } from './envelope.ts';

/** reference §4.4 contest_print as `GET /api/get-contest-print` lists it (reference §3.6). */
export const contestPrintVO = z.object({
  id: z.number().int(),
  cid: z.number().int(),
  username: z.string().nullable(),
  realname: z.string().nullable(),
  /** 0 not printed, 1 printed */
  status: z.number().int(),
  gmtCreate: timestamp,
});
export type ContestPrintVO = z.output<typeof contestPrintVO>;

/** `GET /api/get-contest-print` */
export const contestPrintPageData = pageOf(contestPrintVO);

/** reference §3.6 get-contest-ac-info: one first AC of a (user, problem) with its First Blood flag. */
export const contestAcInfoVO = z.object({
  id: z.number().int(),
  cid: z.number().int(),
  uid: z.string(),
  username: z.string().nullable(),
  realname: z.string().nullable(),
  pid: z.number().int(),
  displayId: z.string().nullable(),
  /** seconds since the contest start */
  time: z.number(),
  status: z.number().int().nullable(),
  checked: z.boolean(),
  submitId: z.number().int(),
  submitTime: timestamp,
  firstBlood: z.boolean(),
  /** Verdict: the problem's balloon colour, so the helper shows which balloon to bring */
  color: z.string().nullable(),
});
export type ContestAcInfoVO = z.output<typeof contestAcInfoVO>;

/** `GET /api/get-contest-ac-info` */
export const contestAcInfoPageData = pageOf(contestAcInfoVO);
