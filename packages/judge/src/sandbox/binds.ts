import type { BindMount } from './types.ts';

/**
 * What every box sees besides /w, /proc, /dev and /tmp (sandbox.md §7.2 "files visible"): the read-only
 * system tree and the two /etc entries the dynamic loader and Debian's alternatives need. No other /etc
 * (so no /etc/shadow or /etc/passwd), no /sys, no home directories. Host symlinks such as /bin -> usr/bin
 * are recreated as symlinks. Language-specific /etc paths (/etc/java-17-openjdk, /etc/mono, /etc/php;
 * §7.3) come from the language table through `extraBinds`.
 */
export const SYSTEM_BINDS: readonly BindMount[] = [
  { source: '/usr', target: '/usr' },
  { source: '/bin', target: '/bin', optional: true },
  { source: '/sbin', target: '/sbin', optional: true },
  { source: '/lib', target: '/lib', optional: true },
  { source: '/lib64', target: '/lib64', optional: true },
  { source: '/lib32', target: '/lib32', optional: true },
  { source: '/libx32', target: '/libx32', optional: true },
  { source: '/etc/alternatives', target: '/etc/alternatives', optional: true },
  { source: '/etc/ld.so.cache', target: '/etc/ld.so.cache', optional: true },
];

/** Where the work directory appears inside the box (HOJ's /w, reference §8.4). */
export const WORK_TARGET = '/w';

/** Inside paths the helper mounts itself; binds may not replace them. */
export const RESERVED_TARGETS = ['/', '/proc', '/dev', '/tmp', WORK_TARGET] as const;

/**
 * A sensible base environment (reference §8.4 "default" without the locale that Debian does not
 * generate by default: C.UTF-8 is built into glibc). Languages extend it; nothing else is inherited.
 */
export const DEFAULT_SANDBOX_ENV: Readonly<Record<string, string>> = {
  PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
  LANG: 'C.UTF-8',
  LC_ALL: 'C.UTF-8',
  HOME: WORK_TARGET,
};
