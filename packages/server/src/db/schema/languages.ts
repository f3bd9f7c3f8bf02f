import { boolean, integer, pgTable, text, unique, varchar } from 'drizzle-orm/pg-core';
import { bigintPk, timestamps } from './columns.ts';

/**
 * ref §4.2 language: what users pick. `name` is the key used everywhere (judge rows, the judge worker's
 * language table), so it is unique within an OJ.
 */
export const language = pgTable(
  'language',
  {
    id: bigintPk(),
    /** CodeMirror mode, e.g. 'text/x-c++src' */
    contentType: varchar('content_type', { length: 255 }),
    description: varchar('description', { length: 255 }),
    name: varchar('name', { length: 255 }).notNull(),
    /** shown to users only; the judge uses its own commands (ref §8.4) */
    compileCommand: text('compile_command'),
    /** A+B sample program */
    template: text('template'),
    /** PREPEND / TEMPLATE / APPEND skeleton */
    codeTemplate: text('code_template'),
    /** usable as the language of a checker or interactor */
    isSpj: boolean('is_spj').notNull().default(false),
    /** 'ME' for local judging, else HDU / CF / POJ / SPOJ / AC / LIBRE */
    oj: varchar('oj', { length: 255 }).notNull().default('ME'),
    /** sort key, descending */
    seq: integer('seq').notNull().default(0),
    ...timestamps,
  },
  (t) => [unique('language_oj_name_unique').on(t.oj, t.name)],
);
