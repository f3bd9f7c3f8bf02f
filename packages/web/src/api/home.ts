import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QrCode } from '@verdict/shared';
import { apiGet } from './http';

/** `GET /api/get-website-config` (reference §3.2). */
export interface WebsiteConfig {
  baseUrl: string | null;
  name: string | null;
  shortName: string | null;
  register: boolean;
  recordName: string | null;
  recordUrl: string | null;
  description: string | null;
  email: string | null;
  projectName: string | null;
  projectUrl: string | null;
  /** Verdict: the footer's contact phone, address and QR images (spec part 1 §1) */
  contactPhone?: string;
  address?: string;
  qrCodes?: QrCode[];
  openPublicDiscussion: boolean;
  openGroupDiscussion: boolean;
  openContestComment: boolean;
}

export function getWebsiteConfig(): Promise<WebsiteConfig> {
  return apiGet<WebsiteConfig>('/api/get-website-config');
}

/** The config changes rarely; one fetch per visit, shared by the shell, the home page and the guards. */
export const websiteConfigQuery = queryOptions({
  queryKey: ['website-config'],
  queryFn: getWebsiteConfig,
  staleTime: 5 * 60_000,
});

export function useWebsiteConfig() {
  return useQuery(websiteConfigQuery);
}
