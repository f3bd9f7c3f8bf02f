import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthenticated, noPermission } from '../errors.ts';
import { messages } from '../messages.ts';
import { hasAnyRole, hasPermissions, type Access, type AuthUser } from './access.ts';
import type { AuthService } from './service.ts';
import { tokenFromHeader } from './tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. */
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    auth: AuthService;
  }
}

/** reference §1.3: headers a browser client must be able to read. */
const EXPOSED_HEADERS = 'Refresh-Token,Authorization,Url-Type,Content-disposition,Content-Type';

/**
 * Resolves the token of every request and enforces the route's `config.access` before its
 * handler runs: 401 for a missing or invalid login, 403 for a missing role or permission.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { service: AuthService }) => {
  app.decorate('auth', opts.service);
  app.decorateRequest('user', null);

  // onRequest runs after routing but before the body is read: an unauthorised caller costs no parsing.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    const rule: Access = request.routeOptions.config.access ?? { auth: 'open' };
    const token = tokenFromHeader(request.headers.authorization);
    if (token) {
      const result = await opts.service.authenticate(token);
      if (result.kind === 'ok') {
        request.user = result.user;
        if (result.refreshedToken) {
          reply.header('Authorization', result.refreshedToken).header('Refresh-Token', 'true');
        }
      } else if (rule.auth !== 'anon') {
        throw unauthenticated(result.kind === 'banned' ? messages.accountBanned : messages.tokenInvalid);
      }
    }
    if (rule.auth === 'login') enforce(request, rule);
  });
});

function enforce(request: FastifyRequest, rule: Extract<Access, { auth: 'login' }>) {
  if (!request.user) throw unauthenticated(messages.loginRequired);
  if (rule.roles && !hasAnyRole(request.user, rule.roles)) throw noPermission();
  if (rule.permissions && !hasPermissions(request.user, rule.permissions)) throw noPermission();
}
