import type { problem } from '../../db/schema/index.ts';

type ProblemRow = typeof problem.$inferSelect;

/**
 * A problem row in HOJ's JSON shape (reference §4.2: camelCase columns, `isFileIO`, extra files as
 * a JSON string), so that HOJ clients read it unchanged. `publicView` blanks what only the judge
 * and the admins may see (reference §3.3 get-problem-detail: judgeExtraFile, spjCode, spjLanguage).
 */
export function problemJson(row: ProblemRow, options: { publicView?: boolean } = {}) {
  // search_key is the database's lower-cased copy of id and title for searches, not part of the problem
  const {
    isFileIo,
    userExtraFile,
    judgeExtraFile,
    spjCode,
    spjLanguage,
    searchKey: _searchKey,
    ...rest
  } = row;
  const hide = options.publicView === true;
  return {
    ...rest,
    isFileIO: isFileIo,
    userExtraFile: userExtraFile ? JSON.stringify(userExtraFile) : null,
    judgeExtraFile: hide || !judgeExtraFile ? null : JSON.stringify(judgeExtraFile),
    spjCode: hide ? null : spjCode,
    spjLanguage: hide ? null : spjLanguage,
  };
}
