import type { Message } from '../../http/messages.ts';

/** Refusals of the home, rank and user home calls (reference §3.1, §3.7); the Chinese texts are HOJ's. */
export const homeMessages = {
  userRequired: {
    zh: '请求参数错误：用户的uid或用户名不能为空！',
    en: 'Invalid request: give the uid or the username of a user!',
  },
  userNotFound: { zh: '该用户不存在！', en: 'The user does not exist!' },
} satisfies Record<string, Message>;
