import { chmod, rm } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
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

export async function startControlSocket(db: Db, dataDir: string): Promise<Server> {
  const socket = controlSocketPath(dataDir);
  // a socket left by a server that was killed; one that still answers keeps its data dir locked
  await rm(socket, { force: true });
  const server = createServer((req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || req.url !== '/backup') return answer(404, { error: 'unknown call' });
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
      writeBackup(db, { dataDir, file, database: 'pglite' }).then(
        (manifest) => answer(200, manifest),
        (error: Error) => answer(500, { error: error.message }),
      );
    });
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(socket, resolve));
  await chmod(socket, 0o600);
  return server;
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
export function controlSocketAnswers(dataDir: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(controlSocketPath(dataDir));
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
