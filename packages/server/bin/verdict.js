#!/usr/bin/env node
// Runs the TypeScript CLI (src/cli.ts) through tsx, which is installed at the repository root.
import { assertSupportedNode } from '../../../scripts/check-node.mjs';
import { register } from 'tsx/esm/api';

assertSupportedNode();
register();
await import('../src/cli.ts');
