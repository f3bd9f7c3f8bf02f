import type { UserKey } from '../../api/user-home';

/** `/user-home?uid|username` (spec part 2 §2.6): which user; neither means the signed-in one. */
export function userKeyOf(params: URLSearchParams): UserKey {
  const uid = params.get('uid')?.trim();
  const username = params.get('username')?.trim();
  if (uid) return { uid };
  if (username) return { username };
  return {};
}
