import { existsSync, readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/**
 * HOJ's own built web client (../shared/hoj-client beside the project, README there) served the way
 * its README asks: `dist/` as static files, every other non-asset path answered with index.html (the
 * client routes in history mode), and `/api/*` forwarded to a Verdict server unchanged: method, body
 * and every header both ways (Authorization, Refresh-Token, Url-Type, Host, cookies), like the nginx
 * HOJ is deployed behind. Pure node:http, for the browser tests of issue 24.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../../../..');

/**
 * The project's main checkout: in a `git worktree` (whose .git is a file naming
 * <main>/.git/worktrees/<name>), the checkout that holds it; otherwise this one.
 */
function mainCheckout(): string {
  try {
    const gitDir = /^gitdir: (.+)$/m.exec(readFileSync(path.join(repoRoot, '.git'), 'utf8'))?.[1];
    if (gitDir) return path.resolve(repoRoot, gitDir.trim(), '../../..');
  } catch {
    // .git is a directory (or absent): this is the main checkout
  }
  return repoRoot;
}

/** ../shared/hoj-client beside the project (or beside its main checkout), or $HOJ_CLIENT_DIR. */
const CANDIDATES = [
  process.env.HOJ_CLIENT_DIR,
  path.resolve(repoRoot, '../shared/hoj-client'),
  path.resolve(mainCheckout(), '../shared/hoj-client'),
].filter((dir): dir is string => Boolean(dir));

export const HOJ_CLIENT_DIST = path.join(
  CANDIDATES.find((dir) => existsSync(path.join(dir, 'dist/index.html'))) ?? CANDIDATES[0]!,
  'dist',
);

/** Why the HOJ-client tests cannot run here, or undefined when the built client is present. */
export function hojClientMissing(): string | undefined {
  if (existsSync(path.join(HOJ_CLIENT_DIST, 'index.html'))) return undefined;
  return (
    `HOJ's built web client (issue 24) is not in ${CANDIDATES.join(' or ')}: ` +
    'the HOJ-client browser tests are skipped. Put it at ../shared/hoj-client/dist or set HOJ_CLIENT_DIR.'
  );
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.eot': 'application/vnd.ms-fontobject',
  '.txt': 'text/plain; charset=utf-8',
};

/** Headers that belong to one connection, not to the message (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);

function forwardableHeaders(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const kept: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) kept[name] = value;
  }
  return kept;
}

/** One /api call as it passed through: what HOJ's client sent and what Verdict answered. */
export interface ApiExchange {
  method: string;
  /** path and query, e.g. /api/get-contest-info?cid=1000 */
  url: string;
  requestHeaders: http.IncomingHttpHeaders;
  requestBody: string;
  status: number;
  responseHeaders: http.IncomingHttpHeaders;
  /** the body when it is JSON (what the tests read), otherwise empty */
  responseBody: string;
}

function forward(
  target: URL,
  request: http.IncomingMessage,
  response: http.ServerResponse,
  onExchange: ((exchange: ApiExchange) => void) | undefined,
): void {
  const sent: Buffer[] = [];
  request.on('data', (chunk: Buffer) => sent.push(chunk));
  const upstream = http.request(
    {
      host: target.hostname,
      port: target.port,
      method: request.method,
      path: request.url,
      headers: forwardableHeaders(request.headers),
    },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.statusMessage, forwardableHeaders(answer.headers));
      answer.pipe(response);
      const json = /json/i.test(answer.headers['content-type'] ?? '');
      const received: Buffer[] = [];
      if (json) answer.on('data', (chunk: Buffer) => received.push(chunk));
      answer.on('end', () =>
        onExchange?.({
          method: request.method ?? 'GET',
          url: request.url ?? '',
          requestHeaders: request.headers,
          requestBody: Buffer.concat(sent).toString('utf8'),
          status: answer.statusCode ?? 0,
          responseHeaders: answer.headers,
          responseBody: Buffer.concat(received).toString('utf8'),
        }),
      );
    },
  );
  upstream.on('error', (error) => {
    if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' });
    response.end(`proxy error: ${error.message}`);
  });
  request.pipe(upstream);
}

/** The file under dist/ for a URL path, or undefined when it leaves dist/ or is not a file. */
async function staticFile(urlPath: string): Promise<string | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  const file = path.join(HOJ_CLIENT_DIST, path.normalize(decoded));
  if (!file.startsWith(HOJ_CLIENT_DIST + path.sep)) return undefined;
  try {
    return (await stat(file)).isFile() ? file : undefined;
  } catch {
    return undefined;
  }
}

async function sendFile(response: http.ServerResponse, file: string, method: string): Promise<void> {
  const body = await readFile(file);
  // the build's assets carry content hashes and the CDN copies versions in their paths: a browser
  // keeps them, so that each page load does not parse megabytes anew; index.html is asked each time
  const versioned = /^(assets|cdn)\//.test(path.relative(HOJ_CLIENT_DIST, file));
  response.writeHead(200, {
    'content-type': CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
    'content-length': body.length,
    'cache-control': versioned ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  response.end(method === 'HEAD' ? undefined : body);
}

async function serveClient(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
  const method = request.method ?? 'GET';
  if (method !== 'GET' && method !== 'HEAD') {
    response.writeHead(405, { allow: 'GET, HEAD' }).end();
    return;
  }
  const urlPath = new URL(request.url ?? '/', 'http://client').pathname;
  const file = await staticFile(urlPath);
  if (file) return sendFile(response, file, method);
  // an asset that is not there (a name with an extension) is a 404; any other path is a client route
  if (path.extname(urlPath) !== '') {
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    return;
  }
  return sendFile(response, path.join(HOJ_CLIENT_DIST, 'index.html'), method);
}

export interface HojClientServer {
  /** Where the browser opens HOJ's client, e.g. http://127.0.0.1:41234 */
  url: string;
  close(): Promise<void>;
}

/**
 * Serves HOJ's client on a random local port, forwarding /api/* to the Verdict server at `apiUrl`;
 * `onExchange` hears of each /api call once its answer has passed.
 */
export async function serveHojClient(
  apiUrl: string,
  onExchange?: (exchange: ApiExchange) => void,
): Promise<HojClientServer> {
  const target = new URL(apiUrl);
  const server = http.createServer((request, response) => {
    const urlPath = (request.url ?? '/').split('?')[0]!;
    if (urlPath === '/api' || urlPath.startsWith('/api/')) {
      return forward(target, request, response, onExchange);
    }
    serveClient(request, response).catch((error: Error) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(error.message);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
