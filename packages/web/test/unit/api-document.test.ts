import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelope, submissionDetailData } from '@verdict/shared';
import {
  envelopeData,
  outline,
  typeOf,
  type ApiDocument,
  type JsonSchema,
} from '../../src/pages/api-doc/api-document.ts';

const doc = (schemas: Record<string, JsonSchema> = {}): ApiDocument => ({
  openapi: '3.1.0',
  tags: [],
  paths: {},
  components: { schemas },
});

const asJson = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'output' }) as JsonSchema;

describe('the API document page reads an answer schema as an outline (issue 28)', () => {
  it('lists the envelope data fields, nested ones one level deeper, with their types', () => {
    const lines = outline(envelopeData(asJson(envelope(submissionDetailData))), doc());
    expect(lines[0]).toEqual({ depth: 0, name: 'submission', type: 'object', required: true });
    expect(lines).toContainEqual({ depth: 1, name: 'code', type: 'string | null', required: true });
    expect(lines).toContainEqual({
      depth: 1,
      name: 'submitTime',
      type: 'string (date-time)',
      required: true,
    });
    expect(lines).toContainEqual({ depth: 0, name: 'codeShare', type: 'boolean', required: true });
    expect(lines).toContainEqual({ depth: 0, name: 'remoteRunId', type: 'string | null', required: true });
  });

  it('goes through arrays, maps and references, and stops at a schema met again', () => {
    const node: JsonSchema = {
      type: 'object',
      properties: {
        name: { type: 'string' },
        children: { type: 'array', items: { $ref: '#/components/schemas/node' } },
      },
      required: ['name'],
    };
    const d = doc({ node });
    expect(typeOf({ type: 'object', additionalProperties: { type: 'integer' } }, d)).toBe('map of integer');
    expect(outline({ $ref: '#/components/schemas/node' }, d)).toEqual([
      { depth: 0, name: 'name', type: 'string', required: true },
      { depth: 0, name: 'children', type: 'array of object', required: false },
    ]);
  });
});
