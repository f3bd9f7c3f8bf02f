import './support/browser-globals.ts';
import { describe, expect, it } from 'vitest';
import { shortNameOf } from '../../src/layout/site-name.ts';

describe("the site's short name in the bars (issue 24 item 19)", () => {
  it('is nothing while the config loads: the logo shows a placeholder, not "OJ"', () => {
    expect(shortNameOf({ data: undefined, isPending: true }, 'OJ')).toBeNull();
  });

  it("is the config's, as written", () => {
    expect(shortNameOf({ data: { shortName: 'Verdict' }, isPending: false }, 'OJ')).toBe('Verdict');
  });

  it('falls back only when the config could not be read or names none', () => {
    expect(shortNameOf({ data: undefined, isPending: false }, 'OJ')).toBe('OJ');
    expect(shortNameOf({ data: { shortName: '  ' }, isPending: false }, 'OJ')).toBe('OJ');
  });
});
