import { randomUUID } from 'node:crypto';
import { ROLES } from '@verdict/shared';
import { eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { rateLimit, session, userInfo, userRecord, userRole } from '../../src/db/schema/index.ts';
import { hashPassword } from '../../src/modules/account/password.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { body, client, type Client } from './support.ts';

/**
 * issue 24 item 12: a school's classes sign in through one address (a NAT, or a reverse proxy that
 * forwards it in X-Forwarded-For, TRUST_PROXY). The login limit counts wrong passwords per address
 * and per account, not sign-ins.
 */
const clock = new ManualClock(Date.UTC(2026, 8, 1, 8));
let t: TestApp;
const PASSWORD = 'class-pass1';
const CLASS_SIZE = 300;
const pupil = (i: number) => `pupil${i}`;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  // One hash for everyone: hashing 300 passwords would only slow the test down.
  const password = await hashPassword(PASSWORD);
  const users = Array.from({ length: CLASS_SIZE }, (_, i) => ({
    uuid: randomUUID().replaceAll('-', ''),
    username: pupil(i),
    password,
  }));
  await t.db.insert(userInfo).values(users);
  await t.db.insert(userRecord).values(users.map((u) => ({ uid: u.uuid })));
  await t.db.insert(userRole).values(users.map((u) => ({ uid: u.uuid, roleId: ROLES.defaultUser.id })));
});
afterAll(() => t.close());

const TOO_MANY = { status: 429, msg: 'Too many requests, please try again later!', data: null };

/** The school's public address as the server sees it: through a reverse proxy on this machine. */
function school(
  address: string,
): Client & { login(username: string, password: string): ReturnType<Client['post']> } {
  const proxy = client(t, '127.0.0.1');
  return {
    ...proxy,
    login: (username, password) =>
      proxy.post(
        '/api/login',
        { username, password },
        { lang: 'en', headers: { 'x-forwarded-for': address } },
      ),
  };
}

/** Runs `work` over the items, a few at a time, as people arriving together do. */
async function inParallel<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += width) await Promise.all(items.slice(i, i + width).map(work));
}

describe('issue 24 item 12: login limits a school network survives', () => {
  it(
    '300 users sign in from one address within a minute, 20 of them after a typo: all succeed',
    async () => {
      // The manual clock stands still: every one of these logins falls within one minute.
      const nat = school('203.0.113.10');
      const ids = Array.from({ length: CLASS_SIZE }, (_, i) => i);
      await inParallel(ids.slice(0, 20), 5, async (i) => {
        const typo = await nat.login(pupil(i), 'class-pass2');
        expect(body(typo)).toMatchObject({ status: 400, data: { slideRequired: false } });
      });
      await inParallel(ids, 6, async (i) => {
        const res = await nat.login(pupil(i), PASSWORD);
        expect(body(res).status, `${pupil(i)}: ${body(res).msg}`).toBe(200);
        expect(res.headers.authorization).toBeTruthy();
      });
      // the sessions record the school's address, not the proxy's
      const uids = await t.db
        .select({ uid: userInfo.uuid })
        .from(userInfo)
        .where(like(userInfo.username, 'pupil%'));
      const sessions = await t.db
        .select({ ip: session.ip })
        .from(session)
        .where(
          inArray(
            session.uid,
            uids.map((u) => u.uid),
          ),
        );
      expect(sessions).toHaveLength(CLASS_SIZE);
      expect(new Set(sessions.map((s) => s.ip))).toEqual(new Set(['203.0.113.10']));
    },
    300_000 /* 320 password checks on a shared machine */,
  );

  it('50 wrong passwords from one address: 30 are checked, then HTTP 429 with Retry-After, for the right password too', async () => {
    const attacker = school('198.51.100.20');
    const answers: number[] = [];
    for (let i = 0; i < 50; i++) {
      // a different account each time: the per-account count alone would never stop this
      const res = await attacker.login(pupil(i), `guess-${i}`);
      answers.push(body(res).status);
      if (body(res).status === 429) {
        expect(res.statusCode).toBe(429);
        expect(body(res)).toEqual(TOO_MANY);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(answers.filter((s) => s === 400)).toHaveLength(30);
    expect(answers.slice(30)).toEqual(Array(20).fill(429));
    // the limit holds for a right password from that address as well, not for other addresses
    expect(body(await attacker.login(pupil(60), PASSWORD)).status).toBe(429);
    expect(body(await school('198.51.100.21').login(pupil(60), PASSWORD)).status).toBe(200);
    // the admin login shares the count
    const admin = await attacker.post(
      '/api/admin/login',
      { username: 'root', password: 'whatever1' },
      {
        headers: { 'x-forwarded-for': '198.51.100.20' },
      },
    );
    expect(admin.statusCode).toBe(429);
    // a minute later the address may try again
    clock.advance(60_000);
    expect(body(await attacker.login(pupil(61), PASSWORD)).status).toBe(200);
  });

  it('a direct client cannot move its failures to other addresses with X-Forwarded-For', async () => {
    const direct = client(t);
    for (let i = 0; i < 30; i++) {
      const res = await direct.post(
        '/api/login',
        { username: `ghost${i}`, password: 'whatever1' },
        { headers: { 'x-forwarded-for': `192.0.2.${i}` } },
      );
      expect(body(res).status).toBe(400);
    }
    const res = await direct.post(
      '/api/login',
      { username: 'ghost', password: 'whatever1' },
      { headers: { 'x-forwarded-for': '192.0.2.200' } },
    );
    expect(res.statusCode).toBe(429);
  });

  it('a burst of 60 parallel guesses from one address gets no more than 30 checked', async () => {
    const burst = school('198.51.100.30');
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        burst.login(pupil(100 + i), `burst-${i}`).then((r) => body(r).status),
      ),
    );
    expect(answers.filter((s) => s === 400).length).toBeLessThanOrEqual(30);
    expect(answers.filter((s) => s !== 400).every((s) => s === 429)).toBe(true);
    const [row] = await t.db
      .select({ count: rateLimit.count })
      .from(rateLimit)
      .where(eq(rateLimit.key, 'login-failure:198.51.100.30'));
    expect(row!.count).toBe(30);
  });

  it('50 wrong passwords for one account from 50 addresses: 5 are checked, then the slide verification stops them', async () => {
    const answers: string[] = [];
    for (let i = 0; i < 50; i++) {
      answers.push(body(await school(`192.0.2.${100 + i}`).login(pupil(200), `guess-${i}`)).msg);
    }
    const WRONG = 'Wrong username or password! Mind upper and lower case!';
    const SLIDE = 'Too many failed logins: please complete the slide verification first!';
    expect(answers).toEqual([...Array(5).fill(WRONG), ...Array(45).fill(SLIDE)]);
    const withoutSlide = await school('192.0.2.99').login(pupil(200), PASSWORD);
    expect(body(withoutSlide)).toMatchObject({ status: 400, msg: SLIDE, data: { slideRequired: true } });
  });
});
