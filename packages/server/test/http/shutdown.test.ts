import { describe, expect, it } from 'vitest';
import { access } from '../../src/http/auth/access.ts';
import { ok } from '../../src/http/envelope.ts';
import { buildTestApp } from '../helpers/app.ts';

describe('graceful shutdown', () => {
  it('finishes a request in flight and refuses new ones while closing', async () => {
    const t = await buildTestApp();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    t.app.get('/api/test/slow', { config: { access: access.open } }, async () => {
      await released;
      return ok('finished');
    });
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });

    const inFlight = fetch(`${url}/api/test/slow`).then((r) => r.json());
    await new Promise((r) => setTimeout(r, 100));
    const closing = t.app.close();
    await new Promise((r) => setTimeout(r, 50));
    release();

    expect(await inFlight).toEqual({ status: 200, msg: 'success', data: 'finished' });
    await closing;
    await expect(fetch(`${url}/api/get-website-config`)).rejects.toThrow();
    await t.close();
  });
});
