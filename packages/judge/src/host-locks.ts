import { createHash } from 'node:crypto';
import { realpathSync } from 'node:fs';
import net from 'node:net';

/**
 * Host-wide claims that end with their process (issue 25 item 1: workers never share a box).
 *
 * A claim is a listening Unix socket in Linux's abstract namespace: binding a name is exclusive, and
 * the kernel frees it the moment its process ends, however it ends (SIGKILL, a crash), so a claim is
 * never stale, is never reclaimed from a live owner, and a pid reused later cannot look like it. A
 * lock file would need its owner's pid checked and a race-free takeover of stale files; this needs
 * neither. Whoever asks a held name is answered the owner's pid, name and work directory, so that a
 * refusal can say who holds it. (Abstract names live per network namespace: workers sharing a host's
 * uids share its namespace.)
 */
export interface LockOwner {
  pid: number;
  name: string;
  workDir: string;
}

const PREFIX = 'verdict-judge';
const ASK_TIMEOUT_MS = 1_000;

export class HostLock {
  private constructor(
    readonly key: string,
    private readonly server: net.Server,
  ) {}

  /** Takes `key` for this process, or answers who holds it (null when the holder did not say). */
  static async acquire(
    key: string,
    owner: LockOwner,
  ): Promise<{ lock: HostLock } | { heldBy: LockOwner | null }> {
    const address = `\0${PREFIX}/${key}`;
    const server = net.createServer((socket) => {
      socket.on('error', () => {});
      socket.end(JSON.stringify(owner));
    });
    const bound = await new Promise<boolean>((resolve, reject) => {
      server.once('error', (e: NodeJS.ErrnoException) =>
        e.code === 'EADDRINUSE' ? resolve(false) : reject(e),
      );
      server.listen({ path: address }, () => resolve(true));
    });
    if (bound) {
      server.unref(); // a claim never keeps the process alive
      return { lock: new HostLock(key, server) };
    }
    return { heldBy: await askOwner(address) };
  }

  release(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

function askOwner(address: string): Promise<LockOwner | null> {
  return new Promise((resolve) => {
    let text = '';
    const socket = net.connect({ path: address });
    const done = (owner: LockOwner | null) => {
      socket.destroy();
      resolve(owner);
    };
    socket.setTimeout(ASK_TIMEOUT_MS, () => done(null));
    socket.on('data', (d: Buffer) => (text += d.toString()));
    socket.on('error', () => done(null));
    socket.on('end', () => {
      try {
        done(JSON.parse(text) as LockOwner);
      } catch {
        done(null);
      }
    });
  });
}

/** The lock key of a sandbox uid: slots of every worker on the host are told apart by their uid. */
export const uidKey = (uid: number) => `uid-${uid}`;

/** The lock key of a work directory (its real path, hashed: abstract names are at most 107 bytes). */
export function workDirKey(dir: string): string {
  let real = dir;
  try {
    real = realpathSync(dir);
  } catch {
    // not created yet: its given (absolute) path names it
  }
  return `dir-${createHash('sha256').update(real).digest('hex').slice(0, 32)}`;
}

export const describeOwner = (owner: LockOwner | null) =>
  owner
    ? `pid ${owner.pid}, worker "${owner.name}", work directory ${owner.workDir}`
    : 'a process that did not answer';

/**
 * The sandbox slots this worker judges in: the first `count` whose uid (uidBase + slot) no other
 * process on the host holds. A second worker on the host thereby takes other slots (other uids,
 * other CPUs), never a box in use.
 */
export async function acquireSlots(
  count: number,
  uidBase: number,
  owner: LockOwner,
  maxSlots: number,
): Promise<{ slots: number[]; locks: HostLock[] }> {
  const slots: number[] = [];
  const locks: HostLock[] = [];
  for (let slot = 0; slot < maxSlots && slots.length < count; slot++) {
    const claimed = await HostLock.acquire(uidKey(uidBase + slot), owner);
    if ('lock' in claimed) {
      slots.push(slot);
      locks.push(claimed.lock);
    }
  }
  if (slots.length < count) {
    await Promise.all(locks.map((l) => l.release()));
    throw new Error(`only ${slots.length} of ${count} sandbox slots are free on this host`);
  }
  return { slots, locks };
}
