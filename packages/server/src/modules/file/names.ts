import { PROBLEM_LIMITS } from '@verdict/shared';

/** Whether a name holds a control character (U+0000–U+001F, U+007F). */
export const hasControlCharacter = (name: string) =>
  [...name].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/** A file name that cannot leave the sandbox's working directory. */
export const isSafeFileName = (name: string) =>
  name.length > 0 &&
  name.length <= PROBLEM_LIMITS.fileNameMax &&
  name !== '.' &&
  name !== '..' &&
  !/[/\\]/.test(name) &&
  !hasControlCharacter(name);
