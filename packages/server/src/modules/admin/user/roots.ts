import { ROLES } from '@verdict/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { userRole } from '../../../db/schema/index.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** How many users hold the root role: the site must keep at least one. */
export async function countRoots(db: Db | Tx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${userRole.uid})::int` })
    .from(userRole)
    .where(eq(userRole.roleId, ROLES.root.id));
  return row?.n ?? 0;
}
