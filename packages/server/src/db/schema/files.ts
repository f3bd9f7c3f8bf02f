import { boolean, index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { bigintId, bigintPk, timestamps } from './columns.ts';
import { group } from './groups.ts';
import { userInfo } from './users.ts';

/**
 * ref §4.7 file: uploaded avatars, carousel images, markdown images… The row survives its uploader or
 * group (SET NULL, as in HOJ); avatars flagged `delete` are removed by the nightly job (ref §7.16).
 */
export const file = pgTable(
  'file',
  {
    id: bigintPk(),
    uid: text('uid').references(() => userInfo.uuid, { onDelete: 'set null' }),
    gid: bigintId('gid').references(() => group.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 255 }).notNull(),
    suffix: varchar('suffix', { length: 255 }).notNull(),
    folderPath: varchar('folder_path', { length: 255 }).notNull(),
    filePath: varchar('file_path', { length: 255 }),
    /** 'avatar' | 'carousel' | 'md' | … */
    type: varchar('type', { length: 255 }),
    delete: boolean('delete').notNull().default(false),
    /** Verdict (migration 0013): the place of a 'carousel' image on the home page, smallest first */
    position: integer('position'),
    ...timestamps,
  },
  (t) => [index().on(t.uid), index().on(t.gid), index().on(t.type)],
);
