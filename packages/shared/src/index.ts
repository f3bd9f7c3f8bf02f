export * from './judge.ts';
export * from './roles.ts';
export * from './account.ts';
export * from './problem.ts';
export * from './submission.ts';
export * from './admin-config.ts';
export * from './web-config.ts';
export * from './problem-rules.ts';
