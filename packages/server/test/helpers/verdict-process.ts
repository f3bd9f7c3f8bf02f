import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { migrateDatabase, type Db } from '../../src/db/client.ts';
import { systemConfig } from '../../src/db/schema/index.ts';
import { seedDatabase } from '../../src/db/seed.ts';
import { hashPassword } from '../../src/modules/account/password.ts';
import { openEmbeddedTestDatabase } from './embedded-db.ts';
import { TEST_NODE_FLAGS } from './node-flags.ts';

/**
 * The real server process, started as `npm start` starts it (`main.ts`), for tests of what only
 * the whole process does: first start, restarts, the embedded judge.
 */
const mainTs = path.resolve(import.meta.dirname, '../../src/main.ts');

/**
 * A port for a server started in a separate process. It is drawn below the kernel's ephemeral
 * range, because a port taken from that range (listen(0) and closed again) can be handed to any
 * outgoing connection or `listen(0)` of the test files running beside this one before the server
 * binds it (EADDRINUSE in CI). Checked free on every address, as the server binds 0.0.0.0.
 */
export async function freePort(): Promise<number> {
  const [ephemeralLow] = (await readFile('/proc/sys/net/ipv4/ip_local_port_range', 'utf8'))
    .trim()
    .split(/\s+/)
    .map(Number);
  const low = 10_000;
  const high = Math.max(low + 1_000, (ephemeralLow ?? 32_768) - 1);
  for (;;) {
    const port = low + Math.floor(Math.random() * (high - low));
    if (await bindable(port)) return port;
  }
}

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '0.0.0.0', () => server.close(() => resolve(true)));
  });
}

export interface VerdictProcess {
  pid: number;
  /** stdout and stderr so far */
  output(): string;
  /** SIGTERM, the way a service manager stops it; answers the exit code */
  stop(): Promise<number | null>;
  /** SIGKILL: the process gets no chance to finish anything */
  kill(): Promise<void>;
}

/**
 * Starts `main.ts` with the embedded judge off unless `env` turns it on, waits until it serves,
 * and returns a handle. `env` needs at least DATA_DIR and PORT.
 */
export async function startVerdict(env: Record<string, string>): Promise<VerdictProcess> {
  const child = spawn(process.execPath, [...TEST_NODE_FLAGS, '--import', 'tsx', mainTs], {
    // no load shedding: a test machine running three test files and their browsers stalls a
    // server's loop for a second at times, and these tests are about other things (load-shedding.test.ts)
    env: { ...process.env, EMBEDDED_JUDGE: 'false', LOG_LEVEL: 'warn', LOAD_SHED_MAX_DELAY_MS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('Verdict is running')) {
        clearInterval(timer);
        resolve();
      }
    }, 100);
    void exited.then(() => {
      clearInterval(timer);
      reject(new Error(`exited early:\n${output}`));
    });
  });
  return {
    pid: child.pid!,
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      return exited;
    },
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * The embedded judge of these tests: C only (its start-up self-test stays short), one task at a
 * time, and a 2 s lease, so that the submission of a worker that died is claimable again soon.
 */
export const SMALL_JUDGE_ENV = {
  VERDICT_JUDGE_LANGUAGES: 'C',
  VERDICT_JUDGE_CONCURRENCY: '1',
  JUDGE_LEASE_MS: '2000',
};

/** The user who submits in these tests (create it in prepareDataDir's setup). */
export const SOLVER = { username: 'solver', password: 'solver-pass-1' };

/** A right A+B in C, for the seeded sample problem P1000. */
export const C_APLUSB = `#include <stdio.h>
int main(void) {
  long long a, b;
  while (scanf("%lld %lld", &a, &b) == 2) printf("%lld\\n", a + b);
  return 0;
}`;

/** The ids of a process's direct children (Linux /proc). */
export async function childrenOf(pid: number): Promise<number[]> {
  const text = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
  return text.split(/\s+/).filter(Boolean).map(Number);
}

/** A process's command line, or '' once it is gone. */
export async function commandLineOf(pid: number): Promise<string> {
  const raw = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  return raw.replaceAll('\0', ' ').trim();
}

/**
 * Creates the embedded database of DATA_DIR before the first start, as the first start would
 * (migrations, here from the run's migrated template; seed; root's password), and lets `setup` add
 * what a test needs. The site's 8 s interval between one user's submissions (reference §6.1) is
 * turned off, as it would only slow these tests down. The database is closed again, so that the
 * server can open it.
 */
export async function prepareDataDir(
  dataDir: string,
  rootPassword: string,
  setup: (db: Db) => Promise<void> = async () => {},
): Promise<void> {
  const database = await openEmbeddedTestDatabase({ dataDir });
  try {
    await migrateDatabase(database);
    await seedDatabase(database.db, { hashPassword, rootPassword });
    const [row] = await database.db.select().from(systemConfig).where(eq(systemConfig.name, 'switch'));
    await database.db
      .update(systemConfig)
      .set({ value: { ...(row!.value as object), defaultSubmitInterval: 0 } })
      .where(eq(systemConfig.name, 'switch'));
    await setup(database.db);
  } finally {
    await database.close();
  }
}
