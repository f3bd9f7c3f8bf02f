import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/** JAIL_VERSION in jail.c: options and report format this driver speaks. */
export const HELPER_VERSION = 1;

/** Where `npm run build -w @verdict/judge` puts the helper (scripts/build-sandbox.mjs). */
export const DEFAULT_HELPER_PATH = fileURLToPath(new URL('../../build/verdict-jail', import.meta.url));

/** The helper binary; VERDICT_JAIL overrides the path (packaged installs). */
export function helperPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.VERDICT_JAIL && env.VERDICT_JAIL !== '' ? env.VERDICT_JAIL : DEFAULT_HELPER_PATH;
}

export function helperBuilt(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}
