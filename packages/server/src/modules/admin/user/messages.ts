import type { Text } from '../../../http/messages.ts';

/** The admin user calls (reference §3.12 "Users"); Chinese texts follow HOJ's wording where it has one. */
export const userAdminMessages = {
  userNotFound: { zh: '该用户不存在！', en: 'The user does not exist!' },
  unknownRole: { zh: '角色不存在！', en: 'The role does not exist!' },
  badStatus: { zh: '用户状态只能是0或1！', en: 'The user status must be 0 or 1!' },
  passwordLength: { zh: '新密码长度应该为6~20位！', en: 'The new password must be 6 to 20 characters long!' },
  emailInvalid: { zh: '邮箱格式错误！', en: 'The e-mail address is invalid!' },
  emailTaken: { zh: '该邮箱已被使用！', en: 'The e-mail address is already used by another account!' },
  usernameInvalid: {
    zh: '用户名不能为空且不超过20位！',
    en: 'The username must be 1 to 20 characters long!',
  },
  usernameTaken: { zh: '该用户名已存在！', en: 'The username is already taken!' },
  fieldTooLong: (field: string, max: number): Text => ({
    zh: `${field}长度不能超过${max}！`,
    en: `${field} must be at most ${max} characters long!`,
  }),
  noIds: { zh: '请选择要删除的用户！', en: 'Choose the users to delete!' },
  deleteSelf: { zh: '不能删除自己的账号！', en: 'You cannot delete your own account!' },
  deleteLastRoot: {
    zh: '不能删除最后一个超级管理员！',
    en: 'The last super administrator cannot be deleted!',
  },
  deleteAuthor: {
    zh: '待删除的用户中有题目作者，请先转移其题目！',
    en: 'Some of these users are problem authors: hand their problems over to someone else first!',
  },
  batchEmpty: { zh: '导入的用户列表不能为空！', en: 'The list of users to import is empty!' },
  batchTooLarge: (max: number): Text => ({
    zh: `一次最多导入${max}个用户！`,
    en: `At most ${max} users can be imported at once!`,
  }),
  batchRejected: (count: number): Text => ({
    zh: `导入失败：有${count}行数据不合法，没有写入任何用户！`,
    en: `Import refused: ${count} row(s) are invalid, no user was written!`,
  }),
  batchImported: (count: number): Text => ({
    zh: `成功导入${count}个用户！`,
    en: `${count} user(s) imported!`,
  }),
  rowShape: {
    zh: '格式错误：应为[用户名, 密码, 邮箱?, 真实姓名?, 性别?, 昵称?, 学校?]',
    en: 'Malformed row: expected [username, password, email?, realname?, gender?, nickname?, school?]',
  },
  rowDuplicateInBatch: (row: number): Text => ({
    zh: `用户名与第${row}行重复`,
    en: `the username repeats row ${row}`,
  }),
  rowEmailDuplicateInBatch: (row: number): Text => ({
    zh: `邮箱与第${row}行重复`,
    en: `the e-mail address repeats row ${row}`,
  }),
  rowUsernameExists: { zh: '用户名已存在', en: 'the username is already taken' },
  rowEmailExists: { zh: '邮箱已被使用', en: 'the e-mail address is already used' },
  rowPasswordLength: { zh: '密码长度应该为6~20位', en: 'the password must be 6 to 20 characters long' },
  rowUsername: { zh: '用户名不能为空且不超过20位', en: 'the username must be 1 to 20 characters long' },
  rowEmail: { zh: '邮箱格式错误', en: 'the e-mail address is invalid' },
  rowGender: { zh: '性别只能是male、female或secrecy', en: 'gender must be male, female or secrecy' },
  rowTooLong: (field: string, max: number): Text => ({
    zh: `${field}长度不能超过${max}`,
    en: `${field} must be at most ${max} characters long`,
  }),
  generateRange: {
    zh: '起始编号不能大于结束编号！',
    en: 'number_from must not be greater than number_to!',
  },
  generateTaken: (names: string): Text => ({
    zh: `以下用户名已存在：${names}`,
    en: `These usernames are already taken: ${names}`,
  }),
  generateKeyGone: {
    zh: '该下载已失效（已下载过或超过30分钟），请重新生成！',
    en: 'This download is gone (already downloaded or older than 30 minutes): generate the accounts again!',
  },
} as const;
