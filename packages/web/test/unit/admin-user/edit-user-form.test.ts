import { ACCOUNT_MESSAGES } from '@verdict/shared';
import { describe, expect, it } from 'vitest';
import type { EditUserBody } from '../../../src/api/admin-user';
import { validateEditUser } from '../../../src/admin/user/edit-user-form';

const draft = (over: Partial<EditUserBody> = {}): EditUserBody => ({
  uid: 'u1',
  username: 'alice',
  realname: null,
  email: null,
  password: null,
  type: 1002,
  status: 0,
  setNewPwd: false,
  titleName: null,
  titleColor: null,
  ...over,
});

describe('the edit-user dialog checks fields as edit-user does (reference §3.12 "Users")', () => {
  it('passes an untouched row and cleared optional fields', () => {
    expect(validateEditUser(draft())).toEqual({});
    expect(validateEditUser(draft({ realname: '', email: '  ', titleName: '', titleColor: '' }))).toEqual({});
  });

  it('refuses an empty or 21-character username, a bad e-mail and overlong texts, naming each field', () => {
    expect(
      validateEditUser(
        draft({
          username: '  ',
          email: 'not-an-address',
          realname: 'r'.repeat(51),
          titleName: 't'.repeat(256),
          titleColor: 'c'.repeat(256),
        }),
      ),
    ).toEqual({
      username: 'usernameRequired',
      email: 'emailInvalid',
      realname: 'realnameTooLong',
      titleName: 'titleNameTooLong',
      titleColor: 'titleColorTooLong',
    });
    expect(validateEditUser(draft({ username: 'u'.repeat(21) }))).toEqual({ username: 'usernameTooLong' });
  });

  it('checks the password only when a new one is set: 6 to 20 characters', () => {
    expect(validateEditUser(draft({ password: '1' }))).toEqual({});
    expect(validateEditUser(draft({ setNewPwd: true, password: null }))).toEqual({
      password: 'passwordRequired',
    });
    expect(validateEditUser(draft({ setNewPwd: true, password: '12345' }))).toEqual({
      password: 'newPasswordLength',
    });
    expect(validateEditUser(draft({ setNewPwd: true, password: 'x'.repeat(21) }))).toEqual({
      password: 'newPasswordLength',
    });
    expect(validateEditUser(draft({ setNewPwd: true, password: 'secret1' }))).toEqual({});
  });

  it('every error is a message with both languages', () => {
    const errors = validateEditUser(draft({ username: '', email: 'x', setNewPwd: true, password: '1' }));
    for (const key of Object.values(errors)) {
      expect(ACCOUNT_MESSAGES[key as keyof typeof ACCOUNT_MESSAGES]).toMatchObject({
        zh: expect.any(String),
        en: expect.any(String),
      });
    }
  });
});
