import { z } from 'zod';
import { pageOf, timestamp } from './envelope.ts';

/** reference §3.12 `get-dashboard-info` */
export const dashboardInfoData = z.object({
  userNum: z.number().int(),
  /** contests started in the last 7 days */
  recentContestNum: z.number().int(),
  todayJudgeNum: z.number().int(),
});
export type DashboardCounts = z.output<typeof dashboardInfoData>;

const loginSessionFields = {
  id: z.number().int(),
  uid: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  gmtCreate: timestamp,
};

/** reference §3.12 `POST /api/admin/dashboard/get-sessions`: the admin's previous login (or this one). */
export const loginSessionData = z.object(loginSessionFields).nullable();
export type LoginSession = NonNullable<z.output<typeof loginSessionData>>;

/** Verdict (issue 10): one login of a user, newest first; whether it has ended or run out. */
export const loginRecordVO = z.object({
  ...loginSessionFields,
  username: z.string(),
  revoked: z.boolean(),
  expired: z.boolean(),
});
export type LoginRecord = z.output<typeof loginRecordVO>;

/** `GET /api/admin/user/get-sessions` */
export const loginRecordPageData = pageOf(loginRecordVO);

/** Nacos-style string metadata, as HOJ's dashboard reads it (`"true" == metadata['nacos.healthy']`). */
const serviceEntry = <M extends z.ZodRawShape>(metadata: M) =>
  z.object({
    serviceId: z.string(),
    instanceId: z.string(),
    host: z.string().nullable(),
    /** the answering server process's port; null when not known */
    port: z.number().int().nullable(),
    secure: z.boolean(),
    /** 'nacos.healthy': "true" or "false" */
    metadata: z.object({ 'nacos.healthy': z.string(), ...metadata }),
  });

/** reference §3.12 `get-service-info` in HOJ's shape, with the answering server process's figures. */
export const serviceInfoData = z.object({
  nacos: z.object({ status: z.string(), registry: z.string() }),
  backupCores: z.number().int(),
  backupService: z.array(
    serviceEntry({
      pid: z.string(),
      nodeVersion: z.string(),
      uptimeSeconds: z.string(),
      rssBytes: z.string(),
      heapUsedBytes: z.string(),
    }),
  ),
  /** "12.34%" */
  backupPercentCpuLoad: z.string(),
  backupPercentMemoryLoad: z.string(),
});
export type ServiceInfo = z.output<typeof serviceInfoData>;

export const WORKER_STATES = ['online', 'late', 'gone'] as const;
export type WorkerState = (typeof WORKER_STATES)[number];

/** A judge worker as the dashboard shows it (issue 10), with HOJ's `service` entry (issue 24 item 5). */
export const judgeWorkerVO = z.object({
  id: z.number().int(),
  name: z.string(),
  host: z.string().nullable(),
  version: z.string().nullable(),
  languages: z.array(z.string()).nullable(),
  cpuCores: z.number().int().nullable(),
  maxTaskNumber: z.number().int().nullable(),
  /** what the worker said at its last heartbeat */
  taskNumber: z.number().int().nullable(),
  /** slots held by live leases, as the server sees them */
  slotsInUse: z.number().int(),
  lastHeartbeat: timestamp.nullable(),
  judgedLastHour: z.number().int(),
  state: z.enum(WORKER_STATES),
  disabled: z.boolean(),
  /** "12.34%" as the worker last reported it; null when it has not */
  percentCpuLoad: z.string().nullable(),
  percentMemoryLoad: z.string().nullable(),
  loadReportedAt: timestamp.nullable(),
  service: serviceEntry({ judgeName: z.string(), version: z.string(), state: z.enum(WORKER_STATES) }),
});
export type JudgeWorker = z.output<typeof judgeWorkerVO>;

/** reference §3.12 `get-judge-service-info` */
export const judgeWorkersData = z.array(judgeWorkerVO);
