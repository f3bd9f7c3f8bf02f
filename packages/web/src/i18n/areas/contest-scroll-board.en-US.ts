import type { contestScrollBoardZhCN } from './contest-scroll-board.zh-CN';

type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

/** English strings of the scroll board and its config tab; typed against the Chinese ones. */
export const contestScrollBoardEnUS: DeepStrings<typeof contestScrollBoardZhCN> = {
  config: {
    title: 'Scroll board settings',
    contestId: 'Contest ID',
    gold: 'Gold medals',
    silver: 'Silver medals',
    bronze: 'Bronze medals',
    removeStar: 'Remove star users',
    start: 'Start Rolling',
    defaultsHint:
      'Default: gold, silver and bronze for 10 %, 20 % and 30 % of the ranked users (star users left out), rounded down.',
    ranked: 'Ranked users: {{count}}',
    blockedTitle: 'The board cannot be rolled out yet',
    notAcm: 'Only ACM contests have a scroll board.',
    notSealed:
      'This contest does not seal its board: the board already shows every result, so there is nothing to reveal.',
    notEnded:
      'The board rolls out once the contest has ended ({{end}}): until then the server keeps the results after the seal back.',
  },
  board: {
    forbiddenTitle: 'No access to this scroll board',
    staffOnly:
      "Only the contest's administrators (its creator and super administrators) can open its scroll board.",
    loading: 'Loading the scroll board…',
    loadFailed: 'The scroll board could not be loaded',
    badContest: 'The address has no valid contest id (cid)',
    rank: 'Rank',
    team: 'User',
    solved: 'Solved',
    penalty: 'Penalty',
    step: 'Next',
    autoPlay: 'Auto play',
    pause: 'Pause',
    toEnd: 'Skip to the end',
    restart: 'Restart',
    progress: '{{done}} of {{total}} cells revealed',
    keys: 'Press Enter, Space or → to reveal the next cell, A to start or pause auto play; or click the board.',
    finished: 'The roll-out is over!',
    star: 'Star',
    gold: 'Gold',
    silver: 'Silver',
    bronze: 'Bronze',
    empty: 'This contest has no submissions.',
    firstBlood: 'First blood',
    triesUnknown: '{{tries}} tries + {{unknown}} to reveal',
  },
};
