import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints, after a run, where its time went (issue 26, CI time): each project's wall time (its first
 * file's start to its last file's end) and summed file time, and the slowest files. The suite is
 * CPU-bound on two cores, so these say which files to make cheaper.
 */
export class FileTimesReporter implements Reporter {
  private readonly started = new Map<string, number>();
  private readonly ended = new Map<string, number>();

  onTestModuleStart(module: TestModule): void {
    this.started.set(module.moduleId + module.project.name, performance.now());
  }

  onTestModuleEnd(module: TestModule): void {
    this.ended.set(module.moduleId + module.project.name, performance.now());
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    if (modules.length < 20) return; // a run of a few files says nothing about the suite
    const rows = modules.map((m) => {
      const start = this.started.get(m.moduleId + m.project.name) ?? 0;
      const end = this.ended.get(m.moduleId + m.project.name) ?? 0;
      // from its start to its end: importing, hooks and tests
      const seconds = (start && end ? end - start : m.diagnostic().duration) / 1000;
      return { project: m.project.name, file: m.relativeModuleId, seconds, start, end };
    });
    const projects = new Map<string, { files: number; seconds: number; start: number; end: number }>();
    for (const r of rows) {
      const p = projects.get(r.project) ?? { files: 0, seconds: 0, start: Infinity, end: 0 };
      p.files++;
      p.seconds += r.seconds;
      if (r.start) p.start = Math.min(p.start, r.start);
      p.end = Math.max(p.end, r.end);
      projects.set(r.project, p);
    }
    const out = ['', '== where the time went (file time is each file from start to end, run in parallel)'];
    for (const [name, p] of projects)
      out.push(
        `   ${name.padEnd(14)} ${String(p.files).padStart(4)} files  ${p.seconds.toFixed(0).padStart(6)} s of file time  ${((p.end - p.start) / 1000).toFixed(0).padStart(6)} s wall`,
      );
    out.push(`   files running at once: ${concurrencyProfile(rows)}`);
    out.push('   slowest files:');
    for (const r of [...rows].sort((a, b) => b.seconds - a.seconds).slice(0, 30))
      out.push(`   ${r.seconds.toFixed(1).padStart(7)} s  ${r.project.padEnd(12)} ${r.file}`);
    console.log(out.join('\n'));
  }
}

/**
 * How long the run had 1, 2, 3 … files running at once: time with fewer files than workers at the
 * end of a group is a long file started late (the sequencer's order, `scripts/test-sequencer.ts`).
 */
function concurrencyProfile(rows: { start: number; end: number }[]): string {
  const events = rows
    .filter((r) => r.start && r.end)
    .flatMap((r) => [
      { at: r.start, step: 1 },
      { at: r.end, step: -1 },
    ])
    .sort((a, b) => a.at - b.at || a.step - b.step);
  const seconds = new Map<number, number>();
  let running = 0;
  let last = events[0]?.at ?? 0;
  for (const { at, step } of events) {
    if (running > 0) seconds.set(running, (seconds.get(running) ?? 0) + (at - last) / 1000);
    running += step;
    last = at;
  }
  return [...seconds]
    .sort(([a], [b]) => a - b)
    .map(([count, s]) => `${count}: ${s.toFixed(0)} s`)
    .join(', ');
}
