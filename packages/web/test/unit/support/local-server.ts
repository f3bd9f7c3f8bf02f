import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** A real HTTP server on 127.0.0.1 for the web client's unit tests: one handler per path. */
export async function startLocalServer(routes: Record<string, Handler>) {
  const server = createServer((request, response) => {
    const handler = routes[new URL(request.url ?? '/', 'http://local').pathname];
    if (handler) return handler(request, response);
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ status: 404, msg: 'no such route', data: null }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections(); // a handler that never answers must not hold the close
        server.close(() => resolve());
      }),
  };
}

export const json =
  (body: unknown, status = 200): Handler =>
  (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' });
    response.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
