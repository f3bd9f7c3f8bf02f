import type { contestRankZhCN } from './contest-rank.zh-CN';

type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

/** English strings of the scoreboards; typed against the Chinese ones key for key. */
export const contestRankEnUS: DeepStrings<typeof contestRankZhCN> = {
  title: 'Contest Rank',
  columns: {
    rank: 'Rank',
    user: 'User',
    acmTotal: 'Solved / Penalty',
    oiTotal: 'Score / Time',
  },
  follow: 'Follow',
  unfollow: 'Unfollow',
  star: 'Star',
  girl: 'Girl',
  accepted: 'Accepted: {{count}}',
  rejected: 'Rejected: {{count}}',
  ms: '{{ms}} ms',
  afterContest: 'Accepted after the contest',
  firstBlood: 'First blood',
  searchPlaceholder: 'Search by name or school',
  autoRefresh: 'Auto refresh ({{seconds}} s)',
  starUsers: 'Star users',
  forceUpdate: 'Force update',
  refresh: 'Refresh',
  download: 'Download',
  downloadXlsx: 'Excel (xlsx)',
  downloadCsv: 'CSV',
  pinned: 'Pinned: your own row or a followed user, listed again at their place below',
  pinnedNote:
    'Pinned at the top ({{count}}): your own row and the users you follow, listed again at their places below.',
  total: 'Total: {{total}} people',
  empty: 'No one is ranked yet',
  updatedAt: 'Updated at {{time}}',
  refreshFailed: 'The board could not be refreshed; auto refresh is off.',
  sealed: {
    title: 'The board is sealed',
    participant:
      'Sealed since {{time}}: later submissions show only as tries ("?"); their results are revealed after the contest.',
    participantOi:
      'Sealed since {{time}}: the board counts only submissions made before the seal. Later submissions, and participants who submitted only after it, appear once the board is revealed.',
    admin:
      'Sealed since {{time}}: participants see the sealed board. Turn on Force update to see the real board.',
    adminReal:
      'Sealed since {{time}}. You are seeing the real board; participants do not see the results after the seal.',
  },
  outside: {
    acmTitle: 'ACM Scoreboard',
    oiTitle: 'OI Scoreboard',
    loadFailed: 'The scoreboard of this contest cannot be shown',
  },
  scrollBoard: 'Scroll Board',
};
