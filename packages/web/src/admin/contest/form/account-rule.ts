/**
 * The account-limit rule of a contest (reference §4.4 account_limit_rule, §7.18): allowed usernames
 * are prefix + i + suffix for i in [start, end], plus the extra accounts, stored as one string
 * `<prefix>..</prefix><suffix>..</suffix><start>n</start><end>m</end><extra>u1 u2</extra>`.
 */
export interface AccountRule {
  prefix: string;
  suffix: string;
  start: number | null;
  end: number | null;
  /** extra usernames as typed (spaces or new lines between them) */
  extra: string;
}

export const EMPTY_ACCOUNT_RULE: AccountRule = { prefix: '', suffix: '', start: null, end: null, extra: '' };

const part = (rule: string, tag: string): string | null => {
  const match = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(rule);
  return match ? (match[1] ?? '') : null;
};

const toNumber = (text: string | null): number | null => {
  if (text === null || text.trim() === '') return null;
  const value = Number(text.trim());
  return Number.isInteger(value) ? value : null;
};

export function parseAccountRule(value: string | null | undefined): AccountRule {
  if (!value) return { ...EMPTY_ACCOUNT_RULE };
  return {
    prefix: part(value, 'prefix') ?? '',
    suffix: part(value, 'suffix') ?? '',
    start: toNumber(part(value, 'start')),
    end: toNumber(part(value, 'end')),
    extra: (part(value, 'extra') ?? '').trim().split(/\s+/).filter(Boolean).join('\n'),
  };
}

/** The extra accounts, one each, in the order typed, without repeats. */
export function extraAccounts(rule: AccountRule): string[] {
  return [...new Set(rule.extra.split(/\s+/).filter(Boolean))];
}

/** The stored string; extras separated by one space as the server splits them. */
export function formatAccountRule(rule: AccountRule): string {
  return (
    `<prefix>${rule.prefix.trim()}</prefix><suffix>${rule.suffix.trim()}</suffix>` +
    `<start>${rule.start ?? ''}</start><end>${rule.end ?? ''}</end>` +
    `<extra>${extraAccounts(rule).join(' ')}</extra>`
  );
}

/** Spec part 2 §5: the preview is shown only when the start number is not above the end number. */
export function hasRange(rule: AccountRule): rule is AccountRule & { start: number; end: number } {
  return rule.start !== null && rule.end !== null && rule.start <= rule.end;
}

/**
 * A few usernames the rule allows, for the preview: the first `head` of the range, "…" when some
 * are left out, and the last one.
 */
export function accountRulePreview(rule: AccountRule, head = 3): string[] {
  if (!hasRange(rule)) return [];
  const name = (i: number) => `${rule.prefix.trim()}${i}${rule.suffix.trim()}`;
  const count = rule.end - rule.start + 1;
  if (count <= head + 1) return Array.from({ length: count }, (_, i) => name(rule.start + i));
  return [...Array.from({ length: head }, (_, i) => name(rule.start + i)), '…', name(rule.end)];
}
