/** Chinese strings of the user home (spec part 2 §2.6); en-US mirrors the keys. */
export const userHomeZhCN = {
  recentLogin: '最近登录：{{time}}',
  neverLoggedIn: '最近登录：暂无',
  gender: { male: '男', female: '女', secrecy: '保密' },
  school: '学校',
  github: 'GitHub',
  blog: '博客',
  counts: {
    submissions: '提交',
    solved: '已解决',
    score: '得分',
    rating: 'Rating',
  },
  heatmap: {
    title: '最近一年的提交',
    summary: '最近一年共 {{count}} 次提交',
    label: '最近一年每天的提交数',
    tooltip: '{{date}}：{{count}} 次提交',
  },
  tabs: {
    profile: '个人简介',
    solved: '已解决的题目',
    overcoming: '尚未解决的题目',
  },
  noProfile: '这个用户还没有写个人简介',
  noSolved: '还没有解决任何题目',
  noOvercoming: '没有尝试过但未解决的题目',
  notFound: '用户不存在',
  notFoundDetail: '该用户不存在或已被封禁。',
};

export type UserHomeMessages = typeof userHomeZhCN;
