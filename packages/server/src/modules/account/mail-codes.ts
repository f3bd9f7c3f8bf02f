import { MailNotConfiguredError } from '../../mail/mailer.ts';
import type { RenderedMail } from '../../mail/templates.ts';
import { fail, systemError } from '../../http/errors.ts';
import { mailCooldown, messages, type Lang } from '../../http/messages.ts';
import type { AccountContext } from './context.ts';
import { cooldownLeft, deleteCode, storeCode, type CodePurpose } from './email-codes.ts';

const COOLDOWN_KIND = {
  register: 'register',
  'reset-password': 'reset',
  'change-email': 'changeEmail',
} as const;

/** Refuses a resend while the cooldown of the last mail runs (reference §7.1, §7.3, §7.4). */
export async function assertNoCooldown(
  ctx: AccountContext,
  email: string,
  purpose: CodePurpose,
  cooldownSeconds: number,
): Promise<void> {
  const left = await cooldownLeft(ctx.db, email, purpose, cooldownSeconds, ctx.clock.now());
  if (left > 0) throw fail(mailCooldown(COOLDOWN_KIND[purpose], left));
}

/**
 * Stores a code for an address and mails it. The store is refused while the cooldown runs (checked
 * again here, atomically, against a concurrent request). When the mail cannot be sent the code is
 * dropped, so the user may ask again at once.
 */
export async function mailCode(
  ctx: AccountContext,
  options: {
    /** the address the code belongs to (the code row's key) */
    email: string;
    /** where the mail goes */
    to: string;
    purpose: CodePurpose;
    code: string;
    lifetimeSeconds: number;
    cooldownSeconds: number;
    lang: Lang;
    mail: RenderedMail;
  },
): Promise<void> {
  const now = ctx.clock.now();
  const stored = await storeCode(ctx.db, options.email, options.purpose, options.code, {
    now,
    lifetimeSeconds: options.lifetimeSeconds,
    cooldownSeconds: options.cooldownSeconds,
  });
  if (!stored) {
    const left = await cooldownLeft(ctx.db, options.email, options.purpose, options.cooldownSeconds, now);
    throw fail(mailCooldown(COOLDOWN_KIND[options.purpose], Math.max(1, left)));
  }
  try {
    await ctx.mailer.send({ ...options.mail, to: options.to, lang: options.lang });
  } catch (error) {
    await deleteCode(ctx.db, options.email, options.purpose);
    if (error instanceof MailNotConfiguredError) throw systemError(messages.mailSendFailed);
    ctx.log.error({ err: error, purpose: options.purpose }, 'account mail could not be sent');
    throw systemError(messages.mailSendFailed);
  }
}
