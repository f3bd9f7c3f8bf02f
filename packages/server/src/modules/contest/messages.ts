import type { Message } from '../../http/messages.ts';

/** Refusals of the participant's contest calls (reference §3.6, §7.18); the Chinese texts are HOJ's. */
export const contestMessages = {
  passwordEmpty: { zh: '比赛密码不能为空！', en: 'Enter the contest password' },
  passwordWrong: { zh: '比赛密码错误，请重新输入！', en: 'Wrong contest password, please try again!' },
  alreadyRegistered: {
    zh: '您已注册过该比赛，请勿重复注册！',
    en: 'You have already registered for this contest!',
  },
  publicNoRegistration: {
    zh: '该比赛为公开赛，无需报名！',
    en: 'This contest is public: no registration is needed!',
  },
  problemNotFound: { zh: '该比赛题目不存在！', en: 'This contest problem does not exist!' },
  problemHidden: {
    zh: '该比赛题目当前不可访问！',
    en: 'This contest problem is not available at the moment!',
  },
  contestRequired: {
    zh: '请求参数错误：比赛ID不能为空！',
    en: 'Invalid request: a contest id is required!',
  },
  notInContest: {
    zh: '该提交不属于此比赛！',
    en: 'This submission does not belong to this contest!',
  },
  hiddenError: {
    zh: '比赛进行中，不可查看他人的错误信息！',
    en: "The contest is in progress. You are not allowed to view other people's error information.",
  },
} as const satisfies Record<string, Message>;
