import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { tags as t, type Tag } from '@lezer/highlight';
import { dracula, eclipse, material, monokai, solarizedLight } from '@uiw/codemirror-themes-all';
import { EditorView, type Extension } from '@uiw/react-codemirror';
import type { EditorTheme } from './preferences';

/**
 * The eight editor themes of spec part 1 §9. Five come from @uiw's theme set; idea, base16-dark
 * and cobalt follow the CodeMirror 5 themes of those names, which that set lacks.
 */

interface Palette {
  dark: boolean;
  background: string;
  foreground: string;
  caret: string;
  selection: string;
  activeLine: string;
  gutterBackground: string;
  gutterForeground: string;
  gutterBorder: string;
  styles: { tag: Tag | Tag[]; color: string; fontWeight?: string; fontStyle?: string }[];
}

function themeOf(p: Palette): Extension {
  const view = EditorView.theme(
    {
      '&': { backgroundColor: p.background, color: p.foreground },
      '.cm-content': { caretColor: p.caret },
      '.cm-cursor, .cm-dropCursor': { borderLeftColor: p.caret },
      '&.cm-focused .cm-selectionBackground, & .cm-line ::selection, & .cm-selectionLayer .cm-selectionBackground, .cm-content ::selection':
        { background: `${p.selection} !important` },
      '.cm-activeLine': { backgroundColor: p.activeLine },
      '.cm-gutters': {
        backgroundColor: p.gutterBackground,
        color: p.gutterForeground,
        borderRightColor: p.gutterBorder,
      },
      '.cm-activeLineGutter': { backgroundColor: p.activeLine },
    },
    { dark: p.dark },
  );
  return [view, syntaxHighlighting(HighlightStyle.define(p.styles))];
}

const idea = themeOf({
  dark: false,
  background: '#ffffff',
  foreground: '#000000',
  caret: '#000000',
  selection: '#a6d2ff',
  activeLine: '#fffae3',
  gutterBackground: '#f0f0f0',
  gutterForeground: '#999999',
  gutterBorder: '#dddddd',
  styles: [
    { tag: [t.keyword, t.atom, t.bool, t.null], color: '#000080', fontWeight: 'bold' },
    { tag: [t.number], color: '#0000ff' },
    { tag: [t.string, t.special(t.string), t.character], color: '#008000', fontWeight: 'bold' },
    { tag: [t.comment, t.lineComment, t.blockComment], color: '#808080', fontStyle: 'italic' },
    { tag: [t.meta, t.processingInstruction, t.annotation], color: '#808000' },
    { tag: [t.typeName, t.className, t.namespace], color: '#000000' },
    { tag: [t.function(t.variableName), t.function(t.propertyName)], color: '#00627a' },
    { tag: [t.standard(t.variableName)], color: '#3030aa' },
    { tag: [t.attributeName, t.link], color: '#0000ff' },
    { tag: [t.tagName], color: '#000080' },
    { tag: [t.invalid], color: '#ff0000' },
  ],
});

const base16Dark = themeOf({
  dark: true,
  background: '#151515',
  foreground: '#e0e0e0',
  caret: '#b0b0b0',
  selection: '#303030',
  activeLine: '#202020',
  gutterBackground: '#151515',
  gutterForeground: '#505050',
  gutterBorder: '#151515',
  styles: [
    { tag: [t.comment, t.lineComment, t.blockComment], color: '#8f5536' },
    { tag: [t.atom, t.number, t.bool, t.null], color: '#aa759f' },
    { tag: [t.propertyName, t.attributeName], color: '#90a959' },
    { tag: [t.keyword, t.tagName], color: '#ac4142' },
    { tag: [t.string, t.special(t.string), t.character], color: '#f4bf75' },
    { tag: [t.variableName], color: '#90a959' },
    { tag: [t.typeName, t.className, t.namespace], color: '#6a9fb5' },
    { tag: [t.definition(t.variableName), t.function(t.variableName)], color: '#d28445' },
    { tag: [t.meta, t.processingInstruction], color: '#75b5aa' },
    { tag: [t.link], color: '#aa759f' },
    { tag: [t.invalid], color: '#b0b0b0' },
  ],
});

const cobalt = themeOf({
  dark: true,
  background: '#002240',
  foreground: '#ffffff',
  caret: '#ffffff',
  selection: '#b36539',
  activeLine: '#002d57',
  gutterBackground: '#002240',
  gutterForeground: '#d0d0d0',
  gutterBorder: '#aaaaaa',
  styles: [
    { tag: [t.comment, t.lineComment, t.blockComment], color: '#0088ff' },
    { tag: [t.atom, t.number, t.bool, t.null], color: '#ff80e1' },
    { tag: [t.keyword], color: '#ffee80' },
    { tag: [t.string, t.special(t.string), t.character], color: '#3ad900' },
    { tag: [t.meta, t.processingInstruction], color: '#ff9d00' },
    { tag: [t.typeName, t.className, t.definition(t.variableName)], color: '#ffffff' },
    { tag: [t.standard(t.variableName), t.function(t.variableName)], color: '#ff9e59' },
    { tag: [t.propertyName, t.tagName], color: '#9effff' },
    { tag: [t.link], color: '#845dc4' },
    { tag: [t.invalid], color: '#9d1e15' },
  ],
});

export const THEME_EXTENSIONS: Record<EditorTheme, Extension> = {
  monokai,
  solarized: solarizedLight,
  material,
  idea,
  eclipse,
  'base16-dark': base16Dark,
  cobalt,
  dracula,
};

/** Dark themes get a dark frame around the editor. */
export const DARK_THEMES: ReadonlySet<EditorTheme> = new Set([
  'monokai',
  'material',
  'base16-dark',
  'cobalt',
  'dracula',
]);
