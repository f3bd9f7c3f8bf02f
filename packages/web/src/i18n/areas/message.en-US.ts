import type { messageZhCN } from './message.zh-CN';

type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

/** English strings of the message centre and the top bar's unread counts; typed against the Chinese ones. */
export const messageEnUS: DeepStrings<typeof messageZhCN> = {
  heading: 'Message centre',
  menu: {
    discuss: 'Comments',
    reply: 'Replies',
    like: 'Likes',
    sys: 'System',
    mine: 'Mine',
  },
  userMenu: 'Messages',
  unreadTotal: '{{count}} unread messages',
  unread: 'Unread',
  cleanAll: 'Clean all',
  cleanConfirm: 'Delete every message of this list?',
  cleaned: 'The list has been cleaned',
  delete: 'Delete',
  deleteConfirm: 'Delete this message?',
  deleted: 'Message deleted',
  cancel: 'Cancel',
  empty: 'No messages',
  loadFailed: 'The messages could not be loaded',
  retry: 'Retry',
  someone: 'Unknown user',
  action: {
    Discuss: 'commented on your discussion',
    Reply: 'replied to your comment',
    Like_Post: 'liked your discussion',
    Like_Discuss: 'liked your comment',
  },
  source: {
    Discussion: 'Discussion',
    Contest: 'Contest',
  },
  sourceGone: '(deleted)',
  quote: 'Quote',
};
