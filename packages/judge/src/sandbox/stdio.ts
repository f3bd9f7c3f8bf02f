import fs from 'node:fs';
import type { StdioTarget } from './types.ts';

/**
 * Opens the program's stdin/stdout/stderr in the judge (as root), so the box only ever holds file
 * descriptors (sandbox.md §4 step 2). Output files are created fresh (RLIMIT_FSIZE counts from offset 0).
 * Numbers are fds the caller owns (files or pipes) and are passed through untouched.
 */
export interface OpenedStdio {
  fds: ['ignore' | number, 'ignore' | 'pipe' | number, 'ignore' | number];
  close(): void;
}

export function openStdio(
  stdin?: StdioTarget,
  stdout?: StdioTarget | 'pipe',
  stderr?: StdioTarget,
): OpenedStdio {
  const opened: number[] = [];
  const open = (target: StdioTarget | undefined, flags: string): 'ignore' | number => {
    if (target === undefined) return 'ignore';
    if (typeof target === 'number') return target;
    const fd = fs.openSync(target, flags, 0o600);
    opened.push(fd);
    return fd;
  };
  const close = () => {
    for (const fd of opened.splice(0)) fs.closeSync(fd);
  };
  try {
    // 'pipe' is a pipe that spawn() creates and the judge reads: no file, no page cache in the box's cgroup.
    const out = stdout === 'pipe' ? 'pipe' : open(stdout, 'w');
    return { fds: [open(stdin, 'r'), out, open(stderr, 'w')], close };
  } catch (e) {
    close();
    throw e;
  }
}
