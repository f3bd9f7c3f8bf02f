import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { PROBLEM_TYPE, ioScoreOf, type ProblemDto } from '@verdict/shared';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import {
  codeTemplate,
  language,
  problem,
  problemCase,
  problemLanguage,
  problemTag,
  tag,
} from '../../../db/schema/index.ts';
import type { AuthUser } from '../../../http/auth/access.ts';
import { fail, notFound } from '../../../http/errors.ts';
import { problemMessages } from '../../../http/messages.ts';
import type { TestCaseStaging } from '../../file/staging.ts';
import { tagNamespace } from '../query.ts';
import { assertCan } from '../../../policy/index.ts';
import type { GroupFacts } from '../../../policy/resources.ts';
import { caseFingerprint, planCases, type NewCase } from './cases.ts';
import { judgingSettings, normaliseProblemId } from './fields.ts';
import { isUniqueViolation } from '../../admin/unique.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface SaveContext {
  db: Db;
  staging: TestCaseStaging;
  now: Date;
}

/**
 * The group a problem is saved in (reference §7.12): its problem id carries the group's short name,
 * its new tags belong to the group, and its `auth` is the group's business (1 its members, 2 its
 * admins, 3 its contests), so the site's publish rule does not apply. Absent: the public bank.
 */
export interface GroupPlace {
  gid: number;
  shortName: string;
}

/** `given` (or `P<id>` when none) in the group's namespace `<SHORTNAME><given>` (reference §7.12). */
export function groupProblemId(place: GroupPlace, given: string | undefined, id: number): string {
  const prefix = place.shortName.toUpperCase();
  const rest = given ?? `P${id}`;
  return rest.startsWith(prefix) ? rest : `${prefix}${rest}`;
}

/** Languages, tags and templates of a save, checked before the transaction. */
async function related(db: Db, dto: ProblemDto) {
  const languageIds = [...new Set(dto.languages.map((l) => l.id))];
  if (languageIds.length === 0) throw fail(problemMessages.languagesRequired);
  const languages = await db
    .select({ id: language.id, name: language.name })
    .from(language)
    .where(inArray(language.id, languageIds));
  if (languages.length !== languageIds.length) throw fail(problemMessages.languageNotFound);

  const templates = new Map<number, { code: string; status: boolean }>();
  const templateLanguages = new Map(
    (
      await db
        .select({ id: language.id, name: language.name })
        .from(language)
        .where(inArray(language.id, [0, ...dto.codeTemplates.map((t) => t.lid)]))
    ).map((l) => [l.id, l.name]),
  );
  for (const t of dto.codeTemplates) {
    const name = templateLanguages.get(t.lid);
    if (!name) throw fail(problemMessages.languageNotFound);
    if (t.status && t.code.trim() === '') throw fail(problemMessages.templateEmpty(name));
    templates.set(t.lid, { code: t.code, status: t.status });
  }
  return { languageIds, templates };
}

/**
 * Tag ids for the save: existing tags by id (the site's, or in a group the group's and the site's),
 * others found or created by (name, oj) among the site's or the group's tags (reference §3.12, §7.12).
 */
async function tagIds(tx: Tx, dto: ProblemDto, namespace: string, gid: number | null): Promise<number[]> {
  const ids = new Set<number>();
  const own = gid === null ? isNull(tag.gid) : eq(tag.gid, gid);
  for (const t of dto.tags) {
    if (t.id) {
      const [row] = await tx
        .select({ id: tag.id })
        .from(tag)
        .where(and(eq(tag.id, t.id), gid === null ? own : or(own, isNull(tag.gid))));
      if (!row) throw fail(problemMessages.tagNotFound);
      ids.add(row.id);
      continue;
    }
    const oj = (t.oj ?? namespace).toUpperCase();
    const [created] = await tx
      .insert(tag)
      .values({ name: t.name, oj, color: t.color ?? null, gid })
      .onConflictDoNothing()
      .returning({ id: tag.id });
    const id =
      created?.id ??
      (
        await tx
          .select({ id: tag.id })
          .from(tag)
          .where(and(eq(tag.name, t.name), eq(tag.oj, oj), own))
      )[0]?.id;
    if (!id) throw fail(problemMessages.tagNotFound);
    ids.add(id);
  }
  return [...ids];
}

async function writeRelations(
  tx: Tx,
  pid: number,
  dto: ProblemDto,
  namespace: string,
  rel: Awaited<ReturnType<typeof related>>,
  gid: number | null,
) {
  await tx.delete(problemLanguage).where(eq(problemLanguage.pid, pid));
  await tx.insert(problemLanguage).values(rel.languageIds.map((lid) => ({ pid, lid })));
  const tags = await tagIds(tx, dto, namespace, gid);
  await tx.delete(problemTag).where(eq(problemTag.pid, pid));
  if (tags.length > 0) await tx.insert(problemTag).values(tags.map((tid) => ({ pid, tid })));
  await tx.delete(codeTemplate).where(eq(codeTemplate.pid, pid));
  if (rel.templates.size > 0) {
    await tx
      .insert(codeTemplate)
      .values([...rel.templates].map(([lid, t]) => ({ pid, lid, code: t.code, status: t.status })));
  }
}

/** The statement and judging columns of a save (everything but ids, ownership and versions). */
function problemColumns(dto: ProblemDto, judging: ReturnType<typeof judgingSettings>, cases: NewCase[]) {
  const p = dto.problem;
  return {
    title: p.title,
    type: p.type,
    timeLimit: p.timeLimit,
    memoryLimit: p.memoryLimit,
    stackLimit: p.stackLimit,
    description: p.description ?? null,
    input: p.input ?? null,
    output: p.output ?? null,
    examples: p.examples ?? null,
    source: p.source ?? null,
    hint: p.hint ?? null,
    difficulty: p.difficulty,
    auth: p.auth,
    codeShare: p.codeShare,
    isRemoveEndBlank: p.isRemoveEndBlank,
    openCaseResult: p.openCaseResult,
    isUploadCase: dto.isUploadTestCase,
    ...judging,
    // reference §8.2 last bullet: OI totals follow the case scores
    ...(p.type === PROBLEM_TYPE.oi ? { ioScore: ioScoreOf(cases, judging.judgeCaseMode) } : {}),
  };
}

/** A case_version (epoch ms) different from the previous one even within the same millisecond. */
function nextCaseVersion(now: Date, previous?: string): string {
  const ms = now.getTime();
  const last = Number(previous);
  return String(Number.isFinite(last) && last >= ms ? last + 1 : ms);
}

/**
 * reference §3.12 `POST /api/admin/problem`: a new problem with its test cases, languages, tags and
 * templates, in one transaction; the author is the caller. A problem id left empty becomes
 * `P<id>`. Uploaded files move into the test-data store first, so no row ever names a missing file.
 */
export async function createProblem(
  ctx: SaveContext,
  user: AuthUser,
  dto: ProblemDto,
  options: {
    /** more writes in the same transaction, e.g. the problem's place in a contest (admin/contest) */
    within?: (tx: Tx, created: { pid: number; problemId: string }) => Promise<void>;
    /** the group the problem belongs to (group/problems.ts, which checks the caller's level) */
    group?: GroupPlace;
    /** an existing user named as the author (an imported problem's, reference §11.1); the caller by default */
    author?: string;
    /** a remote judge's problem (reference §10.3, remote-import/): no test data, tags in the site's namespace */
    remote?: boolean;
  } = {},
) {
  const { within, group } = options;
  const given = normaliseProblemId(dto.problem.problemId);
  const problemId = given && group ? groupProblemId(group, given, 0) : given;
  if (!group) assertCan(user, 'problem.publish', { auth: dto.problem.auth });
  const judging = judgingSettings(dto);
  // a remote problem has no test data: its site judges it (reference §10.3)
  const plan = options.remote
    ? { rows: [], staged: undefined }
    : await planCases(ctx.staging, {
        samples: dto.samples,
        upload: dto.isUploadTestCase,
        uploadDir: dto.uploadTestcaseDir,
        type: dto.problem.type,
        caseMode: judging.judgeCaseMode,
        existing: [],
      });
  const rel = await related(ctx.db, dto);
  if (problemId && (await problemIdTaken(ctx.db, problemId))) throw fail(problemMessages.problemIdTaken);
  if (plan.staged) await ctx.staging.commit(plan.staged.id, plan.staged.files);
  try {
    const created = await ctx.db.transaction(async (tx) => {
      const [{ id } = { id: 0 }] = await queryRows<{ id: number }>(
        tx,
        sql`select nextval(pg_get_serial_sequence('problem', 'id'))::int as id`,
      );
      const finalId = group ? groupProblemId(group, given, id) : (problemId ?? `P${id}`);
      await tx.insert(problem).values({
        id,
        problemId: finalId,
        isGroup: !!group,
        gid: group?.gid ?? null,
        author: options.author ?? user.username,
        modifiedUser: user.username,
        isRemote: options.remote ?? false,
        caseVersion: nextCaseVersion(ctx.now),
        gmtCreate: ctx.now,
        gmtModified: ctx.now,
        ...problemColumns(dto, judging, plan.rows),
      });
      if (plan.rows.length > 0)
        await tx.insert(problemCase).values(plan.rows.map((row) => ({ ...row, pid: id })));
      await writeRelations(
        tx,
        id,
        dto,
        tagNamespace(finalId, options.remote ?? false),
        rel,
        group?.gid ?? null,
      );
      await within?.(tx, { pid: id, problemId: finalId });
      return { pid: id, problemId: finalId };
    });
    if (plan.staged) await ctx.staging.discard(plan.staged.id);
    return created;
  } catch (error) {
    if (isUniqueViolation(error)) throw fail(problemMessages.problemIdTaken);
    throw error;
  }
}

async function problemIdTaken(db: Db | Tx, problemId: string, exceptPid?: number) {
  const [row] = await db
    .select({ id: problem.id })
    .from(problem)
    .where(and(eq(problem.problemId, problemId), exceptPid ? ne(problem.id, exceptPid) : undefined));
  return !!row;
}

/**
 * reference §3.12 `PUT /api/admin/problem` (root, problem_admin or the author): the problem and its
 * relations are rewritten in one transaction. Case rows are replaced only when the test data
 * changed; case_version moves whenever the test data, the case mode, the judge mode or the checker
 * changed (reference §8.2) — found by comparison, not trusted from the client's flags.
 */
export async function updateProblem(
  ctx: SaveContext,
  user: AuthUser,
  dto: ProblemDto,
  /** a group's problem, edited inside its group (group/problems.ts); the site's editors never reach one */
  group?: GroupPlace & { facts: GroupFacts },
) {
  const pid = dto.problem.id;
  if (!pid) throw fail(problemMessages.problemIdMissing);
  const [current] = await ctx.db.select().from(problem).where(eq(problem.id, pid));
  if (current && current.isGroup !== !!group) throw notFound(problemMessages.problemNotFound);
  if (current && group && current.gid !== group.gid) throw notFound(problemMessages.problemNotFound);
  assertCan(user, 'problem.edit', current && { ...current, group: group?.facts });
  if (!group) assertCan(user, 'problem.publish', { auth: dto.problem.auth, previous: current!.auth });
  const given = normaliseProblemId(dto.problem.problemId);
  const problemId = (group && given ? groupProblemId(group, given, pid) : given) ?? current!.problemId;
  const judging = judgingSettings(dto);
  const existing = await ctx.db
    .select()
    .from(problemCase)
    .where(eq(problemCase.pid, pid))
    .orderBy(asc(problemCase.id));
  const plan = await planCases(ctx.staging, {
    samples: dto.samples,
    upload: dto.isUploadTestCase,
    uploadDir: dto.uploadTestcaseDir,
    type: dto.problem.type,
    caseMode: judging.judgeCaseMode,
    existing,
  });
  const rel = await related(ctx.db, dto);
  if (await problemIdTaken(ctx.db, problemId, pid)) throw fail(problemMessages.problemIdTaken);
  if (plan.staged) await ctx.staging.commit(plan.staged.id, plan.staged.files);
  try {
    await ctx.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(problem).where(eq(problem.id, pid)).for('update');
      if (!locked) throw fail(problemMessages.problemNotFound);
      const before = caseFingerprint(existing, {
        judgeMode: locked.judgeMode,
        judgeCaseMode: locked.judgeCaseMode,
        spjCode: locked.spjCode,
        spjLanguage: locked.spjLanguage,
        judgeExtraFile: locked.judgeExtraFile ?? null,
      });
      const after = caseFingerprint(plan.rows, judging);
      const casesChanged =
        caseFingerprint(existing, judging) !== caseFingerprint(plan.rows, judging) ||
        existing.some((row) => row.status !== 0);
      await tx
        .update(problem)
        .set({
          problemId,
          modifiedUser: user.username,
          ...problemColumns(dto, judging, plan.rows),
          ...(before !== after ? { caseVersion: nextCaseVersion(ctx.now, locked.caseVersion) } : {}),
          gmtModified: ctx.now,
        })
        .where(eq(problem.id, pid));
      if (casesChanged) {
        await tx.delete(problemCase).where(eq(problemCase.pid, pid));
        await tx.insert(problemCase).values(plan.rows.map((row) => ({ ...row, pid })));
      }
      await writeRelations(tx, pid, dto, tagNamespace(problemId, current!.isRemote), rel, current!.gid);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fail(problemMessages.problemIdTaken);
    throw error;
  }
  if (plan.staged) await ctx.staging.discard(plan.staged.id);
}
