import { JudgeStatus, type CaseResult, type JudgeProgress } from '@verdict/shared';

/** At most one progress report per this long: users see a submission move at about this pace. */
export const REPORT_EVERY_MS = 200;

/**
 * A submission's progress reports, coalesced (issue 25 item 5): the stage and the finished cases go
 * to the server at most every REPORT_EVERY_MS, and whatever is still waiting when the result is ready
 * rides on the result (which carries every case). An A+B whose cases take a few milliseconds thus
 * costs a claim, a report after its compile and the result, instead of a report per stage and per
 * case, each a transaction on the server and a round trip the next case waited for.
 *
 * What stays: every report the server gets is one the worker would have sent (the latest stage, the
 * cases finished since the last one); the lease is kept by the worker's own keep-alive; and an answer
 * `false` (cancelled, or the task went to another attempt) stops judging at the next case, as before,
 * a report later at most.
 */
export class CoalescedProgress {
  private keep = true;
  /** the stage the server has (the claim set Compiling) */
  private sentStage: 6 | 7 = JudgeStatus.COMPILING;
  private stage: 6 | 7 = JudgeStatus.COMPILING;
  private cases: CaseResult[] = [];
  private lastSent: number;
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly task: { submitId: number; attempt: number },
    private readonly send: (report: JudgeProgress) => Promise<boolean>,
    private readonly everyMs = REPORT_EVERY_MS,
    now = performance.now(),
  ) {
    this.lastSent = now; // the claim's answer was the first report
  }

  /** False once the server said to stop. */
  get keeping(): boolean {
    return this.keep;
  }

  /** The grading's report: queued, sent now if the last one is old enough. Answers whether to go on. */
  report(stage: 6 | 7, finished: readonly CaseResult[]): boolean {
    this.stage = stage;
    this.cases.push(...finished);
    if (!this.dirty() || this.closed) return this.keep;
    const wait = this.lastSent + this.everyMs - performance.now();
    if (wait <= 0) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), wait);
    return this.keep;
  }

  /** Stops reporting (the result goes next) and waits for a report on its way; answers `keeping`. */
  async close(): Promise<boolean> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.inFlight;
    return this.keep;
  }

  private dirty(): boolean {
    return this.cases.length > 0 || this.stage !== this.sentStage;
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.closed || !this.dirty()) return;
    const report = { ...this.task, status: this.stage, cases: this.cases };
    this.cases = [];
    this.sentStage = this.stage;
    this.lastSent = performance.now();
    // one report at a time, in order
    this.inFlight = this.inFlight.then(async () => {
      try {
        this.keep &&= await this.send(report);
      } catch {
        // the server is away for a moment: the cases go with the next report or the result
        this.cases.unshift(...report.cases);
      }
    });
  }
}
