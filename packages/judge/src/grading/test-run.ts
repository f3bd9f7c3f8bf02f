import fs from 'node:fs/promises';
import { JudgeStatus, type TestRunResult, type TestRunTask } from '@verdict/shared';
import type { RunResult } from '../sandbox/index.ts';
import { compile } from './compile.ts';
import { rtrim } from './compare.ts';
import { sandboxOf, type GradingContext } from './context.ts';
import { isPlainFileName, readProgramFile, readTextHead, writeFiles } from './files.ts';
import { factoredLimits, runOutputBytes } from './limits.ts';
import { prepareFileIoOutput, userRunOptions } from './run-options.ts';
import { judgeRun, OUTPUT_LIMIT_MESSAGE } from './run-verdict.ts';
import { runCollectingStdout } from './stdout-pipe.ts';
import { Workspace } from './workspace.ts';

export type TestRunOutcome = Omit<TestRunResult, 'id' | 'attempt'>;

/** reference §8.12: the output shown is cut to 1000 characters plus "...". */
const OUTPUT_CHARS = 1000;
const STDERR_BYTES = 64 * 1024;

const outcome = (
  status: number,
  errorMessage: string | null,
  output = '',
  time = 0,
  memory = 0,
): TestRunOutcome => ({
  status,
  time,
  memory,
  output,
  errorMessage,
});

/**
 * Online debugging (reference §8.12): compile, run once on the user's input plus "\n" under the problem's
 * (factored) limits, and compare with the expected output when one was given — plain strings, rtrimmed
 * when the problem removes end blanks, AC or WA only; without one a clean run is AC. Special-judge and
 * interactive problems run as plain programs. Compile errors and system failures carry their message
 * (HOJ reports system failures as -2 with a generic text; we say System Error and why).
 */
export async function runTestTask(task: TestRunTask, ctx: GradingContext): Promise<TestRunOutcome> {
  const { problem } = task;
  const language = ctx.languages.get(task.language);
  if (!language || language.role !== 'user') {
    return outcome(
      JudgeStatus.SYSTEM_ERROR,
      `The language "${task.language}" is not available on this judge server.`,
    );
  }
  const ioNames = problem.isFileIo
    ? [problem.ioReadFileName ?? 'input.txt', problem.ioWriteFileName ?? 'output.txt']
    : [];
  const badName = [...Object.keys(problem.userExtraFile ?? {}), ...ioNames].find((n) => !isPlainFileName(n));
  if (badName !== undefined)
    return outcome(
      JudgeStatus.SYSTEM_ERROR,
      `The problem names a file "${badName}" that is not a plain file name.`,
    );

  const sandbox = await sandboxOf(ctx);
  const workspace = await Workspace.create(
    ctx.workRoot,
    `test-${task.id.replace(/[^\w-]/g, '_').slice(0, 40)}`,
  );
  try {
    await writeFiles(workspace.box, { ...(problem.userExtraFile ?? {}), [language.sourceName]: task.code });
    const compiled = await compile({
      sandbox,
      slot: ctx.slot,
      language,
      dir: workspace.box,
      outDir: workspace.out,
      cache: ctx.compileCache,
      headers: ctx.headers,
    });
    if (compiled.status === 'compile-error') return outcome(JudgeStatus.COMPILE_ERROR, compiled.message);
    if (compiled.status === 'missing-executable')
      return outcome(JudgeStatus.SUBMITTED_FAILED, compiled.message);
    if (compiled.status === 'system-error') return outcome(JudgeStatus.SYSTEM_ERROR, compiled.message);

    const input = `${task.input}\n`;
    const inputFile = workspace.outFile('input');
    const stderrFile = workspace.outFile('stderr');
    await fs.writeFile(inputFile, input, { mode: 0o644 });
    const limits = factoredLimits(problem, language);
    const outputBytes = runOutputBytes(Buffer.byteLength(input));
    const request = {
      slot: ctx.slot,
      language,
      box: workspace.box,
      limits,
      stackMb: problem.stackLimit,
      outputBytes,
      stderr: stderrFile,
    };
    let run: RunResult;
    let produced: Buffer;
    let exceeded: boolean;
    if (problem.isFileIo) {
      const fileIo = {
        inputFile,
        inputName: ioNames[0]!,
        outputFile: workspace.outFile('io-output'),
        outputName: ioNames[1]!,
      };
      await prepareFileIoOutput(fileIo);
      run = await sandbox.run(userRunOptions({ ...request, fileIo }));
      produced = (await readProgramFile(fileIo.outputFile, outputBytes)) ?? Buffer.alloc(0);
      exceeded = produced.length >= outputBytes;
    } else {
      const piped = await runCollectingStdout(
        sandbox,
        userRunOptions({ ...request, stdin: inputFile }),
        outputBytes,
      );
      ({ run, stdout: produced, exceeded } = piped);
    }
    const stderr = readTextHead(stderrFile, STDERR_BYTES);
    const text = produced.subarray(0, 4 * OUTPUT_CHARS + 4).toString('utf8');
    const shown = text.length > OUTPUT_CHARS ? `${text.slice(0, OUTPUT_CHARS)}...` : text;
    const time = Math.min(
      Math.floor(run.timeLimit === 'wall' ? run.wallTimeMs : run.cpuTimeMs),
      limits.timeMs,
    );
    const memory = Math.min(Math.floor(run.memoryBytes / 1024), limits.memoryMb * 1024);
    const withStderr = (message: string | null) =>
      [message, stderr.trim()].filter(Boolean).join('\n') || null;

    if (exceeded) {
      return outcome(JudgeStatus.RUNTIME_ERROR, withStderr(OUTPUT_LIMIT_MESSAGE), shown, time, memory);
    }
    const verdict = judgeRun(run, limits, stderr, language.outOfMemoryMarker);
    if (verdict.kind === 'failed') {
      return outcome(verdict.status, withStderr(verdict.message), shown, time, memory);
    }
    let status: number = JudgeStatus.ACCEPTED;
    if (task.expectedOutput !== null) {
      const expected = Buffer.from(task.expectedOutput);
      const same = problem.isRemoveEndBlank
        ? rtrim(produced).equals(rtrim(expected))
        : produced.equals(expected);
      status = same ? JudgeStatus.ACCEPTED : JudgeStatus.WRONG_ANSWER;
    }
    return outcome(status, withStderr(null), shown, time, memory);
  } finally {
    await workspace.dispose();
  }
}
