/**
 * File names of the accepted-code zip (reference §3.6 download-contest-ac-submission), HOJ's rules:
 * `<displayId>[_<score>]_(<yyyyMMddHHmmss>).<ext>` in a user's folder, `<username>[…]` in a
 * problem's folder, the extension from the language name.
 */

/** HOJ's language → file suffix (C++ before C, C# before C, JavaScript before Java), plus a few of Verdict's languages. */
const SUFFIXES: [RegExp, string][] = [
  [/c\+\+|g\+\+|clang\+\+/, 'cpp'],
  [/c#/, 'cs'],
  [/^c\b|\bgcc\b|\bclang\b|^c\s/, 'c'],
  [/python|pypy/, 'py'],
  [/javascript|node/, 'js'],
  [/kotlin/, 'kt'],
  [/java/, 'java'],
  [/pascal/, 'pas'],
  [/golang|^go\b/, 'go'],
  [/php/, 'php'],
  [/ruby/, 'rb'],
  [/rust/, 'rs'],
  [/haskell/, 'hs'],
];

export function languageSuffix(language: string): string {
  const name = language.trim().toLowerCase();
  return SUFFIXES.find(([pattern]) => pattern.test(name))?.[1] ?? 'txt';
}

/** `yyyyMMddHHmmss` of the submission time (UTC; HOJ wrote the server's Asia/Shanghai time). */
export function submitStamp(date: Date): string {
  return date.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

/** One path segment: no separators, no leading dots, never empty (usernames and display ids are user input). */
export function safeSegment(name: string | null | undefined): string {
  const cleaned = (name ?? '').replace(/[\\/\0]/g, '_').replace(/^\.+/, '_');
  return cleaned === '' ? 'null' : cleaned;
}
