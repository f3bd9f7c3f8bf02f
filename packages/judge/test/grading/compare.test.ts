import { describe, expect, it } from 'vitest';
import { compareOutput, rtrim, stripAllWhitespace } from '../../src/grading/compare.ts';

const b = (s: string) => Buffer.from(s, 'utf8');
const rt = (s: string) => rtrim(b(s)).toString('utf8');

describe('rtrim (reference §8.9)', () => {
  it('drops trailing whitespace of the text, newlines included', () => {
    expect(rt('3\n')).toBe('3');
    expect(rt('3 \t\r\n\n\n  ')).toBe('3');
    expect(rt('')).toBe('');
    expect(rt(' \n\t\n')).toBe('');
  });

  it('drops blanks before every remaining newline, keeps blanks inside lines and leading blanks', () => {
    expect(rt('1 2  \n3\t\n4')).toBe('1 2\n3\n4');
    expect(rt('1\r\n2\r\n')).toBe('1\n2');
    expect(rt('  a  b\n \n c')).toBe('  a  b\n\n c');
  });

  it('keeps empty lines between lines (only trailing ones go)', () => {
    expect(rt('a\n\n\nb\n\n')).toBe('a\n\n\nb');
  });

  it('treats vertical tab and form feed as whitespace like Java \\s', () => {
    expect(rt('x\x0b\x0c\n')).toBe('x');
  });
});

describe('stripAllWhitespace', () => {
  it('removes every whitespace byte', () => {
    expect(stripAllWhitespace(b(' 1 \t2\r\n3 \n')).toString()).toBe('123');
  });
});

describe('compareOutput with isRemoveEndBlank = true', () => {
  const cmp = (user: string, expected: string) => compareOutput(b(user), b(expected), true);

  it('accepts differences of trailing blanks and final newlines', () => {
    expect(cmp('3', '3\n')).toBe('accepted');
    expect(cmp('3   \n\n\n', '3\n')).toBe('accepted');
    expect(cmp('1 2 \r\n3\r\n', '1 2\n3\n')).toBe('accepted');
  });

  it('never gives presentation error: other whitespace differences are wrong answers (§13.7)', () => {
    expect(cmp('1  2', '1 2')).toBe('wrong-answer');
    expect(cmp(' 3', '3')).toBe('wrong-answer');
    expect(cmp('1\n\n2', '1\n2')).toBe('wrong-answer');
    expect(cmp('4', '3')).toBe('wrong-answer');
  });

  it('compares empty outputs', () => {
    expect(cmp('', '')).toBe('accepted');
    expect(cmp('\n \n', '')).toBe('accepted');
    expect(cmp('0', '')).toBe('wrong-answer');
  });
});

describe('compareOutput with isRemoveEndBlank = false', () => {
  const cmp = (user: string, expected: string) => compareOutput(b(user), b(expected), false);

  it('accepts only identical bytes', () => {
    expect(cmp('3\n', '3\n')).toBe('accepted');
  });

  it('gives presentation error when only whitespace differs', () => {
    expect(cmp('3', '3\n')).toBe('presentation-error');
    expect(cmp('3 \n', '3\n')).toBe('presentation-error');
    expect(cmp('1  2\n', '1 2\n')).toBe('presentation-error');
    expect(cmp('1\r\n2\r\n', '1\n2\n')).toBe('presentation-error');
    // removing all whitespace can join tokens: HOJ's rule, kept as documented
    expect(cmp('12\n', '1 2\n')).toBe('presentation-error');
  });

  it('gives wrong answer otherwise', () => {
    expect(cmp('4\n', '3\n')).toBe('wrong-answer');
    expect(cmp('', '3\n')).toBe('wrong-answer');
  });
});

describe('compareOutput on large and binary outputs', () => {
  it('handles megabytes and bytes that are not UTF-8', () => {
    const big = Buffer.from('1 2 3 4 5\n'.repeat(200_000));
    expect(compareOutput(Buffer.concat([big, b('  \n')]), big, true)).toBe('accepted');
    expect(compareOutput(Buffer.from([0xff, 0xfe, 0x0a]), Buffer.from([0xff, 0xfe]), true)).toBe('accepted');
    expect(compareOutput(Buffer.from([0xff, 0xfe, 0x0a]), Buffer.from([0xff, 0xfd]), true)).toBe(
      'wrong-answer',
    );
  });
});
