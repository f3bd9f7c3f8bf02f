#!/usr/bin/env node
// Runs the TypeScript CLI (src/cli.ts) through tsx, which is installed at the repository root.
// A Node older than package.json's engines stops here with what to do (issue 32).
import { assertSupportedNode } from '../../../scripts/check-node.mjs';
import { register } from 'tsx/esm/api';

assertSupportedNode();
register();
await import('../src/cli.ts');
