import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { detectV1CpuDirs, parentDirs, prepareCgroupParents } from '../../src/sandbox/cgroup.ts';
import { makeTempDir } from './support.ts';

// Issue 9 item 5: the optional CPU controllers of the slots, on fake cgroup trees (the v2 path cannot
// run on the v1-only development and CI machines, sandbox.md §8 "Testing gap").
const roots: string[] = [];

function fakeRoot(files: Record<string, string>): string {
  const root = makeTempDir('cgroup-cpu-fake');
  roots.push(root);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

afterEach(() => {
  for (const r of roots.splice(0)) fs.rmSync(r, { recursive: true, force: true });
});

describe('cgroup CPU controllers (issue 9 item 5)', () => {
  it('v1: finds our cgroup in the cpu and cpuset hierarchies, alone or co-mounted', () => {
    const root = fakeRoot({
      'proc/self/mounts': [
        'cgroup /sys/fs/cgroup/cpu,cpuacct cgroup rw,relatime,cpu,cpuacct 0 0',
        'cgroup /sys/fs/cgroup/cpuset cgroup rw,relatime,cpuset 0 0',
      ].join('\n'),
      'proc/self/cgroup': '3:cpuset:/judge\n2:cpu,cpuacct:/judge.slice\n',
    });
    expect(detectV1CpuDirs(root)).toEqual({
      cpu: '/sys/fs/cgroup/cpu,cpuacct/judge.slice',
      cpuset: '/sys/fs/cgroup/cpuset/judge',
    });
    const none = fakeRoot({ 'proc/self/mounts': '', 'proc/self/cgroup': '' });
    expect(detectV1CpuDirs(none)).toEqual({});
  });

  it('v1: makes the cpu and cpuset parents; the cpuset parent gets its CPUs and memory nodes from ours', () => {
    const root = fakeRoot({ 'cpuset/cpuset.cpus': '0-3\n', 'cpuset/cpuset.mems': '0\n' });
    for (const c of ['memory', 'cpuacct', 'pids', 'cpu']) fs.mkdirSync(path.join(root, c));
    // a real cpuset directory comes with empty files; the fake one gets them before preparation
    fs.mkdirSync(path.join(root, 'cpuset/verdict'));
    fs.writeFileSync(path.join(root, 'cpuset/verdict/cpuset.cpus'), '');
    fs.writeFileSync(path.join(root, 'cpuset/verdict/cpuset.mems'), '');
    const dirs = { memory: `${root}/memory`, cpuacct: `${root}/cpuacct`, pids: `${root}/pids` };
    const parents = prepareCgroupParents({ version: 'v1', dirs }, process.pid, {
      cpu: `${root}/cpu`,
      cpuset: `${root}/cpuset`,
    });
    expect(parents.version === 'v1' && parents.cpu).toEqual({
      cpu: `${root}/cpu/verdict`,
      cpuset: `${root}/cpuset/verdict`,
    });
    expect(fs.readFileSync(`${root}/cpuset/verdict/cpuset.cpus`, 'utf8')).toBe('0-3\n');
    expect(fs.readFileSync(`${root}/cpuset/verdict/cpuset.mems`, 'utf8')).toBe('0\n');
    // stale run cgroups are swept and listed in the CPU controllers too
    expect(parentDirs(parents)).toContain(`${root}/cpuset/verdict`);
  });

  it('v1: a host without the CPU controllers still gets its parents (no pinning)', () => {
    const root = fakeRoot({});
    for (const c of ['memory', 'cpuacct', 'pids']) fs.mkdirSync(path.join(root, c));
    const dirs = { memory: `${root}/memory`, cpuacct: `${root}/cpuacct`, pids: `${root}/pids` };
    const parents = prepareCgroupParents({ version: 'v1', dirs });
    expect(parents.version === 'v1' && parents.cpu).toBeUndefined();
  });

  it('v2: enables cpu and cpuset too when our cgroup offers them', () => {
    const root = fakeRoot({ 'cg/svc/cgroup.subtree_control': '', 'cg/svc/cgroup.procs': '' });
    const own = path.join(root, 'cg/svc');
    const parents = prepareCgroupParents({
      version: 'v2',
      dir: own,
      controllers: ['cpuset', 'cpu', 'io', 'memory', 'pids'],
    });
    expect(parents).toEqual({ version: 'v2', dir: path.join(own, 'verdict'), cpuset: true });
    expect(fs.readFileSync(path.join(own, 'cgroup.subtree_control'), 'utf8')).toBe(
      '+memory +pids +cpu +cpuset',
    );
    expect(fs.readFileSync(path.join(own, 'verdict/cgroup.subtree_control'), 'utf8')).toBe(
      '+memory +pids +cpu +cpuset',
    );
  });
});
