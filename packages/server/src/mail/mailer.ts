import nodemailer from 'nodemailer';
import type { SmtpConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Lang } from '../http/messages.ts';
import { resolveMailSettings, type MailSettings } from './settings.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  lang: Lang;
}

/** No SMTP server is configured (neither the admin e-mail configuration nor SMTP_*). */
export class MailNotConfiguredError extends Error {
  constructor() {
    super('no SMTP server is configured');
    this.name = 'MailNotConfiguredError';
  }
}

/**
 * Sends mail through SMTP with nodemailer. The settings are read for every mail, so an admin's new
 * e-mail configuration applies at once on every server sharing the database. Sending waits for the
 * SMTP server's answer (HOJ sends asynchronously and loses failures): the caller can then tell the
 * user that the mail did not go out instead of leaving them waiting for a code.
 */
export class Mailer {
  constructor(
    private readonly db: Db,
    private readonly env: SmtpConfig | undefined,
  ) {}

  settings(): Promise<MailSettings | null> {
    return resolveMailSettings(this.db, this.env);
  }

  async isConfigured(): Promise<boolean> {
    return (await this.settings()) !== null;
  }

  async send(mail: OutgoingMail): Promise<void> {
    const settings = await this.settings();
    if (!settings) throw new MailNotConfiguredError();
    const transport = nodemailer.createTransport({
      host: settings.host,
      port: settings.port,
      secure: settings.secure,
      auth: settings.auth,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    try {
      await transport.sendMail({
        from: settings.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: { 'Content-Language': mail.lang },
      });
    } finally {
      transport.close();
    }
  }
}
