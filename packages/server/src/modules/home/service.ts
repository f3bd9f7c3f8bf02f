import { accountOjOf, remoteOjOf, type RegisterMode, type WebConfigVO } from '@verdict/shared';
import { and, asc, desc, eq, gte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { judgeServer, language, problem, systemConfig } from '../../db/schema/index.ts';

/**
 * reference §7.14 WebConfig as stored: the admin's fields of `get-web-config`, the footer fields
 * optional (rows written before they existed lack them), and the SMTP login HOJ keeps beside them.
 */
export type WebConfig = Omit<WebConfigVO, FooterField> &
  Partial<Pick<WebConfigVO, FooterField>> & { emailUsername?: string };
type FooterField = 'contactPhone' | 'address' | 'qrCodes';

/** reference §7.14 SwitchConfig: the parts the public website config exposes. */
export interface SwitchConfig {
  openPublicDiscussion: boolean;
  openGroupDiscussion: boolean;
  openContestComment: boolean;
  [key: string]: unknown;
}

export async function readConfig<T>(db: Db, name: 'web' | 'switch'): Promise<T> {
  const [row] = await db
    .select({ value: systemConfig.value })
    .from(systemConfig)
    .where(eq(systemConfig.name, name));
  if (!row) throw new Error(`system_config '${name}' is missing; the database was not seeded`);
  return row.value as T;
}

/** The stored web config, with the footer fields that a row written before them lacks filled in. */
export async function readWebConfig(db: Db): Promise<WebConfigVO & Pick<WebConfig, 'emailUsername'>> {
  const web = await readConfig<WebConfig>(db, 'web');
  return {
    ...web,
    contactPhone: web.contactPhone ?? '',
    address: web.address ?? '',
    qrCodes: web.qrCodes ?? [],
  };
}

/**
 * reference §3.2 `GET /api/get-website-config`: the web config plus three discussion switches.
 * Verdict adds `registerMode` (issue 24 item 7). Changed: `register` is false also while nobody can
 * register (a mailed code is required and no mail is configured), so that no client offers a form
 * that cannot finish; the admin's switch itself is admin/config/get-web-config's `register`.
 */
export async function websiteConfig(db: Db, mode: RegisterMode) {
  const [web, switches] = await Promise.all([readWebConfig(db), readConfig<SwitchConfig>(db, 'switch')]);
  return {
    baseUrl: web.baseUrl,
    name: web.name,
    shortName: web.shortName,
    register: mode !== 'closed' && mode !== 'needs-mail',
    registerMode: mode,
    recordName: web.recordName,
    recordUrl: web.recordUrl,
    description: web.description,
    email: web.emailUsername ?? '',
    projectName: web.projectName,
    projectUrl: web.projectUrl,
    contactPhone: web.contactPhone,
    address: web.address,
    qrCodes: web.qrCodes,
    openPublicDiscussion: switches.openPublicDiscussion,
    openGroupDiscussion: switches.openGroupDiscussion,
    openContestComment: switches.openContestComment,
  };
}

/**
 * reference §3.2 `GET /api/languages`: every language with `all`, otherwise the local ones (oj ME);
 * sorted by seq desc, then id; with the `pid` of a remote problem, its site's (GYM: Codeforces').
 * Verdict adds `available`: whether a live judge worker offers the language now.
 */
export async function listLanguages(db: Db, options: { all: boolean; pid?: number; now: Date }) {
  const query = db.select().from(language);
  const filtered = options.all ? query : query.where(eq(language.oj, await languageOjOf(db, options.pid)));
  const [languages, offered] = await Promise.all([
    filtered.orderBy(desc(language.seq), asc(language.id)),
    offeredLanguages(db, options.now),
  ]);
  return languages.map((l) => ({ ...l, available: l.oj !== 'ME' || offered.has(l.name) }));
}

/** A worker that has not been heard from for this long is taken for gone. */
export const WORKER_SILENCE_MS = 60_000;

/** Languages offered by judge workers heard from recently. */
export async function offeredLanguages(db: Db, now: Date): Promise<Set<string>> {
  const since = new Date(now.getTime() - WORKER_SILENCE_MS);
  const workers = await db
    .select({ languages: judgeServer.languages })
    .from(judgeServer)
    .where(and(gte(judgeServer.lastHeartbeat, since), eq(judgeServer.status, 0)));
  return new Set(workers.flatMap((w) => w.languages));
}

/** The language namespace of problem `pid`: its remote site's (reference §10.1), else the local one. */
async function languageOjOf(db: Db, pid: number | undefined): Promise<string> {
  if (pid === undefined) return 'ME';
  const [row] = await db
    .select({ problemId: problem.problemId, isRemote: problem.isRemote })
    .from(problem)
    .where(eq(problem.id, pid));
  const oj = row?.isRemote ? remoteOjOf(row.problemId) : undefined;
  return oj ? accountOjOf(oj) : 'ME';
}
