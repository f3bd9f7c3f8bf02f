// Node-only helpers shared by the server (remote problem import) and the judge (remote-judge role);
// a subpath of their own so that the web app, which imports the package's root, never bundles them.
export * from './http-session.ts';
export * from './codeforces-antibot.ts';
export * from './html-text.ts';
export * from './remote-sites.ts';
