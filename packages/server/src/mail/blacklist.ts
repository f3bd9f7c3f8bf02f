import { normalizeDomain } from '@verdict/shared';
import type { Db } from '../db/client.ts';
import { readEmailConfig } from './settings.ts';

/**
 * reference §7.1: registration refuses addresses of blacklisted domains (HOJ's bundled
 * email-rule.yml). Used while the admin e-mail configuration has no `emailBlacklist` of its own:
 * HOJ's list (disposable-mail domains) plus a few widely used disposable services.
 */
export const DEFAULT_EMAIL_BLACKLIST: readonly string[] = [
  // HOJ email-rule.yml
  'ccmail.uk',
  'exdonuts.com',
  'hamham.uk',
  'digdig.org',
  'owleyes.ch',
  'stayhome.li',
  'fanclub.pm',
  'hotsoup.be',
  'simaenaga.com',
  'tapi.re',
  'fuwari.be',
  'magim.be',
  'mirai.re',
  'moimoi.re',
  'heisei.be',
  'honeys.be',
  'mbox.re',
  'uma3.be',
  'fuwa.li',
  'kpost.be',
  'risu.be',
  'fuwa.be',
  'usako.net',
  'eay.jp',
  'via.tokyo.jp',
  'ichigo.me',
  'choco.la',
  'cream.pink',
  'merry.pink',
  'neko2.net',
  'fuwamofu.com',
  'ruru.be',
  'macr2.com',
  'f5.si',
  'ahk.jp',
  'svk.jp',
  // Verdict: common disposable services
  'mailinator.com',
  'guerrillamail.com',
  'sharklasers.com',
  'yopmail.com',
  '10minutemail.com',
  'temp-mail.org',
  'trashmail.com',
  'dispostable.com',
  'chacuo.net',
  'linshiyouxiang.net',
];

/**
 * Whether an address belongs to a listed domain. HOJ tests `email.endsWith("@domain")`; Verdict
 * also refuses subdomains (a@x.mailinator.com), since disposable services hand out random ones.
 */
export function isBlacklisted(email: string, domains: readonly string[]): boolean {
  const domain = email.trim().toLowerCase().split('@').pop() ?? '';
  if (domain === '') return false;
  return domains.some((entry) => {
    const listed = normalizeDomain(entry);
    return listed !== '' && (domain === listed || domain.endsWith(`.${listed}`));
  });
}

/** The list in force: the admin's (system_config 'email'.emailBlacklist), else the bundled one. */
export async function emailBlacklist(db: Db): Promise<readonly string[]> {
  return (await readEmailConfig(db)).emailBlacklist ?? DEFAULT_EMAIL_BLACKLIST;
}
