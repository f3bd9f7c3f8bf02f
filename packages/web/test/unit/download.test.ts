import { savedFiles } from './support/browser-globals.ts';
import { resolveObjectURL } from 'node:buffer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installResponseHandling } from '../../src/api/client.ts';
import { downloadFile } from '../../src/api/download.ts';
import { ApiError, apiGet, http } from '../../src/api/http.ts';
import { DOWNLOAD_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from '../../src/config/constants.ts';
import { json, startLocalServer } from './support/local-server.ts';
import { recordToasts, type ShownToast } from './support/toast-recorder.ts';

/**
 * Downloads and time-outs of the API client (spec part 1 §8, §9), through the app's real axios
 * instance with its response handling installed, against a real HTTP server on 127.0.0.1.
 */

const ZIP_BYTES = Buffer.from('PK\u0003\u0004 pretend zip', 'latin1');

let server: Awaited<ReturnType<typeof startLocalServer>>;
let toasts: ShownToast[];
/** The time-out each request left with, as the client configured it. */
const timeouts: (number | undefined)[] = [];

beforeAll(async () => {
  server = await startLocalServer({
    '/api/file/download-testcase': (_request, response) => {
      response.writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-disposition': `attachment;filename=${encodeURIComponent('题目 1000 cases.zip')}`,
      });
      response.end(ZIP_BYTES);
    },
    '/api/with-msg': json({ status: 400, msg: 'The problem has no test cases yet', data: null }),
    '/api/refused': json({ status: 403, msg: 'No permission to download', data: null }, 403),
    '/api/with-error': json({ error: 'Packing the test cases failed' }),
    '/api/no-msg': json({ status: 500, data: null }),
    '/api/not-json': json('<<definitely not json>>'),
    '/api/website-config': json({ status: 200, msg: 'success', data: { name: 'Verdict' } }),
    '/api/never-answers': () => undefined,
  });
  installResponseHandling();
  // Axios picks its XHR adapter in a browser; Node has no XHR, and fetch is the adapter that
  // hands back Blob bodies the way the browser does.
  http.defaults.adapter = 'fetch';
  http.defaults.baseURL = server.url;
  http.interceptors.request.use((config) => {
    timeouts.push(config.timeout);
    return config;
  });
});

afterAll(() => server?.close());

beforeEach(() => {
  toasts = recordToasts();
  savedFiles.length = 0;
  timeouts.length = 0;
});

const shown = () => toasts.map(({ type, content }) => ({ type, content }));

describe('downloads (spec part 1 §8, §9)', () => {
  it('saves the file under the name the server gives, says Downloading..., waits up to 300000 ms', async () => {
    await downloadFile('/api/file/download-testcase', { pid: 1 });
    expect(savedFiles.map((file) => file.fileName)).toEqual(['题目 1000 cases.zip']);
    const blob = resolveObjectURL(savedFiles[0]!.href);
    expect(Buffer.from(await blob!.arrayBuffer())).toEqual(ZIP_BYTES);
    expect(shown()).toEqual([{ type: 'success', content: 'Downloading...' }]);
    expect(timeouts).toEqual([DOWNLOAD_TIMEOUT_MS]);
    expect(DOWNLOAD_TIMEOUT_MS).toBe(300_000);
  });

  it('a JSON reply instead of the file shows its msg as info, and nothing is saved', async () => {
    await downloadFile('/api/with-msg');
    expect(shown()).toEqual([{ type: 'info', content: 'The problem has no test cases yet' }]);
    expect(savedFiles).toEqual([]);
  });

  it('a refused download (HTTP 403 with JSON) also shows the server msg', async () => {
    await downloadFile('/api/refused');
    expect(shown()).toEqual([{ type: 'info', content: 'No permission to download' }]);
    expect(savedFiles).toEqual([]);
  });

  it('a JSON reply with an error shows it as an error toast', async () => {
    await downloadFile('/api/with-error');
    expect(shown()).toEqual([{ type: 'error', content: 'Packing the test cases failed' }]);
    expect(savedFiles).toEqual([]);
  });

  it("JSON without msg (or that does not parse) gives 'Invalid file format'", async () => {
    await downloadFile('/api/no-msg');
    await downloadFile('/api/not-json');
    expect(shown()).toEqual([
      { type: 'error', content: 'Invalid file format' },
      { type: 'error', content: 'Invalid file format' },
    ]);
    expect(savedFiles).toEqual([]);
  });
});

describe('request time-out (spec part 1 §8, §9)', () => {
  it('every API call waits up to 90 s', async () => {
    await expect(apiGet('/api/website-config')).resolves.toEqual({ name: 'Verdict' });
    expect(timeouts).toEqual([REQUEST_TIMEOUT_MS]);
    expect(REQUEST_TIMEOUT_MS).toBe(90_000);
    expect(toasts).toEqual([]);
  });

  it("a call that outlives its time-out fails as a time-out with 'Request timed out, please try again later'", async () => {
    // The 90 s itself is checked above; a short limit lets this one run out now.
    const call = apiGet('/api/never-answers', undefined, { timeout: 300 });
    await expect(call).rejects.toBeInstanceOf(ApiError);
    await expect(call).rejects.toMatchObject({ kind: 'timeout' });
    expect(shown()).toEqual([{ type: 'error', content: 'Request timed out, please try again later' }]);
  });

  it('a server that cannot be reached gives the network error, not the time-out', async () => {
    const closed = await startLocalServer({});
    await closed.close();
    const call = apiGet(`${closed.url}/api/website-config`);
    await expect(call).rejects.toMatchObject({ kind: 'network' });
    expect(shown()).toEqual([
      { type: 'error', content: 'Network error, abnormal link with server, please try again later' },
    ]);
  });
});
