import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { PROBLEM_AUTH, PROBLEM_PAGE } from '@verdict/shared';
import type { Db } from '../../db/client.ts';
import {
  codeTemplate,
  judge,
  language,
  problem,
  problemLanguage,
  problemTag,
  tag,
} from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/auth/access.ts';
import { fail, notFound } from '../../http/errors.ts';
import { problemMessages } from '../../http/messages.ts';
import { assertCan } from '../../policy/index.ts';
import { withGroupFacts } from '../group/access.ts';
import { countsFromJson, userProblemStatuses } from './counts.ts';
import { problemJson } from './json.ts';
import { countedProblems } from './query.ts';

export async function findProblemByDisplayId(db: Db, problemId: string) {
  // problem ids are upper-cased on save (reference §4.2); HOJ's MySQL compared them case-insensitively
  const [row] = await db.select().from(problem).where(eq(problem.problemId, problemId.toUpperCase()));
  return row;
}

export async function findProblem(db: Db, pid: number) {
  const [row] = await db.select().from(problem).where(eq(problem.id, pid));
  return row;
}

/** A problem named by numeric id that the caller may see (reference §7.7), or a refusal. */
export async function viewableProblem(db: Db, user: AuthUser | null, pid: number) {
  const row = await findProblem(db, pid);
  assertCan(user, 'problem.view', await withGroupFacts(db, user, row));
  return row!;
}

export async function languagesOfProblem(db: Db, pid: number) {
  return db
    .select({
      id: language.id,
      contentType: language.contentType,
      description: language.description,
      name: language.name,
      compileCommand: language.compileCommand,
      template: language.template,
      codeTemplate: language.codeTemplate,
      isSpj: language.isSpj,
      oj: language.oj,
      seq: language.seq,
      gmtCreate: language.gmtCreate,
      gmtModified: language.gmtModified,
    })
    .from(problemLanguage)
    .innerJoin(language, eq(language.id, problemLanguage.lid))
    .where(eq(problemLanguage.pid, pid))
    .orderBy(desc(language.seq), asc(language.id));
}

/** reference §3.2: only enabled (status = true) templates. */
export async function templatesOfProblem(db: Db, pid: number) {
  return db
    .select({
      id: codeTemplate.id,
      pid: codeTemplate.pid,
      lid: codeTemplate.lid,
      code: codeTemplate.code,
      status: codeTemplate.status,
      gmtCreate: codeTemplate.gmtCreate,
      gmtModified: codeTemplate.gmtModified,
      languageName: language.name,
    })
    .from(codeTemplate)
    .innerJoin(language, eq(language.id, codeTemplate.lid))
    .where(and(eq(codeTemplate.pid, pid), eq(codeTemplate.status, true)))
    .orderBy(asc(codeTemplate.id));
}

export async function tagsOfProblem(db: Db, pid: number) {
  return db
    .select({
      id: tag.id,
      name: tag.name,
      color: tag.color,
      oj: tag.oj,
      gid: tag.gid,
      tcid: tag.tcid,
      gmtCreate: tag.gmtCreate,
      gmtModified: tag.gmtModified,
    })
    .from(problemTag)
    .innerJoin(tag, eq(tag.id, problemTag.tid))
    .where(eq(problemTag.pid, pid))
    .orderBy(asc(tag.id));
}

/**
 * A problem with the relations of ProblemInfoVO (reference §3.3) as JSON, in one statement: tags,
 * language names, templates (language name → code) and the public counters.
 */
export async function problemInfoRow(db: Db, where: SQL) {
  const [row] = await db
    .select({
      problem,
      tags: sql<InfoTag[]>`coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name,
        'color', t.color, 'oj', t.oj, 'gid', t.gid, 'tcid', t.tcid, 'gmtCreate', t.gmt_create,
        'gmtModified', t.gmt_modified) order by t.id)
        from problem_tag pt join tag t on t.id = pt.tid where pt.pid = problem.id), '[]'::json)`,
      languages: sql<string[]>`coalesce((select json_agg(l.name order by l.seq desc, l.id)
        from problem_language pl join language l on l.id = pl.lid where pl.pid = problem.id), '[]'::json)`,
      codeTemplate: sql<
        Record<string, string>
      >`coalesce((select json_object_agg(l.name, ct.code order by ct.id)
        from code_template ct join language l on l.id = ct.lid where ct.pid = problem.id and ct.status),
        '{}'::json)`,
      counts: sql<Record<string, number>>`coalesce((select json_object_agg(c.status, c.n)
        from judge_problem_count c where c.pid = problem.id), '{}'::json)`,
    })
    .from(problem)
    .where(where);
  return row;
}

/** A tag as problemInfoRow's JSON holds it (dates as PostgreSQL writes them in JSON). */
interface InfoTag {
  id: number | string;
  name: string;
  color: string | null;
  oj: string;
  gid: number | string | null;
  tcid: number | null;
  gmtCreate: string;
  gmtModified: string;
}

/** The tags of problemInfoRow with their ids as numbers. */
export function tagsJson(tags: InfoTag[]) {
  return tags.map((t) => ({ ...t, id: Number(t.id), gid: t.gid === null ? null : Number(t.gid) }));
}

/**
 * reference §3.3 `GET /api/get-problem-detail` (ProblemInfoVO): the problem without its checker and
 * judge-side files, its tags, the names of its languages, its counts (§7.8) and its templates as
 * language name → code; plus `myStatus` (spec part 1 §3, -10 when never submitted). One statement
 * gathers it all (the relations as JSON), the caller's status a second one.
 */
export async function problemDetail(db: Db, user: AuthUser | null, problemId: string, gid?: number) {
  const row = await problemInfoRow(db, eq(problem.problemId, problemId.toUpperCase()));
  if (!row) throw notFound(problemMessages.problemNotFound);
  // a group's problem opened inside its group (reference §3.3 `gid`): another group's is not there
  if (gid !== undefined && row.problem.gid !== gid) throw notFound(problemMessages.problemNotFound);
  assertCan(user, 'problem.view', await withGroupFacts(db, user, row.problem));
  if (row.problem.isGroup && row.problem.gid !== null) {
    // its counts and the caller's status come from the group's submissions (the counters hold the public ones)
    const counts = await groupProblemCounts(db, row.problem.id, row.problem.gid);
    return problemInfoAnswer(db, user, { ...row, counts }, row.problem.gid);
  }
  return problemInfoAnswer(db, user, row);
}

/** A group problem's submissions inside its group by status, as problemInfoRow's `counts`. */
async function groupProblemCounts(db: Db, pid: number, gid: number) {
  const rows = await db
    .select({ status: judge.status, n: count() })
    .from(judge)
    .where(and(eq(judge.pid, pid), eq(judge.cid, 0), eq(judge.gid, gid)))
    .groupBy(judge.status);
  return Object.fromEntries(rows.map((r) => [String(r.status), r.n]));
}

/** ProblemInfoVO (reference §3.3) of a row of problemInfoRow, with the caller's status. */
export async function problemInfoAnswer(
  db: Db,
  user: AuthUser | null,
  row: NonNullable<Awaited<ReturnType<typeof problemInfoRow>>>,
  /** a group problem's group: the caller's status among its submissions there */
  gid?: number,
) {
  const pid = row.problem.id;
  const statuses = user ? await userProblemStatuses(db, user.uid, [pid], { gid }) : new Map<number, number>();
  return {
    problem: problemJson(row.problem, { publicView: true }),
    tags: tagsJson(row.tags),
    languages: row.languages,
    problemCount: countsFromJson(pid, row.counts),
    codeTemplate: row.codeTemplate,
    myStatus: statuses.get(pid) ?? -10,
  };
}

/** reference §3.3 `GET /api/get-random-problem`: a random public, non-group problem. */
export async function randomProblem(db: Db) {
  const where = sql.raw('problem.auth = 1 and problem.is_group = false');
  const n = await countedProblems(db, { auth: PROBLEM_AUTH.public, localOnly: false });
  if (n === 0) throw fail(problemMessages.noPublicProblem);
  const offset = Math.floor(Math.random() * n);
  const [row] = await db
    .select({ problemId: problem.problemId })
    .from(problem)
    .where(where)
    .orderBy(sql`length(${problem.problemId})`, asc(problem.problemId))
    .limit(1)
    .offset(offset);
  if (!row) throw fail(problemMessages.noPublicProblem);
  return { problemId: row.problemId };
}

/** reference §3.2 `GET /api/get-recent-updated-problem`: the 10 newest public, non-group problems. */
export async function recentProblems(db: Db) {
  return db
    .select({
      id: problem.id,
      problemId: problem.problemId,
      title: problem.title,
      type: problem.type,
      gmtCreate: problem.gmtCreate,
      gmtModified: problem.gmtModified,
    })
    .from(problem)
    .where(sql.raw('problem.auth = 1 and problem.is_group = false'))
    .orderBy(desc(problem.gmtCreate), desc(problem.id))
    .limit(PROBLEM_PAGE.recent);
}
