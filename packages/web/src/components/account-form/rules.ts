import { accountMessage, isAccountMessageKey, type AccountMessageKey } from '@verdict/shared';
import type { FormInstance, FormRule } from 'antd';
import { currentLanguage } from '../../i18n';

/** A schema issue message is a key of ACCOUNT_MESSAGES (shared/account.ts): show it in the interface language. */
export function accountText(key: string): string {
  return isAccountMessageKey(key) ? accountMessage(key, currentLanguage()) : key;
}

/** What the forms need of a zod schema (kept structural: zod is the shared package's dependency). */
export interface FieldSchema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: { message: string }[] } };
}

/**
 * A field checked with its schema from the shared contract, so the form refuses exactly what the
 * server refuses, with the same words (spec part 1 §5).
 */
export function schemaRule(schema: FieldSchema): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      if (result.success) return;
      throw new Error(accountText(result.error.issues[0]?.message ?? ''));
    },
  };
}

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/*
 * The shared form schemas check these across fields with an object-level refine, which zod runs
 * only once every field is valid; the forms check them as soon as the field changes, with the
 * schema's own message keys.
 */

/** spec part 1 §5: the confirmation must match ('Password does not match'). */
export function sameAsRule(form: FormInstance, otherField: string): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (trimmed(value) !== trimmed(form.getFieldValue(otherField))) {
        throw new Error(accountText('passwordMismatch' satisfies AccountMessageKey));
      }
    },
  };
}

/** spec part 2 §5: the new value must differ from the old one. */
export function differentFromRule(
  form: FormInstance,
  otherField: string,
  message: AccountMessageKey,
): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const other = trimmed(form.getFieldValue(otherField));
      if (other !== '' && trimmed(value) === other) throw new Error(accountText(message));
    },
  };
}

/**
 * spec part 2 §5: the new value must differ from what the account holds now (`current`), compared
 * once both are put in one form by `normalise` (an address without case, a number without spaces).
 */
export function notCurrentRule(
  current: string | null | undefined,
  normalise: (value: string) => string,
  message: () => string,
): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (!current || typeof value !== 'string') return;
      if (normalise(value) === normalise(current)) throw new Error(message());
    },
  };
}
