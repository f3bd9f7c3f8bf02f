import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthenticated, noPermission } from '../errors.ts';
import { messages } from '../messages.ts';
import { hasAnyRole, hasPermissions } from '../../policy/subjects.ts';
import type { Access, AuthUser } from './access.ts';
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

/** Rules given to the routes a plugin registers while `withRouteAccess` runs (see there). */
const ambientRules = new WeakMap<FastifyInstance, Access>();

/**
 * Closed by default: a route that declares no `config.access` fails to register, naming its method
 * and URL, so that no route is open to everyone by forgetting. Install it before any route.
 */
export function requireRouteAccess(app: FastifyInstance) {
  const declared: DeclaredRoute[] = [];
  declaredRoutes.set(app, declared);
  app.addHook('onRoute', function (route) {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const rule = route.config?.access ?? ambientRules.get(app);
    if (!rule) {
      throw new Error(
        `route ${methods.join(',')} ${route.url} declares no access rule (config.access, http/auth/access.ts)`,
      );
    }
    route.config = { ...route.config, access: rule };
    const schema = {
      body: route.schema?.body,
      querystring: route.schema?.querystring,
      params: route.schema?.params,
      response: route.schema?.response as Record<string, unknown> | undefined,
    };
    // the plugin function that registered it (`submissionRoutes`), for the API document's tags
    const plugin = this.pluginName;
    for (const method of methods) declared.push({ method, url: route.url, access: rule, schema, plugin });
  });
}

export interface DeclaredRoute {
  method: string;
  url: string;
  access: Access;
  /** the name of the plugin that registered it */
  plugin: string;
  /** the route's own schemas, if it declares them (tests walk their fields; ops/openapi.ts documents them) */
  schema: { body?: unknown; querystring?: unknown; params?: unknown; response?: Record<string, unknown> };
}

const declaredRoutes = new WeakMap<FastifyInstance, DeclaredRoute[]>();

/** Every route registered on `app` since `requireRouteAccess`, with its rule (tests walk them). */
export function routesWithAccess(app: FastifyInstance): readonly DeclaredRoute[] {
  return declaredRoutes.get(app) ?? [];
}

/**
 * Gives `rule` to the routes of a third-party plugin that cannot take a route config (the web app's
 * @fastify/static routes), for as long as `register` runs. `app` is the instance given to
 * `requireRouteAccess`.
 */
export async function withRouteAccess(
  app: FastifyInstance,
  rule: Access,
  register: () => PromiseLike<unknown>,
) {
  ambientRules.set(app, rule);
  try {
    await register();
  } finally {
    ambientRules.delete(app);
  }
}

/** A request no route matched (the not-found handler): a token that is sent must be valid. */
const UNMATCHED: Access = { auth: 'open' };

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
    const rule: Access = request.routeOptions.config.access ?? UNMATCHED;
    // Judge workers, static files and operations involve no user: no token lookup.
    if (rule.auth === 'judge' || rule.auth === 'publicAsset' || rule.auth === 'service') return;
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
