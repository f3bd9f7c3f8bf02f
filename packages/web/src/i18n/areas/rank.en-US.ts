import type { RankMessages } from './rank.zh-CN';

/** English strings of the rank lists; typed against zh-CN so keys stay in step. */
export const rankEnUS: RankMessages = {
  title: { acm: 'ACM Ranklist', oi: 'OI Ranklist' },
  chartTitle: 'Top 10',
  chartLabel: { acm: 'AC and submissions of the top 10', oi: 'Scores of the top 10' },
  search: 'Search username, nickname or real name',
  columns: {
    rank: '#',
    user: 'User',
    nickname: 'Nickname',
    ac: 'AC',
    total: 'Total',
    rating: 'Rating',
    score: 'Score',
    acTotal: 'AC / Total',
    signature: 'Signature',
  },
  series: { ac: 'AC', total: 'Total', score: 'Score' },
  acLink: 'Accepted submissions of {{username}}',
  empty: 'No users match',
};
