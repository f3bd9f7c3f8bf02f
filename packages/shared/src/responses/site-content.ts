import { z } from 'zod';
import { REMOTE_ACCOUNT_FIELDS, SWITCH_DEFAULTS, type RemoteAccountListField } from '../site-content.ts';
import { pageOf, timestamp } from './envelope.ts';

/** reference §3.12 AdminSysNoticeVO */
export const adminSysNoticeVO = z.object({
  id: z.number().int(),
  title: z.string().nullable(),
  content: z.string().nullable(),
  type: z.string().nullable(),
  state: z.boolean(),
  recipientId: z.string().nullable(),
  /** Verdict: the recipient's username, so the admin list can show a name */
  recipientUsername: z.string().nullable(),
  adminUsername: z.string().nullable(),
  gmtCreate: timestamp,
  gmtModified: timestamp,
});
export type AdminSysNoticeVO = z.output<typeof adminSysNoticeVO>;

/** `GET /api/admin/msg/notice`: newest first. */
export const adminSysNoticePageData = pageOf(adminSysNoticeVO);

const switchFields = Object.fromEntries(
  Object.entries(SWITCH_DEFAULTS).map(([name, value]) => [
    name,
    typeof value === 'boolean' ? z.boolean() : z.number().int(),
  ]),
) as {
  -readonly [K in keyof typeof SWITCH_DEFAULTS]: (typeof SWITCH_DEFAULTS)[K] extends boolean
    ? z.ZodBoolean
    : z.ZodNumber;
};

/** The remote-judge account lists: usernames, and '' for each password (never the password). */
const remoteAccountFields = Object.fromEntries(
  REMOTE_ACCOUNT_FIELDS.map((name) => [name, z.array(z.string())]),
) as Record<RemoteAccountListField, z.ZodArray<z.ZodString>>;

/**
 * reference §3.12 `switch/info`, §7.14: every switch and limit Verdict uses (SWITCH_DEFAULTS' names)
 * and the remote-judge account lists (REMOTE_ACCOUNT_FIELDS).
 */
export const switchConfigData = z.object({ ...switchFields, ...remoteAccountFields });
export type SwitchConfigVO = z.output<typeof switchConfigData>;
