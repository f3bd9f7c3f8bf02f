import type { DashboardCounts, JudgeWorker, LoginSession, ServiceInfo } from '@verdict/shared';
import { apiGet, apiPost } from './http';

/**
 * The admin dashboard's calls (reference §3.12 "Account and dashboard", issue 10); their answers'
 * shapes are shared/responses/admin-dashboard.ts.
 */
export type { DashboardCounts, JudgeWorker, LoginSession, ServiceInfo, WorkerState } from '@verdict/shared';

export const getDashboardInfo = () => apiGet<DashboardCounts>('/api/admin/dashboard/get-dashboard-info');
export const getPreviousLogin = () => apiPost<LoginSession | null>('/api/admin/dashboard/get-sessions');
export const getJudgeWorkers = () => apiGet<JudgeWorker[]>('/api/admin/config/get-judge-service-info');
export const getServiceInfo = () => apiGet<ServiceInfo>('/api/admin/config/get-service-info');
