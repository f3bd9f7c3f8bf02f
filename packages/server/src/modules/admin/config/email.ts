import {
  EMAIL_CONFIG_MESSAGES,
  isEmailAddress,
  type EmailConfigVO,
  type emailConfigBody,
} from '@verdict/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Clock } from '../../../clock.ts';
import type { Db } from '../../../db/client.ts';
import { fail, systemError } from '../../../http/errors.ts';
import type { Lang, Text } from '../../../http/messages.ts';
import { DEFAULT_EMAIL_BLACKLIST } from '../../../mail/blacklist.ts';
import type { Mailer } from '../../../mail/mailer.ts';
import { readEmailConfig, writeEmailConfig, type EmailConfig } from '../../../mail/settings.ts';
import { testMail } from '../../../mail/templates.ts';
import { siteInfo } from '../../account/context.ts';

export type EmailConfigInput = z.output<typeof emailConfigBody>;

const testMessages = {
  notConfigured: {
    zh: '邮箱系统未配置：请先保存SMTP服务器地址和发件人邮箱！',
    en: 'The mail system is not configured: save an SMTP server and a sender address first!',
  },
  sent: (to: string): Text => ({
    zh: `测试邮件已发送至 ${to}，请查收！`,
    en: `The test e-mail has been sent to ${to}, please check it!`,
  }),
  failed: (reason: string): Text => ({
    zh: `测试邮件发送失败：${reason}`,
    en: `The test e-mail could not be sent: ${reason}`,
  }),
};

/**
 * `get-email-config` (reference §3.12). Departing from HOJ, which answers the SMTP password in
 * clear: `emailPassword` is always '' and `emailPasswordSet` tells whether one is stored. HOJ's
 * form sends the field back as it got it, and set-email-config keeps the stored password for ''.
 */
export async function getEmailConfig(db: Db): Promise<EmailConfigVO> {
  const stored = await readEmailConfig(db);
  return {
    emailHost: stored.emailHost,
    emailPort: stored.emailPort,
    emailSsl: stored.emailSsl,
    emailUsername: stored.emailUsername,
    emailPassword: '',
    emailPasswordSet: stored.emailPassword !== '',
    emailSender: stored.emailSender ?? '',
    emailBGImg: stored.emailBGImg,
    emailBlacklist: [...(stored.emailBlacklist ?? DEFAULT_EMAIL_BLACKLIST)],
  };
}

/**
 * `set-email-config` (reference §3.12): every field checked by the shared schema; the password and
 * Verdict's extra fields keep their stored value when left out. The sender must end up an address:
 * emailSender, or else emailUsername as in HOJ.
 */
export async function setEmailConfig(db: Db, input: EmailConfigInput): Promise<void> {
  const stored = await readEmailConfig(db);
  const next: EmailConfig = {
    emailHost: input.emailHost,
    emailPort: input.emailPort,
    emailSsl: input.emailSsl,
    emailUsername: input.emailUsername,
    emailPassword: input.emailPasswordClear ? '' : input.emailPassword || stored.emailPassword,
    emailBGImg: input.emailBGImg ?? stored.emailBGImg,
    emailSender: input.emailSender ?? stored.emailSender ?? '',
  };
  const blacklist = input.emailBlacklist ?? stored.emailBlacklist;
  if (blacklist) next.emailBlacklist = [...new Set(blacklist)];
  if (!isEmailAddress(next.emailSender || next.emailUsername))
    throw fail(EMAIL_CONFIG_MESSAGES.emailSenderRequired);
  await writeEmailConfig(db, next);
}

/**
 * `test-email` (reference §3.12): a mail to `to` through the settings the site uses now, waiting
 * for the SMTP server's answer so that the admin reads why it failed.
 */
export async function sendTestEmail(
  ctx: { db: Db; mailer: Mailer; clock: Clock; log: FastifyBaseLogger },
  to: string,
  lang: Lang,
): Promise<Text> {
  const settings = await ctx.mailer.settings();
  if (!settings) throw fail(testMessages.notConfigured);
  const mail = testMail(lang, await siteInfo(ctx.db), ctx.clock.now(), `${settings.host}:${settings.port}`);
  try {
    await ctx.mailer.send({ ...mail, to, lang });
  } catch (error) {
    ctx.log.warn({ err: error }, 'test e-mail could not be sent');
    throw systemError(testMessages.failed(error instanceof Error ? error.message : String(error)));
  }
  return testMessages.sent(to);
}
