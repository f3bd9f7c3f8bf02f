/**
 * Options of `vi.waitFor` for waiting on an event (expect.poll takes the same timeout from
 * vitest.config.ts). The timeout only ends a test that would otherwise hang: it asserts nothing about
 * time, so it is long enough for a busy machine (issue 9 item 7; vitest's default of 1 s is not).
 */
export const EVENTUALLY = { timeout: 30_000, interval: 10 } as const;
