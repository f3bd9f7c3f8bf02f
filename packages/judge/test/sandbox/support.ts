import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { DEFAULT_SANDBOX_ENV, Sandbox, type SandboxRunOptions } from '../../src/sandbox/index.ts';
import { DEFAULT_UID_BASE } from '../../src/sandbox/helper-args.ts';

const execFileAsync = promisify(execFile);

/** Small C programs the tests run in the real sandbox (compiled on the host with gcc in beforeAll). */
export const PROGRAMS = {
  // echoes a number from stdin, writes to stderr too, exits with the code given in argv[1]
  echo: String.raw`
    #include <stdio.h>
    #include <stdlib.h>
    int main(int argc, char **argv) {
      long n = 0;
      if (scanf("%ld", &n) != 1) return 99;
      printf("got %ld\n", n * 2);
      fprintf(stderr, "note\n");
      return argc > 1 ? atoi(argv[1]) : 0;
    }`,
  env: String.raw`
    #include <stdio.h>
    #include <stdlib.h>
    #include <unistd.h>
    extern char **environ;
    int main(void) {
      char cwd[256];
      for (char **e = environ; *e; e++) printf("%s\n", *e);
      printf("cwd=%s uid=%d gid=%d\n", getcwd(cwd, sizeof cwd), (int)getuid(), (int)getgid());
      return 0;
    }`,
  busy: String.raw`
    int main(void) { volatile unsigned long x = 0; for (;;) x++; }`,
  sleeper: String.raw`
    #include <unistd.h>
    int main(void) { sleep(100); return 0; }`,
  // burns exactly argv[1] ms of CPU time from the start of main (bench and accuracy checks); with
  // argv[2], first sleeps that many ms of wall time (CPU time against wall time)
  burn: String.raw`
    #include <stdlib.h>
    #include <time.h>
    static long long cpu_ns(void) { struct timespec t; clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); return t.tv_sec * 1000000000LL + t.tv_nsec; }
    int main(int argc, char **argv) {
      if (argc > 2) { long ms = atol(argv[2]); struct timespec d = { ms / 1000, (ms % 1000) * 1000000L }; while (nanosleep(&d, &d) != 0) {} }
      long long until = cpu_ns() + (argc > 1 ? atoll(argv[1]) : 500) * 1000000LL;
      volatile unsigned long x = 0;
      do { for (int i = 0; i < 10000; i++) x++; } while (cpu_ns() < until);
      return 0;
    }`,
  // touches argv[1] MiB, or grows without end when argv[1] is absent
  memory: String.raw`
    #include <stdlib.h>
    #include <string.h>
    int main(int argc, char **argv) {
      long mib = argc > 1 ? atol(argv[1]) : -1;
      if (mib >= 0) { char *p = malloc((size_t)mib << 20); if (!p) return 2; memset(p, 1, (size_t)mib << 20); return p[mib] == 1 ? 0 : 3; }
      for (;;) { char *p = malloc(1 << 20); if (!p) return 2; memset(p, 1, 1 << 20); }
    }`,
  // a child grows without end while the parent sleeps: the whole box must end at the memory limit
  forkedMemory: String.raw`
    #include <stdlib.h>
    #include <string.h>
    #include <unistd.h>
    int main(void) {
      if (fork() == 0) for (;;) { char *p = malloc(1 << 20); if (!p) return 2; memset(p, 1, 1 << 20); }
      for (;;) pause();
    }`,
  // writes to output.txt in its cwd until the output limit stops it, ignoring SIGXFSZ, then spins
  fileFloodSpin: String.raw`
    #include <signal.h>
    #include <stdio.h>
    #include <string.h>
    int main(void) {
      signal(SIGXFSZ, SIG_IGN);
      FILE *f = fopen("output.txt", "w");
      if (!f) return 2;
      static char buf[65536]; memset(buf, 'o', sizeof buf);
      while (fwrite(buf, 1, sizeof buf, f) == sizeof buf) {}
      fflush(f);
      for (volatile unsigned long x = 0;; x++) {}
    }`,
  forkCount: String.raw`
    #include <stdio.h>
    #include <unistd.h>
    int main(void) {
      int ok = 0, failed = 0;
      for (int i = 0; i < 200; i++) { pid_t p = fork(); if (p == 0) { for (;;) pause(); } if (p < 0) failed++; else ok++; }
      printf("forked=%d failed=%d\n", ok, failed);
      return 0;
    }`,
  forkBomb: String.raw`
    #include <unistd.h>
    int main(void) { for (;;) fork(); }`,
  threadBomb: String.raw`
    #include <pthread.h>
    #include <stdio.h>
    #include <unistd.h>
    static void *idle(void *arg) { (void)arg; for (;;) pause(); return NULL; }
    int main(void) {
      int ok = 0, failed = 0;
      for (int i = 0; i < 200; i++) { pthread_t t; if (pthread_create(&t, NULL, idle, NULL) == 0) ok++; else failed++; }
      printf("threads=%d failed=%d\n", ok, failed);
      fflush(stdout);
      return 0;
    }`,
  flood: String.raw`
    #include <string.h>
    #include <unistd.h>
    int main(void) { char buf[65536]; memset(buf, 'x', sizeof buf); for (;;) if (write(1, buf, sizeof buf) < 0) return 1; }`,
  // writes exactly argv[1] bytes
  exactOutput: String.raw`
    #include <stdio.h>
    #include <stdlib.h>
    int main(int argc, char **argv) { long n = atol(argv[1]); for (long i = 0; i < n; i++) putchar('y'); return 0; }`,
  // prints one line per attempt: "<what> ok" or "<what> <errno text>"
  escape: String.raw`
    #define _GNU_SOURCE
    #include <errno.h>
    #include <fcntl.h>
    #include <sched.h>
    #include <signal.h>
    #include <stdio.h>
    #include <stdlib.h>
    #include <string.h>
    #include <sys/mount.h>
    #include <sys/ptrace.h>
    #include <sys/stat.h>
    #include <unistd.h>
    static void report(const char *what, int rc) { printf("%s %s\n", what, rc < 0 ? strerror(errno) : "ok"); }
    static int try_open(const char *path, int flags) { int fd = open(path, flags, 0644); if (fd >= 0) close(fd); return fd; }
    int main(int argc, char **argv) {
      const char *mode = argc > 1 ? argv[1] : "";
      if (!strcmp(mode, "files")) {
        report("read /etc/shadow", try_open("/etc/shadow", O_RDONLY));
        report("read /etc/passwd", try_open("/etc/passwd", O_RDONLY));
        report("read /proc/1/environ", try_open("/proc/1/environ", O_RDONLY));
        report("write /pwned", try_open("/pwned", O_WRONLY | O_CREAT));
        report("write /usr/pwned", try_open("/usr/pwned", O_WRONLY | O_CREAT));
        report("write /w/pwned", try_open("/w/pwned", O_WRONLY | O_CREAT));
        report("write /etc/pwned", try_open("/etc/pwned", O_WRONLY | O_CREAT));
        report("mkdir /usr/lib/pwned", mkdir("/usr/lib/pwned", 0755));
        report("chmod /usr/bin/true", chmod("/usr/bin/true", 04777));
      } else if (!strcmp(mode, "kernel")) {
        report("unshare user", unshare(CLONE_NEWUSER));
        report("unshare mount", unshare(CLONE_NEWNS));
        report("mount tmpfs", mount("tmpfs", "/tmp", "tmpfs", 0, NULL));
        report("ptrace attach 1", (int)ptrace(PTRACE_ATTACH, 1, NULL, NULL));
        report("setuid 0", setuid(0));
      } else if (!strcmp(mode, "kill")) {
        pid_t outside = argc > 2 ? (pid_t)atoi(argv[2]) : 0;
        printf("ppid=%d\n", (int)getppid());
        report("kill parent", kill(getppid(), SIGKILL));
        report("kill 1", kill(1, SIGKILL));
        report("kill outside pid", kill(outside, SIGKILL));
        report("kill -1", kill(-1, SIGKILL));
        printf("alive\n");
      } else if (!strcmp(mode, "tmp")) {
        char path[256];
        snprintf(path, sizeof path, "/tmp/%s", argc > 2 ? argv[2] : "marker");
        report("write tmp", try_open(path, O_WRONLY | O_CREAT));
        report("write /dev/shm", try_open("/dev/shm/x", O_WRONLY | O_CREAT));
      }
      return 0;
    }`,
  net: String.raw`
    #include <arpa/inet.h>
    #include <errno.h>
    #include <stdio.h>
    #include <stdlib.h>
    #include <string.h>
    #include <sys/socket.h>
    int main(int argc, char **argv) {
      int s = socket(AF_INET, SOCK_STREAM, 0);
      if (s < 0) { printf("socket: %s\n", strerror(errno)); return 1; }
      struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons((unsigned short)atoi(argv[1])) };
      inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);
      if (connect(s, (struct sockaddr *)&a, sizeof a) < 0) { printf("connect: %s\n", strerror(errno)); return 2; }
      printf("connected\n");
      return 0;
    }`,
  forkOnce: String.raw`
    #include <stdio.h>
    #include <sys/wait.h>
    #include <unistd.h>
    int main(void) { pid_t p = fork(); if (p == 0) return 0; if (p > 0) wait(NULL); printf("forked\n"); return 0; }`,
  execOther: String.raw`
    #include <stdio.h>
    #include <unistd.h>
    int main(void) { char *argv[] = {"/usr/bin/true", NULL}; execv(argv[0], argv); perror("execv"); return 1; }`,
  oneThread: String.raw`
    #include <pthread.h>
    #include <stdio.h>
    static void *work(void *arg) { *(int *)arg = 42; return NULL; }
    int main(void) { pthread_t t; int v = 0; if (pthread_create(&t, NULL, work, &v)) return 1; pthread_join(t, NULL); printf("thread %d\n", v); return 0; }`,
  crash: String.raw`
    int main(void) { volatile int *p = 0; return *p; }`,
  // fills /tmp: one file in 64 KiB writes ("fill"), or empty files ("inodes"), until an error
  tmpFill: String.raw`
    #include <errno.h>
    #include <fcntl.h>
    #include <stdio.h>
    #include <string.h>
    #include <unistd.h>
    int main(int argc, char **argv) {
      if (argc > 1 && !strcmp(argv[1], "inodes")) {
        long n = 0;
        for (;; n++) {
          char name[64]; snprintf(name, sizeof name, "/tmp/f%ld", n);
          int fd = open(name, O_WRONLY | O_CREAT | O_EXCL, 0644);
          if (fd < 0) { printf("created %ld: %s\n", n, strerror(errno)); return 1; }
          close(fd);
        }
      }
      static char buf[65536]; memset(buf, 't', sizeof buf);
      int fd = open("/tmp/fill", O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (fd < 0) { printf("open: %s\n", strerror(errno)); return 2; }
      long long total = 0;
      for (;;) {
        ssize_t n = write(fd, buf, sizeof buf);
        if (n < 0) { printf("wrote %lld: %s\n", total, strerror(errno)); return 1; }
        total += n;
        if (n < (ssize_t)sizeof buf) { printf("wrote %lld: short write\n", total); return 1; }
      }
    }`,
  // opens /dev/null until it fails, then tries to raise its own limit
  openFiles: String.raw`
    #include <errno.h>
    #include <fcntl.h>
    #include <stdio.h>
    #include <string.h>
    #include <sys/resource.h>
    int main(void) {
      struct rlimit lim; getrlimit(RLIMIT_NOFILE, &lim);
      printf("limit %llu %llu\n", (unsigned long long)lim.rlim_cur, (unsigned long long)lim.rlim_max);
      int opened = 0;
      while (open("/dev/null", O_RDONLY) >= 0) opened++;
      printf("opened %d: %s\n", opened, strerror(errno));
      lim.rlim_cur = lim.rlim_max = 4096;
      printf("raise %s\n", setrlimit(RLIMIT_NOFILE, &lim) == 0 ? "ok" : strerror(errno));
      return 0;
    }`,
  // prints its core-file limit, then crashes in its (writable) working directory
  coreCrash: String.raw`
    #include <stdio.h>
    #include <sys/resource.h>
    int main(void) {
      struct rlimit lim; getrlimit(RLIMIT_CORE, &lim);
      printf("core %llu %llu\n", (unsigned long long)lim.rlim_cur, (unsigned long long)lim.rlim_max);
      fflush(stdout);
      volatile int *p = 0;
      return *p;
    }`,
  // a busy loop that ignores the signals a program can ignore (ITIMER_PROF's SIGPROF, RLIMIT_CPU's SIGXCPU)
  stubbornBusy: String.raw`
    #include <signal.h>
    int main(void) {
      signal(SIGPROF, SIG_IGN);
      signal(SIGXCPU, SIG_IGN);
      volatile unsigned long x = 0;
      for (;;) x++;
    }`,
  // the UTS namespace: prints the hostname, tries to change it, prints it again
  uts: String.raw`
    #include <errno.h>
    #include <stdio.h>
    #include <string.h>
    #include <unistd.h>
    int main(int argc, char **argv) {
      char name[256] = "";
      gethostname(name, sizeof name);
      printf("hostname %s\n", name);
      printf("sethostname %s\n", sethostname(argv[1], strlen(argv[1])) == 0 ? "ok" : strerror(errno));
      gethostname(name, sizeof name);
      printf("hostname %s\n", name);
      return 0;
    }`,
  // the IPC namespace: counts the SysV shared memory segments it sees, makes one with key argv[1] and a
  // message queue, says so, and keeps them until its stdin ends
  sysvIpc: String.raw`
    #include <errno.h>
    #include <stdio.h>
    #include <stdlib.h>
    #include <string.h>
    #include <sys/ipc.h>
    #include <sys/msg.h>
    #include <sys/shm.h>
    static int count_lines(const char *file) {
      FILE *f = fopen(file, "r"); if (!f) return -1;
      int n = 0, c; while ((c = fgetc(f)) != EOF) if (c == '\n') n++;
      fclose(f); return n - 1; /* minus the header */
    }
    int main(int argc, char **argv) {
      key_t key = (key_t)strtol(argv[1], NULL, 0);
      setvbuf(stdout, NULL, _IONBF, 0);
      printf("visible shm %d msg %d\n", count_lines("/proc/sysvipc/shm"), count_lines("/proc/sysvipc/msg"));
      int shm = shmget(key, 4096, IPC_CREAT | IPC_EXCL | 0600);
      int msg = msgget(key, IPC_CREAT | IPC_EXCL | 0600);
      if (shm < 0 || msg < 0) { printf("create failed: %s\n", strerror(errno)); return 1; }
      printf("created shm %d msg %d\n", shm, msg);
      char buf[16];
      while (fread(buf, 1, sizeof buf, stdin) > 0) {}
      return 0;
    }`,
  // interactive pair: the interactor holds a secret, the player binary-searches it
  interactor: String.raw`
    #include <stdio.h>
    #include <stdlib.h>
    int main(int argc, char **argv) {
      int secret = atoi(argv[1]), guess, tries = 0;
      setvbuf(stdout, NULL, _IONBF, 0);
      while (scanf("%d", &guess) == 1) {
        tries++;
        if (guess == secret) { printf("=\n"); fprintf(stderr, "ok %d tries\n", tries); return 0; }
        printf(guess < secret ? "<\n" : ">\n");
      }
      fprintf(stderr, "wrong: no answer after %d tries\n", tries);
      return 1;
    }`,
  player: String.raw`
    #include <stdio.h>
    int main(void) {
      int lo = 1, hi = 1000; char reply[8];
      setvbuf(stdout, NULL, _IONBF, 0);
      while (lo <= hi) {
        int mid = (lo + hi) / 2;
        printf("%d\n", mid);
        if (scanf("%7s", reply) != 1) return 2;
        if (reply[0] == '=') return 0;
        if (reply[0] == '<') lo = mid + 1; else hi = mid - 1;
      }
      return 3;
    }`,
} as const;

export type ProgramName = keyof typeof PROGRAMS;

/** Compiles the named programs with the host gcc into dir (mode 0755, readable by the sandbox uids). */
export async function compilePrograms(dir: string, names: ProgramName[]): Promise<void> {
  await Promise.all(
    names.map(async (name) => {
      const src = path.join(dir, `${name}.c`);
      fs.writeFileSync(src, PROGRAMS[name]);
      await execFileAsync('gcc', ['-O2', '-w', '-pthread', '-o', path.join(dir, name), src]);
    }),
  );
}

export function makeTempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `verdict-test-${prefix}-`));
}

/** Options for a small C program; tests override what they exercise. */
export function runOptions(
  workDir: string,
  slot: number,
  argv: string[],
  overrides: Partial<SandboxRunOptions> = {},
): SandboxRunOptions {
  return {
    argv,
    workDir,
    env: { ...DEFAULT_SANDBOX_ENV },
    cpuTimeMs: 2000,
    wallTimeMs: 5000,
    memoryBytes: 128 * 1024 * 1024,
    processes: 16,
    outputBytes: 4 * 1024 * 1024,
    slot,
    seccomp: 'default',
    ...overrides,
  };
}

export async function createTestSandbox(): Promise<Sandbox> {
  const sandbox = await Sandbox.create({ quiet: true });
  if (sandbox.mode !== 'full') {
    throw new Error(
      `these tests need the full sandbox (root or delegated cgroup); this host: ${sandbox.host.problems.join('; ')}`,
    );
  }
  return sandbox;
}

/** Pids of live processes whose real uid is the slot's uid (there must be none between runs). */
export function processesOfSlot(slot: number, uidBase = DEFAULT_UID_BASE): number[] {
  const uid = String(uidBase + slot);
  const found: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = fs.readFileSync(`/proc/${entry}/status`, 'utf8');
      const uids = /^Uid:\s+(\d+)/m.exec(status);
      if (uids?.[1] === uid) found.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return found;
}

/** What every test must leave behind: no processes of the slot's uid, no run cgroups of the slot. */
export async function expectCleanSlot(sandbox: Sandbox, slots: number[]): Promise<void> {
  await sandbox.settle();
  for (const slot of slots) {
    const procs = processesOfSlot(slot);
    if (procs.length > 0) throw new Error(`slot ${slot}: processes left behind: ${procs.join(', ')}`);
    const cgroups = sandbox.leftoverCgroups(slot);
    if (cgroups.length > 0) throw new Error(`slot ${slot}: cgroups left behind: ${cgroups.join(', ')}`);
  }
}

/** Entries of the host /tmp whose name contains token (the box's /tmp must never reach the host). */
export function hostTmpEntries(token: string): string[] {
  return fs.readdirSync(os.tmpdir()).filter((name) => name.includes(token));
}

export function readText(file: string): string {
  return fs.readFileSync(file, 'utf8');
}
