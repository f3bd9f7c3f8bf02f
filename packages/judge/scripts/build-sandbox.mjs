#!/usr/bin/env node
// Builds the sandbox helper (src/sandbox/jail.c) with the system C compiler into build/verdict-jail.
// Run by `npm run build -w @verdict/judge`; see reference/sandbox.md §7.1.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.join(packageDir, 'src', 'sandbox', 'jail.c');
const outDir = path.join(packageDir, 'build');
const output = path.join(outDir, 'verdict-jail');
const flags = ['-O2', '-Wall', '-Wextra', '-Werror', '-std=gnu11'];

if (process.platform !== 'linux') {
  // The judge refuses to run code here anyway (verdict-judge doctor says why); do not break `npm run build`.
  console.warn(`verdict-judge: the sandbox needs Linux; not building the helper on ${process.platform}.`);
  process.exit(0);
}

function works(compiler) {
  const r = spawnSync(compiler, ['--version'], { stdio: 'ignore' });
  return r.error === undefined && r.status === 0;
}

const candidates = [process.env.CC, 'cc', 'gcc', 'clang'].filter((c) => c && c.trim() !== '');
const compiler = candidates.find(works);
if (!compiler) {
  console.error(
    [
      'verdict-judge: no C compiler found (tried ' + candidates.join(', ') + ').',
      'The judge needs one to build its sandbox helper, and for the C and C++ languages anyway.',
      'Debian/Ubuntu: apt-get install gcc libc6-dev    Fedora: dnf install gcc    Alpine: apk add gcc musl-dev linux-headers',
    ].join('\n'),
  );
  process.exit(1);
}

fs.mkdirSync(outDir, { recursive: true });
const temp = `${output}.${process.pid}.tmp`;
const r = spawnSync(compiler, [...flags, '-o', temp, source], { stdio: 'inherit' });
if (r.status !== 0) {
  fs.rmSync(temp, { force: true });
  console.error(`verdict-judge: building the sandbox helper with ${compiler} failed (see above).`);
  process.exit(1);
}
// rename: a judge running the old binary keeps it; new runs get the new one
fs.renameSync(temp, output);
console.log(`verdict-judge: built ${path.relative(process.cwd(), output) || output} with ${compiler}`);
