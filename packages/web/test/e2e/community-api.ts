import { desc, eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { discussion } from '../../../server/src/db/schema/index.ts';
import { ROOT_PASSWORD } from '../../../server/test/helpers/app.ts';
import { createUser } from '../../../server/test/helpers/users.ts';
import { setSwitches } from './problem-support.ts';
import type { TestServer } from './support.ts';

/**
 * Issue 15's browser tests make their discussions, comments, replies, likes, reports and notices
 * through the HTTP API (the discussion screens are tested on their own), as the users would.
 */

export interface ApiUser {
  username: string;
  uid: string;
  token: string;
  /** the login's userInfo, as the web app stores it */
  userInfo: Record<string, unknown>;
}

/** reference §7.6: the posting thresholds out of the way (new users have no accepted problems). */
export const QUOTAS_OFF = {
  defaultCreateDiscussionACInitValue: 0,
  defaultCreateCommentACInitValue: 0,
  defaultCreateDiscussionDailyLimit: 1000,
  defaultCreateCommentDailyLimit: 1000,
};

export async function turnQuotasOff(server: TestServer): Promise<void> {
  await setSwitches(server.db, QUOTAS_OFF);
}

export async function login(server: TestServer, username: string, password: string): Promise<ApiUser> {
  const res = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await res.json()) as { status: number; data: Record<string, unknown> };
  expect(body.status, `login ${username}`).toBe(200);
  return {
    username,
    uid: body.data.uid as string,
    token: res.headers.get('authorization')!,
    userInfo: body.data,
  };
}

export async function newUser(server: TestServer, username: string): Promise<ApiUser> {
  const password = `${username}-pass1`;
  await createUser(server.db, { username, password });
  return login(server, username, password);
}

export const loginRoot = (server: TestServer) => login(server, 'root', ROOT_PASSWORD);

/** One call as `who`; fails the test unless the server answers success. */
export async function call<T = unknown>(
  server: TestServer,
  who: ApiUser | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<T> {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      ...(who ? { authorization: who.token } : {}),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
  const body = (await res.json()) as { status: number; msg: string; data: T };
  expect(body.status, `${method} ${url}: ${body.msg}`).toBe(200);
  return body.data;
}

/** Posts a discussion in the first category and answers its id. */
export async function postDiscussion(server: TestServer, author: ApiUser, title: string): Promise<number> {
  const categories = await call<{ id: number }[]>(server, null, 'GET', '/api/discussion-category');
  await call(server, author, 'POST', '/api/discussion', {
    title,
    description: `About ${title}`,
    content: `Some text about **${title}**`,
    categoryId: categories[0]!.id,
  });
  const [row] = await server.db
    .select({ id: discussion.id })
    .from(discussion)
    .where(eq(discussion.uid, author.uid))
    .orderBy(desc(discussion.id))
    .limit(1);
  return row!.id;
}

export const comment = (server: TestServer, who: ApiUser, did: number, content: string) =>
  call<{ id: number }>(server, who, 'POST', '/api/comment', { did, content });

/**
 * A fresh page signed in as `who` (the login stored as the web app stores it), showing `path` in
 * `lang`. Close the context when done.
 */
export async function openSignedIn(
  context: BrowserContext,
  baseUrl: string,
  who: ApiUser,
  path: string,
): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/404-sign-in`);
  await page.evaluate(
    ({ token, userInfo }) => {
      localStorage.setItem('userInfo', JSON.stringify(userInfo));
      localStorage.setItem('authed', 'true');
      localStorage.setItem('token', token);
    },
    { token: who.token, userInfo: who.userInfo },
  );
  await page.goto(`${baseUrl}${path}`);
  return page;
}
