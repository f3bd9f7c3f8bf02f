import {
  caseModeFitsType,
  isJudgeProgramLanguage,
  isProblemId,
  isSafeFileName,
  type ProblemDto,
} from '@verdict/shared';
import { fail } from '../../../http/errors.ts';
import { problemMessages } from '../../../http/messages.ts';
import type { ExtraFiles } from '../../../db/schema/index.ts';

/** reference §4.2 user_extra_file / judge_extra_file: a JSON object name → content (a string from HOJ clients). */
export function parseExtraFiles(
  value: ProblemDto['problem']['userExtraFile'],
  which: string,
): ExtraFiles | null {
  if (value === undefined || value === null || value === '') return null;
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      throw fail(problemMessages.extraFilesInvalid(which));
    }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw fail(problemMessages.extraFilesInvalid(which));
  }
  const files: ExtraFiles = {};
  for (const [name, content] of Object.entries(parsed)) {
    if (!isSafeFileName(name) || typeof content !== 'string')
      throw fail(problemMessages.extraFilesInvalid(which));
    files[name] = content;
  }
  return Object.keys(files).length > 0 ? files : null;
}

/** A problem id as stored: upper-cased (reference §4.2), letters, digits, '-', '_' and '.' only. */
export function normaliseProblemId(value: string | null | undefined): string | undefined {
  const id = value?.trim().toUpperCase();
  if (!id) return undefined;
  if (!isProblemId(id)) throw fail(problemMessages.problemIdInvalid);
  return id;
}

/**
 * The judging settings of a save, checked (spec part 2 §5, reference §3.12, §8.10): the case mode
 * fits the type, a special or interactive judge comes with its code in C or C++, file I/O names
 * both files.
 */
export function judgingSettings(dto: ProblemDto) {
  const p = dto.problem;
  const judgeMode = dto.judgeMode ?? p.judgeMode ?? 'default';
  const judgeCaseMode = p.judgeCaseMode ?? 'default';
  if (!caseModeFitsType(p.type, judgeCaseMode)) {
    throw fail(problemMessages.caseModeNotForType);
  }
  let spjCode = p.spjCode ?? null;
  let spjLanguage = p.spjLanguage ?? null;
  if (judgeMode !== 'default') {
    if (!spjCode || spjCode.trim() === '') throw fail(problemMessages.spjCodeRequired);
    if (!isJudgeProgramLanguage(spjLanguage)) throw fail(problemMessages.spjLanguageInvalid);
  } else {
    spjCode = spjCode?.trim() ? spjCode : null;
    spjLanguage = spjCode ? spjLanguage : null;
  }
  const isFileIo = p.isFileIO;
  const ioReadFileName = isFileIo ? (p.ioReadFileName ?? '') : null;
  const ioWriteFileName = isFileIo ? (p.ioWriteFileName ?? '') : null;
  if (isFileIo && (!isSafeFileName(ioReadFileName!) || !isSafeFileName(ioWriteFileName!))) {
    throw fail(problemMessages.fileIoNamesRequired);
  }
  return {
    judgeMode,
    judgeCaseMode,
    spjCode,
    spjLanguage,
    isFileIo,
    ioReadFileName,
    ioWriteFileName,
    userExtraFile: parseExtraFiles(p.userExtraFile, 'userExtraFile'),
    judgeExtraFile: parseExtraFiles(p.judgeExtraFile, 'judgeExtraFile'),
  };
}
