import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { JUDGE_TOKEN_HEADER, type TestFileRef } from '@verdict/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GatewayClient } from '../../src/gateway-client.ts';
import { TestDataCache } from '../../src/testdata-cache.ts';

/**
 * The worker's test data cache (ARCHITECTURE "judge gateway": a bounded LRU cache, every file checked
 * against its hash), fetching through the real gateway client from a small HTTP server on 127.0.0.1
 * that serves GET /api/judge-gateway/testdata/:sha256 like the server does.
 */
const TOKEN = 'cache-test-token';
const KB = 1000;

/** What the fake gateway serves, by hash; `corrupt` hashes are served with one byte changed. */
const served = new Map<string, Buffer>();
const corrupt = new Set<string>();
const requests: string[] = [];
let server: http.Server;
let client: GatewayClient;
let root: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-cache-test-'));
  server = http.createServer((req, res) => {
    const sha = /^\/api\/judge-gateway\/testdata\/([0-9a-f]{64})$/.exec(req.url ?? '')?.[1];
    const body = sha ? served.get(sha) : undefined;
    if (req.headers[JUDGE_TOKEN_HEADER.toLowerCase()] !== TOKEN || !sha || !body) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"status":404}');
      return;
    }
    requests.push(sha);
    const bytes = Buffer.from(body);
    if (corrupt.has(sha)) bytes[0] = bytes[0]! ^ 0xff;
    res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  client = new GatewayClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, TOKEN, 'w1');
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(root, { recursive: true, force: true });
});

beforeEach(() => {
  served.clear();
  corrupt.clear();
  requests.length = 0;
});

let dirs = 0;
function newCache(maxBytes: number, dir = path.join(root, `cache-${++dirs}`)) {
  return { dir, cache: new TestDataCache(dir, maxBytes, (sha, dest) => client.download(sha, dest)) };
}

/** A test file of `size` bytes whose content is derived from `label`, published on the fake gateway. */
function publish(label: string, size = KB): TestFileRef & { bytes: Buffer } {
  const bytes = Buffer.alloc(size, label);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  served.set(sha256, bytes);
  return { name: `${label}.in`, sha256, size, bytes };
}

/** Fetches files in one lease and releases it (a task that used them and ended). */
async function use(cache: TestDataCache, ...refs: TestFileRef[]): Promise<string[]> {
  const lease = cache.lease();
  try {
    return await Promise.all(refs.map((r) => lease.get(r)));
  } finally {
    await lease.release();
  }
}

/** The cached files on disk (no partial downloads are counted as cached). */
function onDisk(dir: string): { names: string[]; bytes: number; parts: string[] } {
  const entries = fs.readdirSync(dir);
  const names = entries.filter((n) => /^[0-9a-f]{64}$/.test(n));
  return {
    names,
    bytes: names.reduce((sum, n) => sum + fs.statSync(path.join(dir, n)).size, 0),
    parts: entries.filter((n) => n.endsWith('.part')),
  };
}

describe('test data cache: fetching and hits', () => {
  it('stores a download and serves later uses from disk without fetching again', async () => {
    const { dir, cache } = newCache(100 * KB);
    const a = publish('a');
    const [first] = await use(cache, a);
    expect(first).toBe(path.join(dir, a.sha256));
    expect(fs.readFileSync(first!)).toEqual(a.bytes);
    const [second] = await use(cache, a);
    expect(second).toBe(first);
    expect(requests).toEqual([a.sha256]);
  });

  it('fetches a file once when several tasks ask for it at the same time', async () => {
    const { cache } = newCache(100 * KB);
    const a = publish('a');
    const paths = await Promise.all([use(cache, a), use(cache, a), use(cache, a)]);
    expect(new Set(paths.flat()).size).toBe(1);
    expect(requests).toEqual([a.sha256]);
  });

  it('a file in cache survives a restart of the worker (no new fetch)', async () => {
    const { dir, cache } = newCache(100 * KB);
    const a = publish('a');
    await use(cache, a);
    const restarted = newCache(100 * KB, dir).cache;
    expect(await use(restarted, a)).toEqual([path.join(dir, a.sha256)]);
    expect(requests).toEqual([a.sha256]);
  });
});

describe('test data cache: every file is checked against its sha256', () => {
  it('rejects a download whose content does not match its hash, and keeps nothing of it', async () => {
    const { dir, cache } = newCache(100 * KB);
    const a = publish('a');
    corrupt.add(a.sha256);
    await expect(use(cache, a)).rejects.toThrow(/arrived corrupted/);
    expect(onDisk(dir)).toEqual({ names: [], bytes: 0, parts: [] });
    // once the server sends the right bytes, the file is fetched again and used
    corrupt.clear();
    const [file] = await use(cache, a);
    expect(fs.readFileSync(file!)).toEqual(a.bytes);
    expect(requests).toEqual([a.sha256, a.sha256]);
  });

  it('detects a cached file damaged on disk at its next use, deletes it and fetches it again', async () => {
    const { cache } = newCache(100 * KB);
    const a = publish('a');
    const [file] = await use(cache, a);
    const damaged = Buffer.from(a.bytes);
    damaged[10] = 0x21; // same size, one byte changed
    fs.writeFileSync(file!, damaged);
    const [again] = await use(cache, a);
    expect(again).toBe(file);
    expect(fs.readFileSync(again!)).toEqual(a.bytes);
    expect(requests).toEqual([a.sha256, a.sha256]);
  });

  it('fetches again a cached file that was removed behind its back', async () => {
    const { cache } = newCache(100 * KB);
    const a = publish('a');
    const [file] = await use(cache, a);
    fs.rmSync(file!);
    expect(fs.readFileSync((await use(cache, a))[0]!)).toEqual(a.bytes);
    expect(requests).toEqual([a.sha256, a.sha256]);
  });
});

describe('test data cache: the size bound', () => {
  it('evicts the least recently used file when a new one does not fit', async () => {
    const { dir, cache } = newCache(3 * KB);
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((label) => publish(label));
    await use(cache, a!);
    await use(cache, b!);
    await use(cache, c!);
    await use(cache, a!); // a is now more recent than b
    await use(cache, d!);
    expect(onDisk(dir).names.sort()).toEqual([a!.sha256, c!.sha256, d!.sha256].sort());
    expect(onDisk(dir).bytes).toBeLessThanOrEqual(3 * KB);
  });

  it('never evicts a file that a task in progress is using', async () => {
    const { dir, cache } = newCache(2 * KB);
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((label) => publish(label));
    const judging = cache.lease();
    const aPath = await judging.get(a!); // the oldest file, held by a long task
    await use(cache, b!);
    await use(cache, c!); // over the bound: b goes, not a
    expect(fs.readFileSync(aPath)).toEqual(a!.bytes);
    expect(onDisk(dir).names.sort()).toEqual([a!.sha256, c!.sha256].sort());
    await judging.release();
    await use(cache, d!); // a is free again and the least recently used
    expect(onDisk(dir).names.sort()).toEqual([c!.sha256, d!.sha256].sort());
  });

  it('holds more than the bound only while tasks use it, and shrinks back when they end', async () => {
    const { dir, cache } = newCache(2 * KB);
    const files = ['a', 'b', 'c', 'd'].map((label) => publish(label));
    const judging = cache.lease();
    for (const f of files) await judging.get(f);
    expect(onDisk(dir).bytes).toBe(4 * KB); // the documented exception: all four are in use
    await judging.release();
    const left = onDisk(dir);
    expect(left.bytes).toBeLessThanOrEqual(2 * KB);
    // the two used last stay
    expect(left.names.sort()).toEqual([files[2]!.sha256, files[3]!.sha256].sort());
    expect(cache.size).toBe(left.bytes);
  });

  it('stays within the bound over a long run of tasks, with files of different sizes', async () => {
    const bound = 10 * KB;
    const { dir, cache } = newCache(bound);
    const files = Array.from({ length: 12 }, (_, i) => publish(`f${i}`, (1 + (i % 4)) * KB));
    let seed = 7;
    for (let task = 0; task < 40; task++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      const picked = [files[seed % files.length]!, files[(seed >> 8) % files.length]!];
      const paths = await use(cache, ...picked);
      paths.forEach((p, i) => expect(fs.readFileSync(p)).toEqual(picked[i]!.bytes));
      const disk = onDisk(dir);
      expect(disk.bytes).toBeLessThanOrEqual(bound);
      expect(disk.parts).toEqual([]);
    }
  });

  it('keeps the order of use across a restart, and a smaller bound evicts the oldest first', async () => {
    const { dir, cache } = newCache(10 * KB);
    const [a, b, c] = ['a', 'b', 'c'].map((label) => publish(label));
    await use(cache, a!);
    await new Promise((r) => setTimeout(r, 20)); // distinct modification times on disk
    await use(cache, b!);
    await new Promise((r) => setTimeout(r, 20));
    await use(cache, c!);
    await new Promise((r) => setTimeout(r, 20));
    await use(cache, a!); // a is the most recent now, b the oldest
    const restarted = newCache(2 * KB, dir).cache;
    const d = publish('d', 0);
    await use(restarted, d);
    expect(onDisk(dir).names.sort()).toEqual([a!.sha256, c!.sha256, d.sha256].sort());
    expect(onDisk(dir).bytes).toBeLessThanOrEqual(2 * KB);
  });

  it('removes the partial download of a worker that died, but never one of a live process', async () => {
    const { dir, cache } = newCache(10 * KB);
    fs.mkdirSync(dir, { recursive: true });
    const dead = `${'e'.repeat(64)}.999999999.part`; // no such pid
    const live = `${'f'.repeat(64)}.${process.ppid}.part`;
    fs.writeFileSync(path.join(dir, dead), 'half');
    fs.writeFileSync(path.join(dir, live), 'half');
    await use(cache, publish('a'));
    expect(onDisk(dir).parts).toEqual([live]);
  });
});
