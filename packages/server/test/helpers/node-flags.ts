/**
 * Node flags for the processes the tests run: vitest's workers (vitest.config.ts) and the servers
 * and command-line tools the tests start.
 *
 * `--liftoff-only`: every test process opens PGlite, 8 MB of WebAssembly, and by default V8 compiles
 * it twice, a quick baseline build and then, in background threads, an optimised one that a process
 * living a minute never pays back. Without the second build (25 server and browser test files on a
 * slow day: CPU 82–92 s against 98–100 s, page faults 1.36 M against 1.87 M; the three files that
 * start real servers: 78–79 s against 91–97 s of wall time). Only for tests: a production server
 * lives long enough to want the optimised code. Node refuses V8 flags in NODE_OPTIONS, hence a list.
 */
export const TEST_NODE_FLAGS: readonly string[] = ['--liftoff-only'];
