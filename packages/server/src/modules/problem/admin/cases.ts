import { PROBLEM_TYPE, isSubtaskMode, type CaseInput } from '@verdict/shared';
import type { problemCase } from '../../../db/schema/index.ts';
import { fail } from '../../../http/errors.ts';
import { problemMessages } from '../../../http/messages.ts';
import type { TestCaseStaging } from '../../file/staging.ts';
import { normaliseLineEndings, type StoredFile } from '../../judge-gateway/testdata-store.ts';

type CaseRow = typeof problemCase.$inferSelect;
export type NewCase = Omit<typeof problemCase.$inferInsert, 'pid'>;

export interface CasePlan {
  rows: NewCase[];
  /** files of an upload to move into the test-data store before the rows are written */
  staged?: { id: string; files: StoredFile[] };
}

/**
 * Scores and groups of the cases (spec part 2 §5): OI cases need an integer score ≥ 0; subtask
 * modes need a group number on every case; other cases are group 1.
 */
function scoreAndGroup(sample: CaseInput, index: number, type: number, caseMode: string) {
  const oi = type === PROBLEM_TYPE.oi;
  if (oi && (sample.score === null || sample.score < 0))
    throw fail(problemMessages.caseScoreRequired(index + 1));
  if (sample.score !== null && sample.score < 0) throw fail(problemMessages.caseScoreRequired(index + 1));
  const subtask = isSubtaskMode(caseMode);
  if (subtask && (sample.groupNum === null || sample.groupNum < 1)) {
    throw fail(problemMessages.caseGroupRequired(index + 1));
  }
  return { score: sample.score, groupNum: subtask ? sample.groupNum! : Math.max(1, sample.groupNum ?? 1) };
}

/**
 * The case rows a problem save asks for (reference §3.12 ProblemDTO `samples`, §8.2, §8.6):
 * - uploaded with `uploadTestcaseDir`: the named files of that upload, by content hash;
 * - uploaded without it (an edit): files the problem already has, by name;
 * - typed: the texts themselves, line endings normalised; each case needs an input or an output.
 */
export async function planCases(
  staging: TestCaseStaging,
  options: {
    samples: CaseInput[];
    upload: boolean;
    uploadDir: string | null | undefined;
    type: number;
    caseMode: string;
    existing: CaseRow[];
  },
): Promise<CasePlan> {
  const { samples } = options;
  if (samples.length === 0) throw fail(problemMessages.casesRequired);
  if (!options.upload) {
    return {
      rows: samples.map((s, i) => {
        if (!s.input && !s.output) throw fail(problemMessages.caseEmpty(i + 1));
        return {
          input: normaliseLineEndings(s.input ?? ''),
          output: normaliseLineEndings(s.output ?? ''),
          ...scoreAndGroup(s, i, options.type, options.caseMode),
        };
      }),
    };
  }

  let known: Record<string, StoredFile>;
  let stagedId: string | undefined;
  if (options.uploadDir) {
    const manifest = await staging.manifest(options.uploadDir);
    if (!manifest) throw fail(problemMessages.uploadExpired);
    known = manifest.files;
    stagedId = options.uploadDir;
  } else {
    known = {};
    for (const row of options.existing) {
      if (row.input && row.inputSha256)
        known[row.input] = { sha256: row.inputSha256, size: row.inputSize ?? 0 };
      if (row.output && row.outputSha256)
        known[row.output] = { sha256: row.outputSha256, size: row.outputSize ?? 0 };
    }
  }
  const used = new Map<string, StoredFile>();
  const rows = samples.map((s, i) => {
    const input = s.input ? known[s.input] : undefined;
    const output = s.output ? known[s.output] : undefined;
    if (!input || !output) throw fail(problemMessages.caseFileUnknown(s.input ?? s.output ?? `#${i + 1}`));
    used.set(input.sha256, input).set(output.sha256, output);
    return {
      input: s.input!,
      output: s.output!,
      inputSha256: input.sha256,
      inputSize: input.size,
      outputSha256: output.sha256,
      outputSize: output.size,
      ...scoreAndGroup(s, i, options.type, options.caseMode),
    };
  });
  return { rows, staged: stagedId ? { id: stagedId, files: [...used.values()] } : undefined };
}

/** What the judge's view of the test data depends on; a change means a new case_version (reference §8.2). */
export function caseFingerprint(
  rows: Pick<NewCase, 'input' | 'output' | 'inputSha256' | 'outputSha256' | 'score' | 'groupNum'>[],
  judging: {
    judgeMode: string;
    judgeCaseMode: string;
    spjCode: string | null;
    spjLanguage: string | null;
    judgeExtraFile: unknown;
  },
): string {
  return JSON.stringify({
    cases: rows.map((r) => [
      r.inputSha256 ?? r.input ?? '',
      r.outputSha256 ?? r.output ?? '',
      r.inputSha256 ? r.input : null,
      r.outputSha256 ? r.output : null,
      r.score ?? null,
      r.groupNum ?? 1,
    ]),
    judgeMode: judging.judgeMode,
    judgeCaseMode: judging.judgeCaseMode,
    judgeExtraFile: judging.judgeExtraFile ?? null,
    spjCode: judging.judgeMode === 'default' ? null : judging.spjCode,
    spjLanguage: judging.judgeMode === 'default' ? null : judging.spjLanguage,
  });
}
