import { and, eq, inArray, notInArray } from 'drizzle-orm';
import {
  accountOjOf,
  REMOTE_ACCOUNT_SOURCES,
  REMOTE_OJ_NAMES,
  REMOTE_OJS,
  type RemoteAccountListField,
  type RemoteOj,
} from '@verdict/shared';
import { ConfigError } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { remoteJudgeAccount } from '../../db/schema/index.ts';
import { fail } from '../../http/errors.ts';

/**
 * The remote-judge account pool (reference §10.1, table remote_judge_account). An account is leased
 * together with the submission that uses it (claimRemote in lifecycle/claim.ts): `lease_owner` is
 * `judge:<submit id>:<attempt>` and the lease ends with the submission's, so exactly one submission
 * uses an account at a time across processes, and a worker that dies frees it when its lease runs
 * out. The final result and a requeue free it at once (lifecycle/transitions.ts). Passwords stay in
 * this table and in the task handed to a remote worker; no user-facing call returns them.
 */

export interface AccountList {
  usernames: string[];
  passwords: string[];
}

/** The lease owner written on an account held by attempt `attempt` of submission `submitId`. */
export function accountLeaseOwner(submitId: number, attempt: number): string {
  return `judge:${submitId}:${attempt}`;
}

/** A site as the messages name it: its name, not its code (AtCoder, not AC). */
const siteName = (oj: string) => REMOTE_OJ_NAMES[oj as RemoteOj] ?? oj;
const unevenLists = (oj: string) => ({
  zh: `${siteName(oj)} 远程判题账号的用户名与密码数量不一致！`,
  en: `The ${siteName(oj)} remote judge accounts need as many passwords as usernames!`,
});
const missingPassword = (oj: string, username: string) => ({
  zh: `${siteName(oj)} 远程判题账号 ${username} 是新账号，请填写密码！`,
  en: `The ${siteName(oj)} remote judge account ${username} is new: it needs a password!`,
});

/** Refuses lists whose usernames and passwords differ in number, before anything is written. */
export function assertListsEven(lists: Record<string, AccountList>): void {
  for (const [oj, list] of Object.entries(lists)) {
    if (list.usernames.length !== list.passwords.length) throw fail(unevenLists(oj));
  }
}

/**
 * Replaces the accounts of each site in `lists` (other sites are left alone), as HOJ re-imported its
 * lists (§10.1), except that an account kept in the list keeps its lease: a submission running on it
 * is not disturbed. **Changed:** an empty password keeps the stored one (switch/info never answers
 * passwords, so a client sends back ''); a new username without a password is refused. Runs in the
 * caller's transaction when given one (switch/update writes the switches in the same one).
 */
export async function replaceAccounts(db: Db, lists: Record<string, AccountList>): Promise<void> {
  assertListsEven(lists);
  await db.transaction(async (tx) => {
    for (const [oj, list] of Object.entries(lists)) {
      const names = list.usernames.map((u) => u.trim());
      const kept = names.filter(Boolean);
      await tx
        .delete(remoteJudgeAccount)
        .where(
          kept.length > 0
            ? and(eq(remoteJudgeAccount.oj, oj), notInArray(remoteJudgeAccount.username, kept))
            : eq(remoteJudgeAccount.oj, oj),
        );
      const existing = new Set(
        (
          await tx
            .select({ username: remoteJudgeAccount.username })
            .from(remoteJudgeAccount)
            .where(eq(remoteJudgeAccount.oj, oj))
        ).map((r) => r.username),
      );
      for (const [i, username] of names.entries()) {
        if (!username) continue;
        const password = list.passwords[i]!;
        if (password === '') {
          if (existing.has(username)) continue;
          throw fail(missingPassword(oj, username));
        }
        await tx
          .insert(remoteJudgeAccount)
          .values({ oj, username, password })
          .onConflictDoUpdate({
            target: [remoteJudgeAccount.oj, remoteJudgeAccount.username],
            set: { password, gmtModified: new Date() },
          });
      }
    }
  });
}

const split = (text: string | undefined) =>
  (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * reference §12 / §7.14: `<SITE>_ACCOUNT_USERNAME_LIST` and `…_PASSWORD_LIST`, comma-separated. Only
 * the sites whose username list is set are returned, so an unset variable leaves the switch page's
 * accounts in place.
 */
export function accountsFromEnv(env: NodeJS.ProcessEnv): Record<string, AccountList> {
  const lists: Record<string, AccountList> = {};
  for (const [oj, { env: name }] of Object.entries(REMOTE_ACCOUNT_SOURCES)) {
    const usernames = env[`${name}_ACCOUNT_USERNAME_LIST`];
    if (usernames === undefined) continue;
    const list = { usernames: split(usernames), passwords: split(env[`${name}_ACCOUNT_PASSWORD_LIST`]) };
    // a configuration value, refused at start with what to change (not as an HTTP answer)
    if (list.usernames.length !== list.passwords.length) {
      throw new ConfigError([
        `${name}_ACCOUNT_USERNAME_LIST names ${list.usernames.length} account(s) but ` +
          `${name}_ACCOUNT_PASSWORD_LIST gives ${list.passwords.length} password(s): give one password per account, in the same order`,
      ]);
    }
    lists[oj] = list;
  }
  return lists;
}

/** The switch body's `cfUsernameList` / `cfPasswordList`… as lists per site (only sites sent). */
export function accountsFromSwitch(
  body: Partial<Record<RemoteAccountListField, string[] | null>>,
): Record<string, AccountList> {
  const lists: Record<string, AccountList> = {};
  for (const [oj, { field }] of Object.entries(REMOTE_ACCOUNT_SOURCES)) {
    const usernames = body[`${field}UsernameList`];
    if (usernames == null) continue;
    lists[oj] = { usernames, passwords: body[`${field}PasswordList`] ?? [] };
  }
  return lists;
}

/** Usernames per site, for the switch page and the home page's remote-judge card (never passwords). */
export async function accountUsernames(db: Db): Promise<Record<string, string[]>> {
  const rows = await db
    .select({ oj: remoteJudgeAccount.oj, username: remoteJudgeAccount.username })
    .from(remoteJudgeAccount)
    .orderBy(remoteJudgeAccount.id);
  const out: Record<string, string[]> = {};
  for (const r of rows) (out[r.oj] ??= []).push(r.username);
  return out;
}

/**
 * switch/info's account lists (reference §7.14 `hduUsernameList`…): the usernames, and for each an
 * empty password, which switch/update reads as "unchanged". No password leaves the pool.
 */
export async function accountListsForSwitch(db: Db): Promise<Record<RemoteAccountListField, string[]>> {
  const usernames = await accountUsernames(db);
  const lists = {} as Record<RemoteAccountListField, string[]>;
  for (const [oj, { field }] of Object.entries(REMOTE_ACCOUNT_SOURCES)) {
    const names = usernames[oj] ?? [];
    lists[`${field}UsernameList`] = names;
    lists[`${field}PasswordList`] = names.map(() => '');
  }
  return lists;
}

/** Whether a site has any account at all (reference §10.1: none → System Error). */
export async function hasAccounts(db: Db, oj: string): Promise<boolean> {
  const [row] = await db
    .select({ id: remoteJudgeAccount.id })
    .from(remoteJudgeAccount)
    .where(inArray(remoteJudgeAccount.oj, [oj]))
    .limit(1);
  return !!row;
}

/**
 * The remote judges a submission can be judged on (the home page's card, spec part 1): those whose
 * account site has an account in the pool, in REMOTE_OJS order (GYM with Codeforces' accounts).
 */
export async function sitesWithAccounts(db: Db): Promise<RemoteOj[]> {
  const rows = await db.selectDistinct({ oj: remoteJudgeAccount.oj }).from(remoteJudgeAccount);
  const pooled = new Set(rows.map((r) => r.oj));
  return REMOTE_OJS.filter((oj) => pooled.has(accountOjOf(oj)));
}
