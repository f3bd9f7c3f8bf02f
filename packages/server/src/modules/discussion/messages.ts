import type { Message } from '../../http/messages.ts';

/** Answers of the discussion, comment and reply calls (reference §3.8, §7.6, §7.15); the Chinese texts are HOJ's. */
export const discussionMessages = {
  groupDiscussionClosed: {
    zh: '网站当前未开启团队讨论区，禁止访问！',
    en: 'Group discussions are closed at the moment: No Access!',
  },
  otherGroupProblem: {
    zh: '该题目属于其它团队，不能在此讨论！',
    en: 'This problem belongs to another group and cannot be discussed here!',
  },
  discussionClosed: {
    zh: '网站当前未开启公开讨论区，禁止访问！',
    en: 'The public discussion area is closed at the moment: No Access!',
  },
  contestCommentClosed: {
    zh: '网站当前未开启比赛评论区，禁止访问！',
    en: 'Contest comments are closed at the moment: No Access!',
  },
  discussionNotFound: {
    zh: '该讨论不存在或已被删除！',
    en: 'This discussion does not exist or has been deleted!',
  },
  commentNotFound: { zh: '该评论不存在或已被删除！', en: 'This comment does not exist or has been deleted!' },
  replyNotFound: { zh: '该回复不存在或已被删除！', en: 'This reply does not exist or has been deleted!' },
  categoryNotFound: { zh: '该分类不存在！', en: 'This category does not exist!' },
  categoryInUse: {
    zh: '该分类下仍有讨论，无法删除！',
    en: 'Discussions still use this category: it cannot be removed!',
  },
  problemNotFound: { zh: '该题目不存在！', en: 'This problem does not exist!' },
  recipientNotFound: { zh: '回复的用户不存在！', en: 'The user you reply to does not exist!' },
  notEnoughAcForDiscussion: (n: number): Message => ({
    zh: `对不起，您暂时不能发布讨论！请先去提交题目通过${n}道以上!`,
    en: `Sorry, you cannot post discussions yet: solve at least ${n} problems first!`,
  }),
  notEnoughAcForComment: (n: number): Message => ({
    zh: `对不起，您暂时不能评论！请先去提交题目通过${n}道以上!`,
    en: `Sorry, you cannot comment yet: solve at least ${n} problems first!`,
  }),
  dailyDiscussionLimit: (n: number): Message => ({
    zh: `对不起，您今天发帖次数已超过${n}次，请明天再来！`,
    en: `Sorry, you have already posted ${n} discussions today: please come back tomorrow!`,
  }),
  dailyCommentLimit: (n: number): Message => ({
    zh: `对不起，您今天评论与回复已超过${n}次，请明天再来！`,
    en: `Sorry, you have already written ${n} comments and replies today: please come back tomorrow!`,
  }),
  reportMissing: {
    zh: '举报的讨论不存在或已被删除！',
    en: 'The discussion you report does not exist or has been deleted!',
  },
} satisfies Record<string, Message | ((n: number) => Message)>;
