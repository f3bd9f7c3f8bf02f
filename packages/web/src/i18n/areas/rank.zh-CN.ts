/** Chinese strings of the ACM and OI rank lists (spec part 1 §2 "Rank lists"); en-US mirrors the keys. */
export const rankZhCN = {
  title: { acm: 'ACM 排名', oi: 'OI 排名' },
  chartTitle: '前 10 名',
  chartLabel: { acm: '前 10 名的 AC 数与提交数', oi: '前 10 名的得分' },
  search: '搜索用户名、昵称或真实姓名',
  columns: {
    rank: '#',
    user: '用户',
    nickname: '昵称',
    ac: 'AC',
    total: '提交',
    rating: '通过率',
    score: '得分',
    acTotal: 'AC / 提交',
    signature: '个性签名',
  },
  series: { ac: 'AC', total: '提交', score: '得分' },
  acLink: '查看 {{username}} 的通过记录',
  empty: '没有符合条件的用户',
};

export type RankMessages = typeof rankZhCN;
