import { describe, expect, it } from 'vitest';
import { resolveLanguage } from '../../src/i18n/language.ts';
import { enUS } from '../../src/i18n/en-US.ts';
import { zhCN } from '../../src/i18n/zh-CN.ts';

describe('interface language (spec part 1 §1)', () => {
  it('is zh-CN by default, the stored choice otherwise, and ?l= wins', () => {
    expect(resolveLanguage('', null)).toBe('zh-CN');
    expect(resolveLanguage('', 'en-US')).toBe('en-US');
    expect(resolveLanguage('?l=en-US', null)).toBe('en-US');
    expect(resolveLanguage('?x=1&l=zh-CN', 'en-US')).toBe('zh-CN');
    expect(resolveLanguage('?l=fr-FR', 'en-US')).toBe('en-US');
    expect(resolveLanguage('', 'garbage')).toBe('zh-CN');
  });

  it('has every message in both languages, none empty', () => {
    const leaves = (tree: object, prefix = ''): [string, unknown][] =>
      Object.entries(tree).flatMap(([key, value]) =>
        typeof value === 'object' && value !== null
          ? leaves(value, `${prefix}${key}.`)
          : [[`${prefix}${key}`, value]],
      );
    const zh = leaves(zhCN);
    const en = leaves(enUS);
    expect(en.map(([key]) => key)).toEqual(zh.map(([key]) => key));
    for (const [key, value] of [...zh, ...en]) expect(value, key).toMatch(/\S/);
  });
});
