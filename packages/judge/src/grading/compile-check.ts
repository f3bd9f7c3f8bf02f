import type { CompileCheckResult, CompileCheckTask } from '@verdict/shared';
import { ensureJudgeProgram } from './checker-cache.ts';
import { sandboxOf, type GradingContext } from './context.ts';
import { isPlainFileName } from './files.ts';
import { Workspace } from './workspace.ts';

export type CompileCheckOutcome = Omit<CompileCheckResult, 'id' | 'attempt'>;

/**
 * reference §3.12 compile-spj / compile-interactive: compiles a checker or an interactor exactly as
 * judging does (`ensureJudgeProgram`: the SPJ-… / INTERACTIVE-… entry, its compile limits, the sandbox,
 * the judge extra files next to the source), so a program that passes here compiles when it judges —
 * and its build is already in the checker cache then. The message is the compiler's output.
 */
export async function runCompileCheck(
  task: CompileCheckTask,
  ctx: GradingContext,
): Promise<CompileCheckOutcome> {
  const role = task.check === 'spj' ? 'checker' : 'interactor';
  const language = ctx.languages.judgeProgram(role, task.language);
  if (!language) {
    return {
      ok: false,
      message: `The ${role} language ${task.language} is not available on this judge server.`,
    };
  }
  const bad = Object.keys(task.extraFiles).find((name) => !isPlainFileName(name));
  if (bad !== undefined)
    return { ok: false, message: `The extra file name "${bad}" is not a plain file name.` };
  const sandbox = await sandboxOf(ctx);
  const workspace = await Workspace.create(ctx.workRoot, `compile-${task.id}`);
  try {
    const built = await ensureJudgeProgram({
      sandbox,
      slot: ctx.slot,
      language,
      source: task.code,
      extraFiles: Object.keys(task.extraFiles).length > 0 ? task.extraFiles : null,
      cacheDir: ctx.checkerCache,
      buildDir: await workspace.fresh('judge-build'),
      outDir: workspace.out,
    });
    return built.ok ? { ok: true, message: '' } : { ok: false, message: built.compilerOutput };
  } finally {
    await workspace.dispose();
  }
}
