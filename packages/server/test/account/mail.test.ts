import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { systemConfig } from '../../src/db/schema/index.ts';
import { Mailer, MailNotConfiguredError } from '../../src/mail/mailer.ts';
import { readEmailConfig, resolveMailSettings } from '../../src/mail/settings.ts';
import { registerCodeMail, resetPasswordLink } from '../../src/mail/templates.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { startMailServer, useMailServer, type MailServer } from '../helpers/mail.ts';
import { body, client, codeIn } from './support.ts';

const clock = new ManualClock(Date.UTC(2026, 5, 1, 8));
let t: TestApp;
let primary: MailServer;
let secondary: MailServer;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  primary = await startMailServer();
  secondary = await startMailServer();
});
afterAll(async () => {
  await t.close();
  await primary.close();
  await secondary.close();
});

const SITE = { name: 'Verdict Online Judge', shortName: 'Verdict', baseUrl: 'http://oj.example.org/' };

describe('reference §12.2: SMTP configuration from the environment', () => {
  it('reads SMTP_* with defaults: port 465 when secure, 587 otherwise; From falls back to SMTP_USER', () => {
    expect(loadConfig({}).smtp).toBeUndefined();
    expect(
      loadConfig({ SMTP_HOST: 'smtp.example.org', SMTP_USER: 'oj@example.org', SMTP_PASSWORD: ' pass word ' })
        .smtp,
    ).toEqual({
      host: 'smtp.example.org',
      port: 587,
      secure: false,
      user: 'oj@example.org',
      password: ' pass word ',
      from: 'oj@example.org',
    });
    expect(
      loadConfig({ SMTP_HOST: 'h', SMTP_SECURE: 'true', SMTP_FROM: 'Verdict <oj@example.org>' }).smtp,
    ).toMatchObject({
      port: 465,
      secure: true,
      user: undefined,
      from: 'Verdict <oj@example.org>',
    });
    expect(loadConfig({ SMTP_HOST: 'h', SMTP_PORT: '465', SMTP_FROM: 'a@b.org' }).smtp).toMatchObject({
      secure: true,
    });
    expect(loadConfig({ SMTP_HOST: 'h', SMTP_PORT: '', SMTP_FROM: 'a@b.org' }).smtp).toMatchObject({
      port: 587,
    });
  });

  it('refuses an invalid SMTP setting with a message naming it', () => {
    expect(() => loadConfig({ SMTP_HOST: 'h' })).toThrow(ConfigError);
    expect(() => loadConfig({ SMTP_HOST: 'h' })).toThrow('SMTP_FROM');
    expect(() => loadConfig({ SMTP_HOST: 'h', SMTP_FROM: 'a@b.org', SMTP_PORT: '99999' })).toThrow(
      'SMTP_PORT',
    );
    expect(() => loadConfig({ SMTP_HOST: 'h', SMTP_FROM: 'a@b.org', SMTP_SECURE: 'maybe' })).toThrow(
      'SMTP_SECURE',
    );
  });
});

describe('reference §7.14: the admin e-mail configuration (system_config "email")', () => {
  it('is created when absent, taking any e-mail fields a HOJ web config still holds', async () => {
    await t.db.delete(systemConfig).where(eq(systemConfig.name, 'email'));
    const [web] = await t.db.select().from(systemConfig).where(eq(systemConfig.name, 'web'));
    await t.db
      .update(systemConfig)
      .set({ value: { ...(web!.value as object), emailHost: 'smtp.hoj.example', emailPort: 25 } })
      .where(eq(systemConfig.name, 'web'));
    try {
      expect(await readEmailConfig(t.db)).toEqual({
        emailHost: 'smtp.hoj.example',
        emailPort: 25,
        emailSsl: true,
        emailUsername: '',
        emailPassword: '',
        emailBGImg: '',
      });
      expect(await t.db.select().from(systemConfig).where(eq(systemConfig.name, 'email'))).toHaveLength(1);
    } finally {
      await t.db.update(systemConfig).set({ value: web!.value }).where(eq(systemConfig.name, 'web'));
      await t.db.delete(systemConfig).where(eq(systemConfig.name, 'email'));
    }
  });

  it('needs a host and a sender address; otherwise the environment is used, else nothing', async () => {
    const env = {
      host: '127.0.0.1',
      port: secondary.port,
      secure: false,
      user: undefined,
      password: undefined,
      from: 'env@example.org',
    };
    await useMailServer(t.db, { host: '', port: 25 });
    expect(await resolveMailSettings(t.db, undefined)).toBeNull();
    expect(await resolveMailSettings(t.db, env)).toMatchObject({
      source: 'env',
      port: secondary.port,
      auth: undefined,
    });
    await useMailServer(t.db, primary, 'not-an-address');
    expect(await resolveMailSettings(t.db, env)).toMatchObject({ source: 'env' });
    await useMailServer(t.db, primary);
    expect(await resolveMailSettings(t.db, env)).toMatchObject({
      source: 'admin',
      port: primary.port,
      secure: false,
      from: 'verdict@example.org',
      auth: { user: 'verdict@example.org', pass: 'any-password' },
    });
  });

  it('sends through the SMTP_* server when the admin configuration names none', async () => {
    await useMailServer(t.db, { host: '', port: 25 });
    const mailer = new Mailer(t.db, {
      host: '127.0.0.1',
      port: secondary.port,
      secure: false,
      user: 'env-user',
      password: 'env-pass',
      from: 'env@example.org',
    });
    const rendered = registerCodeMail('en-US', SITE, '424242', clock.now());
    await mailer.send({ ...rendered, to: 'someone@example.org', lang: 'en-US' });
    const received = await secondary.next('someone@example.org');
    expect(received.from).toContain('env@example.org');
    expect(received.subject).toBe('Verdict registration code');
    expect(codeIn(received.text)).toBe('424242');
    await expect(
      new Mailer(t.db, undefined).send({ ...rendered, to: 'x@example.org', lang: 'en-US' }),
    ).rejects.toThrow(MailNotConfiguredError);
  });

  it('a mail that cannot be sent answers status 500 and leaves no cooldown behind', async () => {
    const closed = await startMailServer();
    await closed.close();
    await useMailServer(t.db, closed);
    const c = client(t);
    const failed = await c.get('/api/get-register-code', { query: { email: 'unlucky@example.org' } });
    expect(failed.statusCode).toBe(200);
    expect(body(failed)).toEqual({ status: 500, msg: '邮件发送失败，请稍后重新尝试！', data: null });
    const en = await c.get('/api/get-register-code', { query: { email: 'unlucky@example.org' }, lang: 'en' });
    expect(body(en).msg).toBe('The e-mail could not be sent, please try again later!');
    await useMailServer(t.db, primary);
    const ok = await c.get('/api/get-register-code', { query: { email: 'unlucky@example.org' } });
    expect(body(ok).status).toBe(200);
    await primary.next('unlucky@example.org');
  });
});

describe('reference §7.1, §7.3: mail texts', () => {
  it('builds the reset link from baseUrl, with or without a trailing slash, and escapes the query', () => {
    expect(resetPasswordLink('http://oj.example.org/', 'a b', 'c0de')).toBe(
      'http://oj.example.org/reset-password?username=a%20b&code=c0de',
    );
    expect(resetPasswordLink('https://oj.example.org', 'alice', 'x')).toBe(
      'https://oj.example.org/reset-password?username=alice&code=x',
    );
  });

  it('escapes user-controlled text in the HTML part', () => {
    const rendered = registerCodeMail(
      'zh-CN',
      { ...SITE, name: '<script>alert(1)</script>' },
      '123456',
      clock.now(),
    );
    expect(rendered.html).not.toContain('<script>');
    expect(rendered.html).toContain('&lt;script&gt;');
    expect(rendered.subject).toBe('Verdict的注册邮件');
  });
});
