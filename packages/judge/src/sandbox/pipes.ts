import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A kernel pipe for wiring two boxes together (interactive problems: user stdout -> interactor stdin and
 * back, reference §8.8), without copying every byte through Node.
 *
 * Node has no pipe(2), so this makes a FIFO, opens the read end non-blocking (which does not wait for a
 * writer), then the write end, and unlinks the FIFO: what is left is an anonymous pipe. The helper clears
 * O_NONBLOCK on the program's stdio before execve. Pass the fds to two `start()` calls, then `close()`
 * our copies so each side sees EOF when the other ends.
 */
export interface KernelPipe {
  readFd: number;
  writeFd: number;
  close(): void;
}

export function createPipe(): KernelPipe {
  // the pid tells whose a directory is (a test looks for its own leftovers only)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `verdict-fifo-${process.pid}-`));
  const fifo = path.join(dir, 'p');
  try {
    execFileSync('mkfifo', ['-m', '600', fifo], { stdio: 'ignore' });
    const readFd = fs.openSync(fifo, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    let writeFd: number;
    try {
      writeFd = fs.openSync(fifo, fs.constants.O_WRONLY);
    } catch (e) {
      fs.closeSync(readFd);
      throw e;
    }
    let closed = false;
    return {
      readFd,
      writeFd,
      close() {
        if (closed) return;
        closed = true;
        fs.closeSync(readFd);
        fs.closeSync(writeFd);
      },
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
