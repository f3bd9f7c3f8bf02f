import { describe, expect, it } from 'vitest';
import { EmbeddedJudge } from '../src/embedded-judge.ts';

/**
 * A worker that dies at once (a host that cannot sandbox, a broken toolchain) is restarted with a
 * growing delay, capped, instead of in a tight loop that floods the log.
 */
describe('embedded judge supervisor', () => {
  it('doubles the restart delay after each quick exit, up to 30 times the first', async () => {
    const lines: string[] = [];
    const judge = new EmbeddedJudge({
      serverUrl: 'http://127.0.0.1:9',
      token: 'unused-token-0123456789',
      dataDir: '/tmp',
      log: (line) => lines.push(line),
      workerArgs: ['-e', 'process.exit(3)'],
      restartDelayMs: 5,
    });
    judge.start();
    await expect.poll(() => lines.length).toBeGreaterThanOrEqual(7);
    await judge.stop();
    const delays = lines.slice(0, 7).map((line) => Number(/restarting in (\d+) ms/.exec(line)?.[1]));
    expect(lines[0]).toContain('embedded judge exited (3)');
    expect(delays).toEqual([5, 10, 20, 40, 80, 150, 150]);
  });
});
