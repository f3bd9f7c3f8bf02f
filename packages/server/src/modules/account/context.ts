import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { AuthService } from '../../http/auth/service.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { SiteInfo } from '../../mail/templates.ts';
import { readConfig, type WebConfig } from '../home/service.ts';

/** What the account services work with. */
export interface AccountContext {
  db: Db;
  clock: Clock;
  auth: AuthService;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** DATA_DIR: avatars go to DATA_DIR/files/avatar */
  dataDir: string;
}

/** The site as the mails name it. */
export async function siteInfo(db: Db): Promise<SiteInfo> {
  const web = await readConfig<WebConfig>(db, 'web');
  return { name: web.name, shortName: web.shortName, baseUrl: web.baseUrl };
}
