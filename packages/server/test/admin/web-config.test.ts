import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body } from '../account/support.ts';
import type { TestApp } from '../helpers/app.ts';
import { appWithCallers, type Callers } from './callers.ts';

let t: TestApp;
let tokens: Callers;

const GET = '/api/admin/config/get-web-config';
const SET = '/api/admin/config/set-web-config';

const put = (payload: object, token = tokens.root, lang: 'zh' | 'en' = 'en') =>
  t.app.inject({
    method: 'PUT',
    url: SET,
    payload,
    headers: { authorization: token, ...(lang === 'en' ? { 'accept-language': 'en-US' } : {}) },
  });
const publicConfig = async () => (await t.app.inject('/api/get-website-config')).json().data;

beforeAll(async () => {
  ({ t, tokens } = await appWithCallers());
});
afterAll(() => t.close());

describe('reference §3.12 get-web-config / set-web-config (spec part 2 §2.7 conf: super admin only)', () => {
  it('refuses anonymous callers (401), plain users and admins (403), and writes nothing', async () => {
    expect((await t.app.inject({ url: GET })).statusCode).toBe(401);
    for (const token of [tokens.user, tokens.admin]) {
      expect((await t.app.inject({ url: GET, headers: { authorization: token } })).statusCode).toBe(403);
      expect((await put({ name: 'Taken over' }, token)).statusCode).toBe(403);
    }
    expect((await publicConfig()).name).toBe('Verdict Online Judge');
  });

  it('spec part 1 §1: the footer shows the phone, address and two QR images saved here', async () => {
    const footer = {
      recordName: '京ICP备00000000号',
      recordUrl: 'https://beian.miit.gov.cn/',
      contactPhone: '+86 (010) 1234-5678',
      address: '1 Campus Road, Haidian',
      qrCodes: [
        { title: 'WeChat', url: '/api/public/img/wechat.png' },
        { title: 'QQ group', url: 'https://cdn.example.org/qq.png' },
      ],
    };
    expect(body(await put(footer))).toEqual({ status: 200, msg: 'success', data: null });
    expect(await publicConfig()).toMatchObject(footer);
    const stored = body(await t.app.inject({ url: GET, headers: { authorization: tokens.root } }));
    expect(stored.data).toMatchObject({ ...footer, name: 'Verdict Online Judge', register: true });
  });

  it('keeps what is left out and the required names on an empty value; clears other texts with ""', async () => {
    await put({ name: 'Campus OJ', shortName: 'COJ', recordName: 'filing', address: 'somewhere' });
    await put({ name: '', shortName: null, recordName: '', qrCodes: [] });
    expect(await publicConfig()).toMatchObject({
      name: 'Campus OJ',
      shortName: 'COJ',
      recordName: '',
      address: 'somewhere',
      qrCodes: [],
    });
  });

  it('leaves the e-mail settings stored in the same row alone', async () => {
    const before = (await publicConfig()).email;
    await put({ description: 'A judge for the campus.' });
    expect((await publicConfig()).email).toBe(before);
  });

  it.each([
    [{ baseUrl: 'ftp://oj.example.org' }, 'baseUrl: the site address must be an http(s) link'],
    [{ name: 'x'.repeat(101) }, 'name: the site name is required and at most 100 characters'],
    [{ register: 'yes' }, 'register: the register switch must be true or false'],
    [{ recordUrl: 'javascript:alert(1)' }, 'recordUrl / projectUrl: a link must be an http(s) link'],
    [{ contactPhone: 'call me' }, 'contactPhone: the phone may hold digits'],
    [{ qrCodes: [{ title: 'a', url: 'javascript:x' }] }, 'qrCodes: at most two QR images'],
    [
      {
        qrCodes: [
          { title: 'a', url: '/a.png' },
          { title: 'b', url: '/b.png' },
          { title: 'c', url: '/c.png' },
        ],
      },
      'qrCodes: at most two QR images',
    ],
  ])('refuses %j with a message naming the field, changing nothing', async (payload, message) => {
    const before = await publicConfig();
    const res = body(await put(payload));
    expect(res.status).toBe(400);
    expect(res.msg).toContain(message);
    expect(await publicConfig()).toEqual(before);
  });

  it('answers the refusal in Chinese by default', async () => {
    expect(body(await put({ contactPhone: 'abc' }, tokens.root, 'zh')).msg).toMatch(
      /^contactPhone：联系电话/,
    );
  });
});
