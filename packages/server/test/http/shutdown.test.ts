import net from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { access } from '../../src/http/auth/access.ts';
import { ok } from '../../src/http/envelope.ts';
import { buildTestApp } from '../helpers/app.ts';
import { EVENTUALLY } from '../helpers/eventually.ts';

/** Raw HTTP/1.1 on one socket, so that a second request can follow the first while it is in flight. */
function rawConnection(url: string) {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  const ended = new Promise<string>((resolve) => socket.on('close', () => resolve(received)));
  return {
    request: (path: string) => socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`),
    /** Everything the server sent, once it has closed the connection. */
    ended,
  };
}

// Ordered by events, not sleeps (issue 9 item 7): the handler says it has started before the test
// closes the server, and the server is known to be closing before the late requests are made.
describe('graceful shutdown', () => {
  it('finishes a request in flight and refuses new ones while closing', async () => {
    const t = await buildTestApp();
    let inHandler = 0;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    t.app.get('/api/test/slow', { config: { access: access.open } }, async () => {
      inHandler++;
      await released;
      return ok('finished');
    });
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });

    const inFlight = fetch(`${url}/api/test/slow`).then((r) => r.json());
    const pipelined = rawConnection(url);
    pipelined.request('/api/test/slow');
    await vi.waitFor(() => expect(inHandler, 'requests in the handler').toBe(2), EVENTUALLY);
    const closing = t.app.close();
    await vi.waitFor(
      () => expect(t.app.server.listening, 'the server still listens').toBe(false),
      EVENTUALLY,
    );

    // While closing, a new connection is refused, and a request that follows one in flight on its
    // connection is not served: the answer in flight says `Connection: close` (app.ts) and ends it.
    await expect(fetch(`${url}/api/get-website-config`)).rejects.toThrow();
    pipelined.request('/api/test/slow');
    release();

    expect(await inFlight).toEqual({ status: 200, msg: 'success', data: 'finished' });
    const answers = await pipelined.ended;
    expect(answers.match(/^HTTP\/1\.1 \d+/gm)).toEqual(['HTTP/1.1 200']);
    expect(answers).toMatch(/^connection: close\r$/m);
    expect(answers).toContain('"data":"finished"');
    expect(inHandler).toBe(2);
    await closing;
    await expect(fetch(`${url}/api/get-website-config`)).rejects.toThrow();
    await t.close();
  });
});
