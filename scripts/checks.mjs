#!/usr/bin/env node
// The checks before the tests (type-check each package, lint, format, build), as many at once as the
// machine has cores: they are independent, and one after the other they left a core idle for two
// minutes of every `npm test`. Each check's output is printed whole when it ends; any failure fails.
import { spawn } from 'node:child_process';
import os from 'node:os';

// server, judge and shared share their compiler options, and the judge's tests import the server:
// one program type-checks each of their files once (separately, the server's were checked three
// times, 37 s of CPU against 24 s). The web app's options differ (DOM, bundler resolution).
const CHECKS = [
  ['type-check server, judge and shared', 'npx', ['tsc', '-p', 'tsconfig.node-packages.json']],
  ['type-check web', 'npx', ['tsc', '-p', 'packages/web']],
  ['lint', 'npx', ['eslint', '.']],
  ['format', 'npx', ['prettier', '--check', '.']],
  ['build', 'npm', ['run', 'build']],
];

function run([name, command, args]) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const ok = code === 0;
      process.stdout.write(`== ${name}: ${ok ? 'ok' : `failed (exit ${code})`} in ${seconds} s\n`);
      if (!ok || process.env.VERBOSE_CHECKS) process.stdout.write(output);
      resolve(ok);
    });
  });
}

const queue = [...CHECKS];
const width = Math.max(1, Math.min(os.availableParallelism(), queue.length));
const results = [];
await Promise.all(
  Array.from({ length: width }, async () => {
    while (queue.length > 0) results.push(await run(queue.shift()));
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
