import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { isBlacklisted } from '../../src/mail/blacklist.ts';
import { ROOT_PASSWORD } from '../helpers/app.ts';
import { appWithMailServer } from '../helpers/mail.ts';
import { createUser } from '../helpers/users.ts';
import { body, client, signIn } from './support.ts';

const clock = new ManualClock(Date.UTC(2026, 5, 1, 8));
const { t, mail } = appWithMailServer({ clock });

const registerCode = (email: string, lang: 'zh' | 'en' = 'zh') =>
  client(t).get('/api/get-register-code', { query: { email }, lang });

describe('reference §7.1: e-mail addresses of blacklisted domains', () => {
  it('get-register-code refuses them with body status 403 and mails nothing (bundled list)', async () => {
    for (const email of ['a@mailinator.com', 'B@CCMAIL.UK', 'c@x.yopmail.com']) {
      const res = await registerCode(email);
      expect(res.statusCode, email).toBe(200);
      expect(body(res), email).toEqual({ status: 403, msg: '对不起！您的邮箱无法注册本网站！', data: null });
    }
    expect(body(await registerCode('a@mailinator.com', 'en')).msg).toBe(
      'Sorry! This e-mail address cannot be used to register on this site!',
    );
    expect(mail.received).toHaveLength(0);
    // A domain that merely ends like a listed one is not refused.
    expect(body(await registerCode('d@notmailinator.com')).status).toBe(200);
    await mail.next('d@notmailinator.com');
  });

  it('get-change-email-code refuses them too', async () => {
    await createUser(t.db, { username: 'mover', password: 'mover-pass' });
    const c = client(t);
    const token = await signIn(c, 'mover', 'mover-pass');
    const res = await c.get('/api/get-change-email-code', { query: { email: 'm@guerrillamail.com' }, token });
    expect(body(res)).toEqual({
      status: 403,
      msg: '对不起！该邮箱无法在本网站使用，请更换其它邮箱！',
      data: null,
    });
    expect(mail.pending('m@guerrillamail.com')).toBe(false);
  });

  it("follows the super admin's list once one is saved (set-email-config emailBlacklist)", async () => {
    const root = await signIn(client(t), 'root', ROOT_PASSWORD);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/config/set-email-config',
      headers: { authorization: root },
      payload: {
        emailHost: mail.host,
        emailPort: mail.port,
        emailSsl: false,
        emailUsername: 'verdict@example.org',
        emailBlacklist: ['@Banned.Example'],
      },
    });
    expect(saved.json().status).toBe(200);
    expect(body(await registerCode('x@banned.example')).status).toBe(403);
    expect(body(await registerCode('x@mx.banned.example')).status).toBe(403);
    // The bundled list no longer applies.
    expect(body(await registerCode('x@mailinator.com')).status).toBe(200);
    await mail.next('x@mailinator.com');
  });

  it('matches the domain without case, and subdomains, never a longer name', () => {
    const list = ['example.net', '@ccmail.uk'];
    expect(isBlacklisted('a@Example.NET', list)).toBe(true);
    expect(isBlacklisted('a@deep.sub.example.net', list)).toBe(true);
    expect(isBlacklisted('a@ccmail.uk', list)).toBe(true);
    expect(isBlacklisted('a@myexample.net', list)).toBe(false);
    expect(isBlacklisted('a@example.net.org', list)).toBe(false);
    expect(isBlacklisted('a@example.org', [])).toBe(false);
  });
});
