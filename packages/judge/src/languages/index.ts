export type { ArgvValues, CompileStep, LanguageSpec, RunStep } from './types.ts';
export { LANGUAGES } from './table.ts';
export { expandArgv } from './argv.ts';
export { findLanguage, LanguageTable, type LanguageReport } from './language-table.ts';
export { detectLanguages, installHint, selfTest, type DetectLanguagesOptions } from './detect.ts';
