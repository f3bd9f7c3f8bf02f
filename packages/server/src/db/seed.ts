import { randomBytes } from 'node:crypto';
import {
  ATCODER_LANGUAGES,
  LIBREOJ_LANGUAGES,
  PERMISSIONS,
  ROLE_PERMISSION_IDS,
  ROLES,
  SITE_DEPENDENT_SWITCHES,
  SWITCH_DEFAULTS,
  SPOJ_LANGUAGES,
} from '@verdict/shared';
import { eq, sql } from 'drizzle-orm';
import { SCHEMA_LOCK_KEY, type Db } from './client.ts';
import { codeMirrorModeOf } from './remote-language-modes.ts';
import {
  auth,
  category,
  language,
  problem,
  problemCase,
  problemLanguage,
  role,
  roleAuth,
  systemConfig,
  userInfo,
  userRecord,
  userRole,
} from './schema/index.ts';

export interface SeedOptions {
  hashPassword: (plain: string) => Promise<string>;
  /** root's password on a fresh database; a random one is generated (and returned) when absent */
  rootPassword?: string;
  /** the site address in mails (reset links) until an admin sets it; default http://localhost:8080 */
  baseUrl?: string;
}

type NewLanguage = typeof language.$inferInsert;

/**
 * Puts in the rows a Verdict site needs (ref §4.8), in one transaction. Safe on every start: it only
 * inserts what is missing and never changes an existing row. Starter content that admins may edit or
 * delete later (role permissions, discussion categories, the sample problem) is created only on the
 * first run, recognised by the roles being absent, so a deletion stays deleted.
 */
export async function seedDatabase(
  db: Db,
  opts: SeedOptions,
): Promise<{ createdRootPassword: string | null }> {
  return db.transaction(async (tx) => {
    // Several servers may start together on one PostgreSQL; the first seeds, the others then find it done.
    await tx.execute(sql`select pg_advisory_xact_lock(${SCHEMA_LOCK_KEY})`);
    const firstRun = await seedRolesAndPermissions(tx);
    await seedSystemConfig(tx, opts.baseUrl ?? 'http://localhost:8080');
    await tx.insert(language).values(LANGUAGES).onConflictDoNothing();
    const root = await seedRoot(tx, opts);
    if (firstRun) {
      await tx.insert(category).values(CATEGORY_NAMES.map((name) => ({ name })));
      await seedSampleProblem(tx, root.username);
    }
    return { createdRootPassword: root.createdPassword };
  });
}

/** ref §2: roles 1000–1008, permissions 1–14 and, for roles created now, their permissions. */
async function seedRolesAndPermissions(tx: Db): Promise<boolean> {
  const createdRoles = await tx
    .insert(role)
    .values(Object.values(ROLES).map(({ id, role, description }) => ({ id, role, description })))
    .onConflictDoNothing()
    .returning({ id: role.id, role: role.role });
  await tx
    .insert(auth)
    .values(PERMISSIONS.map(({ id, permission }) => ({ id, permission, name: permission.split('_')[0] })))
    .onConflictDoNothing();
  const grants = createdRoles.flatMap((created) =>
    (ROLE_PERMISSION_IDS[created.role as keyof typeof ROLE_PERMISSION_IDS] ?? []).map((authId) => ({
      roleId: created.id,
      authId,
    })),
  );
  if (grants.length > 0) await tx.insert(roleAuth).values(grants).onConflictDoNothing();
  return createdRoles.some((created) => created.id === ROLES.root.id);
}

/** ref §7.14 defaults (HOJ kept these in Nacos). The remote judge account lists are not config here. */
async function seedSystemConfig(tx: Db, baseUrl: string): Promise<void> {
  const web = {
    name: 'Verdict Online Judge',
    shortName: 'Verdict',
    baseUrl,
    description: 'Verdict is an open-source online judge: problems, contests, trainings and groups.',
    register: true,
    recordName: '',
    recordUrl: '',
    projectName: 'Verdict',
    projectUrl: '',
    emailHost: '',
    emailPort: 465,
    emailSsl: true,
    emailUsername: '',
    emailPassword: '',
    emailBGImg: '',
  };
  await tx
    .insert(systemConfig)
    .values([
      { name: 'web', value: web },
      // reference §7.14: the one list of switches and their defaults, so a new switch is seeded too;
      // a site-dependent one is not: unset, it follows the site (issue 24 item 7)
      { name: 'switch', value: seededSwitches() },
    ])
    .onConflictDoNothing();
}

/**
 * ref §4.8: the super admin `root` (uuid '1', role 1000, with its user_record), created only while no user
 * is named root. HOJ's fixed default password is replaced by the given or a random one.
 */
async function seedRoot(
  tx: Db,
  opts: SeedOptions,
): Promise<{ username: string; createdPassword: string | null }> {
  const username = 'root';
  const [existing] = await tx
    .select({ uuid: userInfo.uuid })
    .from(userInfo)
    .where(eq(userInfo.username, username));
  if (existing) return { username, createdPassword: null };

  const generated = opts.rootPassword === undefined ? randomBytes(12).toString('base64url') : null;
  const password = await opts.hashPassword(opts.rootPassword ?? generated!);
  // uuid '1' as in HOJ, unless a renamed former root still holds it
  const [taken] = await tx.select({ uuid: userInfo.uuid }).from(userInfo).where(eq(userInfo.uuid, '1'));
  const uid = taken ? randomBytes(16).toString('hex') : '1';
  await tx.insert(userInfo).values({ uuid: uid, username, password });
  await tx.insert(userRecord).values({ uid });
  await tx.insert(userRole).values({ uid, roleId: ROLES.root.id });
  return { username, createdPassword: generated };
}

/** "A + B Problem" (P1000) with two typed test cases, open to every local language. */
async function seedSampleProblem(tx: Db, author: string): Promise<void> {
  const [created] = await tx
    .insert(problem)
    .values({
      problemId: 'P1000',
      title: 'A + B Problem',
      author,
      type: 0,
      auth: 1,
      timeLimit: 1000,
      memoryLimit: 256,
      description:
        'Read two integers $a$ and $b$ and print their sum $a + b$.\n\n输入两个整数 $a$、$b$，输出 $a + b$。',
      input:
        'One line with two integers $a$ and $b$ ($|a|, |b| \\le 10^9$, so the sum fits in a 32-bit integer), separated by a space.',
      output: 'One integer: $a + b$.',
      examples: '<input>1 2</input><output>3</output><input>-7 10</input><output>3</output>',
      isUploadCase: false,
      caseVersion: String(Date.now()),
    })
    .returning({ id: problem.id });
  const pid = created!.id;
  await tx.insert(problemCase).values([
    { pid, input: '1 2\n', output: '3\n' },
    { pid, input: '1000000000 999999999\n', output: '1999999999\n' },
  ]);
  const local = await tx.select({ id: language.id }).from(language).where(eq(language.oj, 'ME'));
  await tx.insert(problemLanguage).values(local.map(({ id }) => ({ pid, lid: id })));
}

/** ref §4.6 discussion categories: chat, solutions, help, suggestions, notes. */
const CATEGORY_NAMES = ['闲聊', '题解', '求助', '建议', '记录'];

const C_APLUSB = `#include <stdio.h>

int main(void) {
    int a, b;
    scanf("%d %d", &a, &b);
    printf("%d\\n", a + b);
    return 0;
}
`;

const CPP_APLUSB = `#include <iostream>
using namespace std;

int main() {
    int a, b;
    cin >> a >> b;
    cout << a + b << endl;
    return 0;
}
`;

const PYTHON3_APLUSB = `a, b = map(int, input().split())
print(a + b)
`;

const PYTHON2_APLUSB = `a, b = map(int, raw_input().split())
print a + b
`;

/** A local language row; `{src_path}` / `{exe_path}` as in ref §8.4. */
function local(
  name: string,
  contentType: string,
  description: string,
  compileCommand: string | null,
  template: string,
  isSpj = false,
): NewLanguage {
  return { oj: 'ME', name, contentType, description, compileCommand, template, isSpj };
}

const gcc = (std: string, o2: boolean) =>
  `/usr/bin/gcc -DONLINE_JUDGE${o2 ? ' -O2' : ''} -w -fmax-errors=1 -std=${std} {src_path} -lm -o {exe_path}`;
const gxx = (std: string, o2: boolean) =>
  `/usr/bin/g++ -DONLINE_JUDGE${o2 ? ' -O2' : ''} -w -fmax-errors=1 -std=${std} {src_path} -lm -o {exe_path}`;

/**
 * ref §8.4: the local languages (18 in HOJ's SQL, plus Ruby and Rust that HOJ adds at start-up), in the
 * order users see them. Descriptions name the toolchain without a version: versions depend on the judge
 * host, and each worker reports the languages it offers (judge_server.languages). C and C++ may be used
 * for checkers and interactors (is_spj); HOJ keeps no separate checker rows.
 */
const LOCAL_LANGUAGES: NewLanguage[] = [
  local('C', 'text/x-csrc', 'GCC (C11)', gcc('c11', false), C_APLUSB, true),
  local('C With O2', 'text/x-csrc', 'GCC (C11, -O2)', gcc('c11', true), C_APLUSB),
  local('C++', 'text/x-c++src', 'G++ (C++14)', gxx('c++14', false), CPP_APLUSB, true),
  local('C++ With O2', 'text/x-c++src', 'G++ (C++14, -O2)', gxx('c++14', true), CPP_APLUSB),
  local('C++ 17', 'text/x-c++src', 'G++ (C++17)', gxx('c++17', false), CPP_APLUSB),
  local('C++ 17 With O2', 'text/x-c++src', 'G++ (C++17, -O2)', gxx('c++17', true), CPP_APLUSB),
  local('C++ 20', 'text/x-c++src', 'G++ (C++20)', gxx('c++20', false), CPP_APLUSB),
  local('C++ 20 With O2', 'text/x-c++src', 'G++ (C++20, -O2)', gxx('c++20', true), CPP_APLUSB),
  local(
    'Java',
    'text/x-java',
    'OpenJDK',
    '/bin/bash -c "javac -encoding utf-8 Main.java && jar -cvf Main.jar *.class"',
    `import java.util.Scanner;

public class Main {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        int a = in.nextInt(), b = in.nextInt();
        System.out.println(a + b);
    }
}
`,
  ),
  local('Python3', 'text/x-python', 'CPython 3', '/usr/bin/python3 -m py_compile {src_path}', PYTHON3_APLUSB),
  local(
    'Python2',
    'text/x-python',
    'CPython 2.7',
    '/usr/bin/python2 -m py_compile {src_path}',
    PYTHON2_APLUSB,
  ),
  local('PyPy3', 'text/x-python', 'PyPy 3', '/usr/bin/pypy3 -m py_compile {src_path}', PYTHON3_APLUSB),
  local('PyPy2', 'text/x-python', 'PyPy 2.7', '/usr/bin/pypy -m py_compile {src_path}', PYTHON2_APLUSB),
  local(
    'Golang',
    'text/x-go',
    'Go',
    '/usr/bin/go build -o {exe_path} {src_path}',
    `package main

import "fmt"

func main() {
\tvar a, b int
\tfmt.Scan(&a, &b)
\tfmt.Println(a + b)
}
`,
  ),
  local(
    'C#',
    'text/x-csharp',
    'C# (Mono)',
    '/usr/bin/mcs -optimize+ -out:{exe_path} {src_path}',
    `using System;
using System.Linq;

class Program {
    static void Main() {
        int[] v = Console.ReadLine().Split(new[] { ' ' }, StringSplitOptions.RemoveEmptyEntries)
            .Select(int.Parse).ToArray();
        Console.WriteLine(v[0] + v[1]);
    }
}
`,
  ),
  local(
    'PHP',
    'text/x-php',
    'PHP',
    null,
    `<?php
fscanf(STDIN, "%d %d", $a, $b);
echo $a + $b, PHP_EOL;
`,
  ),
  local(
    'JavaScript Node',
    'text/javascript',
    'Node.js',
    null,
    `const [a, b] = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(Number);
console.log(a + b);
`,
  ),
  local(
    'JavaScript V8',
    'text/javascript',
    'V8 (d8)',
    null,
    `const [a, b] = readline().split(' ').map(Number);
print(a + b);
`,
  ),
  local(
    'Ruby',
    'text/x-ruby',
    'Ruby',
    null,
    `a, b = gets.split.map(&:to_i)
puts a + b
`,
  ),
  local(
    'Rust',
    'text/x-rustsrc',
    'Rust (rustc -O)',
    '/usr/bin/rustc -O -o {exe_path} {src_path}',
    `use std::io::Read;

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let sum: i64 = input.split_whitespace().map(|x| x.parse::<i64>().unwrap()).sum();
    println!("{}", sum);
}
`,
  ),
];

/** ref §10.1: the language names users pick for HDU, POJ, Codeforces, AtCoder and LibreOJ problems, with their CodeMirror mode. */
const REMOTE_LANGUAGES: Record<string, [name: string, contentType: string][]> = {
  HDU: [
    ['GCC', 'text/x-csrc'],
    ['G++', 'text/x-c++src'],
    ['C++', 'text/x-c++src'],
    ['C', 'text/x-csrc'],
    ['Pascal', 'text/x-pascal'],
    ['Java', 'text/x-java'],
    ['C#', 'text/x-csharp'],
  ],
  POJ: [
    ['G++', 'text/x-c++src'],
    ['GCC', 'text/x-csrc'],
    ['Java', 'text/x-java'],
    ['Pascal', 'text/x-pascal'],
    ['C++', 'text/x-c++src'],
    ['C', 'text/x-csrc'],
    ['Fortran', 'text/x-fortran'],
  ],
  CF: [
    ['GNU GCC C11 5.1.0', 'text/x-csrc'],
    ['Clang++17 Diagnostics', 'text/x-c++src'],
    ['GNU G++14 6.4.0', 'text/x-c++src'],
    ['GNU G++17 7.3.0', 'text/x-c++src'],
    ['GNU G++20 11.2.0 (64 bit, winlibs)', 'text/x-c++src'],
    ['Microsoft Visual C++ 2017', 'text/x-c++src'],
    ['C# Mono 6.8', 'text/x-csharp'],
    ['C# 8, .NET Core 3.1', 'text/x-csharp'],
    ['D DMD32 v2.091.0', 'text/x-d'],
    ['Go 1.15.6', 'text/x-go'],
    ['Haskell GHC 8.10.1', 'text/x-haskell'],
    ['Java 1.8.0_241', 'text/x-java'],
    ['Java 11.0.6', 'text/x-java'],
    ['Kotlin 1.4.0', 'text/x-kotlin'],
    ['OCaml 4.02.1', 'text/x-ocaml'],
    ['Delphi 7', 'text/x-pascal'],
    ['Free Pascal 3.0.2', 'text/x-pascal'],
    ['PascalABC.NET 3.4.2', 'text/x-pascal'],
    ['Perl 5.20.1', 'text/x-perl'],
    ['PHP 7.2.13', 'text/x-php'],
    ['Python 2.7.18', 'text/x-python'],
    ['Python 3.9.1', 'text/x-python'],
    ['PyPy 2.7 (7.3.0)', 'text/x-python'],
    ['PyPy 3.7 (7.3.0)', 'text/x-python'],
    ['Ruby 3.0.0', 'text/x-ruby'],
    ['Rust 1.49.0', 'text/x-rustsrc'],
    ['Scala 2.12.8', 'text/x-scala'],
    ['JavaScript V8 4.8.0', 'text/javascript'],
    ['Node.js 12.6.3', 'text/javascript'],
  ],
  AC: ATCODER_LANGUAGES.map(([name]) => [name, codeMirrorModeOf(name)]),
  LIBRE: LIBREOJ_LANGUAGES.map(([name]) => [name, codeMirrorModeOf(name)]),
};

/** ref §10.1 SPOJ's language list; its CodeMirror mode from the name's language. */
const SPOJ_MODES: [prefix: RegExp, contentType: string][] = [
  [/^C\+\+/, 'text/x-c++src'],
  [/^C(99)? \(/, 'text/x-csrc'],
  [/^Java \(/, 'text/x-java'],
  [/^Python/, 'text/x-python'],
  [/^Pascal/, 'text/x-pascal'],
];
REMOTE_LANGUAGES.SPOJ = SPOJ_LANGUAGES.map(([, name]) => [
  name,
  SPOJ_MODES.find(([prefix]) => prefix.test(name))?.[1] ?? 'text/plain',
]);

/** Languages are listed by seq descending (ref §4.2), so the first one gets the highest seq. */
const LANGUAGES: NewLanguage[] = [
  ...LOCAL_LANGUAGES,
  ...Object.entries(REMOTE_LANGUAGES).flatMap(([oj, rows]) =>
    rows.map(([name, contentType]): NewLanguage => ({ oj, name, contentType, description: name })),
  ),
].map((row, index, all) => ({ ...row, seq: all.length - index }));

function seededSwitches(): Record<string, unknown> {
  const dependent: readonly string[] = SITE_DEPENDENT_SWITCHES;
  return Object.fromEntries(Object.entries(SWITCH_DEFAULTS).filter(([name]) => !dependent.includes(name)));
}
