import { execFileSync } from 'node:child_process';

/**
 * What a page fault costs this machine now, printed beside the benches' figures. This machine kind
 * varies from day to day mostly here: on slow days a first touch of fresh memory costs 11-20 µs a page
 * (a paravirtualised guest whose page-table updates are dear: perf shows the time in pvm_irq_enable)
 * while computing runs at its usual speed, and process starts, compiles, a box's setup and a browser's
 * renderer are mostly page faults. A figure is only comparable with one taken at a similar cost.
 *
 * Measured in a child process: 64 MiB more resident in the bench's own process would slow each of its
 * fork()s, the plain spawn the benches compare with.
 */
export function pageFaultMicros(mib = 64): number {
  return Number(execFileSync(process.execPath, ['-e', MEASURE, String(mib)], { encoding: 'utf8' }));
}

// a large zeroed ArrayBuffer is fresh mapped memory not touched yet: its first fill faults on each
// page, the second shows what the filling itself costs
const MEASURE = `
  const bytes = Number(process.argv[1]) * 1024 * 1024;
  const memory = new Uint8Array(new ArrayBuffer(bytes));
  let start = performance.now();
  memory.fill(1);
  const first = performance.now() - start;
  start = performance.now();
  memory.fill(2);
  const again = performance.now() - start;
  process.stdout.write(String(((first - again) * 1000) / (bytes / 4096)));
`;

/** "a page fault 12.3 µs": for the header line of a bench. */
export const pageFaultLine = () => `a page fault ${pageFaultMicros().toFixed(1)} µs`;
