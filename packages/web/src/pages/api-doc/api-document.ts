/**
 * The parts of an OpenAPI 3.1 document (GET /api/openapi.json, issue 28) this page reads, and a
 * schema's outline: one line per field, nested fields indented.
 */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  additionalProperties?: JsonSchema | boolean;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  $ref?: string;
};

export interface ApiOperation {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  /** who may call it (server/src/http/auth/access.ts) */
  'x-access': { auth: string; roles?: string[]; permissions?: string[] };
  parameters?: { name: string; in: string; required: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }>; $ref?: string }>;
}

export interface ApiDocument {
  openapi: string;
  tags: { name: string }[];
  paths: Record<string, Record<string, ApiOperation>>;
  components: { schemas: Record<string, JsonSchema> };
}

export interface OutlineLine {
  depth: number;
  name: string;
  type: string;
  required: boolean;
}

/** A schema's type in a few words: `string | null`, `array of object`, `"a" | "b"`. */
export function typeOf(schema: JsonSchema, doc: ApiDocument): string {
  const s = resolve(schema, doc);
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  const union = s.anyOf ?? s.oneOf;
  if (union) return union.map((u) => typeOf(u, doc)).join(' | ');
  if (s.items) return `array of ${typeOf(s.items, doc)}`;
  if (Array.isArray(s.type)) return s.type.join(' | ');
  if (s.type === 'object' && !s.properties && typeof s.additionalProperties === 'object') {
    return `map of ${typeOf(s.additionalProperties, doc)}`;
  }
  return s.format ? `${s.type ?? 'any'} (${s.format})` : (s.type ?? 'any');
}

function resolve(schema: JsonSchema, doc: ApiDocument): JsonSchema {
  const prefix = '#/components/schemas/';
  if (schema.$ref?.startsWith(prefix)) return doc.components.schemas[schema.$ref.slice(prefix.length)] ?? {};
  return schema;
}

/** The object fields inside a schema (through arrays, maps and nullable unions), or none. */
function fieldsOf(schema: JsonSchema, doc: ApiDocument): JsonSchema | undefined {
  const s = resolve(schema, doc);
  if (s.properties) return s;
  if (s.items) return fieldsOf(s.items, doc);
  if (typeof s.additionalProperties === 'object') return fieldsOf(s.additionalProperties, doc);
  for (const u of s.anyOf ?? s.oneOf ?? []) {
    const inner = fieldsOf(u, doc);
    if (inner) return inner;
  }
  return undefined;
}

/** One line per field, nested fields one level deeper; a schema met again is not expanded twice. */
export function outline(
  schema: JsonSchema,
  doc: ApiDocument,
  depth = 0,
  seen = new Set<JsonSchema>(),
): OutlineLine[] {
  const object = fieldsOf(schema, doc);
  if (!object || seen.has(object)) return [];
  const inner = new Set(seen).add(object);
  const required = new Set(object.required ?? []);
  return Object.entries(object.properties ?? {}).flatMap(([name, field]) => [
    { depth, name, type: typeOf(field, doc), required: required.has(name) },
    ...outline(field, doc, depth + 1, inner),
  ]);
}

/** The `data` of a success envelope's schema, which is what a reader wants to see. */
export function envelopeData(schema: JsonSchema): JsonSchema {
  return schema.properties?.data ?? schema;
}
