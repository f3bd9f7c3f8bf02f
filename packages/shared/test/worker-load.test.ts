import { describe, expect, it } from 'vitest';
import { cpuBusyPercent, workerHeartbeat } from '../src/index.ts';

const core = (busy: number, idle: number) => ({ user: busy, nice: 0, sys: 0, idle, irq: 0 });

/** The load a judge reports with its heartbeat (reference §3.13 /get-sys-config, issue 10 dashboard). */
describe('worker load', () => {
  it('CPU busy percent is the non-idle share of the time between two samples of every core', () => {
    expect(cpuBusyPercent([core(100, 100), core(0, 0)], [core(150, 150), core(100, 0)])).toBe(75);
    expect(cpuBusyPercent([], [core(30, 70)])).toBe(30); // since boot
    expect(cpuBusyPercent([core(5, 5)], [core(5, 5)])).toBe(0); // no time passed
  });

  it('the heartbeat takes an optional load in percent and refuses values outside 0..100', () => {
    expect(workerHeartbeat.safeParse({ name: 'w', taskNumber: 0 }).success).toBe(true);
    const load = { percentCpuLoad: 12.5, percentMemoryLoad: 100 };
    expect(workerHeartbeat.safeParse({ name: 'w', taskNumber: 1, load }).success).toBe(true);
    const bad = { percentCpuLoad: 101, percentMemoryLoad: 1 };
    expect(workerHeartbeat.safeParse({ name: 'w', taskNumber: 1, load: bad }).success).toBe(false);
  });
});
