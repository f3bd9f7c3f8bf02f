import { z } from 'zod';
import type { Access } from '../../http/auth/access.ts';
import type { DeclaredRoute } from '../../http/auth/plugin.ts';
import { fileContentType } from '../../http/responses.ts';

/**
 * The API document (issue 28): OpenAPI 3.1 built from the route registry (http/auth/plugin.ts),
 * request schemas as their input, response schemas as their output. Every route is in it, the admin
 * and judge-gateway ones too (they are part of the API; `x-access` says who may call them); the
 * web app's files are not.
 */
export type OpenApiDocument = {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, object>;
    responses: Record<string, object>;
  };
};
type JsonSchema = Record<string, unknown>;
export interface Operation {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  'x-access': Access;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: 'query' | 'path'; required: boolean; schema: JsonSchema }[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, object>;
}

const ACCESS_TEXT: Record<Access['auth'], string> = {
  anon: 'Anyone; a valid token is used, an invalid one ignored.',
  open: 'Anyone; a token that is sent must be valid.',
  login: 'A signed-in user',
  judge: 'Judge workers, with the X-Judge-Token header.',
  publicAsset: 'Anyone (the web app).',
  service: 'Operations (probes, metrics); no user token.',
};

function accessText(rule: Access): string {
  if (rule.auth !== 'login') return ACCESS_TEXT[rule.auth];
  const parts = [ACCESS_TEXT.login];
  if (rule.roles?.length) parts.push(`with one of the roles ${rule.roles.join(', ')}`);
  if (rule.permissions?.length) parts.push(`with the permissions ${rule.permissions.join(', ')}`);
  return `${parts.join(' ')}.`;
}

function security(rule: Access): Record<string, string[]>[] | undefined {
  if (rule.auth === 'login') return [{ token: [] }];
  if (rule.auth === 'anon' || rule.auth === 'open') return [{}, { token: [] }];
  if (rule.auth === 'judge') return [{ judgeToken: [] }];
  return undefined;
}

/** `submissionRoutes` → `submission`; `adminDiscussionRoutes -> @fastify/multipart` → `admin-discussion`. */
export function tagOf(plugin: string): string {
  const name = (plugin.split(' -> ')[0] ?? '').replace(/Routes$/, '');
  if (!/^[a-zA-Z]+$/.test(name)) return 'other';
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/**
 * Converts one schema; its `$defs` (recursive or shared parts) move into the document's
 * components, under names prefixed by the operation, so that every `$ref` resolves.
 */
function converter(components: Record<string, JsonSchema>) {
  return (schema: unknown, io: 'input' | 'output', prefix: string): JsonSchema => {
    const json = z.toJSONSchema(schema as z.ZodType, {
      io,
      unrepresentable: 'any',
      target: 'draft-2020-12',
    }) as JsonSchema;
    delete json.$schema;
    const defs = json.$defs as Record<string, JsonSchema> | undefined;
    if (!defs) return json;
    delete json.$defs;
    const rename = (name: string) => `${prefix}_${name}`;
    const rewrite = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(rewrite);
      if (typeof value !== 'object' || value === null) return value;
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) =>
          k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/')
            ? [k, `#/components/schemas/${rename(v.slice('#/$defs/'.length))}`]
            : [k, rewrite(v)],
        ),
      );
    };
    for (const [name, def] of Object.entries(defs)) components[rename(name)] = rewrite(def) as JsonSchema;
    return rewrite(json) as JsonSchema;
  };
}

function operationId(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

export function buildOpenApi(routes: readonly DeclaredRoute[]): OpenApiDocument {
  const schemas: Record<string, JsonSchema> = {};
  const convert = converter(schemas);
  const paths: OpenApiDocument['paths'] = {};
  const tags = new Set<string>();
  for (const route of routes) {
    if (route.method === 'HEAD' || route.method === 'OPTIONS' || route.access.auth === 'publicAsset')
      continue;
    const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const id = operationId(route.method, route.url);
    const tag = tagOf(route.plugin);
    tags.add(tag);
    const op: Operation = {
      operationId: id,
      tags: [tag],
      summary: `${route.method} ${route.url}`,
      description: accessText(route.access),
      'x-access': route.access,
      responses: {},
    };
    const sec = security(route.access);
    if (sec) op.security = sec;
    const parameters: NonNullable<Operation['parameters']> = [];
    for (const [where, schema] of [
      ['path', route.schema.params],
      ['query', route.schema.querystring],
    ] as const) {
      if (!schema) continue;
      const json = convert(schema, 'input', `${id}_${where}`);
      const required = new Set((json.required as string[] | undefined) ?? []);
      for (const [name, property] of Object.entries((json.properties ?? {}) as Record<string, JsonSchema>)) {
        parameters.push({
          name,
          in: where,
          required: where === 'path' || required.has(name),
          schema: property,
        });
      }
    }
    for (const name of route.url.match(/:([A-Za-z0-9_]+)/g) ?? []) {
      const bare = name.slice(1);
      if (!parameters.some((p) => p.in === 'path' && p.name === bare)) {
        parameters.push({ name: bare, in: 'path', required: true, schema: { type: 'string' } });
      }
    }
    if (parameters.length > 0) op.parameters = parameters;
    if (route.schema.body) {
      op.requestBody = {
        required: true,
        content: { 'application/json': { schema: convert(route.schema.body, 'input', `${id}_body`) } },
      };
    }
    for (const [status, schema] of Object.entries(route.schema.response ?? {})) {
      const file = fileContentType(schema);
      op.responses[status] = file
        ? { description: file, content: { [file]: { schema: { type: 'string', format: 'binary' } } } }
        : {
            description: 'the envelope {status, msg, data}',
            content: { 'application/json': { schema: convert(schema, 'output', `${id}_${status}`) } },
          };
    }
    if (Object.keys(op.responses).length === 0) {
      op.responses.default = { description: 'not documented yet' };
    } else {
      op.responses.default = { $ref: '#/components/responses/Failure' };
    }
    (paths[path] ??= {})[route.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Verdict',
      version: '1',
      description:
        'The HTTP API of Verdict, compatible with HOJ. Every JSON answer is {status, msg, data}; a refused call keeps HTTP 200 with a status other than 200 (reference §1.2).',
    },
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas,
      securitySchemes: {
        // reference §1.3: the login's JWT, sent as it is (no Bearer prefix needed)
        token: { type: 'apiKey', in: 'header', name: 'Authorization' },
        judgeToken: { type: 'apiKey', in: 'header', name: 'X-Judge-Token' },
      },
      responses: {
        Failure: {
          description: 'a refusal: {status, msg, data} with status 400, 401, 403, 404, 429 or 500',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['status', 'msg', 'data'],
                properties: { status: { type: 'integer' }, msg: { type: 'string' }, data: {} },
              },
            },
          },
        },
      },
    },
  };
}
