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
    expect(config.corsOrigins).toEqual([]);
    expect(config.trustProxy).toEqual(['loopback']);
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
      VERDICT_ROOT_PASSWORD: 'secret123',
      CORS_ORIGINS: 'http://a.test, http://b.test',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      port: 9000,
      dataDir: '/tmp/verdict-data',
      databaseUrl: 'postgres://root@127.0.0.1:5432/verdict',
      jwt: { secret: 'x'.repeat(40), expireSeconds: 3600, refreshAfterSeconds: 600 },
      embeddedJudge: false,
      rootPassword: 'secret123',
      corsOrigins: ['http://a.test', 'http://b.test'],
      logLevel: 'warn',
    });
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
  ])('rejects %j with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
