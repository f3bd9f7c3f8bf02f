import os from 'node:os';
import { cpuBusyPercent, type CpuTimes } from '@verdict/shared';

const cpuTimes = (): CpuTimes[] => os.cpus().map((c) => c.times);
/** A window shorter than this would measure noise; the older sample is kept until then. */
const MIN_WINDOW_MS = 1_000;

/**
 * The host's CPU load over the time since an earlier sample (HOJ's OSHI figure), without waiting in
 * the request: the first call measures since boot, later ones since a sample at least a second old.
 */
export class CpuLoadMeter {
  private earlier: { at: number; times: CpuTimes[] } | undefined;

  percent(nowMs = Date.now()): number {
    const times = cpuTimes();
    const value = cpuBusyPercent(this.earlier?.times ?? [], times);
    if (!this.earlier || nowMs - this.earlier.at >= MIN_WINDOW_MS) this.earlier = { at: nowMs, times };
    return value;
  }
}

const meter = new CpuLoadMeter();
const formatPercent = (value: number) => `${value.toFixed(2)}%`;

/**
 * reference §3.12 `get-service-info` in HOJ's shape, with this server process's figures. Verdict has
 * no service registry (Nacos): `backupService` lists the process that answers, `nacos.status` is UP
 * because it answers, and so is its `metadata['nacos.healthy']`: the string "true", as Nacos's string
 * metadata has it, since HOJ's dashboard tests `"true" == metadata['nacos.healthy']` to show
 * "Healthy" (issue 24 item 5). Memory is HOJ's "1 - available / total" of the host.
 */
export function serviceInfo(options: { port: number | undefined }) {
  const cores = os.availableParallelism();
  const hostPercentMemory = (1 - os.freemem() / os.totalmem()) * 100;
  const memory = process.memoryUsage();
  const host = os.hostname();
  return {
    nacos: { status: 'UP', registry: 'none' },
    backupCores: cores,
    backupService: [
      {
        serviceId: 'verdict-server',
        instanceId: `${host}:${process.pid}`,
        host,
        port: options.port ?? null,
        secure: false,
        metadata: {
          'nacos.healthy': 'true',
          pid: String(process.pid),
          nodeVersion: process.version,
          uptimeSeconds: String(Math.round(process.uptime())),
          rssBytes: String(memory.rss),
          heapUsedBytes: String(memory.heapUsed),
        },
      },
    ],
    backupPercentCpuLoad: formatPercent(meter.percent()),
    backupPercentMemoryLoad: formatPercent(hostPercentMemory),
  };
}
