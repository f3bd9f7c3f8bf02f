export * from './judge.ts';
export * from './roles.ts';
export * from './account.ts';
export * from './problem.ts';
export * from './submission.ts';
