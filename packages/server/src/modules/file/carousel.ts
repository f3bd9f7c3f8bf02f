import { randomUUID } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CAROUSEL_IMAGE, type CarouselImageVO } from '@verdict/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { file } from '../../db/schema/index.ts';
import { fail } from '../../http/errors.ts';
import type { Text } from '../../http/messages.ts';
import { detectImageType, PUBLIC_IMG_PREFIX } from '../account/avatar.ts';

/**
 * Where carousel images are kept, relative to DATA_DIR (reference §12.2 /hoj/file/carousel);
 * account/avatar.ts serves them with the avatars under /api/public/img/.
 */
export const CAROUSEL_FOLDER = path.join('files', 'carousel');
const CAROUSEL = 'carousel';

export const carouselMessages = {
  missing: { zh: '上传的图片文件不能为空！', en: 'The image file cannot be empty!' },
  tooLarge: {
    zh: `上传的轮播图片大小不能大于${CAROUSEL_IMAGE.maxBytes / 1024 / 1024}M！`,
    en: `The carousel image cannot be larger than ${CAROUSEL_IMAGE.maxBytes / 1024 / 1024} MB!`,
  },
  type: {
    zh: '请选择jpg、jpeg、jfif、png、gif、webp或bmp格式的图片（不接受SVG）！',
    en: 'Please choose a jpg, jpeg, jfif, png, gif, webp or bmp image (SVG is not accepted)!',
  },
  tooMany: {
    zh: `轮播图片最多${CAROUSEL_IMAGE.maxCount}张，请先删除一些！`,
    en: `At most ${CAROUSEL_IMAGE.maxCount} carousel images: delete some first!`,
  },
  notFound: { zh: '该轮播图片不存在！', en: 'The carousel image does not exist!' },
  orderMismatch: {
    zh: '轮播图片列表已变化，请刷新后重新排序！',
    en: 'The carousel images have changed meanwhile: reload, then order them again!',
  },
} satisfies Record<string, Text>;

const isCarousel = and(eq(file.type, CAROUSEL), eq(file.delete, false));

/** `GET /api/home-carousel` (reference §3.2): `[{id, url}]` in the admin's order. */
export async function listCarousel(db: Db): Promise<CarouselImageVO[]> {
  const rows = await db
    .select({ id: file.id, name: file.name })
    .from(file)
    .where(isCarousel)
    .orderBy(sql`${file.position} asc nulls last`, asc(file.id));
  return rows.map((row) => ({ id: row.id, url: PUBLIC_IMG_PREFIX + row.name }));
}

/**
 * `POST /api/file/upload-carouse-img` (reference §3.11): stores the image as `<uuid>.<type>` under
 * DATA_DIR/files/carousel, by the type its bytes show (the name's suffix is not trusted; SVG and
 * anything else unrecognised is refused), as the last of the carousel.
 */
export async function saveCarouselImage(
  db: Db,
  dataDir: string,
  uid: string,
  bytes: Buffer,
): Promise<CarouselImageVO> {
  const type = detectImageType(bytes);
  if (!type) throw fail(carouselMessages.type);
  const name = `${randomUUID().replaceAll('-', '')}.${type}`;
  const relativePath = path.join(CAROUSEL_FOLDER, name);
  const absolutePath = path.join(dataDir, relativePath);
  await mkdir(path.join(dataDir, CAROUSEL_FOLDER), { recursive: true });
  await writeFile(absolutePath, bytes);
  try {
    const id = await db.transaction(async (tx) => {
      // one upload at a time takes the next place, so two at once do not share one
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('verdict:carousel'))`);
      const [stats] = await tx
        .select({
          count: sql<number>`count(*)::int`,
          last: sql<number>`coalesce(max(${file.position}), 0)::int`,
        })
        .from(file)
        .where(isCarousel);
      if (stats!.count >= CAROUSEL_IMAGE.maxCount) throw fail(carouselMessages.tooMany);
      const [row] = await tx
        .insert(file)
        .values({
          uid,
          name,
          suffix: type,
          folderPath: CAROUSEL_FOLDER,
          filePath: relativePath,
          type: CAROUSEL,
          position: stats!.last + 1,
        })
        .returning({ id: file.id });
      return row!.id;
    });
    return { id, url: PUBLIC_IMG_PREFIX + name };
  } catch (error) {
    await unlink(absolutePath).catch(() => undefined);
    throw error;
  }
}

/**
 * reference §3.12 `DELETE /api/admin/config/home-carousel?id=`: the row goes, then its file (a
 * file left by a failed unlink is harmless: nothing names it).
 */
export async function deleteCarouselImage(db: Db, dataDir: string, id: number): Promise<void> {
  const [row] = await db
    .delete(file)
    .where(and(eq(file.id, id), isCarousel))
    .returning({ name: file.name });
  if (!row) throw fail(carouselMessages.notFound);
  await unlink(path.join(dataDir, CAROUSEL_FOLDER, path.basename(row.name))).catch(() => undefined);
}

/**
 * Verdict's `PUT /api/admin/config/home-carousel-order`: `ids` must name every carousel image once
 * (a list made before someone else's upload or delete is refused rather than half applied).
 */
export async function reorderCarousel(db: Db, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('verdict:carousel'))`);
    const current = await tx.select({ id: file.id }).from(file).where(isCarousel);
    const known = new Set(current.map((row) => row.id));
    if (new Set(ids).size !== ids.length || ids.length !== known.size || ids.some((id) => !known.has(id))) {
      throw fail(carouselMessages.orderMismatch);
    }
    for (const [index, id] of ids.entries()) {
      await tx
        .update(file)
        .set({ position: index + 1 })
        .where(eq(file.id, id));
    }
  });
}
