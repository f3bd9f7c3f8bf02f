import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';

describe('configuration from the environment', () => {
  it('runs one machine with no variables set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.jwt).toEqual({ secret: undefined, expireSeconds: 86400, refreshAfterSeconds: 43200 });
    expect(config.embeddedJudge).toBe(true);
    expect(config.embeddedDbBuffersMb).toBe(256);
    expect(config.corsOrigins).toEqual([]);
    expect(config.trustProxy).toEqual(['loopback']);
  });

  it('EMBEDDED_DB_BUFFERS_MB: whole MiB from 16 to 1024 (PGlite has 2 GiB of memory in all)', () => {
    expect(loadConfig({ EMBEDDED_DB_BUFFERS_MB: '16' }).embeddedDbBuffersMb).toBe(16);
    expect(loadConfig({ EMBEDDED_DB_BUFFERS_MB: '1024' }).embeddedDbBuffersMb).toBe(1024);
    for (const bad of ['2048', '8', '512MB', '1.5'])
      expect(() => loadConfig({ EMBEDDED_DB_BUFFERS_MB: bad })).toThrow(/EMBEDDED_DB_BUFFERS_MB/);
  });

  it('TRUST_PROXY: true, false or a list of proxies; anything else is refused by name', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });

  it('reads every documented variable', () => {
    const config = loadConfig({
      PORT: '9000',
      DATA_DIR: '/tmp/verdict-data',
      DATABASE_URL: 'postgres://root@127.0.0.1:5432/verdict',
      JWT_TOKEN_SECRET: 'x'.repeat(40),
      JWT_TOKEN_EXPIRE: '3600',
      JWT_TOKEN_FRESH_EXPIRE: '600',
      EMBEDDED_JUDGE: 'false',
      EMBEDDED_DB_BUFFERS_MB: '768',
      VERDICT_ROOT_PASSWORD: 'secret123',
      CORS_ORIGINS: 'http://a.test, http://b.test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      JUDGE_TOKEN: 'j'.repeat(24),
      JUDGE_LEASE_MS: '5000',
      WEB_DIST: '/srv/verdict-web',
      SHUTDOWN_GRACE_MS: '2500',
      PROBLEM_IMPORT_MAX_UNPACKED_BYTES: '1048576',
      PROBLEM_IMPORT_MAX_ENTRIES: '500',
      METRICS_TOKEN: 'm'.repeat(20),
      SMTP_HOST: 'smtp.example.org',
      SMTP_PORT: '2525',
      SMTP_USER: 'judge@example.org',
      SMTP_PASSWORD: 'mail-secret',
    });
    expect(config).toMatchObject({
      host: '127.0.0.1',
      judgeToken: 'j'.repeat(24),
      judgeLeaseMs: 5000,
      webDist: '/srv/verdict-web',
      shutdownGraceMs: 2500,
      problemImport: { maxTotalBytes: 1048576, maxEntries: 500 },
      metricsToken: 'm'.repeat(20),
      // no SMTP_SECURE: plain on a port other than 465, upgraded by STARTTLS; the login is the sender
      smtp: {
        host: 'smtp.example.org',
        port: 2525,
        secure: false,
        user: 'judge@example.org',
        password: 'mail-secret',
        from: 'judge@example.org',
      },
      port: 9000,
      dataDir: '/tmp/verdict-data',
      databaseUrl: 'postgres://root@127.0.0.1:5432/verdict',
      jwt: { secret: 'x'.repeat(40), expireSeconds: 3600, refreshAfterSeconds: 600 },
      embeddedJudge: false,
      embeddedDbBuffersMb: 768,
      rootPassword: 'secret123',
      corsOrigins: ['http://a.test', 'http://b.test'],
      logLevel: 'warn',
    });
  });

  it('SMTP: port 465 means TLS from the start, SMTP_FROM names the sender, no host means no SMTP', () => {
    expect(loadConfig({}).smtp).toBeUndefined();
    expect(loadConfig({ SMTP_HOST: 'mx.test', SMTP_PORT: '465', SMTP_FROM: 'oj@mx.test' }).smtp).toEqual({
      host: 'mx.test',
      port: 465,
      secure: true,
      user: undefined,
      password: undefined,
      from: 'oj@mx.test',
    });
    expect(
      loadConfig({ SMTP_HOST: 'mx.test', SMTP_SECURE: 'true', SMTP_FROM: 'oj@mx.test' }).smtp,
    ).toMatchObject({ port: 465, secure: true });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', JWT_TOKEN_SECRET: ' ' }).databaseUrl).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be a number'],
    [{ PORT: '70000' }, 'PORT must be at most 65535'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must start with postgres://'],
    [{ JWT_TOKEN_SECRET: 'short' }, 'JWT_TOKEN_SECRET must be at least 32 characters'],
    [{ EMBEDDED_JUDGE: 'maybe' }, 'EMBEDDED_JUDGE must be true or false'],
    [{ VERDICT_ROOT_PASSWORD: '123' }, 'VERDICT_ROOT_PASSWORD must be 6 to 20 characters'],
    [{ JWT_TOKEN_EXPIRE: '600', JWT_TOKEN_FRESH_EXPIRE: '600' }, 'JWT_TOKEN_FRESH_EXPIRE must be smaller'],
    [{ JUDGE_TOKEN: 'short' }, 'JUDGE_TOKEN must be at least 16 characters'],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN must be at least 16 characters'],
    [{ JUDGE_LEASE_MS: '100' }, 'JUDGE_LEASE_MS must be at least 2000'],
    [{ SHUTDOWN_GRACE_MS: '-1' }, 'SHUTDOWN_GRACE_MS must be at least 0'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ PROBLEM_IMPORT_MAX_UNPACKED_BYTES: '0' }, 'PROBLEM_IMPORT_MAX_UNPACKED_BYTES must be at least 1'],
    [{ PROBLEM_IMPORT_MAX_UNPACKED_BYTES: '1 GiB' }, 'PROBLEM_IMPORT_MAX_UNPACKED_BYTES must be a number'],
    [{ PROBLEM_IMPORT_MAX_ENTRIES: '2.5' }, 'PROBLEM_IMPORT_MAX_ENTRIES must be a whole number'],
    [{ SMTP_HOST: 'mx.test', SMTP_PORT: '0', SMTP_FROM: 'oj@mx.test' }, 'SMTP_PORT must be at least 1'],
    [
      { SMTP_HOST: 'mx.test', SMTP_SECURE: 'sometimes', SMTP_FROM: 'oj@mx.test' },
      'SMTP_SECURE must be true or false',
    ],
    [{ SMTP_HOST: 'mx.test', SMTP_USER: 'login-name' }, 'SMTP_FROM must be set'],
    [{ SMTP_HOST: 'mx.test', SMTP_FROM: 'not an address' }, 'SMTP_FROM must be an e-mail address'],
  ])('rejects %j with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
