/**
 * Whose problems, trainings and contests an admin editor works on: the site's, or (issue 27, groups)
 * one group's. The editors and the services behind them take it as a parameter; today every caller
 * passes SITE_SCOPE.
 */
export type EditorScope = { kind: 'site' } | { kind: 'group'; gid: number };

export const SITE_SCOPE: EditorScope = { kind: 'site' };
