import {
  ACCOUNT_MESSAGES,
  accountMessage,
  isEmailAddress,
  isMobileNumber,
  mobileField,
  registerFormSchema,
  resetPasswordFormSchema,
} from '@verdict/shared';
import { describe, expect, it } from 'vitest';

describe('shared account schemas (spec part 1 §5, part 2 §5), as the web forms use them', () => {
  it('every message has both languages', () => {
    for (const [key, text] of Object.entries(ACCOUNT_MESSAGES)) {
      expect(text.zh, key).not.toBe('');
      expect(text.en, key).not.toBe('');
      expect(text.en, key).not.toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it("spec part 1 §5: the password again must match ('Password does not match')", () => {
    const form = { username: 'u', password: 'secret1', email: 'u@example.org', code: '123456' };
    const mismatch = registerFormSchema.safeParse({ ...form, passwordAgain: 'secret2' });
    expect(mismatch.success).toBe(false);
    const issue = mismatch.error!.issues[0]!;
    expect(issue.path).toEqual(['passwordAgain']);
    expect(accountMessage(issue.message as keyof typeof ACCOUNT_MESSAGES, 'en-US')).toBe(
      'Password does not match',
    );
    expect(accountMessage(issue.message as keyof typeof ACCOUNT_MESSAGES, 'zh-CN')).toBe(
      '两次输入的密码不一致',
    );
    expect(registerFormSchema.safeParse({ ...form, passwordAgain: 'secret1' }).success).toBe(true);

    const reset = resetPasswordFormSchema.safeParse({
      username: 'u',
      password: 'secret1',
      code: 'c',
      passwordAgain: 'x',
    });
    expect(reset.error!.issues[0]!.message).toBe('passwordMismatch');
  });

  it('spec part 1 §5: e-mail format', () => {
    for (const good of ['a@example.org', 'first.last+tag@sub.example.co', 'x_y@a-b.io'])
      expect(isEmailAddress(good), good).toBe(true);
    for (const bad of [
      '',
      'a',
      'a@b',
      '@example.org',
      'a@@example.org',
      'a b@example.org',
      'a@example..org',
      `${'a'.repeat(320)}@x.org`,
    ]) {
      expect(isEmailAddress(bad), bad).toBe(false);
    }
  });

  it('spec part 2 §5: mobile format (an optional +, 6 to 20 digits, spaces or hyphens between)', () => {
    for (const good of [
      '13800138000',
      '138 0013 8000',
      '138-0013-8000',
      '+86 138 0013 8000',
      '123456',
      '9'.repeat(20),
    ])
      expect(isMobileNumber(good), good).toBe(true);
    for (const bad of [
      '',
      '12345',
      '9'.repeat(21),
      '+',
      '+ 86138',
      '138  0013',
      '138-',
      '(010) 1234567',
      '1380013800a',
    ])
      expect(isMobileNumber(bad), bad).toBe(false);
    expect(mobileField.parse(' +86 138-0013-8000 ')).toBe('+8613800138000');
  });
});
