/*
 * verdict-jail — runs one untrusted program in a fresh sandbox and reports what it used.
 *
 * Design and measurements: reference/sandbox.md §4 (prototype B), §7 (chosen design), §10 (pitfalls).
 *
 *   verdict-jail [options] -- /absolute/program [args...]
 *   verdict-jail --serve [system binds] -- /serve   the warm helper of a slot (see serve())
 *   verdict-jail --probe        what this host allows (JSON on stdout)
 *   verdict-jail --version
 *
 * The program's stdin, stdout and stderr are this helper's fds 0, 1 and 2: files or pipes chosen by
 * the caller, so interactive problems and checkers can be wired. The result is one JSON object
 * written to --report-fd (default 3), never to stdout.
 *
 * Options (the TypeScript driver, helper-args.ts, builds them):
 *   --cpu-ms N --wall-ms N          CPU limit (cgroup polled every 10 ms) and wall limit from execve
 *   --memory BYTES --processes N    memory limit M, pids.max (init not counted). With a cgroup, M is the
 *                                   cgroup's limit (no margin, no swap) and the box dies at M (issue 25);
 *                                   without one (degraded), init samples the box's resident memory and
 *                                   ends the box when it passes M
 *   --output BYTES --stack BYTES --open-files N --tmp-size BYTES --address-space BYTES
 *   --work-size BYTES --work-files N   a writable /w becomes a capped tmpfs, copied in and back
 *   --uid N --gid N                 the slot's unprivileged ids (never 0)
 *   --cgroup-v1-memory DIR --cgroup-v1-cpuacct DIR --cgroup-v1-pids DIR | --cgroup-v2 DIR
 *                                   parents in which "<prefix>-<pid>" is made; none = rlimit fallback (§8)
 *   --cgroup-v1-cpu DIR --cgroup-v1-cpuset DIR   optional v1 parents: one CPU share per box, pinning
 *   --cpus LIST                     the run's cpuset.cpus (v1 with --cgroup-v1-cpuset, or v2)
 *   --cgroup-prefix NAME --cwd PATH --hostname NAME --report-fd N
 *   --ro SRC DST | --rw SRC DST | --ro-try SRC DST | --rw-try SRC DST   binds (-try: skip if missing)
 *   --env K=V ...                   the program's whole environment
 *   --seccomp none|default|strict
 *
 * Process tree:
 *   helper (host namespaces; creates the cgroup, polls it, kills on a limit, reports)
 *     └ init  (pid 1 of new pid/mount/net/ipc/uts [+user] namespaces; builds the new root, reaps)
 *         └ program (rlimits, per-slot uid, no_new_privs, seccomp, execve)
 * When init exits the kernel kills everything left in the pid namespace (fork bombs die with it).
 * A warm helper (--serve) is the helper of one run after another; each run's init is cloned and its
 * box prepared before the run is asked for (warm_prepare_root).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <limits.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define JAIL_VERSION 1

#if defined(__x86_64__)
#define JAIL_AUDIT_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define JAIL_AUDIT_ARCH AUDIT_ARCH_AARCH64
#else
#error "verdict-jail supports x86_64 and aarch64"
#endif

#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the seccomp filter reads the low 32 bits of arguments at little-endian offsets"
#endif

#ifndef SYS_clone3
#define SYS_clone3 435
#endif
#ifndef SYS_close_range
#define SYS_close_range 436
#endif
#ifndef SYS_open_tree
#define SYS_open_tree 428
#endif
#ifndef SYS_move_mount
#define SYS_move_mount 429
#endif
#ifndef OPEN_TREE_CLONE
#define OPEN_TREE_CLONE 1
#endif
#ifndef AT_RECURSIVE
#define AT_RECURSIVE 0x8000
#endif
#ifndef MOVE_MOUNT_F_EMPTY_PATH
#define MOVE_MOUNT_F_EMPTY_PATH 0x00000004
#endif
#ifndef CLONE_INTO_CGROUP
#define CLONE_INTO_CGROUP 0x200000000ULL
#endif
#ifndef SECCOMP_RET_KILL_PROCESS
#define SECCOMP_RET_KILL_PROCESS 0x80000000U
#endif

#define MAX_BINDS 64
#define MAX_ENV 128
#define POLL_MS 10 /* §4 step 7: poll the cgroup CPU time every 10 ms */
/* Inside our private mount namespace the new root is mounted over /tmp; the host /tmp stays untouched.
 * Bind sources are opened (O_PATH) before that mount, so sources under /tmp still resolve. */
#define NEWROOT "/tmp"
/* a scratch tmpfs of init inside the new root, detached before pivot_root (struct stage) */
#define STAGE NEWROOT "/.stage"
#define SETUP_GRACE_NS (10ULL * 1000000000ULL)

/* ---------- configuration ---------- */

struct bind {
  const char *src;
  const char *dst;
  bool rw;
  bool optional;
  /* resolved inside init, before the new root hides the host paths */
  int fd;
  bool missing;
  bool is_dir;
  bool is_link;
  char *link; /* the symlink's target */
  /* issue 25, no host paths in the box: a source outside the system directories is never bound as it
   * is (mountinfo would show its path on the host); for a file, its directory and name */
  bool hide;
  int parent_fd;
  char *name;
};

/*
 * What resolve_binds reads of a bind's source, allocated by init apart from struct bind: a warm helper
 * clears its config before every run, after cloning the next box, and each page it writes then is a
 * copy-on-write fault (issue 25: with these buffers inside struct bind, 69 pages of config, the helper
 * took 120 faults a run; without, 53; 11-20 us a fault on a slow day).
 */
struct bind_found {
  char link[PATH_MAX];
  char name[256];
};

enum seccomp_profile { PROFILE_NONE, PROFILE_DEFAULT, PROFILE_STRICT };

struct config {
  uint64_t cpu_ns;
  uint64_t wall_ns;
  uint64_t memory_bytes;        /* memory limit M: the cgroup's, or init's sampled one without a cgroup; 0 = none */
  uint64_t output_bytes;        /* RLIMIT_FSIZE and the file-size check (§10.4) */
  uint64_t stack_bytes;         /* 0 = inherited */
  uint64_t tmp_bytes;           /* size of the box's /tmp tmpfs */
  uint64_t work_bytes;          /* a writable /w becomes a tmpfs of this size (0 = a plain bind) */
  uint64_t work_files;          /* and at most this many files and directories */
  uint64_t address_space_bytes; /* RLIMIT_AS, only for the no-cgroup fallback (§8); 0 = none */
  long processes;               /* threads and processes of the program (init not counted) */
  long open_files;
  uid_t uid;
  gid_t gid;
  const char *cg_v1_memory, *cg_v1_cpuacct, *cg_v1_pids, *cg_v2;
  const char *cg_v1_cpu, *cg_v1_cpuset; /* optional: equal CPU shares per box, slot pinning */
  const char *cpus;                     /* cpuset.cpus of the run ("1", "0-3"); NULL = not pinned */
  const char *cg_prefix;
  const char *cwd;
  const char *hostname;
  struct bind binds[MAX_BINDS];
  int nbinds;
  char *env[MAX_ENV + 1];
  int nenv;
  char **argv;
  int report_fd;
  enum seccomp_profile profile;
  bool userns;
  const char *stdio_path[3]; /* warm helper only: the program's stdin, stdout, stderr (opened by the helper) */
  bool stdout_pipe;          /* warm helper only: stdout is a pipe the helper makes, read by the judge */
};

/* ---------- small utilities ---------- */

static uint64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

/* CPU time of the calling process, up to this instant. */
static uint64_t cpu_self_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

static bool parse_u64(const char *s, uint64_t *out) {
  if (s == NULL || *s == '\0') return false;
  char *end;
  errno = 0;
  unsigned long long v = strtoull(s, &end, 10);
  if (errno != 0 || *end != '\0' || s[0] == '-') return false;
  *out = v;
  return true;
}

static bool write_all(int fd, const char *buf, size_t len) {
  while (len > 0) {
    ssize_t n = write(fd, buf, len);
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    buf += n;
    len -= (size_t)n;
  }
  return true;
}

/* Writes a short value to a cgroup or /proc file. Returns 0 or an errno. */
static int write_file(const char *path, const char *value) {
  int fd = open(path, O_WRONLY | O_CLOEXEC);
  if (fd < 0) return errno;
  int err = write_all(fd, value, strlen(value)) ? 0 : errno;
  close(fd);
  return err;
}

static bool read_small(int fd, char *buf, size_t cap) {
  ssize_t n = pread(fd, buf, cap - 1, 0);
  if (n < 0) return false;
  buf[n] = '\0';
  return true;
}

static bool read_u64_path(const char *path, uint64_t *out) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  char buf[64];
  bool ok = read_small(fd, buf, sizeof buf);
  close(fd);
  if (!ok) return false;
  buf[strcspn(buf, "\n")] = '\0';
  if (strcmp(buf, "max") == 0) return false;
  return parse_u64(buf, out);
}

/* Reads "key value" lines (memory.oom_control, memory.events, cpu.stat). */
static bool read_keyed(const char *path, const char *key, uint64_t *out) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  char buf[4096];
  bool ok = read_small(fd, buf, sizeof buf);
  close(fd);
  if (!ok) return false;
  size_t klen = strlen(key);
  for (char *line = buf; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
    if (strncmp(line, key, klen) == 0 && line[klen] == ' ') return sscanf(line + klen + 1, "%llu", (unsigned long long *)out) == 1;
  }
  return false;
}

/* Closes every fd >= 3 except those in keep (sorted ascending). */
static void close_fds_except(const int *keep, int n) {
  unsigned lo = 3;
  for (int i = 0; i < n; i++) {
    if (keep[i] < 0 || (unsigned)keep[i] < lo) continue;
    if ((unsigned)keep[i] > lo) syscall(SYS_close_range, lo, (unsigned)keep[i] - 1, 0);
    lo = (unsigned)keep[i] + 1;
  }
  if (syscall(SYS_close_range, lo, ~0U, 0) != 0) {
    for (unsigned fd = lo; fd < 4096; fd++) close((int)fd); /* kernels before 5.9 */
  }
}

static void sort_ints(int *a, int n) {
  for (int i = 1; i < n; i++)
    for (int j = i; j > 0 && a[j - 1] > a[j]; j--) {
      int t = a[j];
      a[j] = a[j - 1];
      a[j - 1] = t;
    }
}

/* ---------- JSON report ---------- */

struct json {
  char buf[16384];
  size_t len;
  bool first;
};

static void j_raw(struct json *j, const char *s) {
  size_t n = strlen(s);
  if (j->len + n >= sizeof j->buf) n = sizeof j->buf - 1 - j->len;
  memcpy(j->buf + j->len, s, n);
  j->len += n;
  j->buf[j->len] = '\0';
}

static void j_key(struct json *j, const char *key) {
  j_raw(j, j->first ? "{\"" : ",\"");
  j->first = false;
  j_raw(j, key);
  j_raw(j, "\":");
}

static void j_str_value(struct json *j, const char *s) {
  j_raw(j, "\"");
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    char tmp[8];
    if (*p == '"' || *p == '\\') {
      tmp[0] = '\\';
      tmp[1] = (char)*p;
      tmp[2] = '\0';
    } else if (*p < 0x20) {
      snprintf(tmp, sizeof tmp, "\\u%04x", *p);
    } else {
      tmp[0] = (char)*p;
      tmp[1] = '\0';
    }
    j_raw(j, tmp);
  }
  j_raw(j, "\"");
}

static void j_str(struct json *j, const char *key, const char *s) {
  j_key(j, key);
  if (s == NULL)
    j_raw(j, "null");
  else
    j_str_value(j, s);
}

static void j_str_array(struct json *j, const char *key, char items[][PATH_MAX], int n) {
  j_key(j, key);
  j_raw(j, "[");
  for (int i = 0; i < n; i++) {
    if (i) j_raw(j, ",");
    j_str_value(j, items[i]);
  }
  j_raw(j, "]");
}

static void j_u64(struct json *j, const char *key, uint64_t v) {
  char tmp[32];
  snprintf(tmp, sizeof tmp, "%llu", (unsigned long long)v);
  j_key(j, key);
  j_raw(j, tmp);
}

static void j_opt_u64(struct json *j, const char *key, bool present, uint64_t v) {
  if (present)
    j_u64(j, key, v);
  else
    j_str(j, key, NULL);
}

static void j_int_or_null(struct json *j, const char *key, bool present, long v) {
  char tmp[32];
  j_key(j, key);
  if (!present) {
    j_raw(j, "null");
    return;
  }
  snprintf(tmp, sizeof tmp, "%ld", v);
  j_raw(j, tmp);
}

static void j_bool(struct json *j, const char *key, bool v) {
  j_key(j, key);
  j_raw(j, v ? "true" : "false");
}

/* ---------- seccomp (hand-written BPF, no libseccomp; §7.1) ---------- */

struct filter {
  struct sock_filter ins[512];
  unsigned short n;
};

static void emit(struct filter *f, struct sock_filter ins) {
  if (f->n < sizeof f->ins / sizeof f->ins[0]) f->ins[f->n++] = ins;
}

#define ARG_LO(i) (offsetof(struct seccomp_data, args) + 8 * (i))
#define LD_NR BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr))
#define RET(v) BPF_STMT(BPF_RET | BPF_K, (v))
#define ERRNO(e) (SECCOMP_RET_ERRNO | ((e) & SECCOMP_RET_DATA))

static void deny(struct filter *f, long nr, uint32_t action) {
  emit(f, (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (uint32_t)nr, 0, 1));
  emit(f, (struct sock_filter)RET(action));
}

/* Kernel and system changes, inspection of other processes, mounts and namespaces (§4 step 6). */
static const long blocked_syscalls[] = {
#ifdef __NR_ptrace
    __NR_ptrace,
#endif
#ifdef __NR_process_vm_readv
    __NR_process_vm_readv,    __NR_process_vm_writev,
#endif
#ifdef __NR_perf_event_open
    __NR_perf_event_open,
#endif
#ifdef __NR_bpf
    __NR_bpf,
#endif
#ifdef __NR_userfaultfd
    __NR_userfaultfd,
#endif
#ifdef __NR_keyctl
    __NR_keyctl,              __NR_add_key,          __NR_request_key,
#endif
#ifdef __NR_io_uring_setup
    __NR_io_uring_setup,      __NR_io_uring_enter,   __NR_io_uring_register,
#endif
    __NR_mount,               __NR_umount2,          __NR_pivot_root,       __NR_chroot,
#ifdef __NR_fsopen
    __NR_fsopen,              __NR_fsconfig,         __NR_fsmount,          __NR_fspick,
    __NR_move_mount,          __NR_open_tree,
#endif
#ifdef __NR_mount_setattr
    __NR_mount_setattr,
#endif
    __NR_unshare,             __NR_setns,
#ifdef __NR_kexec_load
    __NR_kexec_load,
#endif
#ifdef __NR_kexec_file_load
    __NR_kexec_file_load,
#endif
    __NR_init_module,         __NR_finit_module,     __NR_delete_module,    __NR_reboot,
    __NR_swapon,              __NR_swapoff,          __NR_acct,             __NR_quotactl,
#ifdef __NR_quotactl_fd
    __NR_quotactl_fd,
#endif
    __NR_syslog,              __NR_open_by_handle_at, __NR_name_to_handle_at,
    __NR_settimeofday,        __NR_clock_settime,    __NR_clock_adjtime,    __NR_adjtimex,
    __NR_sethostname,         __NR_setdomainname,    __NR_vhangup,
#ifdef __NR_lookup_dcookie
    __NR_lookup_dcookie,
#endif
#ifdef __NR_iopl
    __NR_iopl,                __NR_ioperm,
#endif
#ifdef __NR_uselib
    __NR_uselib,
#endif
#ifdef __NR_kcmp
    __NR_kcmp,
#endif
#ifdef __NR_pidfd_getfd
    __NR_pidfd_getfd,
#endif
#ifdef __NR_fanotify_init
    __NR_fanotify_init,
#endif
};

#define NAMESPACE_FLAGS \
  (CLONE_NEWNS | CLONE_NEWUTS | CLONE_NEWIPC | CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNET | CLONE_NEWCGROUP)

/*
 * default: blocklist with errors (EPERM), clone3 -> ENOSYS (glibc falls back to clone, whose flags we
 *          can see), sockets other than AF_UNIX -> EACCES, non-native ABIs killed.
 * strict:  additionally kills fork, vfork, non-thread clone, execve, sockets, and execveat of anything but
 *          the program itself (exec_fd: an fd number the program can never own, see program_main).
 * The filter only reads arguments inside the blocks of the syscalls it inspects, so the kernel's
 * constant-action cache (5.11+) lets every other syscall skip the filter entirely.
 */
static void build_filter(struct filter *f, enum seccomp_profile profile, int exec_fd) {
  const uint32_t kill = SECCOMP_RET_KILL_PROCESS;
  emit(f, (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)));
  emit(f, (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, JAIL_AUDIT_ARCH, 1, 0));
  emit(f, (struct sock_filter)RET(kill));
  emit(f, (struct sock_filter)LD_NR);
#if defined(__x86_64__)
  emit(f, (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000U /* x32 ABI */, 0, 1));
  emit(f, (struct sock_filter)RET(kill));
#endif
  for (size_t i = 0; i < sizeof blocked_syscalls / sizeof blocked_syscalls[0]; i++) deny(f, blocked_syscalls[i], ERRNO(EPERM));
  deny(f, SYS_clone3, ERRNO(ENOSYS));

  if (profile == PROFILE_STRICT) {
#ifdef __NR_fork
    deny(f, __NR_fork, kill);
#endif
#ifdef __NR_vfork
    deny(f, __NR_vfork, kill);
#endif
    deny(f, __NR_execve, kill);
    deny(f, __NR_socket, kill);
    deny(f, __NR_socketpair, kill);
    /* execveat: allowed only on exec_fd */
    emit(f, (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_execveat, 0, 4));
    emit(f, (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, ARG_LO(0)));
    emit(f, (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (uint32_t)exec_fd, 0, 1));
    emit(f, (struct sock_filter)RET(SECCOMP_RET_ALLOW));
    emit(f, (struct sock_filter)RET(kill));
    /* clone: threads only */
    emit(f, (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_clone, 0, 5));
    emit(f, (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, ARG_LO(0)));
    emit(f, (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, NAMESPACE_FLAGS, 1, 0));
    emit(f, (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, CLONE_THREAD, 1, 0));
    emit(f, (struct sock_filter)RET(kill));
    emit(f, (struct sock_filter)RET(SECCOMP_RET_ALLOW));
  } else {
    /* socket: AF_UNIX only; the net namespace is empty anyway (§7.2) */
    emit(f, (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_socket, 0, 4));
    emit(f, (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, ARG_LO(0)));
    emit(f, (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AF_UNIX, 0, 1));
    emit(f, (struct sock_filter)RET(SECCOMP_RET_ALLOW));
    emit(f, (struct sock_filter)RET(ERRNO(EACCES)));
    /* clone: no new namespaces */
    emit(f, (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_clone, 0, 3));
    emit(f, (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, ARG_LO(0)));
    emit(f, (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, NAMESPACE_FLAGS, 0, 1));
    emit(f, (struct sock_filter)RET(ERRNO(EPERM)));
  }
  emit(f, (struct sock_filter)RET(SECCOMP_RET_ALLOW));
}

/* ---------- cgroups (v1 and v2; §7.2) ---------- */

enum cg_kind { CG_NONE, CG_V1, CG_V2 };

struct cgroups {
  enum cg_kind kind;
  char memory[PATH_MAX]; /* v1: memory dir; v2: the one dir */
  char cpuacct[PATH_MAX];
  char pids[PATH_MAX];
  char cpu[PATH_MAX];    /* v1, optional ("" when unused) */
  char cpuset[PATH_MAX]; /* v1, optional */
  int cpu_fd; /* kept open: polled every 10 ms */
  int dir_fd; /* v2: for clone3(CLONE_INTO_CGROUP) */
  int oom_fd; /* v1: eventfd signalled when the box is out of memory (cgroup.event_control) */
  int oom_control_fd;
};

/* not inlined: gcc then sees the truncation check no more and warns (-Wformat-truncation) */
__attribute__((noinline)) static int cg_path(char *out, const char *parent, const char *name) {
  int n = snprintf(out, PATH_MAX, "%s/%s", parent, name);
  return (n < 0 || n >= PATH_MAX) ? ENAMETOOLONG : 0;
}

static int cg_file(char *out, const char *dir, const char *file) { return cg_path(out, dir, file); }

static int cg_make(const char *dir) {
  if (mkdir(dir, 0755) == 0) return 0;
  if (errno != EEXIST) return errno;
  /* a leftover of an earlier run with the same helper pid: empty cgroups can be removed */
  if (rmdir(dir) != 0) return EEXIST;
  return mkdir(dir, 0755) == 0 ? 0 : errno;
}

static int cg_set(const char *dir, const char *file, uint64_t value, bool optional) {
  char path[PATH_MAX], v[32];
  if (cg_file(path, dir, file) != 0) return ENAMETOOLONG;
  snprintf(v, sizeof v, "%llu", (unsigned long long)value);
  int err = write_file(path, v);
  if (err == ENOENT && optional) return 0;
  return err;
}

static int cg_set_text(const char *dir, const char *file, const char *value) {
  char path[PATH_MAX];
  if (cg_file(path, dir, file) != 0) return ENAMETOOLONG;
  return write_file(path, value);
}

static int cg_read_text(const char *dir, const char *file, char *out, size_t cap) {
  char path[PATH_MAX];
  if (cg_file(path, dir, file) != 0) return ENAMETOOLONG;
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return errno;
  bool ok = read_small(fd, out, cap);
  int err = ok ? 0 : errno;
  close(fd);
  out[strcspn(out, "\n")] = '\0';
  return err;
}

/*
 * v1 has no memory.oom.group: the kernel's OOM killer ends one process, and a program could outlive a
 * killed child. An eventfd registered on memory.oom_control (cgroup.event_control) wakes the monitor
 * when the box is out of memory at its limit, and the monitor then ends the whole box. Best effort: when
 * the registration fails, the kernel's own OOM kill and the oom_kill counter remain.
 */
static void cg_watch_oom_v1(struct cgroups *cg) {
  char p[PATH_MAX], line[64];
  cg->oom_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
  if (cg->oom_fd < 0) return;
  if (cg_file(p, cg->memory, "memory.oom_control") == 0) cg->oom_control_fd = open(p, O_RDONLY | O_CLOEXEC);
  snprintf(line, sizeof line, "%d %d", cg->oom_fd, cg->oom_control_fd);
  if (cg->oom_control_fd < 0 || cg_file(p, cg->memory, "cgroup.event_control") != 0 || write_file(p, line) != 0) {
    close(cg->oom_fd);
    if (cg->oom_control_fd >= 0) close(cg->oom_control_fd);
    cg->oom_fd = cg->oom_control_fd = -1;
  }
}

/* The run's limits: memory (v1: and memory+swap) and processes. */
static int cg_set_limits(const struct config *c, const struct cgroups *cg) {
  uint64_t pids_max = (uint64_t)c->processes + 1; /* + init */
  int err;
  if (cg->kind == CG_V2) {
    /* issue 25: the limit is M itself, no swap, and an OOM kill ends every process of the box at once
     * (memory.oom.group, kernel >= 4.19; init is spared by its oom_score_adj of -1000 and reports) */
    if (c->memory_bytes && (err = cg_set(cg->memory, "memory.max", c->memory_bytes, false)) != 0) return err;
    return cg_set(cg->memory, "pids.max", pids_max, false);
  }
  if (c->memory_bytes) {
    /* issue 25: the limit is M itself. With M + 100 MiB, a program that touched pages slowly passed M
     * and ran out of CPU time before the cap (TLE, peak above M), or near the cap the kernel reclaimed
     * the box's file pages again and again instead of killing it, and the time ran out first.
     * Swap must not extend the limit (§1.5; memsw is absent without swap accounting). memsw may never be
     * below the memory limit: a warm helper's cgroup made ahead with another run's limits may need the
     * memory limit written again after memsw. */
    int first = cg_set(cg->memory, "memory.limit_in_bytes", c->memory_bytes, false);
    if ((err = cg_set(cg->memory, "memory.memsw.limit_in_bytes", c->memory_bytes, true)) != 0) return err;
    if (first && (err = cg_set(cg->memory, "memory.limit_in_bytes", c->memory_bytes, false)) != 0) return err;
  }
  return cg_set(cg->pids, "pids.max", pids_max, false);
}

/* Runs of a warm helper so far (0 for a one-run helper): part of the cgroup name, which must be new. */
static unsigned g_run_seq;

/* Creates the run's cgroup(s) and writes the limits. On error *what names the failing step. */
static int cg_create(const struct config *c, struct cgroups *cg, const char **what, char *what_path) {
  char name[160];
  if (g_run_seq)
    snprintf(name, sizeof name, "%s-%ld-%u", c->cg_prefix, (long)getpid(), g_run_seq);
  else
    snprintf(name, sizeof name, "%s-%ld", c->cg_prefix, (long)getpid());
  cg->cpu_fd = -1;
  cg->dir_fd = -1;
  cg->oom_fd = -1;
  cg->oom_control_fd = -1;
  int err;
  if (c->cg_v2) {
    cg->kind = CG_V2;
    if ((err = cg_path(cg->memory, c->cg_v2, name)) != 0) return err;
    strcpy(what_path, cg->memory);
    *what = "mkdir";
    if ((err = cg_make(cg->memory)) != 0) return err;
    *what = "limit";
    if ((err = cg_set_limits(c, cg)) != 0) return err;
    if ((err = cg_set(cg->memory, "memory.swap.max", 0, true)) != 0) return err;
    if ((err = cg_set(cg->memory, "memory.oom.group", 1, true)) != 0) return err;
    if (c->cpus && (err = cg_set_text(cg->memory, "cpuset.cpus", c->cpus)) != 0) return err;
    char p[PATH_MAX];
    cg_file(p, cg->memory, "cpu.stat");
    cg->cpu_fd = open(p, O_RDONLY | O_CLOEXEC);
    cg->dir_fd = open(cg->memory, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    return 0;
  }
  if (c->cg_v1_memory || c->cg_v1_cpuacct || c->cg_v1_pids) {
    if (!c->cg_v1_memory || !c->cg_v1_cpuacct || !c->cg_v1_pids) {
      *what = "options";
      strcpy(what_path, "cgroup v1 needs --cgroup-v1-memory, --cgroup-v1-cpuacct and --cgroup-v1-pids");
      return EINVAL;
    }
    cg->kind = CG_V1;
    const char *parents[3] = {c->cg_v1_memory, c->cg_v1_cpuacct, c->cg_v1_pids};
    char *dirs[3] = {cg->memory, cg->cpuacct, cg->pids};
    for (int i = 0; i < 3; i++) {
      if ((err = cg_path(dirs[i], parents[i], name)) != 0) return err;
      strcpy(what_path, dirs[i]);
      *what = "mkdir";
      if ((err = cg_make(dirs[i])) != 0) return err;
    }
    *what = "limit";
    strcpy(what_path, cg->memory);
    if ((err = cg_set_limits(c, cg)) != 0) return err;
    if (c->memory_bytes) cg_watch_oom_v1(cg);
    /* issue 9 item 5: a cgroup of its own in "cpu" gives the box one share (1024, like every other
     * box) however many threads it runs; "cpuset" pins it to its slot's CPU */
    if (c->cg_v1_cpu) {
      if ((err = cg_path(cg->cpu, c->cg_v1_cpu, name)) != 0) return err;
      strcpy(what_path, cg->cpu);
      *what = "mkdir";
      if ((err = cg_make(cg->cpu)) != 0) return err;
    }
    if (c->cg_v1_cpuset && c->cpus) {
      if ((err = cg_path(cg->cpuset, c->cg_v1_cpuset, name)) != 0) return err;
      strcpy(what_path, cg->cpuset);
      *what = "mkdir";
      if ((err = cg_make(cg->cpuset)) != 0) return err;
      *what = "limit";
      char mems[256];
      if ((err = cg_read_text(c->cg_v1_cpuset, "cpuset.mems", mems, sizeof mems)) != 0) return err;
      if ((err = cg_set_text(cg->cpuset, "cpuset.mems", mems)) != 0) return err;
      if ((err = cg_set_text(cg->cpuset, "cpuset.cpus", c->cpus)) != 0) return err;
    }
    char p[PATH_MAX];
    cg_file(p, cg->cpuacct, "cpuacct.usage");
    cg->cpu_fd = open(p, O_RDONLY | O_CLOEXEC);
    return 0;
  }
  cg->kind = CG_NONE;
  return 0;
}

/*
 * §6.3 "a kernel trap": writing a pid to cgroup.procs takes the global threadgroup rwsem, whose first
 * write lock after an idle moment waits for an RCU grace period (10–20 ms measured). Two ways around it:
 *  - v2: clone3(CLONE_INTO_CGROUP) starts init inside its cgroup (clone_init);
 *  - v1: init moves itself by writing "0" to each "tasks" file. The kernel skips that lock when a
 *    single thread moves itself (cgroup_procs_write_start: "If the thread is current, ... we can skip
 *    the global lock"), so no grace period is waited for.
 * cg_attach_pid is the plain fallback (v2 kernels without clone3).
 */
static int cg_attach_self(const struct cgroups *cg, bool v2_too) {
  char p[PATH_MAX];
  if (cg->kind == CG_V2 && v2_too) {
    cg_file(p, cg->memory, "cgroup.procs");
    return write_file(p, "0");
  }
  const char *dirs[5] = {cg->memory, cg->cpuacct, cg->pids, cg->cpu, cg->cpuset};
  for (int i = 0; cg->kind == CG_V1 && i < 5; i++) {
    if (dirs[i][0] == '\0') continue;
    cg_file(p, dirs[i], "tasks");
    int err = write_file(p, "0");
    if (err) return err;
  }
  return 0;
}

static int cg_attach_pid(const struct cgroups *cg, pid_t pid) {
  char v[32], p[PATH_MAX];
  snprintf(v, sizeof v, "%ld", (long)pid);
  if (cg->kind != CG_V2) return 0;
  cg_file(p, cg->memory, "cgroup.procs");
  return write_file(p, v);
}

static bool cg_cpu_ns(const struct cgroups *cg, uint64_t *out) {
  if (cg->cpu_fd < 0) return false;
  char buf[1024];
  if (!read_small(cg->cpu_fd, buf, sizeof buf)) return false;
  if (cg->kind == CG_V1) return parse_u64(strtok(buf, "\n"), out);
  char *p = strstr(buf, "usage_usec ");
  unsigned long long usec;
  if (!p || sscanf(p + 11, "%llu", &usec) != 1) return false;
  *out = usec * 1000ULL;
  return true;
}

/* Removes the run's cgroup dirs. §6.3/§10.3: rmdir can fail with EBUSY for a while; retry briefly,
 * then leave the rest to the driver, which retries in the background. */
static int cg_remove_tries(struct cgroups *cg, char left[5][PATH_MAX], int attempts);
static int cg_remove(struct cgroups *cg, char left[5][PATH_MAX]) { return cg_remove_tries(cg, left, 20); }

static int cg_remove_tries(struct cgroups *cg, char left[5][PATH_MAX], int attempts) {
  if (cg->cpu_fd >= 0) close(cg->cpu_fd);
  if (cg->dir_fd >= 0) close(cg->dir_fd);
  if (cg->oom_fd >= 0) close(cg->oom_fd);
  if (cg->oom_control_fd >= 0) close(cg->oom_control_fd);
  cg->cpu_fd = cg->dir_fd = cg->oom_fd = cg->oom_control_fd = -1;
  const char *dirs[5] = {cg->memory, cg->cpuacct, cg->pids, cg->cpu, cg->cpuset};
  int n = cg->kind == CG_V1 ? 5 : cg->kind == CG_V2 ? 1 : 0, nleft = 0;
  for (int i = 0; i < n; i++) {
    if (dirs[i][0] == '\0') continue;
    bool removed = false;
    for (int attempt = 0; attempt < attempts && !removed; attempt++) {
      if (rmdir(dirs[i]) == 0 || errno == ENOENT)
        removed = true;
      else if (errno == EBUSY)
        usleep(1000U << (attempt < 4 ? attempt : 4));
      else
        break;
    }
    if (!removed) strcpy(left[nleft++], dirs[i]);
  }
  return nleft;
}

/* ---------- inside the sandbox: the new root (§4 step 4) ---------- */

struct init_report {
  int kind; /* 1 = setup error, 2 = program exited, 3 = work dir copied back (second report) */
  int wait_status;
  int work_full; /* the capped /w had no block or no inode left when the program ended */
  int memory_killed;    /* degraded mode: init ended the box because its memory passed the limit */
  uint64_t memory_peak; /* degraded mode: the largest resident memory of the box init sampled */
  uint64_t exit_ns;
  uint64_t init_cpu_ns; /* init's own CPU (mount setup, reaping): not the program's */
  struct rusage usage;
  char message[512];
};

enum { REPORT_SETUP_ERROR = 1, REPORT_EXITED = 2, REPORT_COPIED = 3 };

static char g_error[512];

static int fail(const char *fmt, ...) {
  int saved = errno;
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(g_error, sizeof g_error, fmt, ap);
  va_end(ap);
  if (saved && n >= 0 && (size_t)n < sizeof g_error) snprintf(g_error + n, sizeof g_error - (size_t)n, ": %s", strerror(saved));
  return -1;
}

static int mkdir_p(const char *path, mode_t mode) {
  char tmp[PATH_MAX];
  if (snprintf(tmp, sizeof tmp, "%s", path) >= (int)sizeof tmp) return -1;
  for (char *p = tmp + 1; *p; p++) {
    if (*p != '/') continue;
    *p = '\0';
    if (mkdir(tmp, mode) != 0 && errno != EEXIST) return -1;
    *p = '/';
  }
  return (mkdir(tmp, mode) != 0 && errno != EEXIST) ? -1 : 0;
}

static int make_file(const char *path) {
  char dir[PATH_MAX];
  snprintf(dir, sizeof dir, "%s", path);
  char *slash = strrchr(dir, '/');
  if (slash && slash != dir) {
    *slash = '\0';
    if (mkdir_p(dir, 0755) != 0) return -1;
  }
  int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) return -1;
  close(fd);
  return 0;
}

/* Mount flags that a bind remount must keep (locked flags in a user namespace). */
static unsigned long kept_flags(const char *path) {
  struct statvfs sv;
  unsigned long f = 0;
  if (statvfs(path, &sv) != 0) return 0;
  if (sv.f_flag & ST_NOSUID) f |= MS_NOSUID;
  if (sv.f_flag & ST_NODEV) f |= MS_NODEV;
  if (sv.f_flag & ST_NOEXEC) f |= MS_NOEXEC;
  if (sv.f_flag & ST_NOATIME) f |= MS_NOATIME;
  if (sv.f_flag & ST_NODIRATIME) f |= MS_NODIRATIME;
  if (sv.f_flag & ST_RELATIME) f |= MS_RELATIME;
  return f;
}

static int bind_fd(int fd, const char *target, bool rw, unsigned long extra) {
  char src[64];
  snprintf(src, sizeof src, "/proc/self/fd/%d", fd);
  if (mount(src, target, NULL, MS_BIND, NULL) != 0) return fail("bind %s", target);
  unsigned long flags = MS_REMOUNT | MS_BIND | extra | kept_flags(target) | (rw ? 0 : MS_RDONLY);
  if (mount(NULL, target, NULL, flags, NULL) != 0) return fail("remount %s", target);
  return 0;
}

/*
 * Issue 9 item 5, the disk a box can write: a writable /w is not the host directory itself but a
 * tmpfs of --work-size bytes and --work-files inodes (charged to the box's memory cgroup, like /tmp).
 * init copies the host directory in before the program starts and, when the program has ended by
 * itself, copies the result back (compilers leave their executable there). Whatever the program
 * writes, the host disk receives at most the cap, and a full /w is reported (work_full → OLE).
 */
static int g_work_host_fd = -1;

static bool is_capped_work(const struct config *c, const struct bind *b) {
  return c->work_bytes > 0 && b->rw && b->is_dir && strcmp(b->dst, "/w") == 0;
}

static int copy_file(int from_dir, int to_dir, const char *name, const struct stat *st, bool keep_owner) {
  int in = openat(from_dir, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  if (in < 0) return fail("open %s", name);
  int out = openat(to_dir, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (out < 0) {
    close(in);
    return fail("create %s", name);
  }
  char buf[65536];
  int rc = 0;
  for (;;) {
    ssize_t n = read(in, buf, sizeof buf);
    if (n == 0) break;
    if (n < 0 || !write_all(out, buf, (size_t)n)) {
      rc = fail("copy %s", name);
      break;
    }
  }
  if (rc == 0 && keep_owner && fchown(out, st->st_uid, st->st_gid) != 0) {
    /* an id without a mapping in a user namespace: the file stays ours */
  }
  if (rc == 0 && fchmod(out, st->st_mode & 0777) != 0) rc = fail("chmod %s", name); /* never set-id bits */
  close(in);
  close(out);
  return rc;
}

/* Copies the tree under from_dir into to_dir: regular files, directories and symlinks (never
 * followed); other kinds are skipped. Existing non-directory entries in to_dir are replaced. */
static int copy_tree(int from_dir, int to_dir, int depth, bool keep_owner) {
  if (depth > 64) return fail("work directory nested too deep");
  int scan = dup(from_dir);
  DIR *d = scan >= 0 ? fdopendir(scan) : NULL;
  if (!d) {
    if (scan >= 0) close(scan);
    return fail("read work directory");
  }
  int rc = 0;
  struct dirent *e;
  while (rc == 0 && (e = readdir(d)) != NULL) {
    const char *name = e->d_name;
    if (strcmp(name, ".") == 0 || strcmp(name, "..") == 0) continue;
    struct stat st, old;
    if (fstatat(from_dir, name, &st, AT_SYMLINK_NOFOLLOW) != 0) continue; /* gone meanwhile */
    bool exists = fstatat(to_dir, name, &old, AT_SYMLINK_NOFOLLOW) == 0;
    if (exists && !(S_ISDIR(old.st_mode) && S_ISDIR(st.st_mode)) && unlinkat(to_dir, name, S_ISDIR(old.st_mode) ? AT_REMOVEDIR : 0) != 0) {
      rc = fail("replace %s", name);
      break;
    }
    if (S_ISREG(st.st_mode)) {
      rc = copy_file(from_dir, to_dir, name, &st, keep_owner);
    } else if (S_ISDIR(st.st_mode)) {
      if (mkdirat(to_dir, name, 0700) != 0 && errno != EEXIST) {
        rc = fail("mkdir %s", name);
        break;
      }
      int sub_from = openat(from_dir, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
      int sub_to = openat(to_dir, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
      if (sub_from < 0 || sub_to < 0) {
        rc = fail("open directory %s", name);
      } else {
        rc = copy_tree(sub_from, sub_to, depth + 1, keep_owner);
        if (rc == 0 && keep_owner && fchown(sub_to, st.st_uid, st.st_gid) != 0) {
          /* unmapped id: keep ours */
        }
        if (rc == 0 && fchmod(sub_to, st.st_mode & 0777) != 0) rc = fail("chmod %s", name);
      }
      if (sub_from >= 0) close(sub_from);
      if (sub_to >= 0) close(sub_to);
    } else if (S_ISLNK(st.st_mode)) {
      char link[PATH_MAX];
      ssize_t n = readlinkat(from_dir, name, link, sizeof link - 1);
      if (n < 0) continue;
      link[n] = '\0';
      if (symlinkat(link, to_dir, name) != 0) rc = fail("symlink %s", name);
      else if (keep_owner && fchownat(to_dir, name, st.st_uid, st.st_gid, AT_SYMLINK_NOFOLLOW) != 0) {
        /* unmapped id */
      }
    }
  }
  closedir(d);
  return rc;
}

static int mount_capped_work(const struct config *c, const char *target) {
  if (mkdir_p(target, 0755) != 0) return fail("mount point /w");
  char opts[160];
  snprintf(opts, sizeof opts, "size=%llu,nr_inodes=%llu,mode=0755,uid=%ld,gid=%ld", (unsigned long long)c->work_bytes,
           (unsigned long long)(c->work_files ? c->work_files : 4096), (long)c->uid, (long)c->gid);
  if (mount("tmpfs", target, "tmpfs", MS_NOSUID | MS_NODEV, opts) != 0) return fail("mount /w");
  int to = open(target, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (to < 0) return fail("open /w");
  /* the judge's files keep their owner (root), as on the host; a full copy is a setup error */
  int rc = copy_tree(g_work_host_fd, to, 0, true);
  close(to);
  return rc;
}

/*
 * Issue 25, "no host paths inside the box". A bind mount shows, in the 4th field of mountinfo, the path of
 * its source inside the source's file system: the judge's data directory and the run's key. So sources
 * outside the system directories (which hold the same everywhere and appear at the same paths in the
 * box) are never bound as they are:
 *  - a directory becomes a read-only overlay whose lower layers are given as /proc/self/fd/N: mountinfo
 *    shows "/" and "lowerdir=/proc/self/fd/N:/proc/self/fd/M", nothing of the host (no copy is made);
 *  - a read-only file is bound out of such an overlay of its directory: mountinfo shows "/<its name>";
 *  - a writable file (file I/O's output) is a file of its own small tmpfs, with the host file's content,
 *    bound at its place (mountinfo: "/<its name>"); init hands an fd of it to the helper (SCM_RIGHTS),
 *    which copies it back to the host file after the run, however the run ended (a program that ignores
 *    SIGXFSZ and is then killed for time still leaves its too long output, hence output-limit). A
 *    symlink to /proc/self/fd/N did not do: PHP resolves paths with realpath() before opening them;
 *  - the program's stdin, stdout and stderr files are reopened the same way, so /proc/self/fd/0-2 read
 *    "/<name>" instead of the host path.
 * A writable directory without a cap (no caller uses one) and a kernel without overlayfs in a user
 * namespace (before 5.11) fall back to a plain bind.
 */
static bool is_system_path(const char *p) {
  static const char *const system_dirs[] = {"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/dev"};
  for (size_t i = 0; i < sizeof system_dirs / sizeof system_dirs[0]; i++) {
    size_t n = strlen(system_dirs[i]);
    if (strncmp(p, system_dirs[i], n) == 0 && (p[n] == '\0' || p[n] == '/')) return true;
  }
  return false;
}

/* Opens the directory of path (O_PATH) and copies the last component into name; -1 on failure. */
static int open_parent(const char *path, char *name, size_t cap) {
  char dir[PATH_MAX];
  if (snprintf(dir, sizeof dir, "%s", path) >= (int)sizeof dir) return -1;
  size_t len = strlen(dir);
  while (len > 1 && dir[len - 1] == '/') dir[--len] = '\0';
  char *slash = strrchr(dir, '/');
  if (!slash || slash[1] == '\0' || snprintf(name, cap, "%s", slash + 1) >= (int)cap) return -1;
  if (slash == dir)
    dir[1] = '\0';
  else
    *slash = '\0';
  return open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
}

/* Regular files on the program's fds 0-2: their directory and name, resolved with the binds. */
static struct {
  int parent_fd;
  char name[256];
} g_stdio[3] = {{-1, ""}, {-1, ""}, {-1, ""}};

static void resolve_stdio(void) {
  for (int fd = 0; fd <= 2; fd++) {
    struct stat st;
    char link[64], host[PATH_MAX];
    g_stdio[fd].parent_fd = -1;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) continue;
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t n = readlink(link, host, sizeof host - 1);
    if (n <= 0 || host[0] != '/') continue;
    host[n] = '\0';
    if (strstr(host, " (deleted)")) continue;
    g_stdio[fd].parent_fd = open_parent(host, g_stdio[fd].name, sizeof g_stdio[fd].name);
  }
}

/* init's end of the socket on which it hands the helper the staged writable files (index, fd). */
static int g_fdpass = -1;

static int send_staged(int index, int fd) {
  char control[CMSG_SPACE(sizeof(int))];
  memset(control, 0, sizeof control);
  struct iovec iov = {&index, sizeof index};
  struct msghdr msg = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = control, .msg_controllen = sizeof control};
  struct cmsghdr *cm = CMSG_FIRSTHDR(&msg);
  cm->cmsg_level = SOL_SOCKET;
  cm->cmsg_type = SCM_RIGHTS;
  cm->cmsg_len = CMSG_LEN(sizeof(int));
  memcpy(CMSG_DATA(cm), &fd, sizeof fd);
  return sendmsg(g_fdpass, &msg, MSG_NOSIGNAL) == (ssize_t)sizeof index ? 0 : -1;
}

static int copy_fd(int from, int to) {
  char buf[65536];
  for (;;) {
    ssize_t n = read(from, buf, sizeof buf);
    if (n == 0) return 0;
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 || !write_all(to, buf, (size_t)n)) return -1;
  }
}

/* A writable file bind: its own tmpfs holding a copy of the host file, bound at target; see above. */
static int stage_writable_file(const struct config *c, int index, struct bind *b, const char *target) {
  char dir[64], file[PATH_MAX], opts[128];
  snprintf(dir, sizeof dir, STAGE "/f%d", index);
  if (mkdir(dir, 0755) != 0) return fail("mkdir %s", dir);
  int host = openat(b->parent_fd, b->name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  struct stat st;
  if (host < 0 || fstat(host, &st) != 0) return fail("open %s", b->src);
  /* room for the output limit (RLIMIT_FSIZE stops the program at output + 1 byte) or the content */
  uint64_t size = (c->output_bytes > (uint64_t)st.st_size ? c->output_bytes : (uint64_t)st.st_size) + 65536;
  snprintf(opts, sizeof opts, "size=%llu,nr_inodes=2,mode=0755", (unsigned long long)size);
  if (mount("tmpfs", dir, "tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC, opts) != 0) return fail("mount for %s", b->dst);
  if (snprintf(file, sizeof file, "%s/%s", dir, b->name) >= (int)sizeof file) return fail("path too long: %s", b->name);
  int staged = open(file, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (staged < 0) return fail("create %s", b->dst);
  int rc = copy_fd(host, staged) == 0 && fchmod(staged, st.st_mode & 0777) == 0 ? 0 : fail("copy %s", b->dst);
  if (rc == 0 && fchown(staged, st.st_uid, st.st_gid) != 0) {
    /* an id without a mapping in a user namespace: the file stays ours */
  }
  close(host);
  if (rc == 0 && send_staged(index, staged) != 0) rc = fail("hand over %s", b->dst);
  if (rc == 0) {
    int fd = open(file, O_PATH | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) rc = fail("open %s", b->dst);
    else if (make_file(target) != 0) rc = fail("mount point %s", b->dst);
    else rc = bind_fd(fd, target, true, MS_NOSUID | MS_NODEV);
    if (fd >= 0) close(fd);
  }
  close(staged);
  return rc;
}

/* A scratch tmpfs inside the new root, detached before pivot_root: the empty lower layer of the
 * overlays, the mount points of the overlays that files are bound out of, and a point for detached
 * binds. */
struct stage {
  bool ready;
  int empty_fd;
  int overlays;
  int parent_fds[MAX_BINDS]; /* the directory of each overlay in o<i>, to share one per directory */
};


static int stage_open(struct stage *s) {
  if (s->ready) return 0;
  if (mkdir(STAGE, 0700) != 0) return fail("mkdir stage");
  if (mount("tmpfs", STAGE, "tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC, "size=16k,nr_inodes=256,mode=0700") != 0)
    return fail("mount stage");
  if (mkdir(STAGE "/empty", 0755) != 0 || mkdir(STAGE "/m", 0755) != 0) return fail("mkdir stage dirs");
  s->empty_fd = open(STAGE "/empty", O_PATH | O_DIRECTORY | O_CLOEXEC);
  if (s->empty_fd < 0) return fail("open stage");
  s->ready = true;
  return 0;
}

static int stage_close(struct stage *s) {
  if (!s->ready) return 0;
  close(s->empty_fd);
  if (umount2(STAGE, MNT_DETACH) != 0) return fail("detach stage");
  if (rmdir(STAGE) != 0) return fail("rmdir stage");
  s->ready = false;
  return 0;
}

/* A read-only overlay of the directory behind dir_fd at target; false when the kernel refuses it. */
static bool mount_overlay(const struct stage *s, int dir_fd, const char *target) {
  char opts[96];
  snprintf(opts, sizeof opts, "lowerdir=/proc/self/fd/%d:/proc/self/fd/%d", dir_fd, s->empty_fd);
  return mount("overlay", target, "overlay", MS_RDONLY | MS_NOSUID | MS_NODEV, opts) == 0;
}

static bool same_file(int a, int b) {
  struct stat sa, sb;
  return fstat(a, &sa) == 0 && fstat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* Where the file name of the directory behind parent_fd shows up inside an overlay (stage/o<i>/name). */
static int overlay_of_parent(struct stage *s, int parent_fd, const char *name, char *out, size_t cap) {
  int i = 0;
  while (i < s->overlays && !same_file(s->parent_fds[i], parent_fd)) i++;
  if (i == s->overlays) {
    char dir[64];
    snprintf(dir, sizeof dir, STAGE "/o%d", i);
    if (mkdir(dir, 0755) != 0) return fail("mkdir %s", dir);
    if (!mount_overlay(s, parent_fd, dir)) return -1; /* the caller falls back to a plain bind */
    s->parent_fds[s->overlays++] = parent_fd;
  }
  if (snprintf(out, cap, STAGE "/o%d/%s", i, name) >= (int)cap) return fail("path too long: %s", name);
  return 0;
}

/* Opens name in the directory behind parent_fd through a bind mount that is detached at once, so that
 * the fd's path reads "/name". Returns the fd (close-on-exec as asked), or -1. */
static int open_detached(int parent_fd, const char *name, int flags) {
  char src[64], path[PATH_MAX];
  snprintf(src, sizeof src, "/proc/self/fd/%d", parent_fd);
  if (mount(src, STAGE "/m", NULL, MS_BIND, NULL) != 0) return fail("bind the directory of %s", name);
  snprintf(path, sizeof path, STAGE "/m/%s", name);
  int fd = open(path, flags | O_NOFOLLOW);
  int saved = errno;
  if (umount2(STAGE "/m", MNT_DETACH) != 0 && fd >= 0) {
    close(fd);
    return fail("detach the directory of %s", name);
  }
  errno = saved;
  return fd < 0 ? fail("open %s", name) : fd;
}

/* stdin, stdout and stderr files reopened through detached binds (same file, offset and access mode). */
static int neutral_stdio(struct stage *s) {
  for (int fd = 0; fd <= 2; fd++) {
    if (g_stdio[fd].parent_fd < 0) continue;
    if (stage_open(s) != 0) return -1;
    int flags = fcntl(fd, F_GETFL);
    off_t offset = lseek(fd, 0, SEEK_CUR);
    int nfd = flags < 0 ? -1 : open_detached(g_stdio[fd].parent_fd, g_stdio[fd].name, (flags & (O_ACCMODE | O_APPEND)) | O_CLOEXEC);
    close(g_stdio[fd].parent_fd);
    g_stdio[fd].parent_fd = -1;
    g_error[0] = '\0';
    if (nfd < 0) continue; /* keep the original fd (its host path shows) rather than fail the run */
    if (!same_file(fd, nfd) || (offset > 0 && lseek(nfd, offset, SEEK_SET) != offset) || dup2(nfd, fd) < 0) {
      close(nfd);
      continue;
    }
    close(nfd);
  }
  return 0;
}

/* Opens every bind source while the host tree is still visible. */
static int resolve_binds(struct config *c) {
  /* init's, for its life; one more than needed so that no binds still gets memory, not NULL */
  struct bind_found *found = calloc((size_t)c->nbinds + 1, sizeof *found);
  if (!found) return fail("resolve the binds");
  for (int i = 0; i < c->nbinds; i++) {
    struct bind *b = &c->binds[i];
    struct stat st;
    b->fd = -1;
    b->link = found[i].link;
    b->name = found[i].name;
    if (lstat(b->src, &st) != 0) {
      if (errno == ENOENT && b->optional) {
        b->missing = true;
        continue;
      }
      return fail("bind source %s", b->src);
    }
    if (S_ISLNK(st.st_mode)) {
      /* host symlinks such as /bin -> usr/bin are recreated as symlinks (§4 step 4) */
      ssize_t n = readlink(b->src, b->link, sizeof found[i].link - 1);
      if (n < 0) return fail("readlink %s", b->src);
      b->link[n] = '\0';
      b->is_link = true;
      continue;
    }
    b->is_dir = S_ISDIR(st.st_mode);
    if (is_capped_work(c, b)) {
      /* read at the start and written back at the end, so a real directory fd, kept past pivot_root */
      g_work_host_fd = open(b->src, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW);
      if (g_work_host_fd < 0) return fail("open %s", b->src);
      continue;
    }
    b->fd = open(b->src, O_PATH | O_CLOEXEC | O_NOFOLLOW);
    if (b->fd < 0) return fail("open %s", b->src);
    b->parent_fd = -1;
    b->hide = !is_system_path(b->src);
    if (b->hide && !b->is_dir && (b->parent_fd = open_parent(b->src, b->name, sizeof found[i].name)) < 0)
      return fail("open the directory of %s", b->src);
  }
  return 0;
}

static int mount_binds(struct config *c, struct stage *stage) {
  char target[PATH_MAX];
  for (int i = 0; i < c->nbinds; i++) {
    struct bind *b = &c->binds[i];
    if (b->missing) continue;
    if (snprintf(target, sizeof target, "%s%s", NEWROOT, b->dst) >= (int)sizeof target) return fail("path too long: %s", b->dst);
    if (b->is_link) {
      char parent[PATH_MAX];
      snprintf(parent, sizeof parent, "%s", target);
      char *slash = strrchr(parent, '/');
      if (slash && slash != parent) {
        *slash = '\0';
        if (mkdir_p(parent, 0755) != 0) return fail("mkdir %s", parent);
      }
      if (symlink(b->link, target) != 0 && errno != EEXIST) return fail("symlink %s", b->dst);
      continue;
    }
    if (is_capped_work(c, b)) {
      if (mount_capped_work(c, target) != 0) return -1;
      continue;
    }
    if (b->hide && !b->is_dir && b->rw) {
      if (stage_open(stage) != 0 || stage_writable_file(c, i, b, target) != 0) return -1;
      close(b->fd);
      close(b->parent_fd);
      b->fd = b->parent_fd = -1;
      continue;
    }
    if ((b->is_dir ? mkdir_p(target, 0755) : make_file(target)) != 0) return fail("mount point %s", b->dst);
    if (b->hide && !b->rw) {
      if (stage_open(stage) != 0) return -1;
      if (b->is_dir) {
        if (mount_overlay(stage, b->fd, target)) {
          close(b->fd);
          b->fd = -1;
          continue;
        }
        /* no overlayfs here (a user namespace before 5.11): a plain bind below */
      } else {
        char inside[PATH_MAX];
        /* (overlayfs gives files of layers on different file systems a device of its own: no dev/ino
         * check; the name is looked up in the directory that was opened with the source) */
        int fd = overlay_of_parent(stage, b->parent_fd, b->name, inside, sizeof inside) == 0
                     ? open(inside, O_PATH | O_CLOEXEC | O_NOFOLLOW)
                     : -1;
        g_error[0] = '\0';
        if (fd >= 0) {
          close(b->fd);
          b->fd = fd; /* bound below, from inside the overlay */
        }
        /* else no overlayfs here: a plain bind of the source below */
      }
    }
    if (bind_fd(b->fd, target, b->rw, MS_NOSUID | MS_NODEV) != 0) return -1;
    close(b->fd);
    b->fd = -1;
  }
  return 0;
}

static const char *const device_nodes[] = {"null", "zero", "full", "random", "urandom"};
#define NDEVICES (sizeof device_nodes / sizeof device_nodes[0])

static int mount_dev(const int *dev_fds) {
  const char *dev = NEWROOT "/dev";
  if (mkdir(dev, 0755) != 0) return fail("mkdir /dev");
  if (mount("tmpfs", dev, "tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC, "size=64k,nr_inodes=64,mode=0755") != 0) return fail("mount /dev");
  char path[PATH_MAX];
  for (size_t i = 0; i < NDEVICES; i++) {
    snprintf(path, sizeof path, "%s/%s", dev, device_nodes[i]);
    if (make_file(path) != 0) return fail("create /dev/%s", device_nodes[i]);
    /* device nodes keep their "dev" flag: their own bind mounts are not nodev */
    if (bind_fd(dev_fds[i], path, true, MS_NOSUID | MS_NOEXEC) != 0) return -1;
  }
  static const char *const links[][2] = {
      {"/proc/self/fd", "fd"}, {"/proc/self/fd/0", "stdin"}, {"/proc/self/fd/1", "stdout"}, {"/proc/self/fd/2", "stderr"},
      {"/tmp", "shm"}, /* POSIX shared memory lands in the box's /tmp */
  };
  for (size_t i = 0; i < sizeof links / sizeof links[0]; i++) {
    snprintf(path, sizeof path, "%s/%s", dev, links[i][1]);
    if (symlink(links[i][0], path) != 0) return fail("symlink /dev/%s", links[i][1]);
  }
  if (mount(NULL, dev, NULL, MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC, "size=64k,nr_inodes=64,mode=0755") != 0)
    return fail("remount /dev");
  return 0;
}

/*
 * /proc (issue 9 item 5): a fresh procfs of the box's pid namespace, so only the box's own processes
 * appear, with hidepid=1 ("noaccess"): the program cannot read init's files (/proc/1/environ, cmdline).
 * Not subset=pid: runtimes and glibc read /proc/stat, meminfo, cpuinfo and the box's own sysvipc.
 * What describes the host kernel, its devices or other boxes is masked: files get a read-only
 * /dev/null (empty to read, EROFS to write), directories an empty read-only tmpfs. The list follows
 * what container runtimes mask, plus the host-wide statistics that could time a neighbour.
 * No hidepid: init (pid 1, root) is the only other process in the box; its environ is empty and
 * 0400 already, and it wipes its command line (hide_cmdline), whereas hidepid would turn the
 * program's EACCES on /proc/1 into EPERM or ENOENT for no gain.
 */
static const char *const masked_proc_files[] = {
    "kcore",     "keys",       "key-users",  "sysrq-trigger", "timer_list", "sched_debug", "latency_stats",
    "kallsyms",  "modules",    "kmsg",       "kpagecount",    "kpageflags", "kpagecgroup", "slabinfo",
    "vmallocinfo", "iomem",    "ioports",    "config.gz",     "cmdline",    "mtrr",        "buddyinfo",
    "pagetypeinfo", "zoneinfo", "softirqs",  "interrupts",    "diskstats",  "partitions",  "locks",
    "swaps",     "devices",    "consoles",   "misc",          "dma",        "fb",          "schedstat",
    "vmstat",    "execdomains", "crypto",    "mdstat",        "allocinfo",
};
static const char *const masked_proc_dirs[] = {
    "sys", "acpi", "scsi", "bus", "irq", "driver", "fs", "tty", "pressure", "dynamic_debug",
};

static int mount_proc(int null_fd) {
  const char *proc = NEWROOT "/proc";
  if (mkdir(proc, 0555) != 0) return fail("mkdir /proc");
  if (mount("proc", proc, "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL) != 0) return fail("mount /proc");
  char path[PATH_MAX];
  struct stat st;
  for (size_t i = 0; i < sizeof masked_proc_files / sizeof masked_proc_files[0]; i++) {
    snprintf(path, sizeof path, "%s/%s", proc, masked_proc_files[i]);
    if (lstat(path, &st) != 0 || !S_ISREG(st.st_mode)) continue; /* not built into this kernel */
    if (bind_fd(null_fd, path, false, MS_NOSUID | MS_NOEXEC) != 0) return -1;
  }
  for (size_t i = 0; i < sizeof masked_proc_dirs / sizeof masked_proc_dirs[0]; i++) {
    snprintf(path, sizeof path, "%s/%s", proc, masked_proc_dirs[i]);
    if (lstat(path, &st) != 0 || !S_ISDIR(st.st_mode)) continue;
    if (mount("tmpfs", path, "tmpfs", MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC, "size=4k,nr_inodes=1,mode=0555") != 0)
      return fail("mask /proc/%s", masked_proc_dirs[i]);
  }
  return 0;
}

/* The part of the new root that is the same for every run: its tmpfs, /dev and /proc. */
static int build_root_common(void) {
  int dev_fds[NDEVICES];
  for (size_t i = 0; i < NDEVICES; i++) {
    char path[64];
    snprintf(path, sizeof path, "/dev/%s", device_nodes[i]);
    dev_fds[i] = open(path, O_PATH | O_CLOEXEC);
    if (dev_fds[i] < 0) return fail("open %s", path);
  }
  if (mount("tmpfs", NEWROOT, "tmpfs", MS_NOSUID | MS_NODEV, "size=1m,nr_inodes=4096,mode=0755") != 0) return fail("mount new root");
  if (mount_dev(dev_fds) != 0) return -1;
  if (mount_proc(dev_fds[0]) != 0) return -1;
  for (size_t i = 0; i < NDEVICES; i++) close(dev_fds[i]);
  return 0;
}

static int build_root_run(struct config *c);

static int build_root(struct config *c) {
  if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0) return fail("make / private");
  if (resolve_binds(c) != 0) return -1;
  resolve_stdio();
  if (build_root_common() != 0) return -1;
  return build_root_run(c);
}

/* The run's own part: /tmp, the binds, the stdio files; then the new root becomes / (read-only). */
static int build_root_run(struct config *c) {
  char opts[128];
  snprintf(opts, sizeof opts, "size=%llu,nr_inodes=4096,mode=1777", (unsigned long long)c->tmp_bytes);
  if (mkdir(NEWROOT "/tmp", 0755) != 0 || mount("tmpfs", NEWROOT "/tmp", "tmpfs", MS_NOSUID | MS_NODEV, opts) != 0) return fail("mount /tmp");
  static struct stage stage; /* large: off init's stack */
  if (mount_binds(c, &stage) != 0 || neutral_stdio(&stage) != 0 || stage_close(&stage) != 0) return -1;
  if (chdir(NEWROOT) != 0) return fail("chdir new root");
  if (syscall(SYS_pivot_root, ".", ".") != 0) return fail("pivot_root");
  if (umount2(".", MNT_DETACH) != 0) return fail("detach old root");
  if (chdir("/") != 0) return fail("chdir /");
  if (mount(NULL, "/", NULL, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV, NULL) != 0) return fail("remount / read-only");
  return 0;
}

/* ---------- inside the sandbox: the program (§4 step 5) ---------- */

static int set_limit(int resource, rlim_t soft, rlim_t hard) {
  struct rlimit rl = {soft, hard};
  return setrlimit(resource, &rl);
}

/*
 * The exec pipe (close-on-exec) carries two kinds of lines from the program process to the helper:
 *   "T <init setup cpu ns> <own cpu ns> <monotonic ns>"  just before execve: what to subtract, and when
 *   "E <message>"                                          setup or execve failed
 * EOF without an "E" line means execve succeeded. CPU is measured this way, not by reading the cgroup
 * when EOF arrives, because on a busy host the helper may wake up late while the program already runs.
 */
static uint64_t g_init_setup_cpu_ns;
/* init's CPU before it joined the run's cgroup (a warm init prepares the box before its run exists) */
static uint64_t g_init_cpu_base;
static uint64_t init_cpu_ns(void) { return cpu_self_ns() - g_init_cpu_base; }

static void send_exec_error(int fd) {
  char line[sizeof g_error + 4];
  int n = snprintf(line, sizeof line, "E %s\n", g_error);
  if (n > 0 && !write_all(fd, line, (size_t)n)) {
    /* nothing more we can do: the helper reports a failed exec without a message */
  }
  _exit(127);
}

static void send_exec_start(int fd) {
  char line[96];
  int n = snprintf(line, sizeof line, "T %llu %llu %llu\n", (unsigned long long)g_init_setup_cpu_ns,
                   (unsigned long long)cpu_self_ns(), (unsigned long long)now_ns());
  if (n > 0 && !write_all(fd, line, (size_t)n)) {
    /* the helper then falls back to the time it sees EOF */
  }
}

static __attribute__((noreturn)) void program_main(struct config *c, int exec_fd) {
  int keep[1] = {exec_fd};
  close_fds_except(keep, 1);

  /* the helper ignores SIGPIPE; the program must get default dispositions and an empty mask */
  for (int sig = 1; sig < NSIG; sig++) signal(sig, SIG_DFL);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL);

  setsid();
  if (write_file("/proc/self/oom_score_adj", "0") != 0) {
    /* unchanged when init could not lower its own */
  }
  /* a caller's non-blocking pipe (a FIFO opened with O_NONBLOCK) must look normal to the program */
  for (int fd = 0; fd <= 2; fd++) {
    int fl = fcntl(fd, F_GETFL);
    if (fl >= 0 && (fl & O_NONBLOCK)) fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
  }
  umask(022);
  if (chdir(c->cwd) != 0) {
    fail("chdir %s", c->cwd);
    send_exec_error(exec_fd);
  }

  /* rlimits (§7.2): RLIMIT_CPU is only a backstop, the helper polls the cgroup */
  rlim_t cpu_s = (rlim_t)((c->cpu_ns + 999999999ULL) / 1000000000ULL) + 1;
  bool ok = set_limit(RLIMIT_CPU, cpu_s, cpu_s + 1) == 0 && set_limit(RLIMIT_CORE, 0, 0) == 0 &&
            set_limit(RLIMIT_MEMLOCK, 0, 0) == 0 && set_limit(RLIMIT_MSGQUEUE, 0, 0) == 0 &&
            /* +1: exactly output_bytes is allowed; one byte more raises SIGXFSZ and fails the size check */
            set_limit(RLIMIT_FSIZE, (rlim_t)c->output_bytes + 1, (rlim_t)c->output_bytes + 1) == 0;
  if (ok && c->stack_bytes) ok = set_limit(RLIMIT_STACK, (rlim_t)c->stack_bytes, (rlim_t)c->stack_bytes) == 0;
  if (ok && c->address_space_bytes) ok = set_limit(RLIMIT_AS, (rlim_t)c->address_space_bytes, (rlim_t)c->address_space_bytes) == 0;
  /* without a pids cgroup, RLIMIT_NPROC of the per-slot uid holds the process count (§8, §10.8); in a
   * user namespace init has the same uid and counts too */
  rlim_t nproc = (rlim_t)c->processes + (c->userns ? 1 : 0);
  if (ok && !c->cg_v1_pids && !c->cg_v2) ok = set_limit(RLIMIT_NPROC, nproc, nproc) == 0;
  if (ok && !c->cg_v1_pids && !c->cg_v2) {
    /* no cgroup to poll: ITIMER_PROF survives execve and ends the program at its CPU limit (§8) */
    struct itimerval it = {{0, 0}, {(time_t)(c->cpu_ns / 1000000000ULL), (suseconds_t)((c->cpu_ns % 1000000000ULL) / 1000)}};
    ok = setitimer(ITIMER_PROF, &it, NULL) == 0;
  }
  if (!ok) {
    fail("setrlimit");
    send_exec_error(exec_fd);
  }

  if (!c->userns && setgroups(0, NULL) != 0) {
    fail("setgroups");
    send_exec_error(exec_fd);
  }
  if (setresgid(c->gid, c->gid, c->gid) != 0 || setresuid(c->uid, c->uid, c->uid) != 0) {
    fail("switch to uid %ld", (long)c->uid);
    send_exec_error(exec_fd);
  }

  /* strict profile: exec through an fd number >= RLIMIT_NOFILE, which the program can never own */
  int exec_via = -1;
  if (c->profile == PROFILE_STRICT) {
    int fd = open(c->argv[0], O_PATH | O_CLOEXEC);
    if (fd < 0) {
      fail("open %s", c->argv[0]);
      send_exec_error(exec_fd);
    }
    exec_via = (int)c->open_files;
    struct rlimit nofile;
    if (getrlimit(RLIMIT_NOFILE, &nofile) == 0 && nofile.rlim_cur <= (rlim_t)exec_via) {
      /* the fd number must be below the current limit for dup3; the final limit is set just after */
      nofile.rlim_cur = (rlim_t)exec_via + 1;
      if (nofile.rlim_max < nofile.rlim_cur) nofile.rlim_max = nofile.rlim_cur;
      setrlimit(RLIMIT_NOFILE, &nofile);
    }
    if (exec_via != fd) {
      if (dup3(fd, exec_via, O_CLOEXEC) < 0) {
        fail("dup3");
        send_exec_error(exec_fd);
      }
      close(fd);
    }
  }
  if (set_limit(RLIMIT_NOFILE, (rlim_t)c->open_files, (rlim_t)c->open_files) != 0) {
    fail("RLIMIT_NOFILE");
    send_exec_error(exec_fd);
  }
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) {
    fail("no_new_privs");
    send_exec_error(exec_fd);
  }
  if (c->profile != PROFILE_NONE) {
    struct filter f = {.n = 0};
    build_filter(&f, c->profile, exec_via);
    struct sock_fprog prog = {.len = f.n, .filter = f.ins};
    if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog, 0, 0) != 0) {
      fail("seccomp");
      send_exec_error(exec_fd);
    }
  }
  send_exec_start(exec_fd);
  if (exec_via >= 0)
    syscall(SYS_execveat, exec_via, "", c->argv, c->env, AT_EMPTY_PATH);
  else
    execve(c->argv[0], c->argv, c->env);
  fail("execve %s", c->argv[0]);
  send_exec_error(exec_fd);
  _exit(127);
}


/*
 * The warm helper (issue 25, "warm boxes"; sandbox.md §7.1 item 3): the box of the next run is made
 * before that run is asked for. Its init is cloned with fresh namespaces and builds the part of the root
 * that is the same for every run (tmpfs, /dev, /proc with its masks), then waits. That tree is detached
 * while init waits (open_tree clone + detach), so the host paths of the run's binds resolve exactly as
 * in a one-run helper; the request brings the run's options, its cgroup and its stdio, and init
 * attaches the tree again and finishes the root as usual. A box serves one run and is never reused, so
 * nothing of a run (files, /tmp, processes, SysV IPC, counters) can reach the next. The system binds
 * (the same for every run) are given to the helper at its start and mounted while preparing.
 */
static void parse_args(struct config *c, int argc, char **argv);

struct warm_header {
  struct cgroups cg;
  uint32_t argc;
  uint32_t len; /* bytes of arguments after the header, each ending with NUL */
};

static char g_request[1 << 18];
static int g_prepared_root = -1;

static int warm_prepare_root(struct config *base) {
  static struct stage stage;
  if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0) return fail("make / private");
  if (resolve_binds(base) != 0 || build_root_common() != 0) return -1;
  if (mount_binds(base, &stage) != 0 || stage_close(&stage) != 0) return -1;
  g_prepared_root = (int)syscall(SYS_open_tree, AT_FDCWD, NEWROOT, OPEN_TREE_CLONE | O_CLOEXEC | AT_RECURSIVE);
  if (g_prepared_root < 0) return fail("open_tree new root");
  if (umount2(NEWROOT, MNT_DETACH) != 0) return fail("detach the prepared root");
  return 0;
}

/* Splits the NUL-separated arguments of a request into an argv; NULL when malformed. */
static char **split_args(char *blob, uint32_t len, uint32_t argc) {
  if (argc < 2 || len == 0 || blob[len - 1] != '\0') return NULL;
  char **argv = calloc((size_t)argc + 1, sizeof *argv);
  if (!argv) return NULL;
  char *p = blob, *end = blob + len;
  for (uint32_t i = 0; i < argc; i++) {
    if (p >= end) {
      free(argv);
      return NULL;
    }
    argv[i] = p;
    p += strlen(p) + 1;
  }
  return argv;
}

/* Waits for the run's request: its options, cgroup, and stdio (which become fds 0-2). */
static int warm_receive(int req_fd, struct config *c, struct cgroups *cg) {
  int fds[3] = {-1, -1, -1};
  char control[CMSG_SPACE(sizeof fds)];
  struct iovec iov = {g_request, sizeof g_request};
  struct msghdr msg = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = control, .msg_controllen = sizeof control};
  ssize_t n;
  while ((n = recvmsg(req_fd, &msg, MSG_CMSG_CLOEXEC)) < 0 && errno == EINTR) {
  }
  if (n == 0) _exit(0); /* the helper is gone: no run will come */
  struct cmsghdr *cm = CMSG_FIRSTHDR(&msg);
  if (cm && cm->cmsg_level == SOL_SOCKET && cm->cmsg_type == SCM_RIGHTS && cm->cmsg_len == CMSG_LEN(sizeof fds))
    memcpy(fds, CMSG_DATA(cm), sizeof fds);
  struct warm_header h;
  if (n < (ssize_t)sizeof h || fds[0] < 0) return fail("malformed request");
  memcpy(&h, g_request, sizeof h);
  char **argv = (size_t)n == sizeof h + h.len ? split_args(g_request + sizeof h, h.len, h.argc) : NULL;
  if (!argv) return fail("malformed request");
  parse_args(c, (int)h.argc, argv); /* the helper parsed the same arguments: they are valid */
  *cg = h.cg;
  for (int fd = 0; fd <= 2; fd++) {
    if (dup2(fds[fd], fd) < 0) return fail("stdio");
    close(fds[fd]);
  }
  return 0;
}

/* The run's part of the root, on the prepared tree (see build_root for a one-run helper). */
static int warm_finish_root(struct config *c) {
  if (resolve_binds(c) != 0) return -1;
  resolve_stdio();
  if (syscall(SYS_move_mount, g_prepared_root, "", AT_FDCWD, NEWROOT, MOVE_MOUNT_F_EMPTY_PATH) != 0)
    return fail("attach the prepared root");
  close(g_prepared_root);
  g_prepared_root = -1;
  return build_root_run(c);
}

/* ---------- inside the sandbox: init, pid 1 (§10.12) ---------- */

/* The helper's argument strings, contiguous in memory: /proc/<pid>/cmdline shows exactly this area. */
static char *g_args_start, *g_args_end;

static char *own_copy(const char *s) {
  char *d = s ? strdup(s) : NULL;
  if (s && !d) _exit(1);
  return d;
}

/*
 * Issue 9 item 5: the box's /proc/1/cmdline would show the helper's whole command line (host paths of
 * the work dir and binds, cgroup paths, the environment). init keeps private copies of the strings it
 * still needs and blanks the area, so the program reads "verdict-init" there.
 */
static void hide_cmdline(struct config *c) {
  if (!g_args_start || g_args_end <= g_args_start) return;
  c->cwd = own_copy(c->cwd);
  c->hostname = own_copy(c->hostname);
  for (int i = 0; i < c->nbinds; i++) {
    c->binds[i].src = own_copy(c->binds[i].src);
    c->binds[i].dst = own_copy(c->binds[i].dst);
  }
  for (int i = 0; i < c->nenv; i++) c->env[i] = own_copy(c->env[i]);
  for (char **a = c->argv; a && *a; a++) *a = own_copy(*a);
  memset(g_args_start, 0, (size_t)(g_args_end - g_args_start));
  snprintf(g_args_start, (size_t)(g_args_end - g_args_start), "verdict-init");
}

/*
 * Degraded mode (no cgroup, sandbox.md §8; issue 25): the memory limit is held by init, which sums the
 * resident memory (statm) of every process its own /proc lists, the box's pid namespace, but itself,
 * every SAMPLE_MS, and ends the box when the sum passes the limit. The address-space limit stays only as
 * a generous backstop, so that a large malloc succeeds and is then measured, rather than failing with
 * ENOMEM, which no judge can tell from any other runtime error.
 */
#define SAMPLE_MS 5

static void on_sigchld(int sig) { (void)sig; }

static uint64_t box_resident_bytes(DIR *proc) {
  static long page;
  if (page == 0) page = sysconf(_SC_PAGESIZE);
  uint64_t total = 0;
  char path[64], buf[128];
  rewinddir(proc);
  struct dirent *e;
  while ((e = readdir(proc)) != NULL) {
    if (e->d_name[0] < '1' || e->d_name[0] > '9' || strcmp(e->d_name, "1") == 0) continue;
    snprintf(path, sizeof path, "/proc/%.20s/statm", e->d_name);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) continue; /* ended meanwhile */
    bool ok = read_small(fd, buf, sizeof buf);
    close(fd);
    unsigned long long size, resident;
    if (ok && sscanf(buf, "%llu %llu", &size, &resident) == 2) total += (uint64_t)resident * (uint64_t)page;
  }
  return total;
}

static __attribute__((noreturn)) void init_main(struct config *c, const struct cgroups *cg, int sync_fd, int exec_fd,
                                                int status_fd, int fdpass_fd, int req_fd) {
  struct init_report rep;
  memset(&rep, 0, sizeof rep);
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  hide_cmdline(c);
  /* the OOM killer of the box's cgroup must pick the program, never init (whose report we need);
   * not allowed in a user namespace, where init's tiny size makes it an unlikely victim anyway */
  if (write_file("/proc/self/oom_score_adj", "-1000") != 0) {
    /* keep the default */
  }
  for (int sig = 1; sig < NSIG; sig++) signal(sig, SIG_DFL);
  int keep[5] = {sync_fd, exec_fd, status_fd, fdpass_fd, req_fd};
  sort_ints(keep, 5);
  close_fds_except(keep, 5);
  g_fdpass = fdpass_fd;

  int err = 0;
  if (sync_fd >= 0) {
    char go;
    if (read(sync_fd, &go, 1) != 1) _exit(1); /* the helper died before releasing us */
    close(sync_fd);
  }
  static struct config warm_c;
  static struct cgroups warm_cg;
  if (req_fd >= 0) {
    /* a warm init: prepare the box, then wait for its run (fds 0-2 stay taken until the run's stdio) */
    int null = open("/dev/null", O_RDWR | O_CLOEXEC);
    for (int fd = 0; fd <= 2 && null >= 0; fd++)
      if (fcntl(fd, F_GETFD) < 0) dup2(null, fd);
    if (null > 2) close(null);
    err = warm_prepare_root(c) != 0 || warm_receive(req_fd, &warm_c, &warm_cg) != 0 ? -1 : 0;
    close(req_fd);
    c = &warm_c;
    cg = &warm_cg;
    g_init_cpu_base = cpu_self_ns();
  }
  if (!err && (err = cg_attach_self(cg, req_fd >= 0)) != 0) {
    errno = err;
    fail("cgroup attach");
  }
  if (err || (req_fd >= 0 ? warm_finish_root(c) : build_root(c)) != 0 || sethostname(c->hostname, strlen(c->hostname)) != 0) {
    if (g_error[0] == '\0') fail("sethostname");
    rep.kind = REPORT_SETUP_ERROR;
    snprintf(rep.message, sizeof rep.message, "%s", g_error);
    if (!write_all(status_fd, (const char *)&rep, sizeof rep)) _exit(1);
    _exit(1);
  }

  /* degraded mode: init samples the box's memory between reaps, woken early by SIGCHLD (blocked here,
   * taken by sigtimedwait; the program unblocks every signal before its execve) */
  bool sample = cg->kind == CG_NONE && c->memory_bytes > 0;
  sigset_t chld;
  sigemptyset(&chld);
  sigaddset(&chld, SIGCHLD);
  if (sample) {
    signal(SIGCHLD, on_sigchld);
    sigprocmask(SIG_BLOCK, &chld, NULL);
  }
  g_init_setup_cpu_ns = init_cpu_ns();
  pid_t child = fork();
  if (child < 0) {
    fail("fork");
    rep.kind = REPORT_SETUP_ERROR;
    snprintf(rep.message, sizeof rep.message, "%s", g_error);
    if (!write_all(status_fd, (const char *)&rep, sizeof rep)) _exit(1);
    _exit(1);
  }
  if (child == 0) {
    close(status_fd);
    program_main(c, exec_fd);
  }
  close(exec_fd);

  /* reap orphans until the program itself ends; then leave, which kills the rest of the namespace */
  DIR *proc = sample ? opendir("/proc") : NULL;
  for (;;) {
    int st;
    struct rusage ru;
    bool sampling = proc != NULL && !rep.memory_killed;
    pid_t p = wait4(-1, &st, sampling ? WNOHANG : 0, &ru);
    if (p == child) {
      rep.kind = REPORT_EXITED;
      rep.wait_status = st;
      rep.usage = ru;
      rep.exit_ns = now_ns();
      break;
    }
    if (p > 0 || (p < 0 && errno == EINTR)) continue;
    if (p < 0) break;
    /* p == 0: everything still runs */
    uint64_t used = box_resident_bytes(proc);
    if (used > rep.memory_peak) rep.memory_peak = used;
    if (used > c->memory_bytes) {
      rep.memory_killed = 1;
      kill(-1, SIGKILL); /* every process of the namespace but init */
      continue;
    }
    struct timespec nap = {0, SAMPLE_MS * 1000000L};
    sigtimedwait(&chld, NULL, &nap);
  }
  if (proc) closedir(proc);
  struct statvfs sv;
  if (g_work_host_fd >= 0 && statvfs("/w", &sv) == 0)
    rep.work_full = sv.f_bavail == 0 || sv.f_favail == 0;
  rep.init_cpu_ns = init_cpu_ns();
  if (!write_all(status_fd, (const char *)&rep, sizeof rep)) _exit(1);

  /* second report: the program has ended, so the helper stops timing; init now ends whatever the
   * program left running (so that nothing of the box runs on once the helper has reported: a warm
   * helper reports before the box's namespaces are gone), copies a capped /w back to the host and
   * says what that cost */
  struct init_report done;
  memset(&done, 0, sizeof done);
  done.kind = REPORT_COPIED;
  if (rep.kind == REPORT_EXITED) {
    kill(-1, SIGKILL);
    while (wait(NULL) > 0 || errno == EINTR) {
    }
  }
  if (g_work_host_fd >= 0 && rep.kind == REPORT_EXITED) {
    int from = open("/w", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (from < 0 || copy_tree(from, g_work_host_fd, 0, true) != 0) {
      if (from < 0) fail("open /w");
      snprintf(done.message, sizeof done.message, "copy of /w back to the host: %.400s", g_error);
    }
    if (from >= 0) close(from);
  }
  done.init_cpu_ns = init_cpu_ns();
  if (!write_all(status_fd, (const char *)&done, sizeof done)) _exit(1);
  _exit(0);
}

/* ---------- the helper: options ---------- */

static void usage_error(int report_fd, const char *fmt, ...) {
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  struct json j = {.len = 0, .first = true};
  j_bool(&j, "ok", false);
  j_str(&j, "phase", "options");
  j_str(&j, "error", msg);
  j_raw(&j, "}\n");
  if (fcntl(report_fd, F_GETFD) < 0 || !write_all(report_fd, j.buf, j.len)) fprintf(stderr, "verdict-jail: %s\n", msg);
  exit(2);
}

static void parse_args(struct config *c, int argc, char **argv) {
  c->cpu_ns = 1000000000ULL;
  c->wall_ns = 3000000000ULL;
  c->output_bytes = 64ULL << 20;
  c->tmp_bytes = 64ULL << 20;
  c->processes = 64;
  c->open_files = 64;
  c->uid = 65534;
  c->gid = 65534;
  c->cwd = "/w";
  c->hostname = "verdict";
  c->cg_prefix = "run";
  c->report_fd = 3;
  c->profile = PROFILE_DEFAULT;
  c->userns = geteuid() != 0;

  /* --report-fd first, so that option errors reach the caller's report pipe */
  for (int i = 1; i + 1 < argc && strcmp(argv[i], "--") != 0; i++)
    if (strcmp(argv[i], "--report-fd") == 0) c->report_fd = atoi(argv[i + 1]);

  int i = 1;
  for (; i < argc; i++) {
    const char *o = argv[i];
    if (strcmp(o, "--") == 0) {
      i++;
      break;
    }
#define NEED(n) \
  if (i + (n) >= argc) usage_error(c->report_fd, "%s needs %d value(s)", o, (n))
#define U64(field)                                                                       \
  do {                                                                                   \
    NEED(1);                                                                             \
    uint64_t v_;                                                                         \
    if (!parse_u64(argv[++i], &v_)) usage_error(c->report_fd, "%s: not a number", o); \
    field = v_;                                                                          \
  } while (0)
    if (strcmp(o, "--cpu-ms") == 0) {
      U64(c->cpu_ns);
      c->cpu_ns *= 1000000ULL;
    } else if (strcmp(o, "--wall-ms") == 0) {
      U64(c->wall_ns);
      c->wall_ns *= 1000000ULL;
    } else if (strcmp(o, "--memory") == 0) {
      U64(c->memory_bytes);
    } else if (strcmp(o, "--output") == 0) {
      U64(c->output_bytes);
    } else if (strcmp(o, "--stack") == 0) {
      U64(c->stack_bytes);
    } else if (strcmp(o, "--tmp-size") == 0) {
      U64(c->tmp_bytes);
    } else if (strcmp(o, "--work-size") == 0) {
      U64(c->work_bytes);
    } else if (strcmp(o, "--work-files") == 0) {
      U64(c->work_files);
    } else if (strcmp(o, "--address-space") == 0) {
      U64(c->address_space_bytes);
    } else if (strcmp(o, "--processes") == 0) {
      U64(c->processes);
    } else if (strcmp(o, "--open-files") == 0) {
      U64(c->open_files);
    } else if (strcmp(o, "--uid") == 0) {
      U64(c->uid);
    } else if (strcmp(o, "--gid") == 0) {
      U64(c->gid);
    } else if (strcmp(o, "--report-fd") == 0) {
      NEED(1);
      i++;
    } else if (strcmp(o, "--cgroup-v1-memory") == 0) {
      NEED(1);
      c->cg_v1_memory = argv[++i];
    } else if (strcmp(o, "--cgroup-v1-cpuacct") == 0) {
      NEED(1);
      c->cg_v1_cpuacct = argv[++i];
    } else if (strcmp(o, "--cgroup-v1-pids") == 0) {
      NEED(1);
      c->cg_v1_pids = argv[++i];
    } else if (strcmp(o, "--cgroup-v1-cpu") == 0) {
      NEED(1);
      c->cg_v1_cpu = argv[++i];
    } else if (strcmp(o, "--cgroup-v1-cpuset") == 0) {
      NEED(1);
      c->cg_v1_cpuset = argv[++i];
    } else if (strcmp(o, "--cpus") == 0) {
      NEED(1);
      c->cpus = argv[++i];
      if (c->cpus[0] == '\0' || strspn(c->cpus, "0123456789,-") != strlen(c->cpus))
        usage_error(c->report_fd, "--cpus: a CPU list such as 1 or 0-3,6");
    } else if (strcmp(o, "--cgroup-v2") == 0) {
      NEED(1);
      c->cg_v2 = argv[++i];
    } else if (strcmp(o, "--cgroup-prefix") == 0) {
      NEED(1);
      c->cg_prefix = argv[++i];
    } else if (strcmp(o, "--cwd") == 0) {
      NEED(1);
      c->cwd = argv[++i];
    } else if (strcmp(o, "--stdout-pipe") == 0) {
      c->stdout_pipe = true;
    } else if (strcmp(o, "--stdin") == 0 || strcmp(o, "--stdout") == 0 || strcmp(o, "--stderr") == 0) {
      NEED(1);
      c->stdio_path[o[5] == 'i' ? 0 : o[5] == 'o' ? 1 : 2] = argv[++i];
    } else if (strcmp(o, "--hostname") == 0) {
      NEED(1);
      c->hostname = argv[++i];
    } else if (strcmp(o, "--seccomp") == 0) {
      NEED(1);
      const char *p = argv[++i];
      if (strcmp(p, "none") == 0)
        c->profile = PROFILE_NONE;
      else if (strcmp(p, "default") == 0)
        c->profile = PROFILE_DEFAULT;
      else if (strcmp(p, "strict") == 0)
        c->profile = PROFILE_STRICT;
      else
        usage_error(c->report_fd, "--seccomp: none, default or strict");
    } else if (strcmp(o, "--env") == 0) {
      NEED(1);
      if (c->nenv >= MAX_ENV) usage_error(c->report_fd, "too many --env");
      c->env[c->nenv++] = argv[++i];
    } else if (strcmp(o, "--ro") == 0 || strcmp(o, "--rw") == 0 || strcmp(o, "--ro-try") == 0 || strcmp(o, "--rw-try") == 0) {
      NEED(2);
      if (c->nbinds >= MAX_BINDS) usage_error(c->report_fd, "too many binds");
      struct bind *b = &c->binds[c->nbinds++];
      b->src = argv[++i];
      b->dst = argv[++i];
      b->rw = o[3] == 'w';
      b->optional = strstr(o, "-try") != NULL;
      if (b->src[0] != '/' || b->dst[0] != '/' || strcmp(b->dst, "/") == 0 || strstr(b->dst, ".."))
        usage_error(c->report_fd, "%s %s %s: absolute paths, not /, no ..", o, b->src, b->dst);
    } else {
      usage_error(c->report_fd, "unknown option %s", o);
    }
#undef U64
#undef NEED
  }
  if (i >= argc) usage_error(c->report_fd, "no program given after --");
  c->argv = argv + i;
  if (strchr(c->argv[0], '/') == NULL) usage_error(c->report_fd, "the program must be a path, not %s", c->argv[0]);
  if (c->cpu_ns == 0 || c->wall_ns == 0 || c->processes < 1 || c->open_files < 4 || c->open_files > 65536)
    usage_error(c->report_fd, "limits out of range");
  if (c->uid == 0 || c->gid == 0) usage_error(c->report_fd, "the program must not run as uid or gid 0");
  c->env[c->nenv] = NULL;
}

/* ---------- the helper: probe ---------- */

static bool try_clone(unsigned long flags) {
  pid_t pid = (pid_t)syscall(SYS_clone, flags | SIGCHLD, NULL, NULL, NULL, NULL);
  if (pid < 0) return false;
  if (pid == 0) _exit(0);
  int st;
  while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(st) && WEXITSTATUS(st) == 0;
}

static int probe(void) {
  bool root = geteuid() == 0;
  bool userns = try_clone(CLONE_NEWUSER);
  unsigned long all = CLONE_NEWPID | CLONE_NEWNS | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS | (root ? 0 : CLONE_NEWUSER);
  bool namespaces = try_clone(all);
  bool seccomp = prctl(PR_GET_SECCOMP, 0, 0, 0, 0) >= 0;
  struct json j = {.len = 0, .first = true};
  j_u64(&j, "version", JAIL_VERSION);
  j_u64(&j, "euid", (uint64_t)geteuid());
  j_bool(&j, "userNamespace", userns);
  j_bool(&j, "namespaces", namespaces);
  j_bool(&j, "seccomp", seccomp);
  j_raw(&j, "}\n");
  return write_all(1, j.buf, j.len) ? 0 : 1;
}

/* ---------- the helper: one run ---------- */

static volatile sig_atomic_t g_abort;
static void on_abort(int sig) { g_abort = sig; }

struct outcome {
  const char *phase; /* set on a system error */
  char error[600];
  bool exec_ok;
  bool exited; /* init reported the program's end */
  int wait_status;
  struct rusage usage;
  const char *killed_by; /* "cpu", "wall", "memory", "aborted" or NULL */
  uint64_t memory_peak;  /* degraded mode: init's sampled peak */
  uint64_t exec_ns, end_ns;
  uint64_t setup_ns;
  uint64_t init_setup_cpu_ns, pre_exec_cpu_ns; /* from the "T" line */
  uint64_t init_cpu_ns;                        /* from init's report, when it got to write one */
  bool work_full;                              /* the capped /w was full when the program ended */
  bool started;                                /* the program got to its execve (the "T" line) */
  bool pipe_adopted;                           /* warm: the judge opened its end of the stdout pipe ("p") */
};

static void set_error(struct outcome *o, const char *phase, const char *fmt, ...) {
  if (o->phase) return; /* keep the first */
  o->phase = phase;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(o->error, sizeof o->error, fmt, ap);
  va_end(ap);
}

/* Keeps fd 0-2 only when they are regular files (to measure them at the end); pipes are replaced by
 * /dev/null so that a reader sees EOF as soon as the program is gone, not when the helper exits. */
static void release_stdio(bool keep[3]) {
  for (int fd = 0; fd <= 2; fd++) {
    struct stat st;
    keep[fd] = fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
    if (keep[fd]) continue;
    int null = open("/dev/null", O_RDWR | O_CLOEXEC);
    if (null >= 0) {
      dup2(null, fd);
      close(null);
    }
  }
}

static pid_t clone_init(unsigned long flags, const struct cgroups *cg, bool *into_cgroup) {
  *into_cgroup = false;
  if (cg->kind == CG_V2 && cg->dir_fd >= 0) {
    /* §6.3: on v2 the child starts inside its cgroup, avoiding the slow first attach */
    struct {
      uint64_t flags, pidfd, child_tid, parent_tid, exit_signal, stack, stack_size, tls, set_tid, set_tid_size, cgroup;
    } args;
    memset(&args, 0, sizeof args);
    args.flags = (uint64_t)flags | CLONE_INTO_CGROUP;
    args.exit_signal = SIGCHLD;
    args.cgroup = (uint64_t)cg->dir_fd;
    long pid = syscall(SYS_clone3, &args, sizeof args);
    if (pid >= 0) {
      *into_cgroup = true;
      return (pid_t)pid;
    }
    if (errno != ENOSYS && errno != E2BIG && errno != EINVAL) return -1;
  }
  return (pid_t)syscall(SYS_clone, flags | SIGCHLD, NULL, NULL, NULL, NULL);
}

static int write_id_maps(pid_t pid, const struct config *c) {
  char path[64], map[64];
  snprintf(path, sizeof path, "/proc/%ld/setgroups", (long)pid);
  int err = write_file(path, "deny");
  if (err && err != ENOENT) return err;
  snprintf(path, sizeof path, "/proc/%ld/uid_map", (long)pid);
  snprintf(map, sizeof map, "%ld %ld 1", (long)c->uid, (long)geteuid());
  if ((err = write_file(path, map)) != 0) return err;
  snprintf(path, sizeof path, "/proc/%ld/gid_map", (long)pid);
  snprintf(map, sizeof map, "%ld %ld 1", (long)c->gid, (long)getegid());
  return write_file(path, map);
}

static long online_cpus(void) {
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? n : 1;
}

/*
 * What the exec pipe said, read to its end: an "E" line is a failed setup or execve; otherwise execve
 * succeeded, and the "T" line says when and what CPU came before it (wall time starts at execve, §4
 * step 7).
 */
static void take_exec_message(char *msg, size_t msg_len, uint64_t t0, struct outcome *o) {
  msg[msg_len] = '\0';
  char *err = msg[0] == 'E' ? msg : strstr(msg, "\nE ");
  unsigned long long init_cpu, own_cpu, mono;
  if (err) {
    err += err[0] == 'E' ? 2 : 3;
    err[strcspn(err, "\n")] = '\0';
    set_error(o, "exec", "%s", err);
  } else if (!o->phase) {
    o->exec_ok = true;
    o->exec_ns = now_ns();
    if (sscanf(msg, "T %llu %llu %llu", &init_cpu, &own_cpu, &mono) == 3) {
      o->started = true;
      o->init_setup_cpu_ns = init_cpu;
      o->pre_exec_cpu_ns = own_cpu;
      if (mono >= t0 && mono <= o->exec_ns) o->exec_ns = mono;
    }
    o->setup_ns = o->exec_ns - t0;
  }
}

static void monitor(const struct config *c, const struct cgroups *cg, pid_t init, int exec_r, int status_r, uint64_t t0,
                    struct outcome *o) {
  char msg[1024];
  size_t msg_len = 0;
  bool exec_open = true, status_open = true;
  struct init_report reps[2]; /* "program ended", then "work dir copied back" */
  size_t rep_len = 0;
  struct init_report *const rep_ = &reps[0];
  uint64_t setup_deadline = t0 + c->wall_ns + SETUP_GRACE_NS;
  long cpus = online_cpus();
  /* When the report fd is a socket (Node's stdio 'pipe'), it doubles as the control channel: a "k" from
   * the judge, or the judge closing its end, aborts the run. Unlike a signal, a byte sent before we
   * got here is not lost. */
  struct stat rst;
  bool control_open = fstat(c->report_fd, &rst) == 0 && S_ISSOCK(rst.st_mode);
  bool abort_run = false; /* "k": this run only (a warm helper serves the next one) */

  while (status_open) {
    uint64_t now = now_ns();
    int timeout = POLL_MS;
    /* once init has reported the program's end, its copy-back is not the program's time */
    bool ended = rep_len >= sizeof reps[0] && rep_->kind == REPORT_EXITED;
    if (o->exec_ok && !o->killed_by && !ended) {
      uint64_t wall_left = o->exec_ns + c->wall_ns > now ? o->exec_ns + c->wall_ns - now : 0;
      if (wall_left / 1000000ULL < (uint64_t)timeout) timeout = (int)(wall_left / 1000000ULL) + 1;
      if (cg->kind != CG_NONE) {
        /* sleep less when the CPU budget is nearly spent: the kill lands closer to the limit */
        uint64_t used;
        if (cg_cpu_ns(cg, &used)) {
          uint64_t base = o->init_setup_cpu_ns + o->pre_exec_cpu_ns;
          used = used > base ? used - base : 0;
          uint64_t left = c->cpu_ns > used ? (c->cpu_ns - used) / (uint64_t)cpus : 0;
          if (left / 1000000ULL < (uint64_t)timeout) timeout = (int)(left / 1000000ULL) + 1;
        }
      }
    } else if (!o->exec_ok && now > setup_deadline && !o->killed_by) {
      kill(init, SIGKILL);
      o->killed_by = "setup";
      set_error(o, "setup", "the sandbox did not start within the time limit");
    }
    struct pollfd fds[4] = {{exec_open ? exec_r : -1, POLLIN, 0},
                            {status_r, POLLIN, 0},
                            {control_open ? c->report_fd : -1, POLLIN, 0},
                            {cg->oom_fd, POLLIN, 0}};
    int r = poll(fds, 4, timeout);
    if (r < 0 && errno != EINTR) break;
    if (control_open && (fds[2].revents & (POLLIN | POLLHUP | POLLERR))) {
      char cmd[16];
      ssize_t n = read(c->report_fd, cmd, sizeof cmd);
      if (n > 0 && memchr(cmd, 'k', (size_t)n)) abort_run = true;
      if (n > 0 && memchr(cmd, 'p', (size_t)n)) o->pipe_adopted = true;
      if (n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN)) {
        control_open = false;
        g_abort = SIGTERM; /* the judge is gone */
      }
    }
    if ((g_abort || abort_run) && !o->killed_by) {
      kill(init, SIGKILL);
      o->killed_by = "aborted";
    }
    if (fds[3].revents & POLLIN) {
      /* v1: the box is out of memory at its limit; end all of it now (issue 25), not only the process
       * the kernel picks. Before execve it is init's setup (a /w copy too large): the kernel decides. */
      uint64_t events;
      if (read(cg->oom_fd, &events, sizeof events) < 0) {
        /* EAGAIN: already taken */
      }
      bool program_ended = rep_len >= sizeof reps[0] && rep_->kind == REPORT_EXITED;
      if (o->exec_ok && !o->killed_by && !program_ended) {
        kill(init, SIGKILL);
        o->killed_by = "memory";
      }
    }
    if (exec_open && (fds[0].revents & (POLLIN | POLLHUP | POLLERR))) {
      ssize_t n = read(exec_r, msg + msg_len, sizeof msg - 1 - msg_len);
      if (n > 0) {
        msg_len += (size_t)n;
      } else if (n == 0 || (n < 0 && errno != EINTR)) {
        exec_open = false;
        close(exec_r);
        take_exec_message(msg, msg_len, t0, o);
      }
    }
    if (fds[1].revents & (POLLIN | POLLHUP | POLLERR)) {
      char extra;
      ssize_t n = rep_len < sizeof reps ? read(status_r, (char *)reps + rep_len, sizeof reps - rep_len) : read(status_r, &extra, 1);
      if (n > 0 && rep_len < sizeof reps) rep_len += (size_t)n;
      if (n == 0 || (n < 0 && errno != EINTR)) status_open = false;
      /* init's last word: it only exits after it (no need to wake up again for the end of file) */
      if (rep_len == sizeof reps) status_open = false;
    }
    ended = rep_len >= sizeof reps[0] && rep_->kind == REPORT_EXITED;
    if (o->exec_ok && !o->killed_by && status_open && !ended) {
      uint64_t t = now_ns(), used;
      uint64_t base = o->init_setup_cpu_ns + o->pre_exec_cpu_ns;
      if (cg->kind != CG_NONE && cg_cpu_ns(cg, &used) && used > base && used - base > c->cpu_ns) {
        kill(init, SIGKILL);
        o->killed_by = "cpu";
      } else if (t - o->exec_ns >= c->wall_ns) {
        kill(init, SIGKILL);
        o->killed_by = "wall";
      }
    }
  }
  close(status_r);
  if (exec_open) {
    /* init's last report came before the exec pipe's end was read (a program that failed its execve or
     * ran briefly, on a busy host): the program has ended, so all it wrote is in the pipe. Without this
     * a failed execve read as the program exiting with 127 (a runtime error, not a system error). */
    int flags = fcntl(exec_r, F_GETFL);
    if (flags >= 0) fcntl(exec_r, F_SETFL, flags | O_NONBLOCK);
    ssize_t n = 0;
    while (msg_len < sizeof msg - 1 && (n = read(exec_r, msg + msg_len, sizeof msg - 1 - msg_len)) > 0)
      msg_len += (size_t)n;
    msg[msg_len] = '\0';
    /* at the end of file the message is whole; otherwise only a failure line is sure */
    if (n == 0 || msg[0] == 'E' || strstr(msg, "\nE ")) take_exec_message(msg, msg_len, t0, o);
    close(exec_r);
  }
  o->end_ns = now_ns();
  if (rep_len >= sizeof reps[0]) {
    struct init_report rep = reps[0];
    if (rep.kind == REPORT_SETUP_ERROR) {
      rep.message[sizeof rep.message - 1] = '\0';
      set_error(o, "setup", "%s", rep.message);
    } else if (rep.kind == REPORT_EXITED) {
      o->exited = true;
      o->wait_status = rep.wait_status;
      o->usage = rep.usage;
      o->end_ns = rep.exit_ns;
      o->init_cpu_ns = rep.init_cpu_ns;
      o->work_full = rep.work_full != 0;
      o->memory_peak = rep.memory_peak;
      if (rep.memory_killed && !o->killed_by) o->killed_by = "memory";
    }
  }
  if (rep_len == sizeof reps && reps[1].kind == REPORT_COPIED) {
    o->init_cpu_ns = reps[1].init_cpu_ns; /* includes the copy-back, which is not the program's CPU */
    reps[1].message[sizeof reps[1].message - 1] = '\0';
    if (reps[1].message[0]) set_error(o, "work", "%s", reps[1].message);
  } else if (o->exited && !o->killed_by) {
    set_error(o, "work", "the sandbox's init ended before copying /w back");
  }
}

/* The writable files init staged (stage_writable_file): their content goes back to the host files, also
 * when the box was killed. The fds wait in the socket even after init has gone. */
static void copy_back_files(const struct config *c, int fdpass, struct outcome *o) {
  for (;;) {
    int index = -1, fd = -1;
    char control[CMSG_SPACE(sizeof(int))];
    struct iovec iov = {&index, sizeof index};
    struct msghdr msg = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = control, .msg_controllen = sizeof control};
    ssize_t n = recvmsg(fdpass, &msg, MSG_DONTWAIT | MSG_CMSG_CLOEXEC);
    if (n <= 0) return;
    struct cmsghdr *cm = CMSG_FIRSTHDR(&msg);
    if (cm && cm->cmsg_level == SOL_SOCKET && cm->cmsg_type == SCM_RIGHTS) memcpy(&fd, CMSG_DATA(cm), sizeof fd);
    if (fd < 0) continue;
    if (n == (ssize_t)sizeof index && index >= 0 && index < c->nbinds) {
      const char *host = c->binds[index].src;
      int out = open(host, O_WRONLY | O_TRUNC | O_NOFOLLOW | O_CLOEXEC);
      if (out < 0 || lseek(fd, 0, SEEK_SET) != 0 || copy_fd(fd, out) != 0)
        set_error(o, "work", "copy of %s back to the host: %s", c->binds[index].dst, strerror(errno));
      if (out >= 0) close(out);
    }
    close(fd);
  }
}

static int report_run(const struct config *c, struct outcome *o, struct cgroups *cg, pid_t init, int init_status,
                      const int std_fd[3], const bool keep_std[3]);

/* a warm helper's last run cgroup, removed after the report, and what of it could not be removed */
static struct cgroups g_done_cg;
static bool g_have_done;
static char g_pending[5][PATH_MAX];
static int g_npending;

static int run(struct config *c) {
  uint64_t t0 = now_ns();
  struct outcome o;
  memset(&o, 0, sizeof o);
  struct cgroups cg;
  memset(&cg, 0, sizeof cg);
  bool keep_std[3] = {false, false, false};
  pid_t init = -1;
  int init_status = 0;
  struct rusage init_usage;
  memset(&init_usage, 0, sizeof init_usage);
  int fdpass[2] = {-1, -1};

  const char *what = "cgroup";
  char what_path[PATH_MAX] = "";
  int err = cg_create(c, &cg, &what, what_path);
  if (err) {
    set_error(&o, "cgroup", "cgroup %s %s: %s", what, what_path, strerror(err));
  } else {
    int sync_p[2], exec_p[2], status_p[2];
    if (pipe2(sync_p, O_CLOEXEC) || pipe2(exec_p, O_CLOEXEC) || pipe2(status_p, O_CLOEXEC) ||
        socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, fdpass)) {
      set_error(&o, "setup", "pipe: %s", strerror(errno));
    } else {
      unsigned long flags = CLONE_NEWPID | CLONE_NEWNS | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS | (c->userns ? CLONE_NEWUSER : 0);
      bool into_cgroup;
      init = clone_init(flags, &cg, &into_cgroup);
      if (init == 0) {
        close(sync_p[1]);
        close(exec_p[0]);
        close(status_p[0]);
        close(fdpass[0]);
        init_main(c, &cg, sync_p[0], exec_p[1], status_p[1], fdpass[1], -1);
      }
      close(sync_p[0]);
      close(exec_p[1]);
      close(status_p[1]);
      close(fdpass[1]);
      if (init < 0) {
        set_error(&o, "clone", "clone: %s", strerror(errno));
        close(exec_p[0]);
        close(status_p[0]);
      } else {
        if (c->userns && (err = write_id_maps(init, c)) != 0) set_error(&o, "userns", "uid/gid map: %s", strerror(err));
        if (!o.phase && !into_cgroup && (err = cg_attach_pid(&cg, init)) != 0)
          set_error(&o, "cgroup", "cgroup attach: %s", strerror(err));
        if (o.phase) {
          kill(init, SIGKILL);
        } else if (!write_all(sync_p[1], "g", 1)) {
          set_error(&o, "setup", "release init: %s", strerror(errno));
        }
        close(sync_p[1]);
        release_stdio(keep_std);
        monitor(c, &cg, init, exec_p[0], status_p[0], t0, &o);
        while (wait4(init, &init_status, 0, &init_usage) < 0 && errno == EINTR) {
        }
        copy_back_files(c, fdpass[0], &o);
      }
      close(fdpass[0]);
    }
  }
  const int std_fd[3] = {0, 1, 2};
  return report_run(c, &o, &cg, init, init_status, std_fd, keep_std);
}

/* Reads what the run used from its cgroup, writes the JSON report, and removes the cgroup. */
static int report_run(const struct config *c, struct outcome *o_, struct cgroups *cgp, pid_t init, int init_status,
                      const int std_fd[3], const bool keep_std[3]) {
  struct outcome o = *o_;
  struct cgroups cg = *cgp;
  char left[5][PATH_MAX];
  int nleft = 0;
  char p[PATH_MAX];
  uint64_t peak = 0, oom_kills = 0, limit_hits = 0, pids_peak = 0, cpu_end = 0;
  bool have_peak = false, have_pids = false;
  bool have_cpu = cg.kind != CG_NONE && cg_cpu_ns(&cg, &cpu_end);
  if (cg.kind == CG_V1) {
    cg_file(p, cg.memory, "memory.max_usage_in_bytes");
    have_peak = read_u64_path(p, &peak);
    cg_file(p, cg.memory, "memory.oom_control");
    read_keyed(p, "oom_kill", &oom_kills);
    /* times the box's memory reached its limit. With the memsw limit set, kernel 6.18 counts neither
     * failcnt (measured: 0 and 0 after an OOM kill); the peak at the limit then says it (verdict.ts) */
    uint64_t memsw_hits = 0;
    cg_file(p, cg.memory, "memory.failcnt");
    read_u64_path(p, &limit_hits);
    cg_file(p, cg.memory, "memory.memsw.failcnt");
    if (read_u64_path(p, &memsw_hits)) limit_hits += memsw_hits;
    cg_file(p, cg.pids, "pids.peak");
    have_pids = read_u64_path(p, &pids_peak);
  } else if (cg.kind == CG_V2) {
    cg_file(p, cg.memory, "memory.peak"); /* kernel >= 5.19 (§8) */
    have_peak = read_u64_path(p, &peak);
    cg_file(p, cg.memory, "memory.events");
    read_keyed(p, "oom_kill", &oom_kills);
    read_keyed(p, "max", &limit_hits); /* times the box's memory was about to pass memory.max */
    cg_file(p, cg.memory, "pids.peak"); /* kernel >= 6.1 */
    have_pids = read_u64_path(p, &pids_peak);
  }
  /* The program's end is known when init reported it, or when we (or the OOM killer) killed the box.
   * Anything else means init died on its own: a sandbox failure, never a verdict on the program. */
  bool killed_whole = !o.exited && (o.killed_by != NULL || oom_kills > 0);
  if (init > 0 && o.exec_ok && !o.exited && !killed_whole)
    set_error(&o, "monitor", "the sandbox's init ended without reporting (wait status 0x%x)", (unsigned)init_status);

  struct json j = {.len = 0, .first = true};
  bool ok = o.phase == NULL;
  j_bool(&j, "ok", ok);
  j_u64(&j, "version", JAIL_VERSION);
  if (!ok) {
    j_str(&j, "phase", o.phase);
    j_str(&j, "error", o.error);
  }
  uint64_t cpu_ns = 0, not_program = 0;
  if (have_cpu && o.exec_ok) {
    /* everything the cgroup charged, minus init (setup and reaping) and the program's own setup before
     * execve; when init was killed it did nothing after the fork */
    not_program = (o.init_cpu_ns ? o.init_cpu_ns : o.init_setup_cpu_ns) + o.pre_exec_cpu_ns;
    cpu_ns = cpu_end > not_program ? cpu_end - not_program : 0;
  } else if (o.exited) {
    cpu_ns = (uint64_t)o.usage.ru_utime.tv_sec * 1000000000ULL + (uint64_t)o.usage.ru_utime.tv_usec * 1000ULL +
             (uint64_t)o.usage.ru_stime.tv_sec * 1000000000ULL + (uint64_t)o.usage.ru_stime.tv_usec * 1000ULL;
  }
  j_u64(&j, "cpuNs", cpu_ns);
  /* the kernel's share of that time (page faults, reclaim at the memory limit): verdict.ts tells a run
   * whose time went to getting memory from one whose time went to computing */
  uint64_t system_ns = 0;
  if (have_cpu && o.exec_ok) {
    if (cg.kind == CG_V1) {
      cg_file(p, cg.cpuacct, "cpuacct.usage_sys"); /* kernel >= 4.7 */
      read_u64_path(p, &system_ns);
    } else {
      uint64_t usec = 0;
      cg_file(p, cg.memory, "cpu.stat");
      if (read_keyed(p, "system_usec", &usec)) system_ns = usec * 1000ULL;
    }
    system_ns = system_ns > not_program ? system_ns - not_program : 0; /* init's setup is mostly kernel time */
  } else if (o.exited) {
    system_ns = (uint64_t)o.usage.ru_stime.tv_sec * 1000000000ULL + (uint64_t)o.usage.ru_stime.tv_usec * 1000ULL;
  }
  j_u64(&j, "systemNs", system_ns < cpu_ns ? system_ns : cpu_ns);
  j_u64(&j, "wallNs", o.exec_ok && o.end_ns > o.exec_ns ? o.end_ns - o.exec_ns : 0);
  j_u64(&j, "setupNs", o.setup_ns);

  uint64_t rss = o.exited ? (uint64_t)o.usage.ru_maxrss * 1024ULL : 0;
  /* without a cgroup: the program's ru_maxrss, or the box's sampled resident memory when larger */
  j_u64(&j, "memoryBytes", have_peak ? peak : rss > o.memory_peak ? rss : o.memory_peak);
  j_str(&j, "memorySource", have_peak ? "cgroup" : "rusage");
  j_u64(&j, "rssBytes", rss);
  j_u64(&j, "oomKills", oom_kills);
  j_u64(&j, "memoryLimitHits", limit_hits);
  if (have_pids && pids_peak > 0) pids_peak -= 1; /* init */
  j_opt_u64(&j, "processesPeak", have_pids, pids_peak);

  bool exited = o.exited && WIFEXITED(o.wait_status);
  bool signaled = (o.exited && WIFSIGNALED(o.wait_status)) || killed_whole;
  j_int_or_null(&j, "exitCode", exited, exited ? WEXITSTATUS(o.wait_status) : 0);
  j_int_or_null(&j, "signal", signaled, o.exited ? WTERMSIG(o.wait_status) : SIGKILL);
  j_str(&j, "killedBy", o.killed_by);

  bool output_exceeded = false;
  for (int fd = 1; fd <= 2; fd++) {
    struct stat st;
    bool have = keep_std[fd] && fstat(std_fd[fd], &st) == 0;
    if (have && (uint64_t)st.st_size > c->output_bytes) output_exceeded = true;
    j_opt_u64(&j, fd == 1 ? "stdoutBytes" : "stderrBytes", have, have ? (uint64_t)st.st_size : 0);
  }
  j_bool(&j, "outputExceeded", output_exceeded);
  j_bool(&j, "workFull", o.work_full);
  j_str(&j, "cgroup", cg.kind == CG_V1 ? "v1" : cg.kind == CG_V2 ? "v2" : "none");

  /* a warm helper removes the cgroup after reporting (the judge need not wait for it) and says what it
   * could not remove on its "C" line (serve) */
  if (!g_run_seq) nleft = cg_remove(&cg, left);
  j_str_array(&j, "cgroupLeftovers", left, nleft);
  if (g_run_seq) {
    /* the cgroup the helper makes next, ahead of its run (make_ahead): not a leftover */
    char ahead[160];
    snprintf(ahead, sizeof ahead, "%s-%ld-%u", c->cg_prefix, (long)getpid(), g_run_seq + 1);
    j_str(&j, "cgroupAhead", ahead);
  }
  j_raw(&j, "}\n");
  bool written = write_all(c->report_fd, j.buf, j.len);
  if (g_run_seq) {
    g_done_cg = cg; /* removed by serve once the box's init is reaped */
    g_have_done = true;
  }
  return written ? 0 : 3;
}


/* ---------- the warm helper: one per slot, serving runs one after another (issue 25) ---------- */

/*
 *   verdict-jail --serve [--ro SRC DST | --ro-try SRC DST]... -- /serve   (as root; fd 3: a unix socket
 *                                                                          to the judge; the system binds)
 *
 * Requests on fd 3: "R <length>\n" and that many bytes, the arguments of a one-run helper (its
 * argv[0] included), each ending with NUL, plus --stdin/--stdout/--stderr paths (the judge's
 * /proc/<pid>/fd/N or files) which the helper opens, or --stdout-pipe. Answers: "S\n" once the stdio
 * is open (the judge may close its copies); with --stdout-pipe "P N\n", our pipe's reading end as
 * fd N, which the judge opens as /proc/<our pid>/fd/N and acknowledges with "p"; the JSON report line;
 * "C {"cgroupLeftovers": [...]}\n" once the run's cgroup is removed and the next box is being
 * prepared. A "k" during a run aborts it. Other bytes between requests are skipped (a late "k").
 * The box of each run is prepared while the judge is busy elsewhere (warm_prepare_root); everything
 * else is the one-run helper's code.
 */
struct prepared {
  pid_t init;
  int exec_r, status_r, fdpass, req;
};

/* The next run's cgroup, made after a run with its options: used when the next run has the same
 * cgroup options (the same slot always has), with its own limits written. */
static struct {
  bool ready;
  struct cgroups cg;
  char key[8 * PATH_MAX];
} g_ahead;

/* What decides a run's cgroup dirs: parents, prefix and CPUs. */
static void cg_key(const struct config *c, char *out) {
  const char *parts[8] = {c->cg_v1_memory, c->cg_v1_cpuacct, c->cg_v1_pids, c->cg_v1_cpu,
                          c->cg_v1_cpuset, c->cg_v2,         c->cg_prefix,  c->cpus};
  size_t len = 0, cap = sizeof g_ahead.key;
  out[0] = '\0';
  for (int i = 0; i < 8; i++) {
    int n = snprintf(out + len, cap - len, "%s\n", parts[i] ? parts[i] : "");
    if (n < 0 || (size_t)n >= cap - len) break;
    len += (size_t)n;
  }
}

static void make_ahead(const struct config *c) {
  const char *what;
  char what_path[PATH_MAX];
  g_run_seq++;
  memset(&g_ahead.cg, 0, sizeof g_ahead.cg);
  g_ahead.ready = cg_create(c, &g_ahead.cg, &what, what_path) == 0;
  if (!g_ahead.ready) {
    char left[5][PATH_MAX];
    cg_remove(&g_ahead.cg, left);
  }
  cg_key(c, g_ahead.key);
}

static void prepared_drop(struct prepared *p) {
  if (p->init > 0) {
    kill(p->init, SIGKILL);
    while (waitpid(p->init, NULL, 0) < 0 && errno == EINTR) {
    }
  }
  p->init = -1;
  int *fds[4] = {&p->exec_r, &p->status_r, &p->fdpass, &p->req};
  for (int i = 0; i < 4; i++) {
    if (*fds[i] >= 0) close(*fds[i]);
    *fds[i] = -1;
  }
}

/*
 * The helper's own empty network namespace, which its boxes share instead of making one each (making and
 * tearing one down is the dearest namespace, and a kernel thread's work). Nothing of a run stays in it:
 * the box has no capability to configure it, and its sockets close when its processes die with the box.
 */
static bool g_own_netns;

/* Clones the next run's init, which prepares its box and waits for the request (init_main). */
static int prepare(struct prepared *p, struct config *base) {
  int exec_p[2] = {-1, -1}, status_p[2] = {-1, -1}, fdpass[2] = {-1, -1}, req[2] = {-1, -1};
  p->init = -1;
  p->exec_r = p->status_r = p->fdpass = p->req = -1;
  pid_t pid = -1;
  if (pipe2(exec_p, O_CLOEXEC) == 0 && pipe2(status_p, O_CLOEXEC) == 0 &&
      socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, fdpass) == 0 &&
      socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, req) == 0) {
    static const struct cgroups none = {.kind = CG_NONE, .cpu_fd = -1, .dir_fd = -1, .oom_fd = -1, .oom_control_fd = -1};
    unsigned long flags = CLONE_NEWPID | CLONE_NEWNS | CLONE_NEWIPC | CLONE_NEWUTS | (g_own_netns ? 0 : CLONE_NEWNET);
    pid = (pid_t)syscall(SYS_clone, flags | SIGCHLD, NULL, NULL, NULL, NULL);
    if (pid == 0) {
      close(exec_p[0]);
      close(status_p[0]);
      close(fdpass[0]);
      close(req[1]);
      init_main(base, &none, -1, exec_p[1], status_p[1], fdpass[1], req[0]);
    }
  }
  int err = pid < 0 ? errno : 0;
  int child_ends[4] = {exec_p[1], status_p[1], fdpass[1], req[0]};
  for (int i = 0; i < 4; i++)
    if (child_ends[i] >= 0) close(child_ends[i]);
  p->init = pid;
  p->exec_r = exec_p[0];
  p->status_r = status_p[0];
  p->fdpass = fdpass[0];
  p->req = req[1];
  if (err) prepared_drop(p);
  return err;
}

static bool send_request(struct prepared *p, const struct cgroups *cg, const char *blob, uint32_t len, uint32_t argc,
                         const int fds[3]) {
  if (p->init <= 0) return false;
  static struct warm_header h;
  memset(&h, 0, sizeof h);
  h.cg = *cg;
  h.argc = argc;
  h.len = len;
  char control[CMSG_SPACE(3 * sizeof(int))];
  memset(control, 0, sizeof control);
  struct iovec iov[2] = {{&h, sizeof h}, {(void *)blob, len}};
  struct msghdr msg = {.msg_iov = iov, .msg_iovlen = 2, .msg_control = control, .msg_controllen = sizeof control};
  struct cmsghdr *cm = CMSG_FIRSTHDR(&msg);
  cm->cmsg_level = SOL_SOCKET;
  cm->cmsg_type = SCM_RIGHTS;
  cm->cmsg_len = CMSG_LEN(3 * sizeof(int));
  memcpy(CMSG_DATA(cm), fds, 3 * sizeof(int));
  return sendmsg(p->req, &msg, MSG_NOSIGNAL) == (ssize_t)(sizeof h + len);
}

/* *reap: the box's init when it is still to be waited for (after the report: its namespaces are torn
 * down while the judge already has the result) */
static int serve_run(struct config *c, struct prepared *p, struct config *base, const char *blob, uint32_t len,
                     uint32_t argc, pid_t *reap) {
  uint64_t t0 = now_ns();
  struct outcome o;
  memset(&o, 0, sizeof o);
  struct cgroups cg;
  memset(&cg, 0, sizeof cg);
  cg.cpu_fd = cg.dir_fd = cg.oom_fd = cg.oom_control_fd = -1;
  int std_fd[3] = {-1, -1, -1};
  bool keep_std[3] = {false, false, false};
  pid_t init = -1;
  int init_status = 0;

  /* --stdout-pipe: a pipe of ours, whose reading end the judge opens as /proc/<our pid>/fd/N ("P N") */
  int out_pipe[2] = {-1, -1};
  if (c->stdout_pipe && pipe2(out_pipe, O_CLOEXEC) != 0) set_error(&o, "stdio", "pipe: %s", strerror(errno));
  /* non-blocking: a pipe whose other end is gone must not hang the helper (the program gets it cleared) */
  for (int fd = 0; fd <= 2 && !o.phase; fd++) {
    if (fd == 1 && out_pipe[1] >= 0) {
      std_fd[1] = out_pipe[1];
      continue;
    }
    const char *path = c->stdio_path[fd] ? c->stdio_path[fd] : "/dev/null";
    std_fd[fd] = open(path, (fd == 0 ? O_RDONLY : O_WRONLY) | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    struct stat st;
    if (std_fd[fd] < 0) set_error(&o, "stdio", "open %s: %s", path, strerror(errno));
    else keep_std[fd] = fstat(std_fd[fd], &st) == 0 && S_ISREG(st.st_mode);
  }
  if (!o.phase && !write_all(c->report_fd, "S\n", 2)) set_error(&o, "stdio", "the judge is gone");
  bool sent_pipe = false;
  if (!o.phase && out_pipe[0] >= 0) {
    char line[32];
    int n = snprintf(line, sizeof line, "P %d\n", out_pipe[0]);
    sent_pipe = write_all(c->report_fd, line, (size_t)n);
    if (!sent_pipe) set_error(&o, "stdio", "the judge is gone");
  }
  const char *what = "cgroup";
  char what_path[PATH_MAX] = "";
  int err = 0;
  char key[sizeof g_ahead.key];
  cg_key(c, key);
  if (!o.phase && g_ahead.ready && strcmp(key, g_ahead.key) == 0) {
    cg = g_ahead.cg;
    what = "limit";
    strcpy(what_path, cg.memory);
    err = cg_set_limits(c, &cg);
    if (!err && cg.kind == CG_V1 && c->memory_bytes && cg.oom_fd < 0) cg_watch_oom_v1(&cg);
  } else if (!o.phase) {
    g_run_seq++;
    err = cg_create(c, &cg, &what, what_path);
  }
  if (g_ahead.ready) {
    if (strcmp(key, g_ahead.key) != 0) {
      char left[5][PATH_MAX];
      cg_remove(&g_ahead.cg, left); /* empty: removable (else the sweep of the judge removes it later) */
    }
    g_ahead.ready = false;
  }
  if (err) set_error(&o, "cgroup", "cgroup %s %s: %s", what, what_path, strerror(err));
  for (int attempt = 0; !o.phase; attempt++) {
    /* the prepared box may have been killed while it waited: prepare another */
    int st;
    if (p->init > 0 && waitpid(p->init, &st, WNOHANG) == p->init) p->init = -1;
    bool sent = send_request(p, &cg, blob, len, argc, std_fd);
    if (!sent) {
      prepared_drop(p);
      sent = prepare(p, base) == 0 && send_request(p, &cg, blob, len, argc, std_fd);
    }
    if (!sent) {
      set_error(&o, "setup", "cannot hand the run to a prepared box: %s", strerror(errno));
      break;
    }
    init = p->init;
    monitor(c, &cg, init, p->exec_r, p->status_r, t0, &o);
    p->exec_r = p->status_r = -1; /* closed by monitor */
    p->init = -1;
    if (o.exited && !o.phase) {
      *reap = init; /* init reported the program's end and is leaving: the report needs no wait status */
      copy_back_files(c, p->fdpass, &o);
      break;
    }
    while (wait4(init, &init_status, 0, NULL) < 0 && errno == EINTR) {
    }
    /* a box killed from outside before its program started (dying while the request reached it): the
     * run has not begun, so it gets one more, new box and cgroup */
    if (attempt == 0 && !o.started && !o.killed_by && !g_abort && WIFSIGNALED(init_status) && !o.phase) {
      char left[5][PATH_MAX];
      prepared_drop(p);
      if (cg_remove(&cg, left) == 0) {
        memset(&o, 0, sizeof o);
        g_run_seq++;
        if ((err = cg_create(c, &cg, &what, what_path)) != 0)
          set_error(&o, "cgroup", "cgroup %s %s: %s", what, what_path, strerror(err));
        else if (prepare(p, base) == 0)
          continue;
      }
    }
    copy_back_files(c, p->fdpass, &o);
    break;
  }
  prepared_drop(p);
  /* a pipe is held until here (a run may be sent twice); a regular file is measured by the report */
  for (int fd = 0; fd <= 2; fd++) {
    if (std_fd[fd] >= 0 && !keep_std[fd]) close(std_fd[fd]);
    if (!keep_std[fd]) std_fd[fd] = -1;
  }
  /* our reading end goes once the judge has opened its own ("p"; it may not have read "P" yet when a
   * short run is over) */
  for (int waited = 0; out_pipe[0] >= 0 && sent_pipe && !o.pipe_adopted && waited < 100; waited++) {
    struct pollfd pf = {c->report_fd, POLLIN, 0};
    char cmd[16];
    if (poll(&pf, 1, 50) < 0 && errno != EINTR) break;
    ssize_t n = pf.revents ? read(c->report_fd, cmd, sizeof cmd) : -1;
    if (n == 0 || (n < 0 && pf.revents && errno != EINTR && errno != EAGAIN)) break; /* the judge is gone */
    if (n > 0 && memchr(cmd, 'p', (size_t)n)) o.pipe_adopted = true;
  }
  if (out_pipe[0] >= 0) close(out_pipe[0]);
  if (out_pipe[1] >= 0 && std_fd[1] != out_pipe[1] && !keep_std[1]) close(out_pipe[1]); /* never handed over */
  int rc = report_run(c, &o, &cg, init, init_status, std_fd, keep_std);
  for (int fd = 0; fd <= 2; fd++)
    if (std_fd[fd] >= 0) close(std_fd[fd]);
  return rc;
}

/* Reads one request ("R <length>\n" + bytes); 0 at end of file or on a signal to stop. */
static int read_request(int fd, char **blob, uint32_t *len) {
  char ch;
  uint64_t n = 0;
  int state = 0; /* 0: looking for R, 1: the space, 2: digits */
  for (;;) {
    ssize_t r = read(fd, &ch, 1);
    if (r < 0 && errno == EINTR && !g_abort) continue;
    if (r <= 0) return 0;
    if (state == 0) {
      if (ch == 'R') state = 1;
    } else if (state == 1) {
      state = ch == ' ' ? 2 : 0;
    } else if (ch >= '0' && ch <= '9' && n < (1U << 20)) {
      n = n * 10 + (uint64_t)(ch - '0');
    } else if (ch == '\n' && n > 0 && n < (1U << 20)) {
      break;
    } else {
      return 0; /* not our protocol: stop */
    }
  }
  *blob = malloc(n);
  if (!*blob) return 0;
  for (uint64_t got = 0; got < n;) {
    ssize_t r = read(fd, *blob + got, n - got);
    if (r < 0 && errno == EINTR && !g_abort) continue;
    if (r <= 0) {
      free(*blob);
      return 0;
    }
    got += (uint64_t)r;
  }
  *len = (uint32_t)n;
  return 1;
}

static int serve(struct config *base) {
  if (geteuid() != 0) usage_error(3, "--serve needs root (a user namespace box is made per run)");
  static struct config c;
  struct prepared p;
  g_own_netns = unshare(CLONE_NEWNET) == 0;
  prepare(&p, base); /* a failure shows at the first run, which prepares again */
  while (!g_abort) {
    char *blob;
    uint32_t len, argc = 0;
    if (!read_request(3, &blob, &len)) break;
    for (uint32_t i = 0; i < len; i++) argc += blob[i] == '\0';
    char **argv = split_args(blob, len, argc);
    if (!argv) usage_error(3, "malformed request");
    memset(&c, 0, sizeof c);
    parse_args(&c, (int)argc, argv);
    pid_t reap = -1;
    int rc = serve_run(&c, &p, base, blob, len, argc, &reap);
    if (rc == 0 && !g_abort) {
      prepare(&p, base);
      make_ahead(&c); /* c's strings live in blob: before it is freed */
    }
    free(argv);
    free(blob);
    while (reap > 0 && waitpid(reap, NULL, 0) < 0 && errno == EINTR) {
    }
    /* rc: the report could not be written, the judge is gone; else one try: what is still busy goes to
     * the judge's janitor, which retries without holding the next run up */
    bool leaving = rc != 0 || g_abort;
    if (g_have_done) g_npending = cg_remove_tries(&g_done_cg, g_pending, leaving ? 20 : 1);
    g_have_done = false;
    if (leaving) break;
    /* "C": the last run is cleaned up and the next box is ready (the judge's settle() waits for it) */
    struct json j = {.len = 0, .first = true};
    j_str_array(&j, "cgroupLeftovers", g_pending, g_npending);
    j_raw(&j, "}\n");
    g_npending = 0;
    if (!write_all(3, "C ", 2) || !write_all(3, j.buf, j.len)) break;
  }
  prepared_drop(&p);
  if (g_ahead.ready) {
    char left[5][PATH_MAX];
    cg_remove(&g_ahead.cg, left);
  }
  return 0;
}

int main(int argc, char **argv) {
  if (argc == 2 && strcmp(argv[1], "--version") == 0) {
    printf("verdict-jail %d\n", JAIL_VERSION);
    return 0;
  }
  if (argc == 2 && strcmp(argv[1], "--probe") == 0) return probe();

  /* --serve <system binds> -- /serve: the warm helper (its runs' options come with each request) */
  bool warm = argc >= 2 && strcmp(argv[1], "--serve") == 0;
  static struct config c; /* large (bind link buffers): keep it off the stack */
  if (warm)
    parse_args(&c, argc - 1, argv + 1);
  else
    parse_args(&c, argc, argv);
  g_args_start = argv[0];
  g_args_end = argv[argc - 1] + strlen(argv[argc - 1]) + 1;

  /* if the judge dies, we get SIGTERM, kill the box and still clean up the cgroup */
  pid_t parent = getppid();
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_abort;
  sigaction(SIGTERM, &sa, NULL);
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGHUP, &sa, NULL);
  signal(SIGPIPE, SIG_IGN);
  prctl(PR_SET_PDEATHSIG, SIGTERM);
  if (getppid() != parent) g_abort = SIGTERM;
  return warm ? serve(&c) : run(&c);
}
