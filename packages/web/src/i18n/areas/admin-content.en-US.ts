import type { adminContentZhCN } from './admin-content.zh-CN';

type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

/** English strings of the admin content screens; typed against the Chinese ones key for key. */
export const adminContentEnUS: DeepStrings<typeof adminContentZhCN> = {
  announcement: {
    create: 'Create announcement',
    edit: 'Edit announcement',
    id: 'ID',
    title: 'Title',
    content: 'Content',
    status: 'Shown',
    author: 'Author',
    created: 'Created',
    modified: 'Modified',
    actions: 'Actions',
    visible: 'Shown',
    hidden: 'Hidden',
    showOnHome: 'Show on the home page',
    titleRequired: 'Enter a title',
    deleteConfirm: 'Delete the announcement “{{title}}”?',
    empty: 'No announcements',
    save: 'Save',
    cancel: 'Cancel',
    delete: 'Delete',
    refresh: 'Refresh',
    created_: 'Created',
    updated: 'Updated',
    deleted: 'Deleted',
    saveFailed: 'Saving failed',
    total: '{{count}} in all',
  },
};
