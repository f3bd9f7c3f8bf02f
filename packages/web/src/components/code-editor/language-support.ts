import { cpp } from '@codemirror/lang-cpp';
import { go } from '@codemirror/lang-go';
import { java } from '@codemirror/lang-java';
import { javascript } from '@codemirror/lang-javascript';
import { php } from '@codemirror/lang-php';
import { python } from '@codemirror/lang-python';
import { rust } from '@codemirror/lang-rust';
import { StreamLanguage } from '@codemirror/language';
import { csharp, kotlin, scala } from '@codemirror/legacy-modes/mode/clike';
import { haskell } from '@codemirror/legacy-modes/mode/haskell';
import { lua } from '@codemirror/legacy-modes/mode/lua';
import { pascal } from '@codemirror/legacy-modes/mode/pascal';
import { perl } from '@codemirror/legacy-modes/mode/perl';
import { ruby } from '@codemirror/legacy-modes/mode/ruby';
import { shell } from '@codemirror/legacy-modes/mode/shell';
import type { Extension } from '@uiw/react-codemirror';
import type { EditorMode } from './modes';

const cache = new Map<EditorMode, Extension>();

function build(mode: EditorMode): Extension {
  switch (mode) {
    case 'cpp':
      return cpp();
    case 'java':
      return java();
    case 'python':
      return python();
    case 'javascript':
      return javascript();
    case 'php':
      return php();
    case 'rust':
      return rust();
    case 'go':
      return go();
    case 'csharp':
      return StreamLanguage.define(csharp);
    case 'kotlin':
      return StreamLanguage.define(kotlin);
    case 'scala':
      return StreamLanguage.define(scala);
    case 'ruby':
      return StreamLanguage.define(ruby);
    case 'haskell':
      return StreamLanguage.define(haskell);
    case 'pascal':
      return StreamLanguage.define(pascal);
    case 'perl':
      return StreamLanguage.define(perl);
    case 'lua':
      return StreamLanguage.define(lua);
    case 'shell':
      return StreamLanguage.define(shell);
    case 'plain':
      return [];
  }
}

/** The syntax support of a mode, built once. */
export function languageSupport(mode: EditorMode): Extension {
  let extension = cache.get(mode);
  if (!extension) {
    extension = build(mode);
    cache.set(mode, extension);
  }
  return extension;
}
