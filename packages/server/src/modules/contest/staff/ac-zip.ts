import type { Readable } from 'node:stream';
import { and, between, desc, eq, isNotNull, ne, notInArray } from 'drizzle-orm';
import { JudgeStatus } from '@verdict/shared';
import yazl from 'yazl';
import type { Db } from '../../../db/client.ts';
import { contestProblem, judge } from '../../../db/schema/index.ts';
import type { AuthUser } from '../../../http/auth/access.ts';
import { rootUids } from './ac-info.ts';
import { contestFor } from '../access.ts';
import { languageSuffix, safeSegment, submitStamp } from './file-names.ts';

export interface AcZipOptions {
  cid: number;
  excludeAdmin: boolean;
  splitType: 'user' | 'problem';
}

interface Picked {
  username: string;
  displayId: string;
  score: number | null;
  submitTime: Date;
  submitId: number;
  language: string;
  code: string;
}

/**
 * reference §3.6 `download-contest-ac-submission`: the submissions made between start and end,
 * newest first. ACM: every accepted one. OI: the latest submission with a score per (user, problem).
 * `excludeAdmin` drops the creator's and the roots'.
 */
async function pickSubmissions(
  db: Db,
  c: { id: number; uid: string; type: number; startTime: Date; endTime: Date },
  excludeAdmin: boolean,
) {
  const acm = c.type === 0; // contest.type 0 ACM, 1 OI (reference §4.4)
  const rows = await db
    .select({
      uid: judge.uid,
      username: judge.username,
      pid: judge.pid,
      displayId: contestProblem.displayId,
      score: judge.score,
      submitTime: judge.submitTime,
      submitId: judge.submitId,
      language: judge.language,
      code: judge.code,
    })
    .from(judge)
    .leftJoin(contestProblem, eq(contestProblem.id, judge.cpid))
    .where(
      and(
        eq(judge.cid, c.id),
        acm ? eq(judge.status, JudgeStatus.ACCEPTED) : isNotNull(judge.score),
        between(judge.submitTime, c.startTime, c.endTime),
        excludeAdmin ? ne(judge.uid, c.uid) : undefined,
        excludeAdmin ? notInArray(judge.uid, rootUids(db)) : undefined,
      ),
    )
    .orderBy(desc(judge.submitTime), desc(judge.submitId));
  const seen = new Set<string>();
  const picked: Picked[] = [];
  for (const r of rows) {
    if (!acm) {
      const key = `${r.uid}:${r.pid}`;
      if (seen.has(key)) continue;
      seen.add(key);
    }
    picked.push({
      ...r,
      displayId: r.displayId ?? 'null',
      username: r.username ?? r.uid,
      language: r.language ?? '',
    });
  }
  return { acm, picked };
}

/** The zip of `download-contest-ac-submission` and its name `contest_<cid>_<epoch ms>.zip` (HOJ's). */
export async function acSubmissionZip(
  db: Db,
  user: AuthUser,
  options: AcZipOptions,
  now: Date,
): Promise<{ fileName: string; stream: Readable }> {
  const c = (await contestFor(db, user, options.cid, now, 'contest.staff')).row;
  const { acm, picked } = await pickSubmissions(db, c, options.excludeAdmin);
  const zip = new yazl.ZipFile();
  const byUser = options.splitType === 'user';
  if (!byUser) {
    // HOJ makes a folder for every contest problem, accepted or not
    const problems = await db
      .select({ displayId: contestProblem.displayId })
      .from(contestProblem)
      .where(eq(contestProblem.cid, c.id));
    for (const p of problems) zip.addEmptyDirectory(safeSegment(p.displayId), { mtime: now });
  }
  const used = new Set<string>();
  for (const s of picked) {
    const folder = safeSegment(byUser ? s.username : s.displayId);
    const stem = safeSegment(byUser ? s.displayId : s.username);
    const score = acm ? '' : `_${s.score}`;
    let name = `${folder}/${stem}${score}_(${submitStamp(s.submitTime)})`;
    // two accepted submissions of one problem within a second: keep both
    if (used.has(name)) name += `_${s.submitId}`;
    used.add(name);
    zip.addBuffer(Buffer.from(s.code, 'utf8'), `${name}.${languageSuffix(s.language)}`, {
      mtime: s.submitTime,
    });
  }
  zip.end();
  return {
    fileName: `contest_${c.id}_${now.getTime()}.zip`,
    stream: zip.outputStream as unknown as Readable,
  };
}
