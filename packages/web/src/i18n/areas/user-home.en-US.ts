import type { UserHomeMessages } from './user-home.zh-CN';

/** English strings of the user home; typed against zh-CN so keys stay in step. */
export const userHomeEnUS: UserHomeMessages = {
  recentLogin: 'Last login: {{time}}',
  neverLoggedIn: 'Last login: never',
  gender: { male: 'Male', female: 'Female', secrecy: 'Secret' },
  school: 'School',
  github: 'GitHub',
  blog: 'Blog',
  counts: {
    submissions: 'Submissions',
    solved: 'Solved',
    score: 'Score',
    rating: 'Rating',
  },
  heatmap: {
    title: 'Submissions in the last year',
    summary: '{{count}} submissions in the last year',
    label: 'Submissions per day in the last year',
    tooltip: '{{date}}: {{count}} submissions',
  },
  tabs: {
    profile: 'Profile',
    solved: 'Solved problems',
    overcoming: 'Tried, not yet solved',
  },
  noProfile: 'This user has not written a profile yet',
  noSolved: 'No problems solved yet',
  noOvercoming: 'No problems tried and left unsolved',
  notFound: 'User not found',
  notFoundDetail: 'This user does not exist or has been banned.',
};
