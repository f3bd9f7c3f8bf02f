import type { BindMount } from '../sandbox/types.ts';

/**
 * A language, declared as data (ARCHITECTURE "languages/"): how to compile and run it, which limits
 * and factors apply, and a tiny A+B program that proves the toolchain works on this host.
 *
 * Commands are argv arrays run inside the sandbox, whose work directory is `/w` (reference §8.4).
 * Placeholders, replaced by `expandArgv`:
 *   {src}       the source file name           {exe}       the executable file name
 *   {memoryMb}  the (factored) memory limit    {stackMb}   the stack limit
 *   {workDir}   the work directory inside the sandbox (`/w`)
 */
export interface LanguageSpec {
  /** The server's language name, exactly (reference §8.4 `name` column). */
  readonly name: string;
  /** The server's description of the toolchain (shown to users). */
  readonly description: string;
  /** What this entry is for: user submissions, special judge checkers or interactors. */
  readonly role: 'user' | 'checker' | 'interactor';
  readonly sourceName: string;
  /** Name of what `run` executes; equals `sourceName` for languages without a compile step. */
  readonly executableName: string;
  readonly compile: CompileStep | null;
  readonly run: RunStep;
  /** reference §8.4 / §13.9: 1 for C/C++, 2 for every other language (time and memory alike). */
  readonly factor: number;
  /** Host paths that must exist before this language is even tried (compilers, runtimes). */
  readonly requires: readonly string[];
  /**
   * The Debian 12 packages that install `requires` (scripts/setup-system.sh installs them); empty when
   * Debian has none, and `manualInstall` says what to do instead. `verdict-judge doctor` names them.
   */
  readonly debianPackages: readonly string[];
  readonly manualInstall?: string;
  /** Host configuration the toolchain reads besides /usr (sandbox.md §7.2: /etc/java-17-openjdk, /etc/mono, /etc/php). */
  readonly binds?: readonly BindMount[];
  /**
   * Matches stderr of a program that ran out of its own heap rather than crashing (sandbox.md §7.3:
   * the JVM exits 1 with java.lang.OutOfMemoryError → MLE).
   */
  readonly outOfMemoryMarker?: RegExp;
  /**
   * A header worth precompiling (issue 25 item 3): `argv` builds `{src}` (a file that includes
   * `header`) into `{exe}` with exactly the flags of `compile`, so that g++ accepts the result.
   */
  readonly precompiledHeader?: { readonly header: string; readonly argv: readonly string[] };
  /** An A+B program for the self-test (reads two integers, prints their sum). */
  readonly selfTest: string;
}

export interface CompileStep {
  readonly argv: readonly string[];
  /** reference §8.4 compile limits (cpu / real / memory). */
  readonly cpuTimeMs: number;
  readonly wallTimeMs: number;
  readonly memoryMb: number;
  readonly env: Readonly<Record<string, string>>;
}

export interface RunStep {
  readonly argv: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  /**
   * 'strict' forbids fork/exec for programs that need neither (C/C++); managed runtimes
   * (Java, Go, C#, Node) start threads, which both profiles allow (sandbox.md §4 step 6).
   */
  readonly seccomp: 'strict' | 'default';
}

export interface ArgvValues {
  src: string;
  exe: string;
  memoryMb: number;
  stackMb: number;
  workDir: string;
}
