import { eq } from 'drizzle-orm';
import type { WorkerRegistration } from '@verdict/shared';
import type { Db } from '../../db/client.ts';
import { judgeServer } from '../../db/schema/index.ts';

/** reference §12.3: a worker (re)registers at start; its row is replaced, not duplicated. */
export async function registerWorker(db: Db, worker: WorkerRegistration, now: Date) {
  const values = {
    name: worker.name,
    host: worker.host,
    cpuCore: worker.cpuCore,
    maxTaskNumber: worker.maxTaskNumber,
    taskNumber: 0,
    version: worker.version,
    languages: worker.languages,
    isRemote: worker.remoteSites.length > 0,
    lastHeartbeat: now,
    gmtModified: now,
  };
  await db.insert(judgeServer).values(values).onConflictDoUpdate({ target: judgeServer.name, set: values });
}

export async function recordHeartbeat(db: Db, name: string, taskNumber: number, now: Date): Promise<boolean> {
  const updated = await db
    .update(judgeServer)
    .set({ taskNumber, lastHeartbeat: now })
    .where(eq(judgeServer.name, name))
    .returning({ id: judgeServer.id });
  return updated.length > 0;
}
