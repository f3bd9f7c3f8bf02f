import { z } from 'zod';
import { qrCodeSchema } from '../web-config.ts';

/** `GET /api/admin/config/get-web-config`: the stored website configuration. */
export const webConfigVO = z.object({
  baseUrl: z.string(),
  name: z.string(),
  shortName: z.string(),
  description: z.string(),
  register: z.boolean(),
  recordName: z.string(),
  recordUrl: z.string(),
  projectName: z.string(),
  projectUrl: z.string(),
  contactPhone: z.string(),
  address: z.string(),
  qrCodes: z.array(qrCodeSchema),
});
export type WebConfigVO = z.output<typeof webConfigVO>;

/** `GET /api/admin/config/get-email-config`: the stored configuration, its password masked. */
export const emailConfigVO = z.object({
  emailHost: z.string(),
  emailPort: z.number().int(),
  emailSsl: z.boolean(),
  emailUsername: z.string(),
  /** Always '' (Verdict): the stored password never leaves the server; see emailPasswordSet. */
  emailPassword: z.literal(''),
  /** Whether a password is stored. */
  emailPasswordSet: z.boolean(),
  /** The From address; '' means emailUsername, as HOJ sends. */
  emailSender: z.string(),
  emailBGImg: z.string(),
  /** Domains whose addresses cannot register or become an account's address (reference §7.1). */
  emailBlacklist: z.array(z.string()),
});
export type EmailConfigVO = z.output<typeof emailConfigVO>;

/** Verdict's `GET /api/admin/config/get-db-info` (issue 10): the database in use, read-only. */
export const dbInfoData = z.object({
  kind: z.enum(['embedded', 'server']),
  /** PostgreSQL's version() */
  version: z.string(),
  sizeBytes: z.number().int(),
});
export type DbInfo = z.output<typeof dbInfoData>;

/**
 * reference §3.12 `get-db-and-redis-config` (issue 24 item 4): the database in use, with HOJ's field
 * names (its settings page reads them). Passwords are never answered (''); Verdict has no Redis.
 */
export const dbAndRedisConfigVO = z.object({
  /** Verdict: the embedded PGlite or a PostgreSQL server (DATABASE_URL) */
  dbKind: z.enum(['embedded', 'postgres']),
  dbName: z.string(),
  /** 'embedded' for PGlite; the server's address as the connection sees it */
  dbHost: z.string(),
  dbPort: z.number().int().nullable(),
  dbUsername: z.string(),
  dbPassword: z.literal(''),
  /** Verdict: PostgreSQL's version() */
  dbVersion: z.string(),
  redisHost: z.literal(''),
  redisPort: z.null(),
  redisPassword: z.literal(''),
});
export type DbAndRedisConfigVO = z.output<typeof dbAndRedisConfigVO>;

/** One carousel image as `GET /api/home-carousel` and the upload answer it (reference §3.2). */
export const carouselImageVO = z.object({ id: z.number().int(), url: z.string() });
export type CarouselImageVO = z.output<typeof carouselImageVO>;

/** `GET /api/home-carousel`: every image in its place, first shown first. */
export const carouselData = z.array(carouselImageVO);
