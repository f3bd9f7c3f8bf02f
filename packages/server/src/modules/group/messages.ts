import type { Text } from '../../http/messages.ts';

/** The group and membership calls (reference §7.6, §7.12); Chinese texts follow HOJ's wording. */
export const groupMessages = {
  nameLength: { zh: '团队名称的长度应为 5 到 25！', en: 'The group name must be 5 to 25 characters!' },
  shortNameLength: {
    zh: '团队简称的长度应为 5 到 10！',
    en: 'The group short name must be 5 to 10 characters!',
  },
  briefLength: { zh: '团队简介的长度应为 5 到 50！', en: 'The group brief must be 5 to 50 characters!' },
  descriptionLength: {
    zh: '团队描述的长度应为 5 到 1000！',
    en: 'The group description must be 5 to 1000 characters!',
  },
  authInvalid: {
    zh: '团队权限应为公开、保护或私有！',
    en: 'The group access must be Public, Protected or Private!',
  },
  codeLength: {
    zh: '邀请码的长度应为 6！',
    en: 'The invitation code must be 6 characters!',
  },
  nameTaken: { zh: '团队名称已存在！请修改后重试！', en: 'A group with this name already exists!' },
  shortNameTaken: {
    zh: '团队简称已存在！请修改后重试！',
    en: 'A group with this short name already exists!',
  },
  notEnoughAc: (n: number): Text => ({
    zh: `对不起，您暂时无权限创建团队！请先去提交题目通过${n}道以上!`,
    en: `Sorry, you need at least ${n} accepted problems to create a group!`,
  }),
  dailyLimit: (n: number): Text => ({
    zh: `对不起，您今天创建团队的数量已超过上限${n}个！`,
    en: `Sorry, you can create at most ${n} groups a day!`,
  }),
  totalLimit: (n: number): Text => ({
    zh: `对不起，您创建的团队数量已超过上限${n}个！`,
    en: `Sorry, you can own at most ${n} groups!`,
  }),
  avatarGroupMissing: {
    zh: '上传失败，团队ID不可为空！',
    en: 'The group of the avatar is missing (gid)!',
  },
  discussionGroupMissing: {
    zh: '发布失败，讨论所属的团队ID不可为空！',
    en: 'The group of the discussion is missing (gid)!',
  },
  contestGroupMissing: {
    zh: '添加失败，比赛所属的团队ID不可为空！',
    en: 'The group of the contest is missing (gid)!',
  },
  trainingGroupMissing: {
    zh: '添加失败，训练所属的团队ID不可为空！',
    en: 'The group of the training is missing (training.gid)!',
  },
  problemGroupMissing: {
    zh: '添加失败，题目所属的团队ID不可为空！',
    en: 'The group of the problem is missing (problem.gid)!',
  },
  announcementGroupMissing: {
    zh: '公告所属的团队ID不可为空！',
    en: 'The group of the announcement is missing (gid)!',
  },
  codeWrong: { zh: '邀请码错误！', en: 'The invitation code is wrong!' },
  reasonLength: {
    zh: '申请理由的长度应为 5 到 100！',
    en: 'The reason for applying must be 5 to 100 characters!',
  },
  alreadyApplied: {
    zh: '您已申请过加入该团队，请勿重复申请！',
    en: 'You have already applied to join this group!',
  },
  alreadyJoined: { zh: '您已是该团队的成员，请勿重复申请！', en: 'You are already a member of this group!' },
  applicationRefused: {
    zh: '您加入该团队的申请已被拒绝！',
    en: 'Your application to join this group was refused!',
  },
  memberNotFound: { zh: '该成员不在团队中！', en: 'This user is not in the group!' },
  userNotFound: { zh: '该用户不存在或已被封禁！', en: 'The user does not exist or is banned!' },
  userAlreadyJoined: {
    zh: '该用户已是团队成员，请勿重复添加！',
    en: 'This user is already a member of the group!',
  },
  ownerUnchangeable: { zh: '不可修改团队所有者的权限！', en: "The group owner's level cannot be changed!" },
  memberCannotBeApplicant: {
    zh: '不可将团队成员的权限降为申请中或已拒绝！',
    en: 'A member cannot be set back to applying or refused!',
  },
  levelBeyondOwn: {
    zh: '对不起，您无权限修改该成员的权限！',
    en: 'Sorry, you may only change members below your level, to a level below yours!',
  },
  removeSelf: { zh: '不可将自己移出团队！', en: 'You cannot remove yourself from the group!' },
  removeOwner: { zh: '不可将团队所有者移出团队！', en: 'The group owner cannot be removed!' },
  removeBeyondOwn: {
    zh: '对不起，您无权限移除该成员！',
    en: 'Sorry, you may only remove members below your level!',
  },
  ownerCannotExit: {
    zh: '团队所有者不可退出团队，请解散团队！',
    en: 'The owner cannot leave the group: disband it instead!',
  },
  notMember: { zh: '您不是该团队的成员！', en: 'You are not a member of this group!' },
} as const;

/** The system notices of membership changes ("Mine", reference §7.12, §7.15): both languages in one text. */
const both = (zh: string, en: string) => `${zh}\n\n${en}`;
const LEVEL_NAMES: Record<number, [string, string]> = {
  1: ['申请中', 'applying'],
  2: ['已拒绝', 'refused'],
  3: ['普通成员', 'member'],
  4: ['管理员', 'admin'],
  5: ['超级管理员', 'root'],
};

export const groupNotices = {
  welcome: (group: string) => ({
    title: both('团队加入通知', 'Welcome to the group'),
    content: both(`欢迎您加入团队【${group}】！`, `You are now a member of the group "${group}".`),
  }),
  added: (group: string, by: string) => ({
    title: both('团队加入通知', 'Welcome to the group'),
    content: both(
      `管理员【${by}】已将您加入团队【${group}】！`,
      `${by}, an admin of the group "${group}", added you to it: you are now a member.`,
    ),
  }),
  application: (group: string, username: string, reason: string | null) => ({
    title: both('团队审批通知', 'A request to join your group'),
    content: both(
      `用户【${username}】申请加入您的团队【${group}】${reason ? `，理由：${reason}` : ''}，请及时审批。`,
      `${username} asks to join your group "${group}"${reason ? `: ${reason}` : ''}. Review it in the member admin.`,
    ),
  }),
  /** Verdict's: the applicant's own copy of an application (reference §7.12 tells only the roots) */
  applied: (group: string) => ({
    title: both('团队申请提交通知', 'Your request to join the group was sent'),
    content: both(
      `您加入团队【${group}】的申请已发送，请等待团队管理员审核。`,
      `Your application to the group "${group}" was sent; an admin of the group will review it.`,
    ),
  }),
  refused: (group: string, reason: string | null | undefined) => ({
    title: both('团队申请结果通知', 'Your request to join the group'),
    content: both(
      `您加入团队【${group}】的申请已被拒绝${reason ? `，理由：${reason}` : ''}。`,
      `Your request to join the group "${group}" was refused${reason ? `: ${reason}` : ''}.`,
    ),
  }),
  level: (group: string, level: number) => ({
    title: both('团队权限变更通知', 'Your level in the group changed'),
    content: both(
      `您在团队【${group}】中的权限已变更为【${LEVEL_NAMES[level]![0]}】。`,
      `Your level in the group "${group}" is now ${LEVEL_NAMES[level]![1]}.`,
    ),
  }),
  removed: (group: string) => ({
    title: both('团队移除通知', 'Removed from the group'),
    content: both(`您已被移出团队【${group}】。`, `You were removed from the group "${group}".`),
  }),
  left: (group: string) => ({
    title: both('团队退出通知', 'You left the group'),
    content: both(`您已退出团队【${group}】。`, `You left the group "${group}".`),
  }),
  dissolved: (group: string) => ({
    title: both('团队解散通知', 'The group was disbanded'),
    content: both(`您所在的团队【${group}】已被解散。`, `The group "${group}" was disbanded.`),
  }),
};
