import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { ACCOUNT_LIMITS, isEmailAddress, ROLES } from '@verdict/shared';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { userInfo, userRecord, userRole } from '../../../db/schema/index.ts';
import { ApiError, fail } from '../../../http/errors.ts';
import { localize, type Lang, type Text } from '../../../http/messages.ts';
import { hashPassword } from '../../account/password.ts';
import { uniqueViolation } from '../../account/register.ts';
import { mapBounded } from './bounded.ts';
import { noProgress, type ImportProgressReporter } from './import-progress.ts';
import { userAdminMessages as m } from './messages.ts';

/** Verdict's cap on one import: a class or a contest room, not a whole school's database. */
export const IMPORT_MAX_ROWS = 5000;
/**
 * Passwords hashed at once: half the cores (at least one). node:crypto's async scrypt runs on the
 * libuv threadpool, off the event loop, but each hash keeps a core busy for ~45 ms; on a two-core
 * machine two at a time left the other calls' p95 at 150 ms (bench/admin-import), one keeps a core
 * for the requests of everyone else.
 */
export const HASH_CONCURRENCY = Math.max(1, Math.floor(availableParallelism() / 2));
const INSERT_CHUNK = 500;
const GENDERS = new Set(['male', 'female', 'secrecy']);

export interface ImportRow {
  username: string;
  password: string;
  email: string | null;
  realname: string | null;
  gender: string;
  nickname: string | null;
  school: string | null;
}

/** One refused row: its 1-based number in the batch, the username as sent, and every reason. */
export interface RowError {
  row: number;
  username: string | null;
  reasons: string[];
}

const optional = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** Checks the shape and field rules of one row (the rules registration and edit-user use). */
function checkRow(raw: unknown, reasons: Text[]): ImportRow | null {
  if (
    !Array.isArray(raw) ||
    raw.length < 2 ||
    raw.length > 7 ||
    raw.some((v) => v != null && typeof v !== 'string')
  ) {
    reasons.push(m.rowShape);
    return null;
  }
  const cells = raw as (string | null | undefined)[];
  const username = (cells[0] ?? '').trim();
  const password = (cells[1] ?? '').trim();
  const row: ImportRow = {
    username,
    password,
    email: optional(cells[2]),
    realname: optional(cells[3]),
    gender: optional(cells[4])?.toLowerCase() ?? 'secrecy',
    nickname: optional(cells[5]),
    school: optional(cells[6]),
  };
  if (username === '' || username.length > ACCOUNT_LIMITS.usernameMax) reasons.push(m.rowUsername);
  if (password.length < ACCOUNT_LIMITS.passwordMin || password.length > ACCOUNT_LIMITS.passwordMax)
    reasons.push(m.rowPasswordLength);
  if (row.email && !isEmailAddress(row.email)) reasons.push(m.rowEmail);
  if (!GENDERS.has(row.gender)) reasons.push(m.rowGender);
  const limits = [
    ['realname', ACCOUNT_LIMITS.realnameMax],
    ['nickname', ACCOUNT_LIMITS.nicknameMax],
    ['school', ACCOUNT_LIMITS.schoolMax],
  ] as const;
  for (const [field, max] of limits) {
    if ((row[field]?.length ?? 0) > max) reasons.push(m.rowTooLong(field, max));
  }
  return row;
}

/** Usernames and lower-cased e-mail addresses among `values` that an account already uses. */
async function existing(db: Db, usernames: string[], emails: string[]) {
  const takenNames = new Set<string>();
  const takenEmails = new Set<string>();
  for (let i = 0; i < usernames.length; i += INSERT_CHUNK) {
    const rows = await db
      .select({ username: userInfo.username })
      .from(userInfo)
      .where(inArray(userInfo.username, usernames.slice(i, i + INSERT_CHUNK)));
    for (const r of rows) takenNames.add(r.username);
  }
  for (let i = 0; i < emails.length; i += INSERT_CHUNK) {
    const rows = await db
      .select({ email: sql<string>`lower(${userInfo.email})` })
      .from(userInfo)
      .where(inArray(sql`lower(${userInfo.email})`, emails.slice(i, i + INSERT_CHUNK)));
    for (const r of rows) takenEmails.add(r.email);
  }
  return { takenNames, takenEmails };
}

/**
 * Checks a whole batch (reference §3.12 insert-batch-user, rows `[username, password, email?,
 * realname?, gender?, nickname?, school?]`) and returns either the parsed rows or every bad row
 * with its reasons: shape, username and password rules, e-mail, field lengths, a username or
 * e-mail repeated in the batch or already used in the database.
 */
export async function checkBatch(
  db: Db,
  users: unknown[],
  lang: Lang,
): Promise<{ rows: ImportRow[]; errors: RowError[] }> {
  if (users.length === 0) throw fail(m.batchEmpty);
  if (users.length > IMPORT_MAX_ROWS) throw fail(m.batchTooLarge(IMPORT_MAX_ROWS));
  const reasonsOf: Text[][] = users.map(() => []);
  const rows = users.map((raw, i) => checkRow(raw, reasonsOf[i]!));
  const firstName = new Map<string, number>();
  const firstEmail = new Map<string, number>();
  rows.forEach((row, i) => {
    if (!row) return;
    const seen = firstName.get(row.username);
    if (seen !== undefined) reasonsOf[i]!.push(m.rowDuplicateInBatch(seen + 1));
    else firstName.set(row.username, i);
    if (!row.email) return;
    const email = row.email.toLowerCase();
    const seenEmail = firstEmail.get(email);
    if (seenEmail !== undefined) reasonsOf[i]!.push(m.rowEmailDuplicateInBatch(seenEmail + 1));
    else firstEmail.set(email, i);
  });
  const { takenNames, takenEmails } = await existing(db, [...firstName.keys()], [...firstEmail.keys()]);
  rows.forEach((row, i) => {
    if (!row) return;
    if (takenNames.has(row.username)) reasonsOf[i]!.push(m.rowUsernameExists);
    if (row.email && takenEmails.has(row.email.toLowerCase())) reasonsOf[i]!.push(m.rowEmailExists);
  });
  const errors: RowError[] = [];
  reasonsOf.forEach((reasons, i) => {
    if (reasons.length === 0) return;
    const raw = users[i];
    const username = Array.isArray(raw) && typeof raw[0] === 'string' ? raw[0] : null;
    errors.push({ row: i + 1, username, reasons: reasons.map((r) => localize(r, lang)) });
  });
  return { rows: errors.length ? [] : (rows as ImportRow[]), errors };
}

/**
 * `POST /api/admin/user/insert-batch-user`: if any row is bad nothing is written and the failure's
 * data lists the rows (`{errors: RowError[]}`); otherwise every password is hashed with the full
 * scrypt cost off the event loop, then all users (default_user role, a user_record each) are
 * inserted in one transaction. Answers how many were written. `progress` hears how far it got
 * (import-progress.ts); it is written outside that transaction.
 */
export async function importUsers(
  db: Db,
  users: unknown[],
  lang: Lang,
  progress: ImportProgressReporter = noProgress,
): Promise<number> {
  let ok = false;
  try {
    const count = await checkAndWrite(db, users, lang, progress);
    ok = true;
    return count;
  } finally {
    await progress.finished(ok);
  }
}

async function checkAndWrite(
  db: Db,
  users: unknown[],
  lang: Lang,
  progress: ImportProgressReporter,
): Promise<number> {
  const { rows, errors } = await checkBatch(db, users, lang);
  if (errors.length) throw new ApiError(400, m.batchRejected(errors.length), 200, { errors });
  await progress.hashing(0);
  let hashed = 0;
  const hashes = await mapBounded(rows, HASH_CONCURRENCY, async (row) => {
    const hash = await hashPassword(row.password);
    await progress.hashing(++hashed);
    return hash;
  });
  await progress.writing();
  const values = rows.map((row, i) => ({
    uuid: randomUUID().replaceAll('-', ''),
    username: row.username,
    password: hashes[i]!,
    email: row.email,
    realname: row.realname,
    gender: row.gender,
    nickname: row.nickname,
    school: row.school,
  }));
  try {
    await db.transaction(async (tx) => {
      for (let i = 0; i < values.length; i += INSERT_CHUNK) {
        const chunk = values.slice(i, i + INSERT_CHUNK);
        await tx.insert(userInfo).values(chunk);
        await tx.insert(userRecord).values(chunk.map((v) => ({ uid: v.uuid })));
        await tx.insert(userRole).values(chunk.map((v) => ({ uid: v.uuid, roleId: ROLES.defaultUser.id })));
      }
    });
  } catch (error) {
    // Someone registered one of the names while the passwords were being hashed.
    const constraint = uniqueViolation(error);
    if (constraint?.includes('username')) throw fail(m.usernameTaken);
    if (constraint?.includes('email')) throw fail(m.emailTaken);
    throw error;
  }
  return values.length;
}
