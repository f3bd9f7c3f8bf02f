import type { Message } from '../http/messages.ts';

/**
 * Refusals of the contest, group and discussion rules (reference §7.12, §7.15, §7.18). Their
 * routes come with their issues; the texts are HOJ's, so clients matching on them keep working.
 */
export const policyMessages = {
  contestNotStarted: { zh: '比赛还未开始，您无权访问该比赛！', en: 'The contest has not started yet!' },
  contestNotRegistered: {
    zh: '您还未报名该比赛，请先报名！',
    en: 'Please register for this contest first!',
  },
  contestAccountLimited: {
    zh: '对不起！本次比赛只允许特定账号规则的用户参赛！',
    en: "Sorry, only accounts that match this contest's account rule may take part!",
  },
  contestEnded: {
    zh: '比赛已结束，不可再提交！',
    en: 'The contest has ended: submissions are closed!',
  },
  contestGroupMembersOnly: {
    zh: '对不起，您并非该比赛所属团队的成员，无权访问！',
    en: "Sorry, only members of the contest's group may access it!",
  },
  contestNoPermission: {
    zh: '对不起，您无权限操作该比赛！',
    en: 'Sorry, you do not have permission to manage this contest!',
  },
  contestOutsideBoardClosed: {
    zh: '本场比赛未开启外榜，禁止访问外榜！',
    en: 'This contest has not opened its public scoreboard!',
  },
  contestOutsideBoardScheduled: {
    zh: '本场比赛正在筹备中，禁止访问外榜！',
    en: 'The contest has not started yet: its public scoreboard is closed!',
  },
  contestPrintClosed: {
    zh: '该比赛未开启打印功能！',
    en: 'Printing is not open in this contest!',
  },
  groupNotFound: { zh: '该团队不存在或已被封禁！', en: 'The group does not exist or is banned!' },
  groupMembersOnly: {
    zh: '对不起，您并非该团队内的成员，无权操作！',
    en: 'Sorry, you are not a member of this group!',
  },
  groupAdminOnly: {
    zh: '对不起，您无权限操作该团队！',
    en: 'Sorry, you do not have permission to manage this group!',
  },
  discussionBanned: {
    zh: '该讨论已被封禁！',
    en: 'This discussion has been banned!',
  },
  discussionNotYours: {
    zh: '对不起，您无权限操作该讨论！',
    en: 'Sorry, you do not have permission to change this discussion!',
  },
  commentNotFound: {
    zh: '该评论不存在或已被删除！',
    en: 'This comment does not exist or has been deleted!',
  },
  commentNotYours: {
    zh: '对不起，您无权限删除该评论！',
    en: 'Sorry, you do not have permission to delete this comment!',
  },
} as const satisfies Record<string, Message>;
