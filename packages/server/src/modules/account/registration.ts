import { SWITCH_DEFAULTS, type RegisterMode } from '@verdict/shared';
import type { Db } from '../../db/client.ts';
import { readConfig, type WebConfig } from '../home/service.ts';

/** What tells whether mail can go out (the Mailer: admin e-mail configuration or SMTP_*). */
export interface MailCheck {
  isConfigured(): Promise<boolean>;
}

/**
 * The switch registerNeedsEmailCode as it holds now (issue 24 item 7): the stored value once an
 * admin has set one, else on exactly when mail is configured.
 */
export function registerNeedsEmailCode(storedSwitches: Record<string, unknown>, mailConfigured: boolean) {
  const stored = storedSwitches.registerNeedsEmailCode;
  return typeof stored === 'boolean' ? stored : SWITCH_DEFAULTS.registerNeedsEmailCode && mailConfigured;
}

/**
 * How people can register now (REGISTER_MODES): closed by the web config's register switch, with a
 * mailed code, with the captcha only, or not at all because the code cannot be mailed.
 */
export async function registerMode(db: Db, mail: MailCheck): Promise<RegisterMode> {
  const [web, switches, mailConfigured] = await Promise.all([
    readConfig<WebConfig>(db, 'web'),
    readConfig<Record<string, unknown>>(db, 'switch'),
    mail.isConfigured(),
  ]);
  if (web.register === false) return 'closed';
  if (!registerNeedsEmailCode(switches, mailConfigured)) return 'captcha';
  return mailConfigured ? 'email-code' : 'needs-mail';
}
