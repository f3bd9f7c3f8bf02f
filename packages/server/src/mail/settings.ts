import { isEmailAddress } from '@verdict/shared';
import { eq } from 'drizzle-orm';
import type { SmtpConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { systemConfig } from '../db/schema/index.ts';

/**
 * reference §3.12 / §7.14: the admin e-mail configuration, kept as system_config 'email' (HOJ kept
 * it in the Nacos web config). As in HOJ the sender address is `emailUsername`, which also logs
 * in, unless Verdict's `emailSender` names another one.
 */
export interface EmailConfig {
  emailHost: string;
  emailPort: number;
  emailSsl: boolean;
  emailUsername: string;
  emailPassword: string;
  emailBGImg: string;
  /** Verdict: the From address when the SMTP login is not an address ('' or absent: emailUsername) */
  emailSender?: string;
  /** Verdict: reference §7.1's refused domains; absent means the bundled list (mail/blacklist.ts) */
  emailBlacklist?: string[];
}

export const DEFAULT_EMAIL_CONFIG: EmailConfig = {
  emailHost: '',
  emailPort: 465,
  emailSsl: true,
  emailUsername: '',
  emailPassword: '',
  emailBGImg: '',
};

/** Where one mail goes out: the resolved SMTP server and sender. */
export interface MailSettings {
  host: string;
  port: number;
  secure: boolean;
  auth: { user: string; pass: string } | undefined;
  from: string;
  /** 'admin' when system_config 'email' is used, 'env' for the SMTP_* variables */
  source: 'admin' | 'env';
}

/**
 * The 'email' row, created when absent. A site imported from HOJ may still have the fields in its
 * 'web' row; they seed the new row so that its mail keeps working.
 */
export async function readEmailConfig(db: Db): Promise<EmailConfig> {
  const [row] = await db
    .select({ value: systemConfig.value })
    .from(systemConfig)
    .where(eq(systemConfig.name, 'email'));
  if (row) return { ...DEFAULT_EMAIL_CONFIG, ...(row.value as Partial<EmailConfig>) };
  const [web] = await db
    .select({ value: systemConfig.value })
    .from(systemConfig)
    .where(eq(systemConfig.name, 'web'));
  const fromWeb = pickEmailFields((web?.value ?? {}) as Record<string, unknown>);
  await db
    .insert(systemConfig)
    .values({ name: 'email', value: { ...DEFAULT_EMAIL_CONFIG, ...fromWeb } })
    .onConflictDoNothing();
  const [created] = await db
    .select({ value: systemConfig.value })
    .from(systemConfig)
    .where(eq(systemConfig.name, 'email'));
  return { ...DEFAULT_EMAIL_CONFIG, ...(created?.value as Partial<EmailConfig>) };
}

/** Replaces the 'email' row (the admin's set-email-config). */
export async function writeEmailConfig(db: Db, value: EmailConfig): Promise<void> {
  await db
    .insert(systemConfig)
    .values({ name: 'email', value })
    .onConflictDoUpdate({ target: systemConfig.name, set: { value } });
}

function pickEmailFields(web: Record<string, unknown>): Partial<EmailConfig> {
  const picked: Partial<EmailConfig> = {};
  for (const key of Object.keys(DEFAULT_EMAIL_CONFIG) as (keyof EmailConfig)[]) {
    const value = web[key];
    if (typeof value === typeof DEFAULT_EMAIL_CONFIG[key]) Object.assign(picked, { [key]: value });
  }
  return picked;
}

/**
 * The SMTP server to use: the admin configuration when it names a host and a sender address (as
 * HOJ's EmailManager.isOk asks), else the SMTP_* environment variables, else none.
 */
export async function resolveMailSettings(db: Db, env: SmtpConfig | undefined): Promise<MailSettings | null> {
  const admin = await readEmailConfig(db);
  const username = admin.emailUsername.trim();
  const from = admin.emailSender?.trim() || username;
  if (admin.emailHost.trim() !== '' && isEmailAddress(from)) {
    return {
      host: admin.emailHost.trim(),
      port: admin.emailPort,
      secure: admin.emailSsl,
      auth: username && admin.emailPassword ? { user: username, pass: admin.emailPassword } : undefined,
      from,
      source: 'admin',
    };
  }
  if (env) {
    return {
      host: env.host,
      port: env.port,
      secure: env.secure,
      auth: env.user ? { user: env.user, pass: env.password ?? '' } : undefined,
      from: env.from,
      source: 'env',
    };
  }
  return null;
}
