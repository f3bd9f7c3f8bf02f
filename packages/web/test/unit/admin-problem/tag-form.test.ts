import { describe, expect, it } from 'vitest';
import { validateClassification, validateTag } from '../../../src/admin/tag/tag-form.ts';

describe('tag and classification dialogs (reference §3.12)', () => {
  it('a tag needs a name of at most 255 characters and a colour of at most 10', () => {
    expect(validateTag({ id: null, name: 'dp', color: '#1677ff', tcid: null })).toEqual({});
    expect(validateTag({ id: null, name: '  ', color: '', tcid: null })).toEqual({ name: 'nameRequired' });
    expect(validateTag({ id: 1, name: 'x'.repeat(256), color: '#1677ff00ff', tcid: 2 })).toEqual({
      name: 'nameTooLong',
      color: 'colorInvalid',
    });
  });

  it('a classification rank is empty or an integer from 0 to 2147483647', () => {
    expect(validateClassification({ id: null, name: 'Graphs', rank: null })).toEqual({});
    expect(validateClassification({ id: null, name: 'Graphs', rank: 0 })).toEqual({});
    expect(validateClassification({ id: null, name: 'Graphs', rank: 2_147_483_648 })).toEqual({
      rank: 'rankRange',
    });
    expect(validateClassification({ id: null, name: '', rank: -1 })).toEqual({
      name: 'nameRequired',
      rank: 'rankRange',
    });
  });
});
