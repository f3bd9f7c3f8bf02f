import CodeMirror, { EditorState, EditorView, type Extension } from '@uiw/react-codemirror';
import { useMemo } from 'react';
import { languageSupport } from './language-support';
import { editorModeOf } from './modes';
import { DEFAULT_FONT_SIZE, DEFAULT_TAB_SIZE, DEFAULT_THEME, type EditorTheme } from './preferences';
import { THEME_EXTENSIONS } from './themes';
import './code-editor.css';

export interface CodeEditorProps {
  value: string;
  onChange?: (value: string) => void;
  /** the judge language's name (C++, Python3, …) */
  language?: string | null;
  /** its HOJ content type, when known (`text/x-c++src`) */
  contentType?: string | null;
  theme?: EditorTheme;
  fontSize?: number;
  tabSize?: number;
  /** CSS height; `100%` fills the parent */
  height?: string;
  minHeight?: string;
  readOnly?: boolean;
  /** the accessible name of the editing area */
  ariaLabel?: string;
  className?: string;
  autoFocus?: boolean;
}

const MONO = "'JetBrains Mono', 'Fira Code', Menlo, Consolas, 'Liberation Mono', 'Courier New', monospace";

/**
 * The code editor (CodeMirror 6): syntax of the judge language, one of the eight themes, font size
 * and tab size (spec part 1 §9). Tab indents; read-only mode shows code without a caret.
 */
export function CodeEditor({
  value,
  onChange,
  language,
  contentType,
  theme = DEFAULT_THEME,
  fontSize = DEFAULT_FONT_SIZE,
  tabSize = DEFAULT_TAB_SIZE,
  height,
  minHeight,
  readOnly = false,
  ariaLabel,
  className,
  autoFocus,
}: CodeEditorProps) {
  const mode = editorModeOf(language, contentType);
  const classes = ['code-editor'];
  if (height === '100%') classes.push('code-editor--fill');
  if (className) classes.push(className);
  const extensions = useMemo<Extension[]>(() => {
    const list: Extension[] = [
      languageSupport(mode),
      // basicSetup's tabSize sets only the indent unit; tab characters take the same width
      EditorState.tabSize.of(tabSize),
      EditorView.theme({
        '&': { fontSize: `${fontSize}px` },
        '.cm-scroller': { fontFamily: MONO, lineHeight: '1.6' },
      }),
    ];
    if (ariaLabel) list.push(EditorView.contentAttributes.of({ 'aria-label': ariaLabel }));
    if (readOnly) list.push(EditorView.lineWrapping);
    return list;
  }, [mode, fontSize, tabSize, ariaLabel, readOnly]);

  return (
    <CodeMirror
      className={classes.join(' ')}
      value={value}
      onChange={onChange}
      theme={THEME_EXTENSIONS[theme]}
      extensions={extensions}
      height={height}
      minHeight={minHeight}
      readOnly={readOnly}
      editable={!readOnly}
      autoFocus={autoFocus}
      indentWithTab={!readOnly}
      basicSetup={{
        tabSize,
        highlightActiveLine: !readOnly,
        highlightActiveLineGutter: !readOnly,
        foldGutter: !readOnly,
        autocompletion: !readOnly,
      }}
      data-mode={mode}
    />
  );
}
