import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { access } from './auth/access.ts';
import { withRouteAccess } from './auth/plugin.ts';

/** Whether a request is a browser navigation to a client route (/problem/1000, /admin/…). */
function isClientRoute(request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
}

/**
 * Serves the built web app. Returns the fallback that answers client routes with index.html, so
 * that a reload on any page works, or undefined when the app is not built (API only).
 */
export async function registerWebApp(app: FastifyInstance, root: string) {
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ root }, 'web app not built; serving the API only (run npm run build)');
    return undefined;
  }
  // The app's files are public; @fastify/static takes no route config, so the rule is given around it.
  await withRouteAccess(app, access.publicAsset, () =>
    app.register(fastifyStatic, {
      root,
      // The build writes a gzip copy beside each script and stylesheet (web vite.config.ts); browsers
      // that accept gzip get it, with Vary: Accept-Encoding, and others the file itself.
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Vite puts content hashes in asset names, so they never change; index.html always may.
        const immutable = filePath.startsWith(path.join(root, 'assets') + path.sep);
        reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    }),
  );
  return (request: FastifyRequest, reply: FastifyReply) => {
    if (!isClientRoute(request)) return undefined;
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  };
}
