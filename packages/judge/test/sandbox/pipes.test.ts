import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPipe } from '../../src/sandbox/index.ts';
import { readText } from './support.ts';
import { sandboxSuite } from './suite.ts';

// Interactive wiring (reference §8.8): two boxes joined by kernel pipes, user stdout -> interactor stdin
// and interactor stdout -> user stdin, with nothing copied through Node.
const USER_SLOT = 23;
const INTERACTOR_SLOT = 24;
const suite = sandboxSuite({
  name: 'pipe',
  programs: ['interactor', 'player', 'sleeper'],
  slots: [USER_SLOT, INTERACTOR_SLOT],
});

// besides the suite's clean slots: no FIFO of this process's createPipe calls is left in /tmp
// (another test file judging an interactive problem at the same time has its own, for a moment)
afterEach(() => {
  expect(fs.readdirSync('/tmp').filter((n) => n.startsWith(`verdict-fifo-${process.pid}-`))).toEqual([]);
});

/** Starts the pair and closes our copies of the pipes as soon as both helpers hold theirs. */
function startPair(secret: number, player: string[]) {
  const toInteractor = createPipe();
  const toUser = createPipe();
  const log = path.join(suite.io, `interactor-${secret}.txt`);
  try {
    const interactor = suite.start(INTERACTOR_SLOT, ['/w/interactor', String(secret)], {
      stdin: toInteractor.readFd,
      stdout: toUser.writeFd,
      stderr: log,
      wallTimeMs: 3000,
    });
    const user = suite.start(USER_SLOT, player, {
      stdin: toUser.readFd,
      stdout: toInteractor.writeFd,
      seccomp: 'strict',
      wallTimeMs: 3000,
    });
    return { interactor, user, log };
  } finally {
    toInteractor.close();
    toUser.close();
  }
}

describe('interactive wiring', () => {
  it('lets a player and an interactor talk through pipes', async () => {
    const { interactor, user, log } = startPair(777, ['/w/player']);
    const [u, i] = await Promise.all([user.result, interactor.result]);
    expect(u.status).toBe('ok');
    expect(i.status).toBe('ok');
    expect(readText(log)).toMatch(/^ok \d+ tries\n$/);
  });

  it('gives the interactor EOF when the user program ends without answering', async () => {
    const { interactor, user, log } = startPair(5, ['/w/sleeper']);
    user.kill(); // the judge aborts the user's box; the interactor must not hang
    const [u, i] = await Promise.all([user.result, interactor.result]);
    expect(u.status).toBe('system-error');
    expect(u.reason).toContain('aborted');
    expect(i.status).toBe('runtime-error');
    expect(i.exitCode).toBe(1);
    expect(readText(log)).toBe('wrong: no answer after 0 tries\n');
  });
});
