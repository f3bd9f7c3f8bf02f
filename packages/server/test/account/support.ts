import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { captcha, userInfo } from '../../src/db/schema/index.ts';
import type { Db } from '../../src/db/client.ts';
import type { TestApp } from '../helpers/app.ts';

let ipCounter = 0;
/** A client address no other test has used, so per-IP rate limits never mix tests. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export interface CallOptions {
  token?: string;
  lang?: 'zh' | 'en';
  query?: Record<string, string>;
  headers?: Record<string, string>;
}

/** Calls the API from one client IP. */
export function client(t: TestApp, ip = freshIp()) {
  const headers = (o: CallOptions) => ({
    ...(o.token ? { authorization: o.token } : {}),
    ...(o.lang === 'en' ? { 'accept-language': 'en-US' } : {}),
    'user-agent': 'vitest-agent/1.0',
    ...o.headers,
  });
  return {
    ip,
    get: (url: string, o: CallOptions = {}) =>
      t.app.inject({ method: 'GET', url, query: o.query, headers: headers(o), remoteAddress: ip }),
    delete: (url: string, o: CallOptions = {}) =>
      t.app.inject({ method: 'DELETE', url, query: o.query, headers: headers(o), remoteAddress: ip }),
    post: (url: string, body: unknown, o: CallOptions = {}) =>
      t.app.inject({ method: 'POST', url, payload: body as object, headers: headers(o), remoteAddress: ip }),
    raw: (url: string, payload: Buffer | string, contentType: string, o: CallOptions = {}) =>
      t.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { ...headers(o), 'content-type': contentType },
        remoteAddress: ip,
      }),
  };
}
export type Client = ReturnType<typeof client>;

export const body = (res: LightMyRequestResponse) =>
  res.json() as { status: number; msg: string; data: Record<string, unknown> | null };

/** Signs in and returns the token (the test fails when the login does). */
export async function signIn(c: Client, username: string, password: string): Promise<string> {
  const res = await c.post('/api/login', { username, password });
  if (res.json().status !== 200) throw new Error(`login of ${username} failed: ${res.body}`);
  return res.headers.authorization as string;
}

/** The answer the server keeps for a captcha or slide challenge (tests read it from the table). */
export async function captchaAnswer(db: Db, key: string): Promise<string> {
  const [row] = await db
    .select({ answer: captcha.answer })
    .from(captcha)
    .where(and(eq(captcha.key, key)));
  if (!row) throw new Error(`no captcha ${key}`);
  return row.answer;
}

/** Fetches a slide challenge and returns a correct answer for the login body. */
export async function solvedSlide(
  c: Client,
  db: Db,
  offset = 0,
): Promise<{ slideKey: string; slideX: number }> {
  const res = await c.get('/api/slide-captcha');
  const slideKey = res.json().data.slideKey as string;
  return { slideKey, slideX: Number(await captchaAnswer(db, slideKey)) + offset };
}

export async function setEmail(db: Db, uid: string, email: string): Promise<void> {
  await db.update(userInfo).set({ email }).where(eq(userInfo.uuid, uid));
}

/** The first 6-digit number of a mail's text: the code. */
export function codeIn(text: string): string {
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no code in mail:\n${text}`);
  return code;
}
