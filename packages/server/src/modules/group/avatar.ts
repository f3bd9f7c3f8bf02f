import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AVATAR, groupDetailData, type GroupDetailVO } from '@verdict/shared';
import type { Db } from '../../db/client.ts';
import { group } from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/auth/access.ts';
import { access } from '../../http/auth/access.ts';
import { ok } from '../../http/envelope.ts';
import { fail } from '../../http/errors.ts';
import { answers } from '../../http/responses.ts';
import { messages } from '../../http/messages.ts';
import { readWholeFile } from '../../http/uploads.ts';
import { saveAvatarImage } from '../account/avatar.ts';
import { groupFor } from './access.ts';
import { groupDetail } from './groups.ts';
import { groupMessages as m } from './messages.ts';

/**
 * reference §3.11 `POST /api/file/upload-group-avatar` (multipart `image` and `gid`; group root or
 * site root): the group's new avatar, stored as a user's is (its earlier one flagged for the nightly
 * cleanup). Answers the group, as `GET /api/get-group-detail` does.
 */
export async function saveGroupAvatar(
  db: Db,
  dataDir: string,
  user: AuthUser,
  gid: number,
  bytes: Buffer,
): Promise<GroupDetailVO> {
  await groupFor(db, user, gid, 'group.root');
  await saveAvatarImage(db, dataDir, { uid: user.uid, gid }, bytes, async (tx, url) => {
    await tx.update(group).set({ avatar: url }).where(eq(group.id, gid));
  });
  return groupDetail(db, user, gid);
}

/** The upload's route, with multipart limits of its own (one image, as the user avatar's). */
export async function groupAvatarRoutes(app: FastifyInstance, opts: { dataDir: string }) {
  await app.register(multipart, { limits: { fileSize: AVATAR.maxBytes, files: 1, fields: 10, parts: 20 } });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const schema = { response: { 200: answers(groupDetailData) } };
  r.post('/api/file/upload-group-avatar', { config: { access: access.login }, schema }, async (request) => {
    if (!request.isMultipart()) throw fail(messages.avatarMissing);
    // HOJ's client appends the image, then the gid; the gid may also come in the query
    let gid = Number((request.query as { gid?: unknown }).gid);
    let bytes: Buffer | null = null;
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'image') throw fail(messages.avatarMissing);
        bytes = await readWholeFile(part, AVATAR.maxBytes, messages.avatarTooLarge);
      } else if (part.fieldname === 'gid') gid = Number(part.value);
    }
    if (!Number.isSafeInteger(gid) || gid <= 0) throw fail(m.avatarGroupMissing);
    if (!bytes || bytes.length === 0) throw fail(messages.avatarMissing);
    return ok(await saveGroupAvatar(app.db, opts.dataDir, request.user!, gid, bytes));
  });
}
