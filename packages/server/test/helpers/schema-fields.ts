import { intFields, type IntFieldFacts } from '@verdict/shared';
import type { z } from 'zod';

/**
 * The fields of a request schema, found by walking its zod definition (issue 24 items 1 and 10):
 * whole numbers (numbers.ts's helpers, or a plain `z.number()` left over), text fields, and where
 * they sit. A path is a list of keys; '*' stands for any element of an array.
 */
export type FieldPath = readonly string[];

export interface SchemaFields {
  /** fields built by numbers.ts (int, positiveId, optionalInt, intOneOf), with their range */
  ints: { path: FieldPath; facts: IntFieldFacts }[];
  /** plain numbers (`z.number()`, `z.coerce.number()`), which refuse a string of digits */
  plainNumbers: FieldPath[];
  /** text fields (`z.string()`, whatever checks and transforms follow) */
  texts: FieldPath[];
}

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
  getter?: () => z.ZodType;
  coerce?: boolean;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** True when a plain number accepts strings anyway: a union that also takes text. */
function unionTakesText(options: z.ZodType[]): boolean {
  return options.some((o) => defOf(o).type === 'string');
}

export function schemaFields(schema: unknown): SchemaFields {
  const found: SchemaFields = { ints: [], plainNumbers: [], texts: [] };
  const seen = new Set<unknown>();
  const walk = (node: z.ZodType, path: FieldPath, textAllowed: boolean) => {
    const facts = intFields.get(node);
    if (facts) {
      found.ints.push({ path, facts });
      return;
    }
    if (seen.has(node)) return;
    seen.add(node);
    try {
      const def = defOf(node);
      switch (def.type) {
        case 'object':
          for (const [key, child] of Object.entries(def.shape ?? {})) walk(child, [...path, key], false);
          return;
        case 'array':
          return walk(def.element!, [...path, '*'], false);
        case 'record':
          return walk(def.valueType!, [...path, '*'], false);
        case 'tuple':
          return def.items!.forEach((item, i) => walk(item, [...path, String(i)], false));
        case 'optional':
        case 'nullable':
        case 'default':
        case 'prefault':
        case 'readonly':
        case 'catch':
        case 'nonoptional':
          return walk(def.innerType!, path, textAllowed);
        case 'pipe':
          walk(def.in!, path, textAllowed);
          return walk(def.out!, path, textAllowed);
        case 'union':
          for (const option of def.options!) walk(option, path, textAllowed || unionTakesText(def.options!));
          return;
        case 'intersection':
          walk(def.left!, path, textAllowed);
          return walk(def.right!, path, textAllowed);
        case 'lazy':
          return walk(def.getter!(), path, textAllowed);
        case 'number':
          if (!textAllowed) found.plainNumbers.push(path);
          return;
        case 'string':
          if (!found.texts.some((p) => p.join('.') === path.join('.'))) found.texts.push(path);
          return;
        default:
          return;
      }
    } finally {
      seen.delete(node);
    }
  };
  if (schema && typeof schema === 'object' && '_zod' in schema) walk(schema as z.ZodType, [], false);
  return found;
}

/** A value the field takes, written as a string of digits (as HOJ's client sends ids after a reload). */
export function digitsFor(facts: IntFieldFacts): string {
  if (facts.values) return String(facts.values[facts.values.length - 1]);
  return String(Math.min(Math.max(1, facts.min), facts.max));
}

/** Sets `value` at `path` in `target` (an object or, for a '*' at the top, an array), creating what is missing. */
export function setPath(target: Record<string, unknown> | unknown[], path: FieldPath, value: unknown): void {
  let node: Record<string, unknown> | unknown[] = target;
  path.forEach((key, i) => {
    const last = i === path.length - 1;
    const next = path[i + 1];
    if (key === '*') {
      const list = node as unknown[];
      if (last) list[0] = value;
      else {
        list[0] ??= next === '*' ? [] : {};
        node = list[0] as Record<string, unknown> | unknown[];
      }
      return;
    }
    const object = node as Record<string, unknown>;
    if (last) object[key] = value;
    else {
      object[key] ??= next === '*' ? [] : {};
      node = object[key] as Record<string, unknown> | unknown[];
    }
  });
}

/** An empty payload of the schema's top-level shape: an array for array bodies, else an object. */
export function emptyPayload(paths: FieldPath[]): Record<string, unknown> | unknown[] {
  return paths.some((p) => p[0] === '*') ? [] : {};
}
