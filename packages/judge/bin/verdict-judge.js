#!/usr/bin/env node
// Runs the TypeScript CLI (src/cli.ts) through tsx, which is installed at the repository root.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
