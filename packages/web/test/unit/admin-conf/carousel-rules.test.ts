import { CAROUSEL_IMAGE } from '@verdict/shared';
import { describe, expect, it } from 'vitest';
import { moved, refusedBeforeUpload } from '../../../src/admin/conf/carousel-rules.ts';

// Issue 10, /admin/conf home carousel: what the card refuses before sending, and the order it sends.
describe('refusedBeforeUpload', () => {
  it('refuses SVG by type or name and files over the limit; lets other images through', () => {
    expect(refusedBeforeUpload({ name: 'a.svg', type: '', size: 10 })).toBe('svg');
    expect(refusedBeforeUpload({ name: 'a.png', type: 'image/svg+xml', size: 10 })).toBe('svg');
    expect(refusedBeforeUpload({ name: 'A.SVGZ', type: '', size: 10 })).toBe('svg');
    expect(refusedBeforeUpload({ name: 'a.png', type: 'image/png', size: CAROUSEL_IMAGE.maxBytes + 1 })).toBe(
      'tooLarge',
    );
    expect(
      refusedBeforeUpload({ name: 'a.png', type: 'image/png', size: CAROUSEL_IMAGE.maxBytes }),
    ).toBeNull();
    expect(refusedBeforeUpload({ name: 'photo.jfif', type: 'image/jpeg', size: 100 })).toBeNull();
  });
});

describe('moved', () => {
  it('moves an item one place up or down, keeping the others in order', () => {
    expect(moved([1, 2, 3], 1, -1)).toEqual([2, 1, 3]);
    expect(moved([1, 2, 3], 1, 1)).toEqual([1, 3, 2]);
  });

  it('stays in bounds at either end and leaves the input alone', () => {
    const list = [1, 2, 3];
    expect(moved(list, 0, -1)).toEqual([1, 2, 3]);
    expect(moved(list, 2, 1)).toEqual([1, 2, 3]);
    expect(list).toEqual([1, 2, 3]);
  });
});
