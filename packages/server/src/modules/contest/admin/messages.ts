import type { Text } from '../../../http/messages.ts';

/** The contest admin calls (reference §3.12 "Contests"); Chinese texts follow HOJ's wording where it has one. */
export const contestAdminMessages = {
  contestIdMissing: { zh: '比赛ID不能为空！', en: 'The contest id is missing!' },
  groupContestsLater: {
    zh: '团队比赛请在团队中管理！',
    en: 'Group contests are managed inside their group!',
  },
  problemAlreadyInContest: {
    zh: '该题目已添加进比赛，请勿重复添加！',
    en: 'This problem is already in the contest!',
  },
  displayIdTaken: {
    zh: '该题目展示ID已被比赛中的其它题目使用，请更换！',
    en: 'Another problem of the contest already uses this display id!',
  },
  problemHidden: {
    zh: '私有题目不能添加进比赛！',
    en: 'A hidden problem cannot be added to a contest!',
  },
  groupProblem: {
    zh: '团队题目不能添加进公开比赛！',
    en: 'A group problem cannot be added to this contest!',
  },
  contestProblemNotFound: {
    zh: '该比赛题目不存在！',
    en: 'This problem is not in the contest!',
  },
  contestProblemMismatch: {
    zh: '比赛题目的比赛或题目不可更改！',
    en: 'The contest or the problem of a contest problem cannot be changed!',
  },
  announcementNotFound: {
    zh: '该比赛公告不存在！',
    en: 'The contest announcement does not exist!',
  },
  clonedSuffix: ' [Cloned]',
  registrationsDropped: (n: number): Text => ({
    zh: `修改成功！比赛密码已更改，已移除${n}个报名记录。`,
    en: `Saved! The password changed, so ${n} registration(s) were removed.`,
  }),
} as const;
