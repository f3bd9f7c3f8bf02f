import { REMOTE_ACCOUNT_SOURCES, type RemoteOj } from '@verdict/shared';
import type { CheckOutcome, DoctorCheck } from '../doctor.ts';
import { HttpSession, remoteSiteUrl } from '@verdict/shared/node';
import { remoteSitesOf } from './remote-main.ts';
import { SITES } from './sites/index.ts';

/**
 * `verdict-judge doctor`: one line per site of VERDICT_JUDGE_REMOTE, whether the site answers and
 * whether each account (the server's variables, `<SITE>_ACCOUNT_USERNAME_LIST` / `…_PASSWORD_LIST`,
 * when set on this host too) logs in. Never required: a host without the role judges locally.
 */
export function remoteChecks(env: NodeJS.ProcessEnv = process.env): DoctorCheck[] {
  let sites: RemoteOj[];
  try {
    sites = remoteSitesOf(env.VERDICT_JUDGE_REMOTE);
  } catch (error) {
    const summary = (error as Error).message;
    return [{ name: 'remote judge', required: false, run: () => ({ status: 'fail', summary }) }];
  }
  return sites.map((oj) => ({
    name: `remote judge ${oj}`,
    required: false,
    run: () => checkSite(oj, env),
  }));
}

export async function checkSite(oj: RemoteOj, env: NodeJS.ProcessEnv): Promise<CheckOutcome> {
  const site = SITES[oj]!;
  const base = remoteSiteUrl(site.oj, env);
  try {
    await new HttpSession(base).get('/');
  } catch (error) {
    return { status: 'fail', summary: `${base} unreachable: ${(error as Error).message}` };
  }
  const source = REMOTE_ACCOUNT_SOURCES[oj === 'GYM' ? 'CF' : oj]!;
  const names = (env[`${source.env}_ACCOUNT_USERNAME_LIST`] ?? '').split(',').filter(Boolean);
  const passwords = (env[`${source.env}_ACCOUNT_PASSWORD_LIST`] ?? '').split(',');
  if (names.length === 0)
    return { status: 'warn', summary: `${base} reachable; no account set on this host` };
  const lines: string[] = [];
  let failed = 0;
  for (const [i, username] of names.entries()) {
    try {
      await site.open(new HttpSession(base), { username, password: passwords[i] ?? '' }).login();
      lines.push(`  ok  ${username}`);
    } catch (error) {
      failed++;
      lines.push(`  --  ${username}: ${(error as Error).message}`);
    }
  }
  return {
    status: failed ? 'fail' : 'ok',
    summary: `${base} reachable; ${names.length - failed} of ${names.length} accounts log in\n${lines.join('\n')}`,
  };
}
