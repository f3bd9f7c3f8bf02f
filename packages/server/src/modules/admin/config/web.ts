import type { WebConfigVO, webConfigBody } from '@verdict/shared';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { readWebConfig } from '../../home/service.ts';

export type WebConfigInput = z.output<typeof webConfigBody>;

/** `get-web-config` (reference §3.12), with Verdict's footer fields. */
export async function getWebConfig(db: Db): Promise<WebConfigVO> {
  const web = await readWebConfig(db);
  // named one by one: the stored row may also hold HOJ's e-mail fields, the SMTP password among them
  return {
    baseUrl: web.baseUrl,
    name: web.name,
    shortName: web.shortName,
    description: web.description,
    register: web.register,
    recordName: web.recordName,
    recordUrl: web.recordUrl,
    projectName: web.projectName,
    projectUrl: web.projectUrl,
    contactPhone: web.contactPhone,
    address: web.address,
    qrCodes: web.qrCodes,
  };
}

/** Fields that cannot be empty: '' keeps the stored value, as HOJ does for every field. */
const REQUIRED = new Set<keyof WebConfigInput>(['baseUrl', 'name', 'shortName']);

/**
 * `set-web-config` (reference §3.12): the fields sent replace the stored ones, in one statement
 * that merges into the `web` row, so the e-mail fields kept there and a concurrent change of
 * another field are left alone.
 */
export async function setWebConfig(db: Db, input: WebConfigInput): Promise<void> {
  const patch: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(input) as [keyof WebConfigInput, unknown][]) {
    if (value === undefined || value === null) continue;
    if (value === '' && REQUIRED.has(field)) continue;
    patch[field] = value;
  }
  if (Object.keys(patch).length === 0) return;
  await db.execute(
    sql`update system_config set value = value || ${JSON.stringify(patch)}::jsonb where name = 'web'`,
  );
}
