import {
  SITE_DEPENDENT_SWITCHES,
  SWITCH_DEFAULTS,
  type RemoteAccountListField,
  type SwitchConfigVO,
  type switchConfigBody,
} from '@verdict/shared';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { registerNeedsEmailCode, type MailCheck } from '../../account/registration.ts';
import { readConfig } from '../../home/service.ts';
import { accountListsForSwitch } from '../../remote-judge/accounts.ts';

export type SwitchConfigInput = z.output<typeof switchConfigBody>;

/**
 * reference §3.12 `switch/info`, §7.14: every switch and limit Verdict uses, a stored value where
 * it is valid and HOJ's default otherwise (rows seeded before a switch existed lack it). Read from
 * the database on every call: the row is the only copy, so each server process sees a change on
 * its next request (HOJ re-published to Nacos, which pushed it to every instance).
 */
export async function switchInfo(db: Db): Promise<FixedSwitches> {
  return fixedSwitches(await readConfig<Record<string, unknown>>(db, 'switch'));
}

/** The switches whose defaults are SWITCH_DEFAULTS' (all but SITE_DEPENDENT_SWITCHES). */
export type FixedSwitches = Omit<
  SwitchConfigVO,
  (typeof SITE_DEPENDENT_SWITCHES)[number] | RemoteAccountListField
>;

function fixedSwitches(stored: Record<string, unknown>): FixedSwitches {
  const info: Record<string, unknown> = {};
  for (const [name, fallback] of Object.entries(SWITCH_DEFAULTS)) {
    if ((SITE_DEPENDENT_SWITCHES as readonly string[]).includes(name)) continue;
    const value = stored[name];
    info[name] = (typeof fallback === 'boolean' ? typeof value === 'boolean' : isAmount(value))
      ? value
      : fallback;
  }
  return info as FixedSwitches;
}

/**
 * Every switch, the site-dependent ones as they hold now (registerNeedsEmailCode: the stored value,
 * else whether mail is configured; issue 24 item 7), and the remote-judge account lists without
 * their passwords.
 */
export async function allSwitchInfo(db: Db, mail: MailCheck): Promise<SwitchConfigVO> {
  const [stored, mailConfigured, accounts] = await Promise.all([
    readConfig<Record<string, unknown>>(db, 'switch'),
    mail.isConfigured(),
    accountListsForSwitch(db),
  ]);
  return {
    ...fixedSwitches(stored),
    registerNeedsEmailCode: registerNeedsEmailCode(stored, mailConfigured),
    ...accounts,
  };
}

const isAmount = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/**
 * reference §3.12 `switch/update`: the switches sent replace the stored ones in one statement that
 * merges into the `switch` row, so a concurrent change of another switch is kept. HOJ's remote
 * account lists go to the account pool instead (the route, in the same transaction).
 */
export async function updateSwitches(db: Db, input: SwitchConfigInput): Promise<void> {
  const patch: Record<string, unknown> = {};
  for (const name of Object.keys(SWITCH_DEFAULTS) as (keyof typeof SWITCH_DEFAULTS)[]) {
    if (input[name] != null) patch[name] = input[name];
  }
  if (Object.keys(patch).length === 0) return;
  await db.execute(
    sql`update system_config set value = value || ${JSON.stringify(patch)}::jsonb, gmt_modified = now() where name = 'switch'`,
  );
}
