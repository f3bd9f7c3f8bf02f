// The whole data model of ref §4 plus Verdict's own tables, one module per domain.
export * from './users.ts';
export * from './accounts.ts';
export * from './groups.ts';
export * from './languages.ts';
export * from './problems.ts';
export * from './submissions.ts';
export * from './announcements.ts';
export * from './contests.ts';
export * from './trainings.ts';
export * from './discussions.ts';
export * from './messages.ts';
export * from './files.ts';
export * from './judges.ts';
export * from './config.ts';
export * from './jobs.ts';
export * from './user-imports.ts';
export * from './contest-rank.ts';
