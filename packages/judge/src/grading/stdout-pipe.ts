import fs from 'node:fs';
import net from 'node:net';
import type { Readable } from 'node:stream';
import {
  createPipe,
  type RunningBox,
  type RunResult,
  type Sandbox,
  type SandboxRunOptions,
} from '../sandbox/index.ts';

export interface CollectedRun {
  run: RunResult;
  stdout: Buffer;
  /** More than `maxBytes` arrived: the box was stopped (reference §8.5 output limit). */
  exceeded: boolean;
}

/**
 * Runs a box whose stdout is a pipe read by the judge, not a file. A file's page cache is charged to the
 * box's memory cgroup, so a program printing 40 MB would be measured 40 MB heavier than it is (HOJ's
 * go-judge collects stdout through a pipe too, reference §8.5). The output limit is enforced here: past
 * `maxBytes` the box is stopped.
 */
export async function runCollectingStdout(
  sandbox: Sandbox,
  options: SandboxRunOptions,
  maxBytes: number,
): Promise<CollectedRun> {
  const { box, stdout } = startWithStdoutPipe(sandbox, options);
  const chunks: Buffer[] = [];
  let size = 0;
  let exceeded = false;
  const drained = new Promise<void>((resolve) => {
    stdout.on('data', (chunk: Buffer) => {
      if (exceeded) return;
      size += chunk.length;
      if (size > maxBytes) {
        exceeded = true;
        box.kill();
        stdout.destroy();
        return;
      }
      chunks.push(chunk);
    });
    stdout.once('close', () => resolve());
    stdout.once('error', () => resolve());
  });
  const [run] = await Promise.all([box.result, drained]);
  return { run, stdout: Buffer.concat(chunks), exceeded };
}

/**
 * The sandbox hands the judge a pipe of its own making (no extra process); in unsafe development
 * mode there is no helper, so a kernel pipe is made by hand.
 */
function startWithStdoutPipe(
  sandbox: Sandbox,
  options: SandboxRunOptions,
): { box: RunningBox; stdout: Readable } {
  if (sandbox.mode !== 'unsafe') {
    const box = sandbox.start({ ...options, stdout: 'pipe' });
    return { box, stdout: box.stdout! };
  }
  const pipe = createPipe();
  let box: RunningBox;
  try {
    box = sandbox.start({ ...options, stdout: pipe.writeFd });
  } catch (error) {
    pipe.close();
    throw error;
  }
  // the box holds its own copy; ours must go, or the reader never sees end-of-file
  fs.closeSync(pipe.writeFd);
  // the socket owns the read end from here on and closes it
  return { box, stdout: new net.Socket({ fd: pipe.readFd, readable: true, writable: false }) };
}
