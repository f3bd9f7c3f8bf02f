import { client, signIn } from '../account/support.ts';
import { buildTestApp, ROOT_PASSWORD, type TestApp } from '../helpers/app.ts';
import { createUser } from '../helpers/users.ts';

/** The callers an admin call is tried as: root, an admin (no system_info_admin) and a plain user. */
export interface Callers {
  root: string;
  admin: string;
  user: string;
}

/**
 * A test app with `boss` (role admin) and `plain` (a user) besides root, and a signed-in token of
 * each, for the admin calls' "who may" tests (reference §2, §3.12).
 */
export async function appWithCallers(
  options: Parameters<typeof buildTestApp>[0] = {},
): Promise<{ t: TestApp; tokens: Callers }> {
  const t = await buildTestApp(options);
  await createUser(t.db, { username: 'boss', role: 'admin', password: 'boss-pass' });
  await createUser(t.db, { username: 'plain', password: 'plain-pass' });
  const tokens = {
    root: await signIn(client(t), 'root', ROOT_PASSWORD),
    admin: await signIn(client(t), 'boss', 'boss-pass'),
    user: await signIn(client(t), 'plain', 'plain-pass'),
  };
  return { t, tokens };
}
