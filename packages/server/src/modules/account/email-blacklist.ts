import type { Db } from '../../db/client.ts';
import { forbidden } from '../../http/errors.ts';
import type { Text } from '../../http/messages.ts';
import { emailBlacklist, isBlacklisted } from '../../mail/blacklist.ts';

const refused = {
  // reference §7.1: HOJ's text, as a 403-status business refusal (HTTP 200).
  register: {
    zh: '对不起！您的邮箱无法注册本网站！',
    en: 'Sorry! This e-mail address cannot be used to register on this site!',
  },
  'change-email': {
    zh: '对不起！该邮箱无法在本网站使用，请更换其它邮箱！',
    en: 'Sorry! This e-mail address cannot be used on this site, please choose another one!',
  },
} as const satisfies Record<string, Text>;

/**
 * reference §7.1: an address of a blacklisted domain gets no code, at registration or (Verdict: the
 * same reason applies) as a new account address.
 */
export async function assertEmailAllowed(
  db: Db,
  email: string,
  purpose: keyof typeof refused,
): Promise<void> {
  if (isBlacklisted(email, await emailBlacklist(db))) throw forbidden(refused[purpose]);
}
