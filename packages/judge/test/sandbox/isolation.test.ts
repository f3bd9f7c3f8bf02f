import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostTmpEntries, readText } from './support.ts';
import { sandboxSuite } from './suite.ts';

// What a submission must not reach: host files, the network, the judge's processes, the kernel.
const SLOT = 22;
const suite = sandboxSuite({
  name: 'iso',
  programs: ['escape', 'net', 'forkOnce', 'execOther', 'oneThread'],
  slots: [SLOT],
});

/** Runs the escape program in one mode and returns its lines as { attempt: outcome }. */
async function attempts(mode: string, extra: string[] = []): Promise<Record<string, string>> {
  const out = path.join(suite.io, `${mode}.txt`);
  const r = await suite.run(SLOT, ['/w/escape', mode, ...extra], { stdout: out });
  expect(r.status, r.reason).toBe('ok');
  const lines: Record<string, string> = {};
  for (const line of readText(out).trim().split('\n')) {
    const m = /^(.*) (ok|[A-Z][^]*)$/.exec(line);
    if (m?.[1] && m[2]) lines[m[1]] = m[2];
    else lines[line] = '';
  }
  return lines;
}

describe('files', () => {
  it('cannot read /etc/shadow (no /etc beyond the loader cache) or init memory', async () => {
    const r = await attempts('files');
    expect(r['read /etc/shadow']).toBe('No such file or directory');
    expect(r['read /etc/passwd']).toBe('No such file or directory');
    expect(r['read /proc/1/environ']).toBe('Permission denied');
  });

  it('cannot write to /, /usr, /etc or a read-only /w', async () => {
    const r = await attempts('files');
    expect(r['write /pwned']).toBe('Read-only file system');
    expect(r['write /usr/pwned']).toBe('Read-only file system');
    expect(r['write /w/pwned']).toBe('Read-only file system');
    expect(r['write /etc/pwned']).toBe('Read-only file system');
    expect(r['mkdir /usr/lib/pwned']).toBe('Read-only file system');
    expect(r['chmod /usr/bin/true']).toBe('Read-only file system');
    expect(fs.existsSync('/pwned')).toBe(false);
    expect(fs.existsSync('/usr/pwned')).toBe(false);
    expect(fs.existsSync(path.join(suite.progs, 'pwned'))).toBe(false);
  });

  it('writes to its own /tmp, which never reaches the host /tmp', async () => {
    const token = `verdict-marker-${randomBytes(6).toString('hex')}`;
    const r = await attempts('tmp', [token]);
    expect(r['write tmp']).toBe('ok');
    expect(r['write /dev/shm']).toBe('ok');
    expect(hostTmpEntries(token)).toEqual([]);
  });
});

describe('network', () => {
  let server: net.Server;
  let port: number;
  let connections = 0;

  beforeAll(async () => {
    server = net.createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('cannot open an INET socket (seccomp) to a listener on the host loopback', async () => {
    const out = path.join(suite.io, 'net.txt');
    const r = await suite.run(SLOT, ['/w/net', String(port)], { stdout: out });
    expect(r.status).toBe('runtime-error');
    expect(readText(out)).toBe('socket: Permission denied\n');
    expect(connections).toBe(0);
  });

  it('cannot reach it without seccomp either: the network namespace is empty', async () => {
    const out = path.join(suite.io, 'net-none.txt');
    const r = await suite.run(SLOT, ['/w/net', String(port)], { stdout: out, seccomp: 'none' });
    expect(r.status).toBe('runtime-error');
    expect(readText(out)).toBe('connect: Network is unreachable\n');
    expect(connections).toBe(0);
  });
});

describe('processes and kernel', () => {
  it('killing its parent, pid 1, a host pid or everyone hurts nobody outside the box', async () => {
    const r = await attempts('kill', [String(process.pid)]);
    expect(r['ppid=1']).toBe('');
    expect(r['kill parent']).toBe('Operation not permitted');
    expect(r['kill 1']).toBe('Operation not permitted');
    expect(r['kill outside pid']).toBe('No such process');
    expect(r['alive']).toBe('');
    expect(process.kill(process.pid, 0)).toBe(true);
  });

  it('cannot make namespaces, mount, ptrace or become root', async () => {
    const r = await attempts('kernel');
    expect(r['unshare user']).toBe('Operation not permitted');
    expect(r['unshare mount']).toBe('Operation not permitted');
    expect(r['mount tmpfs']).toBe('Operation not permitted');
    expect(r['ptrace attach 1']).toBe('Operation not permitted');
    expect(r['setuid 0']).toBe('Operation not permitted');
  });

  it('strict profile: fork kills the program with SIGSYS', async () => {
    const r = await suite.run(SLOT, ['/w/forkOnce'], { seccomp: 'strict' });
    expect(r.status).toBe('runtime-error');
    expect(r.signalName).toBe('SIGSYS');
  });

  it('strict profile: exec of another program kills it with SIGSYS', async () => {
    const r = await suite.run(SLOT, ['/w/execOther'], { seccomp: 'strict' });
    expect(r.status).toBe('runtime-error');
    expect(r.signalName).toBe('SIGSYS');
  });

  it('strict profile still allows threads; the default profile allows fork', async () => {
    const thread = await suite.run(SLOT, ['/w/oneThread'], { seccomp: 'strict' });
    expect(thread.status).toBe('ok');
    const fork = await suite.run(SLOT, ['/w/forkOnce'], { seccomp: 'default' });
    expect(fork.status).toBe('ok');
  });
});
