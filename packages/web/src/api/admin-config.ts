import type { WebConfigVO } from '@verdict/shared';
import { apiGet, apiPost, apiPut } from './http';

/**
 * The admin site settings (reference §3.12 `/api/admin/config/*`, spec part 2 §2.7 "conf"), with the
 * shapes packages/server/src/modules/admin/config answers.
 */

/** `get-email-config`: the password is never sent back, only whether one is stored. */
export interface EmailConfig {
  emailHost: string;
  emailPort: number;
  emailSsl: boolean;
  emailUsername: string;
  emailPassword: string;
  emailPasswordSet: boolean;
  emailSender: string;
  emailBGImg: string;
  emailBlacklist: string[];
}

export type WebConfig = WebConfigVO;

export const getWebConfig = () => apiGet<WebConfig>('/api/admin/config/get-web-config');
export const setWebConfig = (config: WebConfig) => apiPut<null>('/api/admin/config/set-web-config', config);
export const getEmailConfig = () => apiGet<EmailConfig>('/api/admin/config/get-email-config');
/** An empty password keeps the stored one (server: set-email-config). */
export const setEmailConfig = (config: Omit<EmailConfig, 'emailPasswordSet'>) =>
  apiPut<null>('/api/admin/config/set-email-config', config);
export const sendTestEmail = (email: string) => apiPost<null>('/api/admin/config/test-email', { email });

/** `get-db-info` (Verdict): the database in use, read-only. */
export interface DbInfo {
  kind: 'embedded' | 'server';
  version: string;
  sizeBytes: number;
}

export const getDbInfo = () => apiGet<DbInfo>('/api/admin/config/get-db-info');
