import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPipe } from '../../src/sandbox/index.ts';
import { readText } from './support.ts';
import { sandboxSuite } from './suite.ts';

// The UTS and IPC namespaces of every run (issue 3 "Sandbox"): the box has its own hostname and its own
// System V IPC objects, and neither leaks to the host or from it.
const SLOT = 26;
const suite = sandboxSuite({ name: 'isox', programs: ['uts', 'sysvIpc'], slots: [SLOT] });

describe('UTS namespace', () => {
  it.each(['default', 'none'] as const)(
    'the box has its own hostname, which it cannot change (seccomp %s), and the host keeps its own',
    async (seccomp) => {
      const host = os.hostname();
      const wanted = `pwned-${randomBytes(4).toString('hex')}`;
      const out = path.join(suite.io, `uts-${seccomp}.txt`);
      const r = await suite.run(SLOT, ['/w/uts', wanted], { stdout: out, seccomp });
      expect(r.status, r.reason).toBe('ok');
      // init set "verdict" inside its own namespace: had it shared the host's, the host would be renamed
      expect(readText(out)).toBe('hostname verdict\nsethostname Operation not permitted\nhostname verdict\n');
      expect(host).not.toBe('verdict');
      expect(os.hostname()).toBe(host);
      expect(fs.readFileSync('/proc/sys/kernel/hostname', 'utf8').trim()).toBe(host);
    },
  );
});

/** Keys of the host's System V objects of one kind, from /proc/sysvipc (as `ipcs` shows them). */
function hostIpcKeys(kind: 'shm' | 'msg'): number[] {
  const [, ...rows] = fs.readFileSync(`/proc/sysvipc/${kind}`, 'utf8').trim().split('\n');
  return rows.map((row) => Number(row.trim().split(/\s+/)[0]));
}

describe('IPC namespace', () => {
  it('System V objects made inside are invisible on the host, and the host objects are invisible inside', async () => {
    // one host segment, so that "visible inside" would have something to see
    const hostShm = execFileSync('ipcmk', ['-M', '4096'], { encoding: 'utf8' }).match(/(\d+)\s*$/)?.[1];
    const key = 0x7e000000 + randomBytes(2).readUInt16BE(0);
    const stdin = createPipe();
    let box;
    try {
      box = suite.start(SLOT, ['/w/sysvIpc', String(key)], {
        stdin: stdin.readFd,
        stdout: 'pipe',
        wallTimeMs: 20_000,
      });
    } catch (e) {
      stdin.close();
      throw e;
    }
    let seen = '';
    try {
      box.stdout!.setEncoding('utf8');
      for await (const chunk of box.stdout!) {
        seen += chunk as string;
        if (/created|failed/.test(seen)) break;
      }
      expect(seen).toMatch(/^visible shm 0 msg 0\ncreated shm \d+ msg \d+\n$/);
      // while the box holds them, the host sees neither object
      expect(hostIpcKeys('shm')).not.toContain(key);
      expect(hostIpcKeys('msg')).not.toContain(key);
      expect(execFileSync('ipcs', ['-m', '-q'], { encoding: 'utf8' })).not.toContain(`0x${key.toString(16)}`);
    } finally {
      stdin.close(); // EOF: the program ends
      if (hostShm) execFileSync('ipcrm', ['-m', hostShm]);
    }
    const r = await box.result;
    expect(r.status, r.reason).toBe('ok');
    expect(hostIpcKeys('shm')).not.toContain(key);
  });
});
