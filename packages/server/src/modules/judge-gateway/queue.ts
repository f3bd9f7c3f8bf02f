import { EventEmitter } from 'node:events';

/** Wakes long-polling claims in this process when work arrives (other processes poll every second). */
export class QueueSignal {
  private readonly events = new EventEmitter().setMaxListeners(0);
  private notified = 0;

  /**
   * How many notifies there have been: a claim reads it before it looks for work and hands it to
   * `wait`, so work queued while it looked is not slept through until the next re-poll.
   */
  get version(): number {
    return this.notified;
  }

  notify(): void {
    this.notified++;
    this.events.emit('work');
  }

  /**
   * Resolves on the next notify, or at once if one came since `since` (a `version` read earlier),
   * or after `ms`, or when `abort` fires.
   */
  wait(ms: number, abort?: AbortSignal, since?: number): Promise<void> {
    if (since !== undefined && since !== this.notified) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.events.off('work', done);
        abort?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.events.once('work', done);
      abort?.addEventListener('abort', done, { once: true });
    });
  }
}
