import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { bigintId, bigintPk, timestamps } from './columns.ts';
import { group } from './groups.ts';
import { language } from './languages.ts';
import { userInfo } from './users.ts';

/** File name → content, copied into the sandbox next to the source (ref §8.13). */
export type ExtraFiles = Record<string, string>;

/** ref §4.2 problem. Ids start at 1000 like HOJ; `problem_id` is the display id (e.g. P1000, HDU-1000). */
export const problem = pgTable(
  'problem',
  {
    id: bigintPk('id', 1000),
    /** upper-cased on save; unique because trainings and discussions reference it (ON UPDATE CASCADE) */
    problemId: varchar('problem_id', { length: 255 }).notNull().unique(),
    title: varchar('title', { length: 255 }).notNull(),
    /** author's username. HOJ: NO ACTION, so a user who authored problems cannot be deleted silently. */
    author: varchar('author', { length: 255 }).references(() => userInfo.username, { onUpdate: 'cascade' }),
    /** 0 ACM, 1 OI */
    type: integer('type').notNull().default(0),
    /** 'default' | 'spj' | 'interactive' */
    judgeMode: varchar('judge_mode', { length: 255 }).notNull().default('default'),
    /** 'default' | 'subtask_lowest' | 'subtask_average' | 'ergodic_without_error' (ref §8.10) */
    judgeCaseMode: varchar('judge_case_mode', { length: 255 }).notNull().default('default'),
    /** ms */
    timeLimit: integer('time_limit').notNull().default(1000),
    /** MB. HOJ's default 65535 was meant as KB while all code reads MB; 256 MB is the spec's default. */
    memoryLimit: integer('memory_limit').notNull().default(256),
    /** MB */
    stackLimit: integer('stack_limit').notNull().default(128),
    description: text('description'),
    input: text('input'),
    output: text('output'),
    /** samples as repeated `<input>…</input><output>…</output>` */
    examples: text('examples'),
    isRemote: boolean('is_remote').notNull().default(false),
    source: text('source'),
    /** 0–5 */
    difficulty: integer('difficulty').notNull().default(0),
    hint: text('hint'),
    /** 1 public, 2 hidden, 3 contest-only (ref §7.7) */
    auth: integer('auth').notNull().default(1),
    /** OI total score, recomputed from the case scores on save (ref §8.2) */
    ioScore: integer('io_score').notNull().default(100),
    codeShare: boolean('code_share').notNull().default(true),
    /** checker or interactor source and its language ('C' or 'C++') */
    spjCode: text('spj_code'),
    spjLanguage: varchar('spj_language', { length: 255 }),
    userExtraFile: jsonb('user_extra_file').$type<ExtraFiles>(),
    judgeExtraFile: jsonb('judge_extra_file').$type<ExtraFiles>(),
    isRemoveEndBlank: boolean('is_remove_end_blank').notNull().default(true),
    openCaseResult: boolean('open_case_result').notNull().default(true),
    isUploadCase: boolean('is_upload_case').notNull().default(true),
    /** epoch-ms string, bumped whenever test data, case mode or checker change (ref §8.2) */
    caseVersion: varchar('case_version', { length: 40 }).notNull().default('0'),
    /** last editor's username */
    modifiedUser: varchar('modified_user', { length: 255 }),
    isGroup: boolean('is_group').notNull().default(false),
    gid: bigintId('gid').references(() => group.id, { onDelete: 'cascade' }),
    /** null not applied, 1 applying, 2 approved, 3 refused (ref §7.12) */
    applyPublicProgress: integer('apply_public_progress'),
    isFileIo: boolean('is_file_io').notNull().default(false),
    ioReadFileName: varchar('io_read_file_name', { length: 255 }),
    ioWriteFileName: varchar('io_write_file_name', { length: 255 }),
    /**
     * Lower-cased problem id and title, kept by the database, for the keyword search of the problem
     * list (ref §3.3): a plain LIKE on it instead of an ILIKE that lower-cases every row per search.
     */
    searchKey: text('search_key').generatedAlwaysAs(sql`lower(problem_id || ' ' || title)`),
    ...timestamps,
  },
  (t) => [
    // public list and random pick filter on auth = 1, is_group = false, then difficulty (ref §7.7)
    index().on(t.auth, t.isGroup, t.difficulty),
    index().on(t.gid),
    index().on(t.author),
    index().on(t.gmtModified),
    // the public list's order: length(problem_id), problem_id (ref §3.3); with the id, a page of ids is
    // read from the index alone, and so are the difficulty, judge (remote) and keyword filters, whose
    // columns follow (trailing key columns: Drizzle has no INCLUDE)
    index('problem_public_list_idx')
      .on(sql`length(${t.problemId})`, t.problemId, t.id, t.difficulty, t.isRemote, t.searchKey)
      .where(sql`auth = 1 and is_group = false`),
    // the submission list's problemID substring (ILIKE '%…%', reference §3.4) without reading every
    // problem: pg_trgm's trigrams are case-folded, so the index serves ILIKE (pg_trgm: migration 0016)
    index('problem_problem_id_trgm_idx').using('gin', sql`${t.problemId} gin_trgm_ops`),
  ],
);

/**
 * How many problems there are of each kind (auth, group or not, remote or not, difficulty), kept
 * by statement-level triggers on `problem` (migration 0006_problem_counter_triggers) whoever writes
 * it, like the judge counters (submissions.ts). The problem list's total, unless it searches by
 * keyword, tag or remote judge, is then a sum of a few rows instead of a count over the bank.
 */
export const problemKindCount = pgTable(
  'problem_kind_count',
  {
    auth: integer('auth').notNull(),
    isGroup: boolean('is_group').notNull(),
    isRemote: boolean('is_remote').notNull(),
    difficulty: integer('difficulty').notNull(),
    n: bigintId('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.auth, t.isGroup, t.isRemote, t.difficulty] })],
);

/**
 * ref §4.2 problem_case. `input` / `output` hold the content of typed cases, or just the file names of
 * uploaded ones.
 */
export const problemCase = pgTable(
  'problem_case',
  {
    id: bigintPk(),
    pid: bigintId('pid')
      .notNull()
      .references(() => problem.id, { onDelete: 'cascade' }),
    input: text('input'),
    output: text('output'),
    score: integer('score'),
    /** 0 usable */
    status: integer('status').notNull().default(0),
    /** subtask group */
    groupNum: integer('group_num').notNull().default(1),
    /**
     * Uploaded cases: the files' content hashes in the test-data store (`DATA_DIR/testdata`), which is
     * what judge workers fetch by. Null for typed cases, whose text is in input / output.
     */
    inputSha256: varchar('input_sha256', { length: 64 }),
    inputSize: bigintId('input_size'),
    outputSha256: varchar('output_sha256', { length: 64 }),
    outputSize: bigintId('output_size'),
    ...timestamps,
  },
  (t) => [index().on(t.pid)],
);

/** ref §4.2 languages enabled for a problem. */
export const problemLanguage = pgTable(
  'problem_language',
  {
    id: bigintPk(),
    pid: bigintId('pid')
      .notNull()
      .references(() => problem.id, { onDelete: 'cascade' }),
    lid: bigintId('lid')
      .notNull()
      .references(() => language.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [unique('problem_language_pid_lid_unique').on(t.pid, t.lid), index().on(t.lid)],
);

/** ref §4.2 per-problem code template; only status = true templates are returned. */
export const codeTemplate = pgTable(
  'code_template',
  {
    id: bigintPk(),
    pid: bigintId('pid')
      .notNull()
      .references(() => problem.id, { onDelete: 'cascade' }),
    lid: bigintId('lid')
      .notNull()
      .references(() => language.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    status: boolean('status').notNull().default(false),
    ...timestamps,
  },
  (t) => [index().on(t.pid), index().on(t.lid)],
);

/** ref §4.2 tag_classification; smaller rank first. */
export const tagClassification = pgTable('tag_classification', {
  id: bigintPk(),
  name: varchar('name', { length: 255 }).notNull(),
  oj: varchar('oj', { length: 255 }).notNull(),
  rank: integer('rank'),
  ...timestamps,
});

/**
 * ref §4.2 tag, unique per (name, oj, gid). NULLS NOT DISTINCT so that public tags (gid null) are unique
 * too; in HOJ's MySQL key two public tags with the same name and OJ could coexist.
 */
export const tag = pgTable(
  'tag',
  {
    id: bigintPk(),
    name: varchar('name', { length: 255 }).notNull(),
    color: varchar('color', { length: 10 }),
    oj: varchar('oj', { length: 255 }).notNull().default('ME'),
    gid: bigintId('gid').references(() => group.id, { onDelete: 'cascade' }),
    tcid: bigintId('tcid').references(() => tagClassification.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [unique('tag_name_oj_gid_unique').on(t.name, t.oj, t.gid).nullsNotDistinct(), index().on(t.tcid)],
);

/** ref §4.2 problem ↔ tag. */
export const problemTag = pgTable(
  'problem_tag',
  {
    id: bigintPk(),
    pid: bigintId('pid')
      .notNull()
      .references(() => problem.id, { onDelete: 'cascade' }),
    tid: bigintId('tid')
      .notNull()
      .references(() => tag.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [unique('problem_tag_pid_tid_unique').on(t.pid, t.tid), index().on(t.tid)],
);
