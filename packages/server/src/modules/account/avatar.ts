import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { UserInfoVO } from '@verdict/shared';
import { and, eq, inArray, isNull, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Tx } from '../submission/lifecycle/scopes.ts';
import { file, group, userInfo } from '../../db/schema/index.ts';
import { fail } from '../../http/errors.ts';
import { messages } from '../../http/messages.ts';
import type { AccountContext } from './context.ts';
import { loadUserInfo } from './user-info.ts';

export type ImageType = 'png' | 'jpg' | 'gif' | 'webp' | 'bmp';

export const IMAGE_CONTENT_TYPES: Record<ImageType, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
};

/** Where uploaded images are kept, relative to DATA_DIR (reference §12.2 /hoj/file/avatar). */
export const AVATAR_FOLDER = path.join('files', 'avatar');
/** Carousel images (modules/file/carousel.ts), also served under PUBLIC_IMG_PREFIX. */
const CAROUSEL_FOLDER = path.join('files', 'carousel');
/**
 * Statement images (reference §12.2 /hoj/file/markdown): those the problem importers take out of
 * FPS and Hydro files (problem/transfer/import.ts), also served under PUBLIC_IMG_PREFIX.
 */
export const MARKDOWN_IMAGE_FOLDER = path.join('files', 'markdown');
const PUBLIC_IMAGE_FOLDERS = [AVATAR_FOLDER, CAROUSEL_FOLDER, MARKDOWN_IMAGE_FOLDER];
/** reference §3.11: avatars are served publicly under this path. */
export const PUBLIC_IMG_PREFIX = '/api/public/img/';

/**
 * The image type by the file's first bytes. HOJ trusts the file name's suffix (and its substring test
 * lets odd suffixes through, reference Appendix A); the content cannot lie about its format.
 */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (
    b.length >= 8 &&
    b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'png';
  }
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpg';
  if (b.length >= 6 && ['GIF87a', 'GIF89a'].includes(b.toString('latin1', 0, 6))) return 'gif';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  // BMP: "BM", then a DIB header whose size is one of the known ones.
  if (
    b.length >= 18 &&
    b.toString('latin1', 0, 2) === 'BM' &&
    [12, 40, 52, 56, 64, 108, 124].includes(b.readUInt32LE(14))
  ) {
    return 'bmp';
  }
  return null;
}

/**
 * `POST /api/file/upload-avatar` (reference §3.11): stores the image as `<uuid>.<type>` under
 * DATA_DIR/files/avatar, points user_info.avatar at `/api/public/img/<name>`, records it in `file`
 * and flags the user's earlier avatars deleted (`removeDeletedAvatars` removes them, reference §7.16).
 * Size and presence are checked by the route; the type is checked here by content.
 */
export async function saveAvatar(ctx: AccountContext, uid: string, bytes: Buffer): Promise<UserInfoVO> {
  await saveAvatarImage(ctx.db, ctx.dataDir, { uid, gid: null }, bytes, async (tx, url) => {
    await tx.update(userInfo).set({ avatar: url }).where(eq(userInfo.uuid, uid));
  });
  return loadUserInfo(ctx.db, ctx.auth, uid);
}

/**
 * Stores an avatar image of a user (`gid` null) or of a group (`POST /api/file/upload-group-avatar`)
 * and, in one transaction, flags the owner's earlier avatars deleted, records the file and lets
 * `pointAt` show its public URL. A refused or failed save leaves no file behind.
 */
export async function saveAvatarImage(
  db: Db,
  dataDir: string,
  owner: { uid: string; gid: number | null },
  bytes: Buffer,
  pointAt: (tx: Tx, url: string) => Promise<void>,
): Promise<void> {
  const type = detectImageType(bytes);
  if (!type) throw fail(messages.avatarType);
  const name = `${randomUUID().replaceAll('-', '')}.${type}`;
  const relativePath = path.join(AVATAR_FOLDER, name);
  const absolutePath = path.join(dataDir, relativePath);
  await mkdir(path.join(dataDir, AVATAR_FOLDER), { recursive: true });
  await writeFile(absolutePath, bytes);
  const earlier =
    owner.gid === null ? and(eq(file.uid, owner.uid), isNull(file.gid)) : eq(file.gid, owner.gid);
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(file)
        .set({ delete: true })
        .where(and(earlier, eq(file.type, 'avatar'), eq(file.delete, false)));
      await pointAt(tx, PUBLIC_IMG_PREFIX + name);
      await tx.insert(file).values({
        uid: owner.uid,
        gid: owner.gid,
        name,
        suffix: type,
        folderPath: AVATAR_FOLDER,
        filePath: relativePath,
        type: 'avatar',
      });
    });
  } catch (error) {
    await unlink(absolutePath).catch(() => undefined);
    throw error;
  }
}

/** Names Verdict gives to uploaded images; anything else is not looked up on disk. */
const IMAGE_NAME = /^[0-9a-f]{32}\.(png|jpg|gif|webp|bmp)$/;

/** A public image by name (`GET /api/public/img/<name>`), or null when there is none. */
export async function openPublicImage(dataDir: string, name: string) {
  const match = IMAGE_NAME.exec(name);
  if (!match) return null;
  let absolutePath = '';
  let info = null;
  // avatars, then carousel images (issue 10): both are served under /api/public/img/
  for (const folder of PUBLIC_IMAGE_FOLDERS) {
    absolutePath = path.join(dataDir, folder, name);
    info = await stat(absolutePath).catch(() => null);
    if (info?.isFile()) break;
  }
  if (!info?.isFile()) return null;
  return {
    contentType: IMAGE_CONTENT_TYPES[match[1] as ImageType],
    size: info.size,
    stream: () => createReadStream(absolutePath),
  };
}

/** An image file no row names is left this long (real time): its upload may still be under way. */
export const ORPHAN_AVATAR_GRACE_MS = 60 * 60 * 1000;

/**
 * ref §7.16 nightly job (src/jobs/cleanups.ts): removes the avatars flagged deleted (replaced by a
 * newer one) and those of users that no longer exist, file and row, unless a user or a group still
 * shows it; and image files in the avatar folder that no row names (an upload cut off between the
 * file and its row) once they are an hour old. A file that cannot be removed keeps its row, for the
 * next run; the first such error is thrown after the others are done.
 */
export async function removeDeletedAvatars(db: Db, dataDir: string): Promise<void> {
  const folder = path.join(dataDir, AVATAR_FOLDER);
  const url = sql`${PUBLIC_IMG_PREFIX} || ${file.name}`;
  const gone = await db
    .select({ id: file.id, name: file.name })
    .from(file)
    .where(
      and(
        eq(file.type, 'avatar'),
        or(eq(file.delete, true), and(isNull(file.uid), isNull(file.gid))),
        notExists(
          db
            .select({ one: sql`1` })
            .from(userInfo)
            .where(eq(userInfo.avatar, url)),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(group)
            .where(eq(group.avatar, url)),
        ),
      ),
    );
  let firstError: unknown;
  for (const row of gone) {
    try {
      // Only names Verdict gave are files of ours; a row imported from elsewhere just goes.
      if (IMAGE_NAME.test(row.name)) await unlink(path.join(folder, row.name)).catch(ignoreMissing);
      await db.delete(file).where(eq(file.id, row.id));
    } catch (error) {
      firstError ??= error;
    }
  }
  const names = (await readdir(folder).catch(() => [] as string[])).filter((name) => IMAGE_NAME.test(name));
  for (let i = 0; i < names.length; i += 500) {
    const batch = names.slice(i, i + 500);
    const known = new Set(
      (await db.select({ name: file.name }).from(file).where(inArray(file.name, batch))).map((r) => r.name),
    );
    for (const name of batch.filter((n) => !known.has(n))) {
      const info = await stat(path.join(folder, name)).catch(() => undefined);
      if (!info || Date.now() - info.mtimeMs <= ORPHAN_AVATAR_GRACE_MS) continue;
      await unlink(path.join(folder, name)).catch((error: unknown) => {
        firstError ??= error;
      });
    }
  }
  if (firstError !== undefined) throw firstError;
}

function ignoreMissing(error: NodeJS.ErrnoException): void {
  if (error.code !== 'ENOENT') throw error;
}
