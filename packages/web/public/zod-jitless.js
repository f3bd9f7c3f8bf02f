// Loaded by index.html before the app. Zod compiles object parsers with `new Function` unless told
// not to, and probes for it as soon as the first schema is built; the server's
// Content-Security-Policy has no 'unsafe-eval', so that probe would be reported as a violation on
// every page. This sets z.config({ jitless: true }) before any module runs: zod keeps its global
// configuration in globalThis.__zod_globalConfig. (A module imported first in main.tsx is not
// enough: the bundle runs the shared chunk, where the schemas are built, before the entry's code.)
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
