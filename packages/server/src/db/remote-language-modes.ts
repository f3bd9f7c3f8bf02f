/**
 * The CodeMirror mode of a remote site's language name, for sites whose language lists are long
 * (AtCoder, LibreOJ): the first family its name starts with, else plain text.
 */
const MODES: [RegExp, string][] = [
  [/^C\+\+/, 'text/x-c++src'],
  [/^C#|^F#/, 'text/x-csharp'],
  [/^C\b/, 'text/x-csrc'],
  [/^Java\b/, 'text/x-java'],
  [/^Kotlin/, 'text/x-kotlin'],
  [/^Scala/, 'text/x-scala'],
  [/^Python|^PyPy/, 'text/x-python'],
  [/^Go\b/, 'text/x-go'],
  [/^Rust/, 'text/x-rustsrc'],
  [/^Pascal/, 'text/x-pascal'],
  [/^Haskell/, 'text/x-haskell'],
  [/^JavaScript|^TypeScript/, 'text/javascript'],
  [/^Ruby/, 'text/x-ruby'],
  [/^PHP/, 'text/x-php'],
  [/^Perl/, 'text/x-perl'],
  [/^D\b/, 'text/x-d'],
  [/^OCaml/, 'text/x-ocaml'],
  [/^Fortran/, 'text/x-fortran'],
];

export function codeMirrorModeOf(language: string): string {
  return MODES.find(([pattern]) => pattern.test(language))?.[1] ?? 'text/plain';
}
