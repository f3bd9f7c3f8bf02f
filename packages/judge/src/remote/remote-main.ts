import os from 'node:os';
import type { RemoteOj } from '@verdict/shared';
import { RemoteJudgeWorker } from './remote-worker.ts';
import { SITES } from './sites/index.ts';

/**
 * The sites of `--remote CF,HDU` (or VERDICT_JUDGE_REMOTE): only hosts that may reach those sites
 * enable the role; each must have an adapter.
 */
export function remoteSitesOf(text: string | undefined): RemoteOj[] {
  if (!text) return [];
  const sites = text
    .split(',')
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);
  for (const s of sites) {
    if (!(s in SITES))
      throw new Error(`--remote: no adapter for "${s}" (this judge has: ${Object.keys(SITES).join(', ')})`);
  }
  return sites as RemoteOj[];
}

/** `verdict-judge worker --remote …`: no sandbox needed, the sites judge; stops on SIGTERM/SIGINT. */
export async function runRemoteWorker(settings: {
  server: string;
  token: string;
  name: string;
  sites: RemoteOj[];
  concurrency?: number;
}): Promise<number> {
  const fast = process.env.VERDICT_REMOTE_FAST === '1'; // tests: the fakes answer at once
  const worker = new RemoteJudgeWorker({
    serverUrl: settings.server,
    token: settings.token,
    name: settings.name,
    sites: settings.sites,
    concurrency: settings.concurrency ?? 2 * os.availableParallelism() + 1,
    pollIntervalMs: fast ? 50 : undefined,
    maxPolls: process.env.VERDICT_REMOTE_MAX_POLLS ? Number(process.env.VERDICT_REMOTE_MAX_POLLS) : undefined,
  });
  await worker.start();
  console.log(`[remote ${settings.name}] judging on ${settings.sites.join(', ')}`);
  await new Promise<void>((resolve) => {
    process.once('SIGTERM', resolve);
    process.once('SIGINT', resolve);
  });
  await worker.stop();
  return 0;
}
