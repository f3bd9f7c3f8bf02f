import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { scheduledJobRun, session, userInfo, userRecord } from '../../src/db/schema/index.ts';
import { seedDatabase } from '../../src/db/seed.ts';
import { codeforcesRatings } from '../../src/jobs/codeforces.ts';
import { oldSessions } from '../../src/jobs/cleanups.ts';
import { Scheduler } from '../../src/jobs/scheduler.ts';
import { refreshCodeforcesRatings } from '../../src/modules/account/codeforces-rating.ts';
import { hashPassword } from '../../src/modules/account/password.ts';
import { pruneOldSessions } from '../../src/modules/account/session-prune.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { createUser } from '../helpers/users.ts';
import { recordingLog } from './support.ts';

/** Issue 13's scheduled jobs of reference §7.16: old login records, Codeforces ratings. */
let t: TestDatabase;
const DAY = 24 * 3_600_000;
const now = new Date(Date.UTC(2026, 6, 1, 3, 0, 0));
const ago = (days: number) => new Date(now.getTime() - days * DAY);

beforeAll(async () => {
  t = await createTestDatabase();
  await seedDatabase(t.db, { hashPassword });
});
afterAll(async () => {
  await t.close();
});

describe('old-sessions (reference §4.1, §7.16: login records kept six months)', () => {
  it('deletes ended records older than six months but keeps each user’s two latest and any live one', async () => {
    const ann = await createUser(t.db, { username: 'ann' });
    const ben = await createUser(t.db, { username: 'ben' });
    const login = async (uid: string, days: number, live = false) => {
      const [row] = await t.db
        .insert(session)
        .values({
          uid,
          gmtCreate: ago(days),
          expiresAt: live ? new Date(now.getTime() + DAY) : new Date(ago(days).getTime() + DAY),
        })
        .returning({ id: session.id });
      return row!.id;
    };
    const annOld = await login(ann, 400);
    const annOldLive = await login(ann, 300, true); // refreshed all along: its token still works
    const annEdge = await login(ann, 182); // not yet six months (183 days)
    const annOlder = await login(ann, 250);
    await login(ann, 10);
    await login(ann, 1);
    // ben has not logged in for a year: his two latest stay, the one before goes
    const benOldest = await login(ben, 500);
    const benOlder = await login(ben, 400);
    const benLatest = await login(ben, 365);

    expect(await pruneOldSessions(t.db, now)).toBe(3);
    const left = await t.db
      .select({ id: session.id })
      .from(session)
      .where(inArray(session.uid, [ann, ben]));
    const ids = left.map((r) => r.id);
    expect(ids).not.toContain(annOld);
    expect(ids).not.toContain(annOlder);
    expect(ids).not.toContain(benOldest);
    expect(ids).toEqual(expect.arrayContaining([annOldLive, annEdge, benOlder, benLatest]));
    expect(ids).toHaveLength(6);
    expect(await pruneOldSessions(t.db, now)).toBe(0);
  });

  it('runs nightly through the scheduler', () => {
    expect(oldSessions.schedule).toBe('30 3 * * *');
  });
});

describe('codeforces-ratings (reference §7.11, §7.16)', () => {
  /** A stand-in for the Codeforces API on this machine (the tests have no internet). */
  let api: http.Server;
  let apiUrl: string;
  const asked: string[] = [];
  let failNext = 0;
  const known: Record<string, number | undefined> = { tourist: 3800, Petr: 3200, newbie: undefined };

  beforeAll(async () => {
    api = http.createServer((req, res) => {
      const url = new URL(req.url!, 'http://x');
      res.setHeader('content-type', 'application/json');
      if (url.pathname !== '/api/user.info') return res.writeHead(404).end('{}');
      if (failNext > 0) {
        failNext--;
        return res.writeHead(503).end('<html>busy</html>');
      }
      const handles = url.searchParams.get('handles')!.split(';');
      asked.push(handles.join(';'));
      const unknown = handles.find(
        (h) => !Object.keys(known).some((k) => k.toLowerCase() === h.toLowerCase()),
      );
      if (unknown) {
        return res.end(
          JSON.stringify({ status: 'FAILED', comment: `handles: User with handle ${unknown} not found` }),
        );
      }
      const result = handles.map((h) => {
        const name = Object.keys(known).find((k) => k.toLowerCase() === h.toLowerCase())!;
        return known[name] === undefined ? { handle: name } : { handle: name, rating: known[name] };
      });
      res.end(JSON.stringify({ status: 'OK', result }));
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}/api`;
  });
  afterAll(() => new Promise<void>((resolve) => api.close(() => resolve())));

  const rating = async (uid: string) =>
    (await t.db.select({ r: userRecord.rating }).from(userRecord).where(eq(userRecord.uid, uid)))[0]!.r;

  it('copies each active user’s rating; unrated or unknown handles clear it; banned users are not asked', async () => {
    const withHandle = async (username: string, handle: string | null, banned = false) => {
      const uid = await createUser(t.db, { username, banned });
      await t.db.update(userInfo).set({ cfUsername: handle }).where(eq(userInfo.uuid, uid));
      await t.db.update(userRecord).set({ rating: 1 }).where(eq(userRecord.uid, uid));
      return uid;
    };
    const a = await withHandle('cf-a', 'tourist');
    const b = await withHandle('cf-b', 'PETR'); // Codeforces handles are case-insensitive
    const c = await withHandle('cf-c', 'newbie'); // no rating yet
    const d = await withHandle('cf-d', 'ghost_user'); // not a Codeforces user
    const e = await withHandle('cf-e', 'tourist', true);
    const f = await withHandle('cf-f', 'bad handle;x'); // never sent
    const g = await withHandle('cf-g', null);
    failNext = 1; // the first call fails: retried

    expect(await refreshCodeforcesRatings(t.db, { apiUrl, pauseMs: 0 })).toBe(4);
    expect([await rating(a), await rating(b), await rating(c), await rating(d)]).toEqual([
      3800,
      3200,
      null,
      null,
    ]);
    expect([await rating(e), await rating(f), await rating(g)]).toEqual([1, 1, 1]);
    expect(asked).toEqual(['tourist;PETR;newbie;ghost_user', 'tourist;PETR;newbie']);
  });

  it('is off unless CODEFORCES_API_URL is set; on, the nightly run refreshes', async () => {
    const log = recordingLog();
    const clock = new ManualClock(now);
    const off = new Scheduler({ db: t.db, jobs: [codeforcesRatings], dataDir: '/nonexistent', log, clock });
    asked.length = 0;
    expect(await off.runDue()).toEqual({ 'codeforces-ratings': 'ran' });
    expect(asked).toEqual([]);

    await t.db.delete(scheduledJobRun);
    const on = new Scheduler({
      db: t.db,
      jobs: [codeforcesRatings],
      dataDir: '/nonexistent',
      log,
      clock,
      options: { codeforcesApiUrl: apiUrl },
    });
    await t.db.update(userRecord).set({ rating: null });
    expect(await on.runDue()).toEqual({ 'codeforces-ratings': 'ran' });
    expect(asked.length).toBeGreaterThan(0);
    const [a] = await t.db.select({ uid: userInfo.uuid }).from(userInfo).where(eq(userInfo.username, 'cf-a'));
    expect(await rating(a!.uid)).toBe(3800);
    expect(log.entries.filter((entry) => entry.level === 'error')).toEqual([]);
  });
});
