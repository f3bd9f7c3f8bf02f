import fs from 'node:fs';
import { SandboxOptionsError } from './helper-args.ts';

/**
 * Which CPU each slot runs on (issue 9 item 5: one submission's threads must not slow a neighbour's
 * timed run). Slot i gets the i-th CPU of the pool, round robin; compiles and runs of the slot alike.
 * The pool comes from VERDICT_SANDBOX_CPUS: unset or "auto" = the CPUs this process may use,
 * "off" = no pinning (equal CPU shares per box still apply), or a list such as "2-3" or "1,3".
 */
export type CpuPool = readonly number[] | null;

export const CPUS_VARIABLE = 'VERDICT_SANDBOX_CPUS';

/** "0-2,5" → [0, 1, 2, 5]; null when the text is not a CPU list. */
export function parseCpuList(text: string): number[] | null {
  const cpus = new Set<number>();
  for (const part of text.trim().split(',')) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part.trim());
    if (!m) return null;
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    if (to < from || to > 4095) return null;
    for (let c = from; c <= to; c++) cpus.add(c);
  }
  return [...cpus].sort((a, b) => a - b);
}

/** The CPUs this process may run on (its affinity, which a cpuset or taskset narrows). */
export function allowedCpus(statusFile = '/proc/self/status'): number[] {
  try {
    const line = /^Cpus_allowed_list:\s*(\S+)/m.exec(fs.readFileSync(statusFile, 'utf8'));
    const list = line?.[1] ? parseCpuList(line[1]) : null;
    if (list && list.length > 0) return list;
  } catch {
    // not Linux: no pinning
  }
  return [];
}

/** VERDICT_SANDBOX_CPUS, validated: a CPU the process may not use is refused with the variable's name. */
export function cpuPoolFromEnv(value: string | undefined, allowed: number[] = allowedCpus()): CpuPool {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'auto') return allowed.length > 0 ? allowed : null;
  if (text === 'off') return null;
  const list = parseCpuList(text);
  if (!list) {
    throw new SandboxOptionsError(
      `${CPUS_VARIABLE} must be "auto", "off" or a CPU list such as 0-3,6 (got "${value}")`,
    );
  }
  const foreign = list.filter((c) => !allowed.includes(c));
  if (allowed.length > 0 && foreign.length > 0) {
    throw new SandboxOptionsError(
      `${CPUS_VARIABLE}: CPU ${foreign.join(', ')} is not available to this process (it may use ${allowed.join(',')})`,
    );
  }
  return list;
}

/** The CPU of a slot: slot i → the (i mod n)-th CPU of the pool. */
export function cpuOfSlot(slot: number, pool: CpuPool): number | null {
  if (!pool || pool.length === 0) return null;
  return pool[slot % pool.length] ?? null;
}
