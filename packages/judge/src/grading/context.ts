import type { TestFileRef } from '@verdict/shared';
import type { LanguageTable } from '../languages/language-table.ts';
import { getSandbox, type Sandbox } from '../sandbox/index.ts';
import type { CompileOutcome } from './compile.ts';
import type { CompileCache } from './compile-cache.ts';
import type { PrecompiledHeaders } from './compile-headers.ts';

/** What grading needs from the worker (one sandbox slot per submission in progress). */
export interface GradingContext {
  /** Scratch space of this slot; every task's files are removed when it ends. */
  workRoot: string;
  /** The sandbox slot (uid) this task runs in; concurrent tasks use distinct slots. */
  slot: number;
  /** The local path of a test file (downloaded and checked by its hash if needed). */
  testData(ref: TestFileRef): Promise<string>;
  /** Where compiled checkers and interactors are kept between tasks. */
  checkerCache: string;
  languages: LanguageTable;
  /** Compiled programs by content (issue 25 item 4); none: every submission compiles. */
  compileCache?: CompileCache;
  /** Precompiled C++ headers (issue 25 item 3); none: never used. */
  headers?: PrecompiledHeaders;
  /** Told each submission's compile outcome (the worker's trace). */
  onCompiled?: (outcome: CompileOutcome) => void;
  /**
   * Takes the removal of a task's scratch files, still running, so that it overlaps the result's
   * report (the worker awaits it before the slot's next task); omitted, grading awaits it itself.
   */
  afterwards?: (removal: Promise<void>) => void;
  /** The sandbox to run in; the process-wide one when omitted. */
  sandbox?: Sandbox;
}

export function sandboxOf(ctx: GradingContext): Promise<Sandbox> {
  return ctx.sandbox ? Promise.resolve(ctx.sandbox) : getSandbox();
}
