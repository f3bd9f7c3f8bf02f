import { EventEmitter } from 'node:events';

/** Wakes long-polling claims in this process when work arrives (other processes poll every second). */
export class QueueSignal {
  private readonly events = new EventEmitter().setMaxListeners(0);

  notify(): void {
    this.events.emit('work');
  }

  /** Resolves on the next notify, or after `ms`, or when `abort` fires. */
  wait(ms: number, abort?: AbortSignal): Promise<void> {
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
