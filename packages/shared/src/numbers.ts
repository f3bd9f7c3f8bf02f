import { z } from 'zod';

/**
 * Whole numbers in requests (issue 24 item 1). HOJ's server binds its parameters with Jackson and
 * Spring, which take an integer written as a JSON number or as a string of digits; HOJ's own client
 * relies on it (after a page reload it sends route ids such as `cid: "1000"`). Every numeric field of
 * a request schema is one of these helpers, so a body field and a query parameter accept the same
 * spellings:
 *
 * - a JSON number that is a safe integer, or
 * - a string of ASCII digits, with one leading '-' only where the field's range has negatives;
 *
 * both within the field's range. Anything else is refused ('1.5', ' 1', '1e3', '', '0x10', '+1'),
 * where `z.coerce.number()` took most of them (' 1' → 1, '' → 0, '0x10' → 16).
 */

export interface IntRange {
  /** smallest value allowed (Number.MIN_SAFE_INTEGER by default) */
  min?: number;
  /** largest value allowed (Number.MAX_SAFE_INTEGER by default) */
  max?: number;
  /**
   * The message of every refusal, a missing value included (forms whose messages are keys of a
   * table). Without it a missing value keeps zod's "received undefined" (the error handler's
   * "missing parameter") and a bad one says which integers the field takes.
   */
  error?: string;
}

/** What the helpers registered about a field: its range and, for `intOneOf`, its values. */
export interface IntFieldFacts {
  min: number;
  max: number;
  values?: readonly number[];
  /** absent, null and '' mean no value */
  optional?: boolean;
}

/**
 * Every schema the helpers build, with its range: tests walk the request schemas and find the
 * numeric fields by it (test/http/numeric-fields.test.ts).
 */
export const intFields = z.registry<IntFieldFacts>();

const UNSIGNED = /^\d+$/;
const SIGNED = /^-?\d+$/;

/** The integer a string of digits spells, for a field whose range has negatives or not. */
export function integerFromDigits(text: string, negatives: boolean): number | undefined {
  return (negatives ? SIGNED : UNSIGNED).test(text) ? Number(text) : undefined;
}

function describe(min: number, max: number, values?: readonly number[]): string {
  if (values) return `expected one of the integers ${values.join(', ')}`;
  if (min === Number.MIN_SAFE_INTEGER && max === Number.MAX_SAFE_INTEGER) return 'expected an integer';
  if (max === Number.MAX_SAFE_INTEGER) return `expected an integer of at least ${min}`;
  if (min === Number.MIN_SAFE_INTEGER) return `expected an integer of at most ${max}`;
  return `expected an integer from ${min} to ${max}`;
}

function build(range: IntRange, values?: readonly number[]) {
  const min = Math.max(range.min ?? Number.MIN_SAFE_INTEGER, Number.MIN_SAFE_INTEGER);
  const max = Math.min(range.max ?? Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
  const negatives = min < 0;
  const message = range.error ?? `${describe(min, max, values)} (a number or a string of digits)`;
  const error = range.error
    ? () => range.error
    : (issue: { input?: unknown }) => (issue.input === undefined ? undefined : message);
  let number = z
    .number({ error })
    .int({ error: message, abort: true })
    .min(min, { error: message, abort: true })
    .max(max, { error: message, abort: true });
  if (values) number = number.refine((v) => values.includes(v), { error: message, abort: true });
  const schema = z.preprocess(
    (v) => (typeof v === 'string' ? (integerFromDigits(v, negatives) ?? v) : v),
    number,
  );
  intFields.add(schema, { min, max, ...(values ? { values } : {}) });
  return { schema, min, max };
}

/** A required integer (a number or a string of digits) within `range`. */
export function int(range: IntRange = {}): z.ZodType<number, number | string> {
  return build(range).schema as unknown as z.ZodType<number, number | string>;
}

/** A required id: an integer of at least 1. */
export const positiveId = int({ min: 1 });

/**
 * An optional integer within `range`: absent, null and '' (an empty query parameter or form field)
 * are no value, anything else must be an integer in range.
 */
export function optionalInt(
  range: IntRange = {},
): z.ZodOptional<z.ZodType<number | undefined, number | string | null | undefined>> {
  const { schema, min, max } = build(range);
  const absentOrInt = z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    schema.optional(),
  ) as unknown as z.ZodType<number | undefined, number | string | null | undefined>;
  const optional = absentOrInt.optional();
  intFields.add(optional, { min, max, optional: true });
  return optional;
}

/** An optional id: absent, null or '' is none, else an integer of at least 1. */
export const optionalId = optionalInt({ min: 1 });

/** One of the integers `values` (a literal union such as 0/1), as a number or a string of digits. */
export function intOneOf<const T extends readonly number[]>(
  values: T,
  options: Pick<IntRange, 'error'> = {},
): z.ZodType<T[number], T[number] | string> {
  const min = Math.min(...values);
  const max = Math.max(...values);
  return build({ min, max, ...options }, values).schema as unknown as z.ZodType<
    T[number],
    T[number] | string
  >;
}
