import path from 'node:path';
import { isEmailAddress } from '@verdict/shared';
import { z } from 'zod';

/**
 * Configuration comes only from the environment, with defaults that run one machine
 * (README lists every variable). Invalid values stop the start with a message naming the variable.
 * JOB_SCHEDULES is read by jobs/schedules.ts, which knows the jobs (this file imports no module).
 */
const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const integer = (min: number, max: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(min, { error: `must be at least ${min}` })
    .max(max, { error: `must be at most ${max}` });

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const envSchema = z.object({
  PORT: integer(1, 65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, { error: 'must start with postgres:// or postgresql://' })
      .optional(),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // reference §1.3 / §12.2: HS512 secret; unset means one is generated once and kept in the database.
  JWT_TOKEN_SECRET: optionalText.pipe(
    z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  ),
  JWT_TOKEN_EXPIRE: integer(60, 365 * 86400).default(86400),
  JWT_TOKEN_FRESH_EXPIRE: integer(30, 365 * 86400).default(43200),
  // Shared secret of the judge gateway; unset means one is generated once and kept in the database.
  JUDGE_TOKEN: optionalText.pipe(z.string().min(16, { error: 'must be at least 16 characters' }).optional()),
  EMBEDDED_JUDGE: booleanFromEnv.default(true),
  // The embedded database's buffer cache (shared_buffers), in MiB: pages read from it instead of
  // from its files (a page outside it costs a file read in PGlite). PGlite takes it all at start,
  // and its memory is at most 2 GiB, which holds the rest of the database's memory too.
  EMBEDDED_DB_BUFFERS_MB: integer(16, 1024).default(256),
  // How long a judge worker holds a task without reporting before another worker may take it.
  JUDGE_LEASE_MS: integer(2_000, 600_000).default(30_000),
  VERDICT_ROOT_PASSWORD: optionalText.pipe(
    z
      .string()
      .min(6, { error: 'must be 6 to 20 characters' })
      .max(20, { error: 'must be 6 to 20 characters' })
      .optional(),
  ),
  WEB_DIST: optionalText,
  // reference §7.16: the Codeforces API the `codeforces-ratings` job asks (it needs the internet);
  // unset, the job is off.
  CODEFORCES_API_URL: optionalText.pipe(
    z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  ),
  CORS_ORIGINS: optionalText,
  // Which peers may set X-Forwarded-For (the client IP behind rate limits and session records).
  TRUST_PROXY: optionalText.pipe(
    z
      .string()
      .regex(/^(true|false|((loopback|linklocal|uniquelocal|[0-9a-fA-F.:/]+)\s*(,\s*|$))+)$/, {
        error:
          'must be true, false, or a comma-separated list of proxy addresses, subnets, loopback, linklocal, uniquelocal',
      })
      .optional(),
  ),
  SHUTDOWN_GRACE_MS: integer(0, 600_000).default(10_000),
  // Problem import (reference §11): an archive whose entries together unpack to more bytes, or that
  // holds more entries, is refused whole from its central directory, before a byte is extracted.
  PROBLEM_IMPORT_MAX_UNPACKED_BYTES: integer(1, 2 ** 40).default(1024 * 1024 * 1024),
  PROBLEM_IMPORT_MAX_ENTRIES: integer(1, 1_000_000).default(20_000),
  // Load shedding (http/load-shedding.ts): API calls are answered 503 while the event loop stalled
  // longer than this in the last half second, or this many calls are in progress; 0 turns either off.
  LOAD_SHED_MAX_DELAY_MS: integer(0, 600_000).default(1_000),
  LOAD_SHED_MAX_IN_FLIGHT: integer(0, 1_000_000).default(256),
  // The bearer token Prometheus sends to /metrics; unset, metrics are off.
  METRICS_TOKEN: optionalText.pipe(
    z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  ),
  // reference §12.2 EMAIL_SERVER_*: the SMTP server for account mails, used while the admin e-mail
  // configuration (system_config 'email') names no host.
  SMTP_HOST: optionalText,
  SMTP_PORT: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    integer(1, 65535).optional(),
  ),
  SMTP_SECURE: optionalText.pipe(booleanFromEnv.optional()),
  SMTP_USER: optionalText,
  SMTP_PASSWORD: z.string().optional(),
  SMTP_FROM: optionalText,
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  jwt: { secret: string | undefined; expireSeconds: number; refreshAfterSeconds: number };
  judgeToken: string | undefined;
  judgeLeaseMs: number;
  embeddedJudge: boolean;
  /** the embedded database's shared_buffers in MiB (EMBEDDED_DB_BUFFERS_MB) */
  embeddedDbBuffersMb: number;
  rootPassword: string | undefined;
  /** Directory of the built web app; undefined serves the API only. */
  webDist: string | undefined;
  corsOrigins: string[];
  /** Fastify's trustProxy: false, true, or the addresses/subnets of trusted proxies. */
  trustProxy: boolean | string[];
  shutdownGraceMs: number;
  /** PROBLEM_IMPORT_MAX_*: the caps on a problem archive's total unpacked size and entry count */
  problemImport: { maxTotalBytes: number; maxEntries: number };
  /** when API calls are shed with 503 (0 turns a sign off) */
  loadShedding: { maxDelayMs: number; maxInFlight: number; windowMs?: number };
  /** METRICS_TOKEN: turns /metrics on, for callers that send it as a bearer token */
  metricsToken: string | undefined;
  /** SMTP from the environment; undefined when SMTP_HOST is unset. */
  smtp: SmtpConfig | undefined;
  /** CODEFORCES_API_URL: turns the `codeforces-ratings` job on */
  codeforcesApiUrl: string | undefined;
}

export interface SmtpConfig {
  host: string;
  port: number;
  /** implicit TLS (port 465); otherwise STARTTLS is used when the server offers it */
  secure: boolean;
  user: string | undefined;
  password: string | undefined;
  /** the From address */
  from: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`));
  }
  const e = parsed.data;
  if (e.JWT_TOKEN_FRESH_EXPIRE >= e.JWT_TOKEN_EXPIRE) {
    throw new ConfigError(['JWT_TOKEN_FRESH_EXPIRE must be smaller than JWT_TOKEN_EXPIRE']);
  }
  let smtp: SmtpConfig | undefined;
  if (e.SMTP_HOST) {
    const secure = e.SMTP_SECURE ?? e.SMTP_PORT === 465;
    const from = e.SMTP_FROM ?? e.SMTP_USER;
    if (!from || !isMailAddress(from)) {
      throw new ConfigError([
        e.SMTP_FROM
          ? 'SMTP_FROM must be an e-mail address'
          : 'SMTP_FROM must be set when SMTP_HOST is set and SMTP_USER is not an e-mail address',
      ]);
    }
    smtp = {
      host: e.SMTP_HOST,
      port: e.SMTP_PORT ?? (secure ? 465 : 587),
      secure,
      user: e.SMTP_USER,
      password: e.SMTP_PASSWORD === '' ? undefined : e.SMTP_PASSWORD,
      from,
    };
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    jwt: {
      secret: e.JWT_TOKEN_SECRET,
      expireSeconds: e.JWT_TOKEN_EXPIRE,
      refreshAfterSeconds: e.JWT_TOKEN_FRESH_EXPIRE,
    },
    judgeToken: e.JUDGE_TOKEN,
    judgeLeaseMs: e.JUDGE_LEASE_MS,
    embeddedJudge: e.EMBEDDED_JUDGE,
    embeddedDbBuffersMb: e.EMBEDDED_DB_BUFFERS_MB,
    rootPassword: e.VERDICT_ROOT_PASSWORD,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.join(repoRoot, 'packages/web/dist'),
    corsOrigins: e.CORS_ORIGINS
      ? e.CORS_ORIGINS.split(',')
          .map((o) => o.trim())
          .filter(Boolean)
      : [],
    trustProxy: parseTrustProxy(e.TRUST_PROXY ?? 'loopback'),
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    problemImport: {
      maxTotalBytes: e.PROBLEM_IMPORT_MAX_UNPACKED_BYTES,
      maxEntries: e.PROBLEM_IMPORT_MAX_ENTRIES,
    },
    loadShedding: { maxDelayMs: e.LOAD_SHED_MAX_DELAY_MS, maxInFlight: e.LOAD_SHED_MAX_IN_FLIGHT },
    metricsToken: e.METRICS_TOKEN,
    smtp,
    codeforcesApiUrl: e.CODEFORCES_API_URL,
  };
}

/** The sender of account mails: a bare address, or a display name with one in angle brackets. */
function isMailAddress(value: string): boolean {
  const address = /<([^<>]+)>\s*$/.exec(value)?.[1] ?? value;
  return isEmailAddress(address.trim());
}

/**
 * Only a proxy on this machine is trusted by default: a client that reaches the server directly
 * cannot then pick its own IP (and escape the per-IP rate limits) with an X-Forwarded-For header.
 */
function parseTrustProxy(value: string): boolean | string[] {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}
