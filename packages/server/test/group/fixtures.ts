import { createUser } from '../helpers/users.ts';
import type { Reply, World } from '../problem/fixtures.ts';

export type ClassRole = 'owner' | 'gadmin' | 'member' | 'applicant';

/** A Private group (code `abc123`) of a class in `w`: its owner (root, 5), an admin (4), a member (3), an applicant (1). */
export interface Class {
  gid: number;
  tokens: Record<ClassRole, string>;
  uids: Record<ClassRole, string>;
  usernames: Record<ClassRole, string>;
  /** a new user who joins the group at `level` (3 member, 4 admin) */
  join(username: string, level: 3 | 4): Promise<{ uid: string; token: string }>;
}

const session = (w: World, uid: string) =>
  w.t.app.auth.openSession(uid, { userAgent: 'vitest', ip: '127.0.0.1' });

/** Creates the group through the API (the site's group creation needs no accepted problems here). */
export async function createClass(w: World, shortName: string, name: string): Promise<Class> {
  const tokens = {} as Class['tokens'];
  const uids = {} as Class['uids'];
  const usernames = {} as Class['usernames'];
  for (const role of ['owner', 'gadmin', 'member', 'applicant'] as const) {
    usernames[role] = `${shortName}-${role}`;
    uids[role] = await createUser(w.t.db, { username: usernames[role] });
    tokens[role] = await session(w, uids[role]);
  }
  await w.call('PUT', '/api/admin/switch/update', {
    token: w.tokens.root,
    payload: { defaultCreateGroupACInitValue: 0 },
  });
  const made = await w.call<number>('POST', '/api/group', {
    token: tokens.owner,
    payload: {
      name,
      shortName,
      brief: 'A class of students',
      description: 'Weekly homework.',
      auth: 3,
      code: 'abc123',
    },
  });
  if (made.status !== 200) throw new Error(`group not created: ${made.msg}`);
  const gid = made.data;
  const apply = (token: string) =>
    w.call('POST', `/api/group/member?gid=${gid}&code=abc123&reason=Let%20me%20in%20please`, { token });
  const raise = (uid: string, auth: number) =>
    w.call('PUT', '/api/group/member', { token: tokens.owner, payload: { gid, uid, auth } });
  for (const role of ['gadmin', 'member', 'applicant'] as const) await apply(tokens[role]);
  await raise(uids.gadmin, 4);
  await raise(uids.member, 3);
  return {
    gid,
    tokens,
    uids,
    usernames,
    async join(username, level) {
      const uid = await createUser(w.t.db, { username });
      const token = await session(w, uid);
      await apply(token);
      await raise(uid, level);
      return { uid, token };
    },
  };
}

/** The answer as one word: ok, or the body status and the English message. */
export const outcome = (reply: Reply) => (reply.status === 200 ? 'ok' : `${reply.status} ${reply.msg}`);
export const refusal = (status: number, msg: { en: string }) => `${status} ${msg.en}`;

/** `w.call` as the holder of `token`. */
export const callAs =
  (w: () => World) =>
  <T = unknown>(token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    w().call<T>(method, url, { token, payload });
