/** The code editor and its settings (spec part 1 §9 "Editor"), shared by the user site and the admin app. */
export { CodeEditor, type CodeEditorProps } from './CodeEditor';
export { editorModeOf, type EditorMode } from './modes';
export {
  DEFAULT_EDITOR_HEIGHT,
  DEFAULT_FONT_SIZE,
  DEFAULT_PREFERENCES,
  DEFAULT_TAB_SIZE,
  DEFAULT_THEME,
  EDITOR_THEMES,
  FONT_SIZES,
  TAB_SIZES,
  initialLanguage,
  loadGlobalPreferences,
  loadProblemDraft,
  normalizePreferences,
  problemDraftKey,
  removeProblemDraft,
  saveGlobalPreferences,
  saveProblemDraft,
  type EditorPreferences,
  type EditorTheme,
  type GlobalEditorPreferences,
  type KeyValueStore,
  type ProblemDraft,
  type TabSize,
} from './preferences';
export { DARK_THEMES } from './themes';
