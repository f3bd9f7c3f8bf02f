import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The Content-Security-Policy of every answer. Scripts come only from the app's own files (Vite's
 * build has no inline script), so injected markup cannot run code. Styles allow 'unsafe-inline':
 * Ant Design's CSS-in-JS and CodeMirror insert <style> elements at run time, and KaTeX's output
 * (inserted as HTML) carries style attributes; a nonce would cover the first two only and would
 * need a per-request index.html (see ARCHITECTURE.md, "Security headers").
 */
export const contentSecurityPolicy = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'connect-src': ["'self'"],
  // KaTeX's fonts are files of the build; some libraries inline small fonts as data: URLs.
  'font-src': ["'self'", 'data:'],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
  // The admin may point footer QR codes and the mail background at any http(s) image; the avatar
  // cropper previews the chosen file through a blob: URL; antd and ECharts draw some data: images.
  'img-src': ["'self'", 'data:', 'blob:', 'http:', 'https:'],
  'object-src': ["'none'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
};

export interface SecurityHeadersOptions {
  /** CORS_ORIGINS: when another site's web app uses the API, it must also load our files (avatars). */
  corsOrigins: string[];
}

/**
 * Security headers on every answer (API, static files, the client-route fallback, errors), through
 * @fastify/helmet. Helmet writes them on the raw response in an onRequest hook, so they survive an
 * error reply and a file sent by @fastify/static alike.
 */
export const securityHeaders = fp(async (app: FastifyInstance, opts: SecurityHeadersOptions) => {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
    // Same origin: the app never frames another site's pages nor is framed by one.
    frameguard: { action: 'sameorigin' },
    // Full referrer inside the site, none to other sites (and a real Origin on same-site POSTs,
    // which 'no-referrer' would turn into "null").
    referrerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: opts.corsOrigins.length > 0 ? 'cross-origin' : 'same-origin' },
  });
});
