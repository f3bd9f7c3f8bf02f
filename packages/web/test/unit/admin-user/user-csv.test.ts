import { describe, expect, it } from 'vitest';
import { parseCsv, previewImport } from '../../../src/admin/user/user-csv.ts';

// Issue 10, /admin/user import (spec part 2 §2.7, reference §3.12 insert-batch-user): the CSV is
// parsed and checked in the browser before anything is written.
describe('parseCsv', () => {
  it('splits plain rows and cells', () => {
    expect(parseCsv('a,b,c\nd,e,f')).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e', 'f'],
    ]);
  });

  it('keeps commas, line breaks and doubled quotes inside quotes', () => {
    expect(parseCsv('"a,1","say ""hi""","two\nlines"\nx,y')).toEqual([
      ['a,1', 'say "hi"', 'two\nlines'],
      ['x', 'y'],
    ]);
  });

  it('ends rows at CRLF, LF or CR and drops blank lines and a BOM', () => {
    expect(parseCsv('\ufeffa,b\r\n\r\nc,d\r\re,f\r\n')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
    ]);
  });

  it('keeps empty cells', () => {
    expect(parseCsv('a,,c,\n')).toEqual([['a', '', 'c', '']]);
    expect(parseCsv('')).toEqual([]);
  });
});

describe('previewImport', () => {
  it('skips an optional header row and numbers rows from 1', () => {
    const withHeader = previewImport('username,password,email\nalice,secret1,a@x.org\n');
    const without = previewImport('alice,secret1,a@x.org');
    expect(withHeader).toEqual(without);
    expect(without).toEqual([{ row: 1, cells: ['alice', 'secret1', 'a@x.org'], problems: [] }]);
  });

  it('names every bad field with the rules the server applies', () => {
    const rows = previewImport(
      [
        'bob,123',
        'carol,secret1,not-mail,,other',
        ',secret1',
        'only',
        'dave,secret1,,,,' + 'n'.repeat(21),
      ].join('\n'),
    );
    expect(rows.map((r) => r.problems.map((p) => p.key))).toEqual([
      ['passwordLength'],
      ['email', 'gender'],
      ['username'],
      ['shape', 'passwordLength'],
      ['tooLong'],
    ]);
  });

  it('flags a username repeated in the batch with the first row', () => {
    const rows = previewImport('eve,secret1\neve,secret2');
    expect(rows[1]!.problems).toEqual([{ key: 'duplicate', row: 1 }]);
  });

  it('accepts trailing empty cells and a known gender in any case', () => {
    expect(previewImport('frank,secret1,,,Male,,,')[0]!.problems).toEqual([]);
  });
});
