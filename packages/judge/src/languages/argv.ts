import type { ArgvValues } from './types.ts';

/** Replaces the placeholders of types.ts in every argument. Unknown placeholders are a bug: fail loudly. */
export function expandArgv(argv: readonly string[], values: ArgvValues): string[] {
  return argv.map((arg) =>
    arg.replace(/\{(\w+)\}/g, (whole, key: string) => {
      if (!(key in values)) throw new Error(`unknown placeholder ${whole} in ${arg}`);
      return String(values[key as keyof ArgvValues]);
    }),
  );
}
