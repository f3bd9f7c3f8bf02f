import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import {
  accountLock,
  captcha,
  file,
  group,
  loginFailure,
  rateLimit,
  scheduledJobRun,
  userInfo,
} from '../../src/db/schema/index.ts';
import { hitRateLimit, pruneRateLimits } from '../../src/http/rate-limit.ts';
import { JOBS } from '../../src/jobs/index.ts';
import { Scheduler } from '../../src/jobs/scheduler.ts';
import { AVATAR_FOLDER, PUBLIC_IMG_PREFIX, removeDeletedAvatars } from '../../src/modules/account/avatar.ts';
import { deleteExpiredCaptchas, storeCaptcha } from '../../src/modules/account/captcha-store.ts';
import { pruneAccountLocks } from '../../src/modules/account/locks.ts';
import { stagingRoot, sweepStagingUploads } from '../../src/modules/file/staging.ts';
import { seedDatabase } from '../../src/db/seed.ts';
import { hashPassword } from '../../src/modules/account/password.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { createUser } from '../helpers/users.ts';
import { recordingLog } from './support.ts';

/**
 * The housekeeping jobs (issue 9 item 3): each removes what counts for nothing any more and
 * nothing else. They replace cleanups that requests ran by chance (`Math.random() < 0.01`).
 */
let t: TestDatabase;
let dataDir: string;
const HOUR = 3_600_000;
const now = new Date(Date.UTC(2026, 0, 10, 12, 0, 0));
const ago = (ms: number) => new Date(now.getTime() - ms);

beforeAll(async () => {
  t = await createTestDatabase();
  // users need the seeded roles
  await seedDatabase(t.db, { hashPassword });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'verdict-jobs-'));
  return () => rm(dataDir, { recursive: true, force: true });
});

let userCount = 0;
const newUser = () => createUser(t.db, { username: `user${++userCount}` });

describe('rate-limit rows', () => {
  it('drops counters a day old and keeps the others', async () => {
    await hitRateLimit(t.db, 'login:10.0.0.1', 60, ago(25 * HOUR));
    await hitRateLimit(t.db, 'login:10.0.0.2', 60, ago(23 * HOUR));
    await hitRateLimit(t.db, 'login:10.0.0.3', 60, ago(1000));
    await pruneRateLimits(t.db, now);
    const keys = (await t.db.select({ key: rateLimit.key }).from(rateLimit)).map((r) => r.key).sort();
    expect(keys).toEqual(['login:10.0.0.2', 'login:10.0.0.3']);
  });
});

describe('account locks (reference §7.2, §7.4)', () => {
  it('drops day-old login failures, run-out locks and counts past their window, nothing live', async () => {
    await t.db.insert(loginFailure).values([
      { username: 'guessed', count: 3, lastFailureAt: ago(25 * HOUR) },
      { username: 'recent', count: 3, lastFailureAt: ago(2 * HOUR) },
    ]);
    const [runOut, locked, stale, counting] = [
      await newUser(),
      await newUser(),
      await newUser(),
      await newUser(),
    ];
    await t.db.insert(accountLock).values([
      {
        uid: runOut,
        action: 'change-password',
        failures: 0,
        firstFailureAt: ago(HOUR),
        lockedUntil: ago(1000),
      },
      {
        uid: locked,
        action: 'change-password',
        failures: 0,
        firstFailureAt: ago(HOUR),
        lockedUntil: new Date(now.getTime() + 60_000),
      },
      {
        uid: stale,
        action: 'change-email',
        failures: 2,
        firstFailureAt: ago(31 * 60_000),
        lockedUntil: null,
      },
      {
        uid: counting,
        action: 'change-email',
        failures: 2,
        firstFailureAt: ago(5 * 60_000),
        lockedUntil: null,
      },
    ]);
    await pruneAccountLocks(t.db, now);
    expect((await t.db.select().from(loginFailure)).map((r) => r.username)).toEqual(['recent']);
    expect((await t.db.select({ uid: accountLock.uid }).from(accountLock)).map((r) => r.uid).sort()).toEqual(
      [locked, counting].sort(),
    );
  });
});

describe('expired captchas (reference §7.5)', () => {
  it('drops captchas and submit passes that have expired, keeps live ones', async () => {
    await t.db.delete(captcha);
    const expired = await storeCaptcha(t.db, 'image', 'abcd', ago(10 * 60_000), 60);
    const live = await storeCaptcha(t.db, 'slide', '120', ago(30_000), 60);
    await t.db.insert(captcha).values([
      { key: 'submit-pass:old', kind: 'submit-pass', answer: '1', expiresAt: ago(1), createdAt: ago(HOUR) },
      {
        key: 'submit-pass:new',
        kind: 'submit-pass',
        answer: '1',
        expiresAt: new Date(now.getTime() + 1),
        createdAt: now,
      },
    ]);
    await deleteExpiredCaptchas(t.db, now);
    const keys = (await t.db.select({ key: captcha.key }).from(captcha)).map((r) => r.key).sort();
    expect(keys).toEqual([live, 'submit-pass:new'].sort());
    expect(keys).not.toContain(expired);
  });
});

describe('test-case uploads (reference §8.6 fileListDir)', () => {
  const id = () => randomBytes(16).toString('hex');

  async function upload(root: string, createdAt: Date | null, mtime = new Date()) {
    const name = id();
    await mkdir(path.join(root, name), { recursive: true });
    if (createdAt) {
      await writeFile(
        path.join(root, name, 'manifest.json'),
        JSON.stringify({ uid: 'u', createdAt: createdAt.toISOString(), files: {} }),
      );
    }
    await utimes(path.join(root, name), mtime, mtime);
    return name;
  }

  it('removes uploads never saved within a day, keeps newer ones and anything it did not make', async () => {
    const root = stagingRoot(dataDir);
    const longAgo = new Date(Date.now() - 25 * HOUR);
    const oldSaved = await upload(root, ago(25 * HOUR));
    const newSaved = await upload(root, ago(23 * HOUR));
    const oldUnfinished = await upload(root, null, longAgo);
    const newUnfinished = await upload(root, null);
    await mkdir(path.join(root, 'not-an-upload'));
    await utimes(path.join(root, 'not-an-upload'), longAgo, longAgo);

    await sweepStagingUploads(root, now);
    const left = (await readdir(root)).sort();
    expect(left).toEqual([newSaved, newUnfinished, 'not-an-upload'].sort());
    expect(left).not.toContain(oldSaved);
    expect(left).not.toContain(oldUnfinished);
  });

  it('does nothing when no upload was ever made', async () => {
    await expect(sweepStagingUploads(stagingRoot(dataDir), now)).resolves.toBeUndefined();
  });
});

describe('deleted avatars (reference §7.16)', () => {
  const imageName = () => `${randomBytes(16).toString('hex')}.png`;
  const folder = () => path.join(dataDir, AVATAR_FOLDER);

  async function avatarFile(name: string, oldMs = 0) {
    await mkdir(folder(), { recursive: true });
    await writeFile(path.join(folder(), name), 'png');
    const at = new Date(Date.now() - oldMs);
    await utimes(path.join(folder(), name), at, at);
  }

  async function avatarRow(uid: string | null, name: string, deleted: boolean) {
    await avatarFile(name);
    await t.db.insert(file).values({
      uid,
      name,
      suffix: 'png',
      folderPath: AVATAR_FOLDER,
      filePath: path.join(AVATAR_FOLDER, name),
      type: 'avatar',
      delete: deleted,
    });
  }

  const rowNames = async () => (await t.db.select({ name: file.name }).from(file)).map((r) => r.name);

  it('removes replaced avatars and those of deleted users, file and row; keeps what is shown', async () => {
    await t.db.delete(file);
    const uid = await newUser();
    const [replaced, current, ofGoneUser, stillShownByGroup, markdownImage] = Array.from(
      { length: 5 },
      imageName,
    );
    await avatarRow(uid, replaced!, true);
    await avatarRow(uid, current!, false);
    await t.db
      .update(userInfo)
      .set({ avatar: PUBLIC_IMG_PREFIX + current })
      .where(eq(userInfo.uuid, uid));
    await avatarRow(null, ofGoneUser!, false);
    await avatarRow(null, stillShownByGroup!, true);
    await t.db.insert(group).values({
      name: 'g1',
      shortName: 'g1',
      owner: `user${userCount}`,
      uid,
      auth: 1,
      avatar: PUBLIC_IMG_PREFIX + stillShownByGroup,
    });
    await avatarFile(markdownImage!);
    await t.db
      .insert(file)
      .values({ uid: null, name: markdownImage!, suffix: 'png', folderPath: 'md', type: 'md', delete: true });

    await removeDeletedAvatars(t.db, dataDir);
    expect((await rowNames()).sort()).toEqual([current, stillShownByGroup, markdownImage].sort());
    expect((await readdir(folder())).sort()).toEqual([current, stillShownByGroup, markdownImage].sort());
  });

  it('removes image files no row names once they are an hour old, and nothing else in the folder', async () => {
    await t.db.delete(file);
    const [orphan, fresh] = [imageName(), imageName()];
    await avatarFile(orphan, 2 * HOUR);
    await avatarFile(fresh);
    await avatarFile('README.txt', 2 * HOUR);
    await removeDeletedAvatars(t.db, dataDir);
    expect((await readdir(folder())).sort()).toEqual(['README.txt', fresh].sort());
  });

  it('forgets a flagged row whose file is already gone', async () => {
    await t.db.delete(file);
    const name = imageName();
    await avatarRow(await newUser(), name, true);
    await rm(path.join(folder(), name));
    await removeDeletedAvatars(t.db, dataDir);
    expect(await rowNames()).toEqual([]);
  });
});

describe('the cleanup jobs', () => {
  it('each run through the scheduler and do their work', async () => {
    await t.db.delete(scheduledJobRun);
    await hitRateLimit(t.db, 'job:10.0.0.9', 60, ago(48 * HOUR));
    await storeCaptcha(t.db, 'image', 'x', ago(HOUR), 60);
    const upload = path.join(stagingRoot(dataDir), randomBytes(16).toString('hex'));
    await mkdir(upload, { recursive: true });
    await writeFile(
      path.join(upload, 'manifest.json'),
      JSON.stringify({ uid: 'u', createdAt: ago(48 * HOUR).toISOString(), files: {} }),
    );
    const log = recordingLog();
    const scheduler = new Scheduler({ db: t.db, jobs: JOBS, dataDir, log, clock: new ManualClock(now) });
    const outcomes = await scheduler.runDue();
    expect(Object.values(outcomes)).toEqual(JOBS.map(() => 'ran'));
    expect(log.entries.filter((e) => e.level === 'error')).toEqual([]);
    expect(await t.db.select().from(rateLimit).where(eq(rateLimit.key, 'job:10.0.0.9'))).toEqual([]);
    expect((await t.db.select().from(captcha)).filter((r) => r.expiresAt <= now)).toEqual([]);
    expect(await readdir(stagingRoot(dataDir))).toEqual([]);
  });
});
