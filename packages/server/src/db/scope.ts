import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { EditorScope } from '@verdict/shared';

/** A problem, training or contest table: each row is the site's or one group's. */
interface ScopedTable {
  isGroup: PgColumn;
  gid: PgColumn;
}

/** The rows of `table` that belong to `scope`: the site's (not a group's), or the group's. */
export function inScope(table: ScopedTable, scope: EditorScope): SQL {
  return scope.kind === 'site' ? eq(table.isGroup, false) : eq(table.gid, scope.gid);
}

/** Whether one row (problem, training or contest) is the scope's: the site's (no group) or the group's. */
export function rowInScope(row: { isGroup: boolean; gid: number | null }, scope: EditorScope): boolean {
  return scope.kind === 'site' ? !row.isGroup && row.gid === null : row.gid === scope.gid;
}
