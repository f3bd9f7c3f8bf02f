import { describe, expect, it } from 'vitest';
import { QueueSignal } from '../../src/modules/judge-gateway/queue.ts';

/** A settled-or-not probe that needs no timing: one macrotask lets a resolved promise run its then. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('QueueSignal: the long-poll claim wake-up (ARCHITECTURE "judge gateway")', () => {
  it('wakes a waiting claim on notify', async () => {
    const signal = new QueueSignal();
    const waiting = signal.wait(60_000, undefined, signal.version);
    expect(await settled(waiting)).toBe(false);
    signal.notify();
    expect(await settled(waiting)).toBe(true);
  });

  it('does not sleep through work queued while the claim was looking (notify before wait)', async () => {
    const signal = new QueueSignal();
    const seen = signal.version; // the claim reads the version, then looks in the queue ...
    signal.notify(); // ... while a submission arrives ...
    expect(await settled(signal.wait(60_000, undefined, seen))).toBe(true); // ... and looks again at once
  });

  it('ends the wait when the caller goes away', async () => {
    const signal = new QueueSignal();
    const gone = new AbortController();
    const waiting = signal.wait(60_000, gone.signal, signal.version);
    gone.abort();
    expect(await settled(waiting)).toBe(true);
  });
});
