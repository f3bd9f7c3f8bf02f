import type { CompileStep, LanguageSpec, RunStep } from './types.ts';

/**
 * Every language of reference §8.4, as data. Departures from HOJ's language.yml, each for a reason:
 * - locale C.UTF-8 instead of en_US.UTF-8: always present on Debian (en_US needs the locales package);
 * - HOME=/tmp: the box's own tmpfs, writable during runs where /w is read-only;
 * - Java is compiled to classes in /w instead of a jar (a second JVM start per compile for nothing),
 *   and runs with -Xmx/-Xss/SerialGC/one CPU (sandbox.md §7.3: the JVM cannot see its cgroup), big arrays
 *   pretenured on huge pages (issue 25: a full heap is OutOfMemoryError, MLE, not a TLE of copying);
 * - Python compiles to main.pyc (the __pycache__ name depends on the interpreter version);
 * - Go builds with CGO_ENABLED=0 (no C toolchain needed at run time, faster builds);
 * - Node gets --max-old-space-size so heap exhaustion is reported as MLE, like Java's;
 * - Rust compiles main.rs (HOJ's "Main.cs" is a typo).
 */

const PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
const LOCALE = { LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8', LANGUAGE: 'en_US:en' };
/** reference §8.4 "default" environment. */
const DEFAULT_ENV = { PATH, ...LOCALE, HOME: '/tmp' };
/** reference §8.4 "python3" environment (plus no bytecode writes into the read-only /w). */
const PYTHON_ENV = { ...LOCALE, HOME: '/tmp', PYTHONIOENCODING: 'utf-8', PYTHONDONTWRITEBYTECODE: '1' };
/** reference §8.4 "golang_compile": caches live in the box's tmpfs, not in /w. */
const GO_COMPILE_ENV = {
  ...DEFAULT_ENV,
  GOCACHE: '/tmp/go-cache',
  GOPATH: '/tmp/go',
  GO111MODULE: 'auto',
  CGO_ENABLED: '0',
};
/** reference §8.4 "golang_run": return freed memory so the cgroup peak is fair (sandbox.md §7.3). */
const GO_RUN_ENV = { ...DEFAULT_ENV, GOCACHE: 'off', GODEBUG: 'madvdontneed=1' };

/** reference §8.4 compile limits (cpu / real / memory). */
const SMALL_COMPILE = { cpuTimeMs: 5_000, wallTimeMs: 10_000, memoryMb: 256 };
const MEDIUM_COMPILE = { cpuTimeMs: 5_000, wallTimeMs: 10_000, memoryMb: 512 };
const LARGE_COMPILE = { cpuTimeMs: 10_000, wallTimeMs: 20_000, memoryMb: 512 };

const compileStep = (
  argv: string[],
  limits: Omit<CompileStep, 'argv' | 'env'>,
  env: Record<string, string> = DEFAULT_ENV,
): CompileStep => ({ argv, env, ...limits });

const nativeRun: RunStep = { argv: ['{workDir}/{exe}'], env: DEFAULT_ENV, seccomp: 'strict' };

/** Python's py_compile, exiting 1 with the bare syntax error (no traceback of py_compile itself). */
const PY_COMPILE_SCRIPT = [
  'import py_compile, sys',
  'try:',
  '    py_compile.compile("{src}", cfile="{exe}", doraise=True)',
  'except py_compile.PyCompileError as e:',
  '    sys.stderr.write(e.msg)',
  '    sys.exit(1)',
].join('\n');

// ---- self-test programs: read two integers, print their sum ----

const C_AB =
  '#include <stdio.h>\nint main(void) {\n  long long a, b;\n  if (scanf("%lld %lld", &a, &b) != 2) return 1;\n  printf("%lld\\n", a + b);\n  return 0;\n}\n';
const CPP_AB =
  '#include <iostream>\nint main() {\n  long long a, b;\n  std::cin >> a >> b;\n  std::cout << a + b << std::endl;\n  return 0;\n}\n';
const JAVA_AB =
  'import java.util.Scanner;\n\npublic class Main {\n  public static void main(String[] args) {\n    Scanner in = new Scanner(System.in);\n    long a = in.nextLong(), b = in.nextLong();\n    System.out.println(a + b);\n  }\n}\n';
const PYTHON3_AB = 'a, b = map(int, input().split())\nprint(a + b)\n';
const PYTHON2_AB = 'a, b = map(int, raw_input().split())\nprint a + b\n';
const GO_AB =
  'package main\n\nimport "fmt"\n\nfunc main() {\n\tvar a, b int64\n\tfmt.Scan(&a, &b)\n\tfmt.Println(a + b)\n}\n';
const CSHARP_AB =
  "using System;\n\npublic class Program {\n  public static void Main() {\n    string[] s = Console.ReadLine().Split(new[] { ' ' }, StringSplitOptions.RemoveEmptyEntries);\n    Console.WriteLine(long.Parse(s[0]) + long.Parse(s[1]));\n  }\n}\n";
const PHP_AB = '<?php\nfscanf(STDIN, "%d %d", $a, $b);\necho $a + $b, "\\n";\n';
const NODE_AB =
  "const s = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(Number);\nconsole.log(s[0] + s[1]);\n";
const V8_AB = 'const s = readline().trim().split(/\\s+/).map(Number);\nprint(s[0] + s[1]);\n';
const RUBY_AB = 'a, b = gets.split.map(&:to_i)\nputs a + b\n';
const RUST_AB =
  'use std::io::Read;\n\nfn main() {\n    let mut s = String::new();\n    std::io::stdin().read_to_string(&mut s).unwrap();\n    let v: Vec<i64> = s.split_whitespace().map(|x| x.parse().unwrap()).collect();\n    println!("{}", v[0] + v[1]);\n}\n';
/** Checkers and interactors are self-tested with an A+B program too: it proves the compiler works. */

// ---- C and C++ (factor 1) ----

function gccFamily(
  name: string,
  compiler: 'gcc' | 'g++',
  std: string,
  o2: boolean,
  limits: Omit<CompileStep, 'argv' | 'env'>,
): LanguageSpec {
  const source = compiler === 'gcc' ? 'main.c' : 'main.cpp';
  const flags = ['-DONLINE_JUDGE', '-w', '-fmax-errors=1', `-std=${std}`, ...(o2 ? ['-O2'] : [])];
  return {
    name,
    description: compiler === 'gcc' ? 'GCC' : 'G++',
    role: 'user',
    sourceName: source,
    executableName: 'main',
    compile: compileStep([`/usr/bin/${compiler}`, ...flags, '{src}', '-lm', '-o', '{exe}'], limits),
    // C++'s all-in-one header costs most of an A+B compile: precompiled once with these very flags
    ...(compiler === 'g++'
      ? {
          precompiledHeader: {
            header: 'bits/stdc++.h',
            argv: [`/usr/bin/${compiler}`, ...flags, '-x', 'c++-header', '{src}', '-o', '{exe}'],
          },
        }
      : {}),
    run: nativeRun,
    factor: 1,
    requires: [`/usr/bin/${compiler}`],
    debianPackages: [compiler],
    selfTest: compiler === 'gcc' ? C_AB : CPP_AB,
  };
}

/** reference §8.4: checkers and interactors, compiled with -O2 -fmax-errors=3. */
function judgeProgram(role: 'checker' | 'interactor', compiler: 'gcc' | 'g++'): LanguageSpec {
  const base = role === 'checker' ? 'spj' : 'interactive';
  const isC = compiler === 'gcc';
  return {
    name: `${role === 'checker' ? 'SPJ' : 'INTERACTIVE'}-${isC ? 'C' : 'C++'}`,
    description: isC ? 'GCC' : 'G++',
    role,
    sourceName: `${base}.${isC ? 'c' : 'cpp'}`,
    executableName: base,
    compile: compileStep(
      [
        `/usr/bin/${compiler}`,
        '-DONLINE_JUDGE',
        '-O2',
        '-w',
        '-fmax-errors=3',
        `-std=${isC ? 'c11' : 'c++14'}`,
        '{src}',
        '-lm',
        '-o',
        '{exe}',
      ],
      isC ? LARGE_COMPILE : { cpuTimeMs: 15_000, wallTimeMs: 30_000, memoryMb: 512 },
    ),
    // The checker's arguments (input, user output, answer) are appended by the grader (§8.7).
    run: { argv: ['{workDir}/{exe}'], env: DEFAULT_ENV, seccomp: 'default' },
    factor: 1,
    requires: [`/usr/bin/${compiler}`],
    debianPackages: [compiler],
    selfTest: isC ? C_AB : CPP_AB,
  };
}

/** Debian 12 dropped Python 2 and PyPy 2; HOJ's judge image builds them itself. */
const NO_PYTHON2 =
  'Debian 12 has no package for it (Python 2 was removed); install the interpreter at that path by hand';

function python(
  name: string,
  interpreter: string,
  selfTest: string,
  debianPackages: string[],
  manualInstall?: string,
): LanguageSpec {
  return {
    name,
    description: name,
    role: 'user',
    sourceName: 'main.py',
    executableName: 'main.pyc',
    compile: compileStep([interpreter, '-c', PY_COMPILE_SCRIPT], SMALL_COMPILE, PYTHON_ENV),
    run: { argv: [interpreter, '{workDir}/{exe}'], env: PYTHON_ENV, seccomp: 'default' },
    factor: 2,
    requires: [interpreter],
    debianPackages,
    ...(manualInstall ? { manualInstall } : {}),
    selfTest,
  };
}

function interpreted(
  name: string,
  sourceName: string,
  argv: string[],
  requires: string[],
  debianPackages: string[],
  selfTest: string,
  extra: Partial<LanguageSpec> = {},
): LanguageSpec {
  return {
    name,
    description: name,
    role: 'user',
    sourceName,
    executableName: sourceName,
    compile: null,
    run: { argv, env: DEFAULT_ENV, seccomp: 'default' },
    factor: 2,
    requires,
    debianPackages,
    selfTest,
    ...extra,
  };
}

export const LANGUAGES: readonly LanguageSpec[] = [
  gccFamily('C', 'gcc', 'c11', false, SMALL_COMPILE),
  gccFamily('C With O2', 'gcc', 'c11', true, SMALL_COMPILE),
  gccFamily('C++', 'g++', 'c++14', false, LARGE_COMPILE),
  gccFamily('C++ With O2', 'g++', 'c++14', true, LARGE_COMPILE),
  gccFamily('C++ 17', 'g++', 'c++17', false, LARGE_COMPILE),
  gccFamily('C++ 17 With O2', 'g++', 'c++17', true, LARGE_COMPILE),
  gccFamily('C++ 20', 'g++', 'c++20', false, LARGE_COMPILE),
  gccFamily('C++ 20 With O2', 'g++', 'c++20', true, LARGE_COMPILE),
  {
    name: 'Java',
    description: 'OpenJDK',
    role: 'user',
    sourceName: 'Main.java',
    executableName: 'Main.class',
    compile: compileStep(
      [
        '/usr/bin/javac',
        '-J-Xmx384m',
        '-J-XX:+UseSerialGC',
        '-J-XX:TieredStopAtLevel=1',
        '-J-XX:ActiveProcessorCount=1',
        '-encoding',
        'utf-8',
        '-d',
        '{workDir}',
        '{src}',
      ],
      LARGE_COMPILE,
    ),
    run: {
      argv: [
        '/usr/bin/java',
        '-Dfile.encoding=UTF-8',
        '-XX:+UseSerialGC',
        '-XX:ActiveProcessorCount=1',
        // issue 25, MLE is MLE: arrays of 1 MiB and more go straight to the old generation (no copying
        // by young collections), whose share of the heap is 8/9, on transparent huge pages where the
        // host allows them: a program filling the heap meets OutOfMemoryError (MLE) in a fraction of
        // its time instead of spending it copying and faulting pages in, just under the box's limit (TLE)
        '-XX:PretenureSizeThreshold=1m',
        '-XX:NewRatio=8',
        '-XX:+UseTransparentHugePages',
        '-Xmx{memoryMb}m',
        '-Xss{stackMb}m',
        '-cp',
        '{workDir}',
        'Main',
      ],
      env: DEFAULT_ENV,
      seccomp: 'default',
    },
    factor: 2,
    requires: ['/usr/bin/javac', '/usr/bin/java'],
    debianPackages: ['openjdk-17-jdk-headless'],
    // the JDK's conf/ links into /etc (sandbox.md §7.2); Debian 12 ships 17, later releases 21
    binds: [
      { source: '/etc/java-17-openjdk', target: '/etc/java-17-openjdk', optional: true },
      { source: '/etc/java-21-openjdk', target: '/etc/java-21-openjdk', optional: true },
      // the JVM reads whether the host offers transparent huge pages here (-XX:+UseTransparentHugePages)
      {
        source: '/sys/kernel/mm/transparent_hugepage',
        target: '/sys/kernel/mm/transparent_hugepage',
        optional: true,
      },
    ],
    // "unable to create native thread" is the process limit, not memory: it stays a runtime error
    outOfMemoryMarker: /java\.lang\.OutOfMemoryError(?!: unable to create native thread)/,
    selfTest: JAVA_AB,
  },
  python('Python2', '/usr/bin/python2', PYTHON2_AB, [], NO_PYTHON2),
  python('Python3', '/usr/bin/python3', PYTHON3_AB, ['python3']),
  python('PyPy2', '/usr/bin/pypy', PYTHON2_AB, [], NO_PYTHON2),
  python('PyPy3', '/usr/bin/pypy3', PYTHON3_AB, ['pypy3']),
  {
    name: 'Golang',
    description: 'Go',
    role: 'user',
    sourceName: 'main.go',
    executableName: 'main',
    compile: compileStep(['/usr/bin/go', 'build', '-o', '{exe}', '{src}'], MEDIUM_COMPILE, GO_COMPILE_ENV),
    run: { argv: ['{workDir}/{exe}'], env: GO_RUN_ENV, seccomp: 'default' },
    factor: 2,
    requires: ['/usr/bin/go'],
    debianPackages: ['golang-go'],
    selfTest: GO_AB,
  },
  {
    name: 'C#',
    description: 'C# Mono',
    role: 'user',
    sourceName: 'Main.cs',
    executableName: 'main',
    compile: compileStep(['/usr/bin/mcs', '-optimize+', '-out:{exe}', '{src}'], MEDIUM_COMPILE),
    run: { argv: ['/usr/bin/mono', '{workDir}/{exe}'], env: DEFAULT_ENV, seccomp: 'default' },
    factor: 2,
    requires: ['/usr/bin/mcs', '/usr/bin/mono'],
    debianPackages: ['mono-mcs', 'mono-runtime'],
    binds: [{ source: '/etc/mono', target: '/etc/mono', optional: true }],
    selfTest: CSHARP_AB,
  },
  interpreted('PHP', 'main.php', ['/usr/bin/php', '{workDir}/{exe}'], ['/usr/bin/php'], ['php-cli'], PHP_AB, {
    binds: [{ source: '/etc/php', target: '/etc/php', optional: true }],
    // hosts whose php.ini sets memory_limit: PHP's own limit is a memory limit too
    outOfMemoryMarker: /Allowed memory size of \d+ bytes exhausted/,
  }),
  interpreted(
    'JavaScript Node',
    'main.js',
    ['/usr/bin/node', '--max-old-space-size={memoryMb}', '{workDir}/{exe}'],
    ['/usr/bin/node'],
    ['nodejs'],
    NODE_AB,
    { outOfMemoryMarker: /JavaScript heap out of memory/ },
  ),
  interpreted(
    'JavaScript V8',
    'main.js',
    ['/usr/bin/jsv8/d8', '{workDir}/{exe}'],
    ['/usr/bin/jsv8/d8'],
    [],
    V8_AB,
    {
      manualInstall:
        "Debian packages no d8 (V8's shell); build it from V8's sources and put it at that path, as HOJ's judge image does",
    },
  ),
  interpreted('Ruby', 'main.rb', ['/usr/bin/ruby', '{workDir}/{exe}'], ['/usr/bin/ruby'], ['ruby'], RUBY_AB),
  {
    name: 'Rust',
    description: 'Rust',
    role: 'user',
    sourceName: 'main.rs',
    executableName: 'main',
    compile: compileStep(['/usr/bin/rustc', '-O', '-o', '{exe}', '{src}'], MEDIUM_COMPILE),
    run: nativeRun,
    factor: 2,
    requires: ['/usr/bin/rustc'],
    debianPackages: ['rustc'],
    selfTest: RUST_AB,
  },
  judgeProgram('checker', 'gcc'),
  judgeProgram('checker', 'g++'),
  judgeProgram('interactor', 'gcc'),
  judgeProgram('interactor', 'g++'),
];
