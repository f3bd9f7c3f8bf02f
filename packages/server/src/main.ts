import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { EmbeddedJudge } from './embedded-judge.ts';
import { migrateDatabase, openDatabase } from './db/client.ts';
import { seedDatabase } from './db/seed.ts';
import { accountsFromEnv, replaceAccounts } from './modules/remote-judge/accounts.ts';
import { JOBS } from './jobs/index.ts';
import { loadJobSchedules } from './jobs/schedules.ts';
import { Scheduler } from './jobs/scheduler.ts';
import { hashPassword } from './modules/account/password.ts';
import { claimDataDir, DataDirInUse } from './modules/ops/backup/control-socket.ts';
import { ensureSecret } from './secrets.ts';

/** config → database → migrations → seed → HTTP → scheduled jobs → embedded judge. */
async function main() {
  const config = loadConfig();
  const jobSchedules = loadJobSchedules();
  // reference §10.1: remote-judge accounts given by environment replace those of their sites
  const envAccounts = accountsFromEnv(process.env);
  const logger = { level: config.logLevel };

  // Until the app's logger exists, warnings go to stderr.
  let warn = (message: string) => console.warn(message);
  // the embedded database is this process's alone; `verdict backup` asks it through this socket
  const control = config.databaseUrl ? undefined : await claimDataDir(config.dataDir);
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    sharedBuffersMb: config.embeddedDbBuffersMb,
    onConnectionError: (error) => warn(`database connection lost: ${error.message}`),
  });
  await migrateDatabase(database);
  const { createdRootPassword } = await seedDatabase(database.db, {
    hashPassword,
    rootPassword: config.rootPassword,
    // Mails link here until an admin sets the site's address; never taken from a request's Host or
    // Origin header, which a client could point elsewhere to harvest reset codes.
    baseUrl: `http://localhost:${config.port}`,
  });
  await replaceAccounts(database.db, envAccounts);
  const jwtSecret = await ensureSecret(database.db, 'jwt', config.jwt.secret);
  const judgeToken = await ensureSecret(database.db, 'judge', config.judgeToken);

  const app = await buildApp({
    db: database.db,
    config: { ...config, judgeToken, jwt: { ...config.jwt, secret: jwtSecret } },
    logger,
  });
  warn = (message) => app.log.warn(message);
  await app.listen({ port: config.port, host: config.host });
  // Periodic jobs, once per period across every server sharing the database (src/jobs/).
  const scheduler = new Scheduler({
    db: database.db,
    jobs: JOBS,
    dataDir: config.dataDir,
    log: app.log,
    schedules: jobSchedules,
    // the Codeforces refresher needs the internet: it does nothing unless CODEFORCES_API_URL is set
    options: { codeforcesApiUrl: config.codeforcesApiUrl },
  });
  scheduler.start();
  const judge = config.embeddedJudge
    ? new EmbeddedJudge({
        serverUrl: `http://127.0.0.1:${config.port}`,
        token: judgeToken,
        dataDir: config.dataDir,
        log: (message) => app.log.warn(message),
      })
    : undefined;
  judge?.start();
  control?.serve(database.db);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownGraceMs);
    force.unref();
    // The worker first: it finishes its submissions and reports them while the API still listens.
    await judge?.stop();
    control?.close();
    await app.close();
    // Runs in progress finish before the database they write to closes.
    await scheduler.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  const where = config.databaseUrl
    ? 'PostgreSQL server (DATABASE_URL)'
    : `embedded PGlite in ${config.dataDir}`;
  console.log(`\nVerdict is running at http://localhost:${config.port} (database: ${where})`);
  if (createdRootPassword) {
    console.log(
      `\nCreated the super admin account. It is shown only this once:\n  username: root\n  password: ${createdRootPassword}\n`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof DataDirInUse ? error.message : error);
  process.exit(1);
});
