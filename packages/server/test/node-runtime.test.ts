import { execFile } from 'node:child_process';
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { PINNED_VERSION } from '../../../scripts/check-node.mjs';

const execFileAsync = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');
const pinned = process.platform === 'linux' && process.arch === 'x64';

/**
 * Issue 32: `npm test` runs on the Node that `npm install` brings (node_modules/.bin/node, first on
 * the PATH of npm scripts), also where the system's Node is older: vitest's workers, and the
 * processes tests start, by process.execPath (servers, judge workers) or by the name `node`
 * (the `#!/usr/bin/env node` of npx, tsc and the other bins).
 */
describe.runIf(pinned)('issue 32: the tests run on the pinned Node 24', () => {
  it('this vitest worker runs node_modules/.bin/node, the pinned Node 24', () => {
    expect(process.version).toBe(`v${PINNED_VERSION}`);
    expect(realpathSync(process.execPath)).toBe(realpathSync(path.join(root, 'node_modules/.bin/node')));
  });

  it('a child that runs `node` by name gets the same Node', async () => {
    const { stdout } = await execFileAsync('node', ['-p', 'process.version + " " + process.execPath']);
    const [version, execPath] = stdout.trim().split(' ');
    expect(version).toBe(`v${PINNED_VERSION}`);
    expect(realpathSync(execPath!)).toBe(realpathSync(process.execPath));
  });
});
