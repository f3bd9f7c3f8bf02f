import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { JudgeStatus } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTPUT_LIMIT_MESSAGE } from '../../src/grading/index.ts';
import { Bench, fixture, makeProblem, missingToolchain, testSlot } from './harness.ts';

/**
 * Hostile programs through judgeSubmission (sandbox.md §5 as verdicts): each must end with the right
 * status every time (issue 3: each is judged ROUNDS times), reach nothing outside its box, and leave
 * nothing behind: no files in the host's temporary directories, no processes, no cgroups. C and C++ run
 * under the strict seccomp profile, Python and Java under the default one.
 */
const SLOT = testSlot(2);
const ROUNDS = 3;
/** Where a program that escaped its box would leave files. */
const HOST_TEMP_DIRS = ['/tmp', '/var/tmp', '/dev/shm'];
const LANGUAGES = ['C', 'C++', 'Python3', 'Java'];
const S = JudgeStatus;
let bench: Bench;
let listener: net.Server;
let port = 0;
let connections = 0;
const marker = `verdict-pwned-${randomBytes(6).toString('hex')}`;
let tempBefore: Set<string>;

/** Entries of the host's temporary directories, as full paths. */
function hostTempEntries(): string[] {
  return HOST_TEMP_DIRS.flatMap((dir) =>
    fs.existsSync(dir) ? fs.readdirSync(dir).map((name) => path.join(dir, name)) : [],
  );
}

beforeAll(async () => {
  tempBefore = new Set(hostTempEntries());
  bench = await Bench.create(SLOT, { compileCache: true });
  listener = net.createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as net.AddressInfo).port;
});

afterAll(async () => {
  listener.close();
  const leftovers = await bench.leftovers();
  await bench.dispose();
  expect(leftovers).toEqual([]);
});

/** Small limits keep the suite fast: C/C++ get 300 ms, Python and Java 600 ms after the factor. */
const problem = (overrides = {}) => makeProblem({ timeLimit: 300, memoryLimit: 64, ...overrides });

interface Hostile {
  title: string;
  fixture: string;
  /** Problem overrides (the bombs get room enough that memory is not what stops them). */
  limits?: { memoryLimit?: number; timeLimit?: number };
  input?: () => string;
  output?: () => string;
  check: (outcome: Awaited<ReturnType<Bench['judge']>>, language: string) => void;
}

const HOSTILE: Hostile[] = [
  {
    title: 'infinite loop → TLE',
    fixture: 'loop',
    check: (r) => expect(r.status).toBe(S.TIME_LIMIT_EXCEEDED),
  },
  {
    title: 'memory bomb → MLE',
    fixture: 'memory',
    // time enough that memory is what stops it: on a host with slow page faults (measured 5–7 ms per
    // MiB touched) a bomb needs more than the default 300 ms to pass 64 MiB, and TLE came first
    limits: { timeLimit: 5000 },
    check: (r) => expect(r.status, JSON.stringify(r.cases)).toBe(S.MEMORY_LIMIT_EXCEEDED),
  },
  {
    title: 'fork bomb → contained (RE or TLE)',
    fixture: 'hostile/fork-bomb',
    limits: { memoryLimit: 256 },
    check: (r, language) => {
      expect([S.RUNTIME_ERROR, S.TIME_LIMIT_EXCEEDED]).toContain(r.status);
      // the strict profile kills C/C++ at their first fork
      if (language === 'C' || language === 'C++') expect(r.errorMessage).toMatch(/31 \(Bad system call\)/);
    },
  },
  {
    title: 'thread bomb → contained (RE or TLE)',
    fixture: 'hostile/thread-bomb',
    limits: { memoryLimit: 256 },
    check: (r) => expect([S.RUNTIME_ERROR, S.TIME_LIMIT_EXCEEDED]).toContain(r.status),
  },
  {
    title: 'output flood → output limit (RE)',
    fixture: 'hostile/flood',
    check: (r) => {
      expect(r.status).toBe(S.RUNTIME_ERROR);
      expect(r.errorMessage).toMatch(new RegExp(`^${OUTPUT_LIMIT_MESSAGE}`));
    },
  },
  {
    title: 'reading /etc/shadow does not yield its content (WA or RE)',
    fixture: 'hostile/shadow',
    output: () => fs.readFileSync('/etc/shadow', 'utf8'),
    check: (r) => {
      expect([S.WRONG_ANSWER, S.RUNTIME_ERROR]).toContain(r.status);
      expect(r.cases[0]?.userOutput ?? '').not.toContain('root:');
    },
  },
  {
    title: 'a network connection to the host fails',
    fixture: 'hostile/network',
    input: () => `${port}\n`,
    output: () => 'BLOCKED\n',
    check: (r) => {
      // C/C++: the strict profile kills socket(); Python/Java: the box has no network
      expect([S.ACCEPTED, S.RUNTIME_ERROR]).toContain(r.status);
      expect(r.cases[0]?.userOutput ?? '').not.toContain('OPEN');
      expect(connections).toBe(0);
    },
  },
  {
    title: 'writing to /, /usr and /w fails',
    fixture: 'hostile/write-root',
    input: () => `${marker}\n`,
    output: () => 'DENIED\nDENIED\nDENIED\n',
    check: (r) => {
      expect(r.status, r.cases[0]?.userOutput ?? '').toBe(S.ACCEPTED);
      for (const dir of ['/', '/usr/']) expect(fs.existsSync(`${dir}${marker}`)).toBe(false);
    },
  },
  {
    title: 'writing to /tmp and /dev/shm stays in the box',
    fixture: 'hostile/write-tmp',
    input: () => `${marker}\n`,
    output: () => 'KEPT\nKEPT\n',
    check: (r) => {
      expect(r.status, r.cases[0]?.userOutput ?? '').toBe(S.ACCEPTED);
      for (const dir of HOST_TEMP_DIRS) expect(fs.existsSync(path.join(dir, marker))).toBe(false);
    },
  },
  {
    title: 'sleeping forever → TLE (wall clock)',
    fixture: 'hostile/sleep',
    check: (r) => expect(r.status).toBe(S.TIME_LIMIT_EXCEEDED),
  },
  {
    title: 'killing its parent, pid 1 and everything leaves the judge alive',
    fixture: 'hostile/kill-parent',
    output: () => 'still here\n',
    check: (r) => {
      // in its pid namespace the parent is the box's init, which ignores the signal; nothing else is visible
      expect(r.status, r.errorMessage ?? '').toBe(S.ACCEPTED);
      expect(process.kill(process.pid, 0)).toBe(true);
    },
  },
];

describe.each(HOSTILE)('$title', (hostile) => {
  for (const language of LANGUAGES) {
    const missing =
      missingToolchain(language) ?? (fixture(hostile.fixture, language) === null ? 'no fixture' : null);
    for (let round = 1; round <= ROUNDS; round++) {
      it.skipIf(missing !== null)(
        `[${language}] round ${round}/${ROUNDS}${missing ? ` — skipped: ${missing}` : ''}`,
        async () => {
          const outcome = await bench.judge(
            language,
            fixture(hostile.fixture, language)!,
            problem(hostile.limits),
            [{ in: hostile.input?.() ?? '1 2\n', out: hostile.output?.() ?? '3\n' }],
          );
          hostile.check(outcome, language);
        },
        30_000,
      );
    }
  }
});

/**
 * Issue 25 "MLE is MLE": exactly the two programs that were judged TLE on a cgroup v1 host whose memory
 * controller is nested under the host's own cgroup, on A+B with 1 s and 256 MB: C mallocs 1 GiB and
 * touches every page; Java allocates long[1 << 20] blocks in a loop. Both must be MLE every time, and the
 * memory shown must never pass the limit (256 MB for C; Java's factor of 2 gives it 512 MB).
 */
const MLE_LANGUAGES = [
  { language: 'C', memoryKb: 256 * 1024 },
  { language: 'Java', memoryKb: 512 * 1024 },
];

/**
 * The MLE cases' time limit: A+B's 1 s, as in the issue, unless touching 256 MiB of fresh memory costs
 * this host more than a third of that (measured here, outside the box). Page faults are CPU time, and
 * on some days this machine kind takes 11–20 µs a fault (2026-12-01: about 1.3 s of CPU for 256 MiB),
 * so a program stopped at 1 s had not reached the limit and TLE was the right verdict. The limit is
 * then three times that cost: the box must still die at the memory limit and report MLE.
 */
function mleTimeLimitMs(): number {
  const before = process.cpuUsage();
  Buffer.allocUnsafeSlow(256 * 1024 * 1024).fill(1);
  const used = process.cpuUsage(before);
  return Math.max(1000, Math.ceil((3 * (used.user + used.system)) / 1000));
}

describe('issue 25: a program that passes the memory limit is MLE, with its memory capped at the limit', () => {
  let timeLimit = 1000;
  beforeAll(() => {
    timeLimit = mleTimeLimitMs();
  });
  /** what a failed expectation shows: the limit the run had, and each case's verdict, time and memory */
  const summary = (r: Awaited<ReturnType<Bench['judge']>>) =>
    JSON.stringify({
      timeLimit,
      cases: r.cases.map((c) => ({ status: c.status, time: c.time, memory: c.memory })),
    });
  for (const { language, memoryKb } of MLE_LANGUAGES) {
    const missing = missingToolchain(language);
    for (let round = 1; round <= ROUNDS; round++) {
      it.skipIf(missing !== null)(
        `[${language}] round ${round}/${ROUNDS}${missing ? ` — skipped: ${missing}` : ''}`,
        async () => {
          const r = await bench.judge(
            language,
            fixture('hostile/mle', language)!,
            makeProblem({ timeLimit, memoryLimit: 256 }),
            [
              { in: '1 2\n', out: '3\n' },
              { in: '3 4\n', out: '7\n' },
            ],
          );
          const shown = summary(r);
          expect(r.status, shown).toBe(S.MEMORY_LIMIT_EXCEEDED);
          for (const c of r.cases) {
            expect(c.status, shown).toBe(S.MEMORY_LIMIT_EXCEEDED);
            expect(c.memory, shown).toBeLessThanOrEqual(memoryKb);
          }
          expect(r.memory).toBeLessThanOrEqual(memoryKb);
        },
        60_000,
      );
    }
  }

  // the cause in slow motion: past M, below the old cap of M + 100 MB, then spin
  it('[C] a program that passes 256 MB and then spins is MLE, not TLE', async () => {
    const r = await bench.judge(
      'C',
      fixture('hostile/mle-then-spin', 'C')!,
      makeProblem({ timeLimit, memoryLimit: 256 }),
      [{ in: '1 2\n', out: '3\n' }],
    );
    const shown = summary(r);
    expect(r.status, shown).toBe(S.MEMORY_LIMIT_EXCEEDED);
    expect(r.memory, shown).toBeLessThanOrEqual(256 * 1024);
  });
});

/**
 * Issue 25, "no host paths inside the box": a program that reads /proc/self/mountinfo, /proc/self/mounts,
 * /proc/mounts and the links of /proc/self/fd, cwd, exe and root finds none of the judge's directories on
 * the host (its work root, which holds the run's key, and the test data), in a plain run (stdin from the
 * test data, /w from the work root) and in a file-I/O run (input.txt and output.txt bound in /tmp).
 */
describe('issue 25: no host path inside the box', () => {
  const words = () => `${path.basename(bench.root)}\n${path.basename(bench.data.dir)}\n`;

  it('[C] a plain run sees none', async () => {
    const r = await bench.judge('C', fixture('hostile/read-mountinfo', 'C')!, problem(), [
      { in: words(), out: 'CLEAN\n' },
    ]);
    expect(r.status, r.cases[0]?.userOutput ?? r.errorMessage ?? '').toBe(S.ACCEPTED);
  });

  it('[C] a file-I/O run sees none', async () => {
    const fileIo = { isFileIo: true, ioReadFileName: 'input.txt', ioWriteFileName: 'output.txt' };
    const r = await bench.judge('C', fixture('hostile/read-mountinfo', 'C')!, problem(fileIo), [
      { in: words(), out: 'CLEAN\n' },
    ]);
    expect(r.status, r.cases[0]?.userOutput ?? r.errorMessage ?? '').toBe(S.ACCEPTED);
  });
});

describe('after the hostile programs', () => {
  it('the judge still judges', async () => {
    const r = await bench.judge('C', fixture('ab-ac', 'C')!, problem(), [{ in: '1 2\n', out: '3\n' }]);
    expect(r.status).toBe(S.ACCEPTED);
  });

  it("the host's /tmp, /var/tmp and /dev/shm hold nothing new from the hostile programs", () => {
    // other test files may be creating their own temporary files meanwhile: what the programs could
    // have left is a file owned by the slot's uid, or one named after the marker they were given
    const slotUid = bench.sandbox.uidBase + SLOT;
    const added = hostTempEntries().filter((entry) => !tempBefore.has(entry));
    const fromPrograms = added.filter((entry) => {
      const owner = fs.lstatSync(entry, { throwIfNoEntry: false })?.uid;
      return owner === slotUid || entry.includes(marker);
    });
    expect(fromPrograms).toEqual([]);
    expect(hostTempEntries().filter((entry) => entry.includes(marker))).toEqual([]);
  });
});
