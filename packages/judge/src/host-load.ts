import os from 'node:os';
import { cpuBusyPercent, type CpuTimes } from '@verdict/shared';

/**
 * The host load a worker sends with each heartbeat (HOJ's judge `/get-sys-config`, reference §3.13):
 * CPU busy between two beats (since boot at the first), memory as HOJ's "1 - available / total".
 */
export class HostLoad {
  private earlier: CpuTimes[] = [];

  sample(): { percentCpuLoad: number; percentMemoryLoad: number } {
    const times = os.cpus().map((c) => c.times);
    const percentCpuLoad = cpuBusyPercent(this.earlier, times);
    this.earlier = times;
    const percentMemoryLoad = Math.min(100, Math.max(0, (1 - os.freemem() / os.totalmem()) * 100));
    return { percentCpuLoad, percentMemoryLoad };
  }
}
