import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order test files start in (CI time, issue 26). With two cores busy to the end, a run is as
 * long as its work plus its tail: the time its last, long file runs alone after the others ended.
 * Vitest starts the files that took longest last time first, but CI runs on a fresh clone with no
 * record of last time, where vitest falls back to the larger file first — and a 500-line API test
 * takes seconds while a 300-line browser test takes a minute. So without a record, files start in
 * the order of an estimate of their cost (`estimatedCost`), costliest first.
 */
export class CostlyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const cache = this.ctx.cache;
    const recorded = (file: TestSpecification) =>
      cache.getFileTestResults(`${file.project.name}:${relativeToRoot(this.ctx.config.root, file.moduleId)}`);
    if (sorted.every((file) => recorded(file))) return sorted; // vitest's own order: longest first
    const groupOf = (file: TestSpecification) =>
      `${file.project.config.sequence.groupOrder}\u0000${file.project.name}`;
    return sorted
      .map((file, index) => ({ file, index, estimate: estimatedCost(file.moduleId) }))
      .sort((a, b) => {
        if (groupOf(a.file) !== groupOf(b.file)) return a.index - b.index; // groups keep their order
        return b.estimate - a.estimate || a.index - b.index;
      })
      .map(({ file }) => file);
  }
}

/**
 * Bytes of the file, times four for a file that starts browsers, servers, judge workers or compilers
 * (measured per kilobyte in one run: browser tests 10.5 s, the judge's regression and end-to-end
 * tests 4–6 s, API tests 2.5 s, unit tests 0.02 s).
 */
function estimatedCost(moduleId: string): number {
  const text = readFileSync(moduleId, 'utf8');
  const startsProcesses =
    moduleId.includes('/web/test/e2e/') ||
    /\/judge\/test\/(regression|end-to-end)\//.test(moduleId) ||
    /verdict-process|startJudgeWorker|spawn\(|execFile/.test(text);
  return text.length * (startsProcesses ? 4 : 1);
}

function relativeToRoot(root: string, moduleId: string): string {
  return moduleId.startsWith(`${root}/`) ? moduleId.slice(root.length + 1) : moduleId;
}
