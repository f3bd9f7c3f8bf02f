import { LANGUAGES } from './table.ts';
import type { LanguageSpec } from './types.ts';

/** The self-test of one language on this host (`detectLanguages`). */
export interface LanguageReport {
  name: string;
  role: LanguageSpec['role'];
  available: boolean;
  /** Why the language is not available (missing toolchain, failed compile, wrong answer…). */
  reason: string | null;
  /** Wall time of the self-test compile, ms (null without a compile step). */
  compileMs: number | null;
  /** CPU time and peak memory of the A+B run, as the sandbox measured them. */
  timeMs: number | null;
  memoryKb: number | null;
}

/**
 * The languages this host can judge. `available` lists the user languages (what the worker offers to
 * the server); `get` also finds the checker and interactor languages that passed.
 */
export class LanguageTable {
  readonly available: readonly LanguageSpec[];
  /** The checker and interactor entries (SPJ-C, INTERACTIVE-C++…), offered for compile checks. */
  readonly judgePrograms: readonly LanguageSpec[];
  private readonly byName: ReadonlyMap<string, LanguageSpec>;

  constructor(
    specs: readonly LanguageSpec[],
    readonly reports: readonly LanguageReport[] = [],
  ) {
    this.byName = new Map(specs.map((s) => [s.name, s]));
    this.available = specs.filter((s) => s.role === 'user');
    this.judgePrograms = specs.filter((s) => s.role !== 'user');
  }

  /** A table that trusts every given entry without a self-test (tests, or a host known to be complete). */
  static of(specs: readonly LanguageSpec[] = LANGUAGES): LanguageTable {
    return new LanguageTable(specs);
  }

  get(name: string): LanguageSpec | undefined {
    return this.byName.get(name);
  }

  /** reference §8.4: problems name their checker language "C" or "C++"; the entry is SPJ-… or INTERACTIVE-…. */
  judgeProgram(role: 'checker' | 'interactor', language: string | null): LanguageSpec | undefined {
    const suffix = language === 'C' || language === 'SPJ-C' || language === 'INTERACTIVE-C' ? 'C' : 'C++';
    return this.get(`${role === 'checker' ? 'SPJ' : 'INTERACTIVE'}-${suffix}`);
  }
}

/** The entry of the full table with this name, whether or not this host has it. */
export function findLanguage(name: string): LanguageSpec | undefined {
  return LANGUAGES.find((l) => l.name === name);
}
