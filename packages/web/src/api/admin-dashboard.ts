import { apiGet, apiPost } from './http';

/**
 * The admin dashboard's calls (reference §3.12 "Account and dashboard", issue 10), with the shapes
 * packages/server/src/modules/admin/dashboard answers.
 */

export interface DashboardCounts {
  userNum: number;
  recentContestNum: number;
  todayJudgeNum: number;
}

/** `get-sessions`: the admin's previous login (or the current one when it is the only one). */
export interface LoginSession {
  id: number;
  uid: string;
  userAgent: string | null;
  ip: string | null;
  gmtCreate: string;
}

export type WorkerState = 'online' | 'late' | 'gone';

export interface JudgeWorker {
  id: number;
  name: string;
  host: string | null;
  version: string | null;
  languages: string[] | null;
  cpuCores: number | null;
  maxTaskNumber: number | null;
  taskNumber: number | null;
  slotsInUse: number;
  lastHeartbeat: string | null;
  judgedLastHour: number;
  state: WorkerState;
  disabled: boolean;
  percentCpuLoad: string | null;
  percentMemoryLoad: string | null;
}

export interface ServiceInfo {
  backupCores: number;
  backupService: {
    instanceId: string;
    host: string;
    port: number | null;
    metadata: {
      pid: string;
      nodeVersion: string;
      uptimeSeconds: string;
      rssBytes: string;
      heapUsedBytes: string;
    };
  }[];
  backupPercentCpuLoad: string;
  backupPercentMemoryLoad: string;
}

export const getDashboardInfo = () => apiGet<DashboardCounts>('/api/admin/dashboard/get-dashboard-info');
export const getPreviousLogin = () => apiPost<LoginSession | null>('/api/admin/dashboard/get-sessions');
export const getJudgeWorkers = () => apiGet<JudgeWorker[]>('/api/admin/config/get-judge-service-info');
export const getServiceInfo = () => apiGet<ServiceInfo>('/api/admin/config/get-service-info');
