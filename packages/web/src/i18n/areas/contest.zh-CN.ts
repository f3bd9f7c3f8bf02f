/**
 * Chinese strings of the participant's contest screens: the contest list, the contest shell and its
 * tabs, the password form, the problem list, the focus-mode navigator (spec part 1 §2). en-US
 * mirrors these keys one to one.
 */
export const contestZhCN = {
  status: { scheduled: '未开始', running: '进行中', ended: '已结束' },
  auth: { public: '公开赛', private: '私有赛', protected: '保护赛' },
  authTips: {
    public: '任何人都可以查看和参加',
    private: '输入密码注册后才能查看和提交',
    protected: '任何人都可以查看，输入密码注册后才能提交',
  },
  ruleTips: {
    acm: 'ACM 赛制：按通过题数排名，罚时少者在前',
    oi: 'OI 赛制：按总分排名',
  },
  duration: { days: '{{count}} 天 {{clock}}' },
  list: {
    title: '比赛列表',
    rule: '赛制',
    statusFilter: '状态',
    all: '全部',
    keyword: '输入比赛名称',
    empty: '暂无比赛',
    participants: '参赛人数',
    outsideBoard: '外榜',
  },
  shell: {
    loadFailed: '无法打开该比赛',
    backToList: '返回比赛列表',
    group: '所属团队',
    startAt: '开始时间：',
    endAt: '结束时间：',
    afterContest: '包含赛后提交',
    closedTitle: '暂时无法查看',
    notStarted: '比赛尚未开始，开始后才能查看题目、提交和排名。',
    needPassword: '这是私有赛：请先在"比赛首页"输入比赛密码。',
  },
  countdown: {
    startsIn: '距离开始 {{time}}',
    endsIn: '距离结束 {{time}}',
    ended: '比赛已结束',
    progress: '比赛进度',
  },
  tabs: {
    overview: '比赛首页',
    problems: '题目列表',
    submissions: '提交记录',
    rank: '排名',
    announcements: '比赛公告',
    comment: '评论',
    print: '打印',
    acInfo: 'AC 助手',
    adminPrint: '打印管理',
    rejudge: '重判',
    scrollBoard: '滚榜',
  },
  password: {
    title: '需要密码',
    privateTips: '这是一场私有赛，请输入比赛密码注册后进入。',
    protectedTips: '这是一场保护赛，可以直接查看；输入比赛密码注册后才能提交。',
    label: '比赛密码',
    placeholder: '请输入比赛密码',
    enter: '进入',
    empty: '请输入该比赛的密码！',
    registered: '注册成功！',
  },
  overview: { noDescription: '这场比赛没有简介' },
  problems: {
    status: '状态',
    title: '题目',
    ac: '通过',
    total: '提交',
    rate: '通过率',
    solved: '已通过',
    tried: '已尝试，未通过',
    sealed: '封榜中，结果未知',
    score: '得分 {{score}}',
    loadFailed: '题目列表加载失败',
  },
  submitClosed: {
    scheduled: '比赛尚未开始，暂不能提交',
    ended: '比赛已结束，不能再提交',
    register: '请先在比赛首页输入密码注册，才能提交',
  },
  navigator: {
    label: '比赛题目导航',
    previous: '上一题',
    next: '下一题',
    choose: '选择题目',
  },
  notice: {
    title_one: '有新的比赛公告',
    title_other: '有 {{count}} 条新的比赛公告',
    view: '查看',
    dismiss: '关闭提醒',
  },
  announcements: { none: '暂无公告' },
};

export type ContestMessages = typeof contestZhCN;
