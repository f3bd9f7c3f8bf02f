import { chmod, mkdir, rm } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import { connect } from 'node:net';
import path from 'node:path';
import type { Db } from '../../../db/client.ts';
import type { BackupManifest } from './format.ts';
import { writeBackup } from './write.ts';

/**
 * The embedded database belongs to the server process that opened it, so `verdict backup` asks that
 * process to write the backup, over a Unix socket in DATA_DIR that only the owner of DATA_DIR may
 * use (whoever may read DATA_DIR may read the database anyway). It answers `POST /backup` with
 * `{ file }` (an absolute path) by writing the backup there and answering its manifest.
 */
export const controlSocketPath = (dataDir: string) => path.join(dataDir, 'verdict-control.sock');

/** A second server on the same embedded database: refused before it opens a file of it. */
export class DataDirInUse extends Error {}

/**
 * Claims DATA_DIR for this process before the embedded database is opened: two processes on one
 * PGlite directory damage it silently (each caches its pages and writes them back). The claim is
 * the control socket itself: listening fails while the file exists, and a file that no process
 * answers on was left by a server that was killed, so it is removed and taken. The socket serves
 * backups once `serve` gives it the database.
 */
export async function claimDataDir(dataDir: string): Promise<{ serve(db: Db): void; close(): void }> {
  const socket = controlSocketPath(dataDir);
  await mkdir(dataDir, { recursive: true });
  let db: Db | undefined;
  const server = createServer((req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || req.url !== '/backup') return answer(404, { error: 'unknown call' });
    if (!db) return answer(503, { error: 'the server is still starting; try again in a moment' });
    const open = db;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let file: unknown;
      try {
        file = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { file?: unknown }).file;
      } catch {
        return answer(400, { error: 'the body must be JSON' });
      }
      if (typeof file !== 'string' || !path.isAbsolute(file)) {
        return answer(400, { error: 'file must be an absolute path' });
      }
      writeBackup(open, { dataDir, file, database: 'pglite' }).then(
        (manifest) => answer(200, manifest),
        (error: Error) => answer(500, { error: error.message }),
      );
    });
  });
  const listen = () =>
    new Promise<void>((resolve, reject) => server.once('error', reject).listen(socket, resolve));
  try {
    await listen();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    if (await controlSocketAnswers(dataDir)) {
      throw new DataDirInUse(
        `Another Verdict server is running on DATA_DIR (${dataDir}); two servers on one embedded ` +
          'database would damage it. Stop that server first, or give this one its own DATA_DIR.',
      );
    }
    await rm(socket, { force: true });
    await listen();
  }
  await chmod(socket, 0o600);
  return {
    serve: (open) => void (db = open),
    close: () => void server.close(),
  };
}

/** Asks the server on DATA_DIR's control socket for a backup; undefined when no server answers there. */
export function askServerForBackup(dataDir: string, file: string): Promise<BackupManifest | undefined> {
  return new Promise((resolve, reject) => {
    const req = request(
      { socketPath: controlSocketPath(dataDir), method: 'POST', path: '/backup' },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as BackupManifest & {
            error?: string;
          };
          if (res.statusCode === 200) resolve(body);
          else reject(new Error(`the server could not write the backup: ${body.error}`));
        });
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(undefined);
      else reject(error);
    });
    req.end(JSON.stringify({ file }));
  });
}

/** Whether a server listens on DATA_DIR's control socket now (a file left by a killed one does not). */
function controlSocketAnswers(dataDir: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(controlSocketPath(dataDir));
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
