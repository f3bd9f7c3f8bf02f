import { CONTEST_STAFF_LIMITS as L } from '@verdict/shared';
import type { Message } from '../../../http/messages.ts';

/** Refusals of the contest staff calls (issue 11 "Contest staff"), in both languages. */
export const staffMessages = {
  printTooShort: {
    zh: `打印内容不能少于${L.printMinChars}个字符！`,
    en: `The text to print must have at least ${L.printMinChars} characters!`,
  },
  printTooLong: {
    zh: `打印内容不能超过${L.printMaxChars}个字符！`,
    en: `The text to print must have at most ${L.printMaxChars} characters!`,
  },
  printTooSoon: (seconds: number): Message => ({
    zh: `对不起，您已提交过打印文本，请${seconds}秒后再尝试！`,
    en: `You have just sent a text to print, please try again in ${seconds} s!`,
  }),
  printNotFound: { zh: '该打印请求不存在！', en: 'The print request does not exist!' },
  acRecordNotFound: { zh: '该AC记录不存在！', en: 'The accepted submission record does not exist!' },
  contestProblemNotFound: {
    zh: '该比赛题目不存在！',
    en: 'The problem is not in this contest!',
  },
} as const;
