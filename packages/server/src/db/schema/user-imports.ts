import { integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { userInfo } from './users.ts';

/**
 * Verdict (issue 10, migration 0013): how far an admin's `insert-batch-user` has got, under an id the
 * client chose, so its screen can poll `import-progress` while the request runs. Written outside the
 * import's own transaction (that one writes the users, all or nothing); removed with its admin or
 * by the `user-import-progress` job a day later.
 */
export const userImportProgress = pgTable('user_import_progress', {
  id: varchar('id', { length: 64 }).primaryKey(),
  uid: text('uid')
    .notNull()
    .references(() => userInfo.uuid, { onDelete: 'cascade' }),
  /** 'checking' | 'hashing' | 'writing' | 'done' | 'failed' */
  state: varchar('state', { length: 16 }).notNull(),
  total: integer('total').notNull(),
  done: integer('done').notNull().default(0),
  updatedAt: timestamptz('updated_at').notNull(),
});
