import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  detectCgroups,
  parseProcCgroup,
  prepareCgroupParents,
  sweepStaleRunCgroups,
} from '../../src/sandbox/cgroup.ts';
import { makeTempDir } from './support.ts';

// The cgroup v2 path cannot run on the v1-only development and CI machines (sandbox.md §8, "Testing
// gap"), so discovery and preparation are checked against fake trees; the v1 path also runs for real.
const roots: string[] = [];

function fakeRoot(files: Record<string, string>, dirs: string[] = []): string {
  const root = makeTempDir('cgroup-fake');
  roots.push(root);
  for (const d of dirs) fs.mkdirSync(path.join(root, d), { recursive: true });
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

afterEach(() => {
  for (const r of roots.splice(0)) fs.rmSync(r, { recursive: true, force: true });
});

const HYBRID_MOUNTS = [
  'tmpfs /sys/fs/cgroup tmpfs rw 0 0',
  'cgroup /sys/fs/cgroup/cpu cgroup rw,relatime,cpu 0 0',
  'cgroup /sys/fs/cgroup/cpuacct cgroup rw,relatime,cpuacct 0 0',
  'cgroup /sys/fs/cgroup/memory cgroup rw,relatime,memory 0 0',
  'cgroup /sys/fs/cgroup/pids cgroup rw,relatime,pids 0 0',
  'cgroup2 /sys/fs/cgroup/unified cgroup2 rw,relatime 0 0',
].join('\n');

const V2_MOUNTS = 'cgroup2 /sys/fs/cgroup cgroup2 rw,nosuid,nodev,noexec,relatime 0 0\n';

describe('cgroup discovery', () => {
  it('reads /proc/self/cgroup lines of both versions', () => {
    const parsed = parseProcCgroup('4:memory:/a/b\n2:cpu,cpuacct:/\n0::/user.slice/x.scope\n');
    expect(parsed.v1.get('memory')).toBe('/a/b');
    expect(parsed.v1.get('cpuacct')).toBe('/');
    expect(parsed.v2).toBe('/user.slice/x.scope');
  });

  it('treats a hybrid host (like the reference machine) as v1, in our own memory cgroup', () => {
    const root = fakeRoot({
      'proc/self/mounts': HYBRID_MOUNTS,
      'proc/self/cgroup': '8:pids:/\n4:memory:/process_api/abc\n2:cpuacct:/\n1:cpu:/\n0::/\n',
      'sys/fs/cgroup/unified/cgroup.controllers': 'hugetlb\n',
    });
    const d = detectCgroups(root);
    expect(d.layout).toEqual({
      version: 'v1',
      dirs: {
        memory: '/sys/fs/cgroup/memory/process_api/abc',
        cpuacct: '/sys/fs/cgroup/cpuacct',
        pids: '/sys/fs/cgroup/pids',
      },
    });
    expect(d.v2Controllers).toEqual(['hugetlb']);
  });

  it('uses v2 when our cgroup offers memory and pids', () => {
    const root = fakeRoot({
      'proc/self/mounts': V2_MOUNTS,
      'proc/self/cgroup': '0::/system.slice/verdict.service\n',
      'sys/fs/cgroup/system.slice/verdict.service/cgroup.controllers': 'cpuset cpu io memory pids\n',
    });
    expect(detectCgroups(root).layout).toEqual({
      version: 'v2',
      dir: '/sys/fs/cgroup/system.slice/verdict.service',
      controllers: ['cpuset', 'cpu', 'io', 'memory', 'pids'],
    });
  });

  it('explains when neither version is usable', () => {
    const root = fakeRoot({
      'proc/self/mounts': V2_MOUNTS,
      'proc/self/cgroup': '0::/user.slice\n',
      'sys/fs/cgroup/user.slice/cgroup.controllers': 'cpu\n',
    });
    const d = detectCgroups(root);
    expect(d.layout).toBeNull();
    expect(d.problem).toMatch(/offers \[cpu\], needs memory and pids/);
  });
});

describe('cgroup preparation', () => {
  it('v2: writes +memory +pids in our cgroup and in the parent it creates', () => {
    const root = fakeRoot({ 'cg/svc/cgroup.subtree_control': 'cpu\n', 'cg/svc/cgroup.procs': '' });
    const own = path.join(root, 'cg/svc');
    const parents = prepareCgroupParents({ version: 'v2', dir: own, controllers: ['memory', 'pids'] });
    expect(parents).toEqual({ version: 'v2', dir: path.join(own, 'verdict') });
    expect(fs.readFileSync(path.join(own, 'cgroup.subtree_control'), 'utf8')).toBe('+memory +pids');
    expect(fs.readFileSync(path.join(own, 'verdict/cgroup.subtree_control'), 'utf8')).toBe('+memory +pids');
  });

  it('v1: makes the parent in each controller and sweeps run cgroups of dead helpers only', () => {
    const root = fakeRoot({}, ['memory', 'cpuacct', 'pids']);
    const dirs = {
      memory: path.join(root, 'memory'),
      cpuacct: path.join(root, 'cpuacct'),
      pids: path.join(root, 'pids'),
    };
    const dead = spawnSync('true').pid ?? 0;
    const stale = path.join(root, 'pids/verdict', `run-s1-${dead}`);
    const live = path.join(root, 'pids/verdict', `run-s1-${process.pid}`);
    fs.mkdirSync(stale, { recursive: true });
    fs.mkdirSync(live, { recursive: true });
    const parents = prepareCgroupParents({ version: 'v1', dirs });
    expect(parents.version === 'v1' && parents.dirs.memory).toBe(path.join(root, 'memory/verdict'));
    expect(fs.existsSync(stale)).toBe(false);
    expect(fs.existsSync(live)).toBe(true);
    expect(sweepStaleRunCgroups(parents)).toBe(0);
  });
});
