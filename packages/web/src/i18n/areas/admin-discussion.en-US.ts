import type { adminDiscussionZhCN } from './admin-discussion.zh-CN';

type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

/** English strings of the admin discussion screens; typed against the Chinese ones key for key. */
export const adminDiscussionEnUS: DeepStrings<typeof adminDiscussionZhCN> = {
  tabDiscussions: 'Discussions',
  tabReports: 'Reports',
  search: 'Search title, author or id',
  refresh: 'Refresh',
  id: 'ID',
  title: 'Title',
  author: 'Author',
  category: 'Category',
  likes: 'Likes',
  views: 'Views',
  pinned: 'Pinned',
  shown: 'Shown',
  created: 'Posted',
  hiddenTag: 'Hidden',
  pinLabel: 'Pin {{title}}',
  showLabel: 'Show {{title}}',
  deleteSelected: 'Delete selected ({{count}})',
  deleteConfirm: 'Delete the {{count}} selected discussions? Their comments and replies go with them.',
  delete: 'Delete',
  cancel: 'Cancel',
  deleted: 'Deleted',
  updated: 'Updated',
  empty: 'No discussions',
  report: {
    discussion: 'Discussion',
    reporter: 'Reporter',
    content: 'Report',
    state: 'State',
    created: 'Reported',
    actions: 'Actions',
    handled: 'Handled',
    unhandled: 'Unhandled',
    markHandled: 'Mark handled',
    markUnhandled: 'Mark unhandled',
    discussionGone: '(discussion deleted)',
    empty: 'No reports',
  },
};
