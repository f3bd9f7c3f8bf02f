/**
 * Which CodeMirror mode a judge language uses, from its name or its HOJ content type
 * (`text/x-c++src`, …). Pure, so that the mapping is tested without loading the modes.
 */
export type EditorMode =
  | 'cpp'
  | 'java'
  | 'python'
  | 'javascript'
  | 'php'
  | 'rust'
  | 'go'
  | 'csharp'
  | 'ruby'
  | 'haskell'
  | 'pascal'
  | 'kotlin'
  | 'scala'
  | 'perl'
  | 'lua'
  | 'shell'
  | 'plain';

const BY_CONTENT_TYPE: Record<string, EditorMode> = {
  'text/x-csrc': 'cpp',
  'text/x-c++src': 'cpp',
  'text/x-java': 'java',
  'text/x-python': 'python',
  'text/javascript': 'javascript',
  'text/x-php': 'php',
  'text/x-rustsrc': 'rust',
  'text/x-go': 'go',
  'text/x-csharp': 'csharp',
  'text/x-ruby': 'ruby',
  'text/x-haskell': 'haskell',
  'text/x-pascal': 'pascal',
  'text/x-kotlin': 'kotlin',
  'text/x-scala': 'scala',
  'text/x-perl': 'perl',
  'text/x-lua': 'lua',
  'text/x-sh': 'shell',
};

/** Tried in order; the first pattern matching the language name wins. */
const BY_NAME: [RegExp, EditorMode][] = [
  [/c#|csharp|mono/i, 'csharp'],
  [/javascript|node|\bv8\b|\bjs\b/i, 'javascript'],
  [/kotlin/i, 'kotlin'],
  [/scala/i, 'scala'],
  [/java/i, 'java'],
  [/py(thon|py)?/i, 'python'],
  [/php/i, 'php'],
  [/rust/i, 'rust'],
  [/golang|\bgo\b/i, 'go'],
  [/ruby/i, 'ruby'],
  [/haskell|ghc/i, 'haskell'],
  [/pascal|delphi|fpc/i, 'pascal'],
  [/perl/i, 'perl'],
  [/lua/i, 'lua'],
  [/bash|shell/i, 'shell'],
  [/c\+\+|g\+\+|clang|gcc|\bc\b|msvc|cpp/i, 'cpp'],
];

export function editorModeOf(language: string | null | undefined, contentType?: string | null): EditorMode {
  if (contentType && BY_CONTENT_TYPE[contentType]) return BY_CONTENT_TYPE[contentType];
  if (!language) return 'plain';
  for (const [pattern, mode] of BY_NAME) if (pattern.test(language)) return mode;
  return 'plain';
}
