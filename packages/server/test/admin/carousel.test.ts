import { randomBytes } from 'node:crypto';
import { CAROUSEL_IMAGE } from '@verdict/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { file } from '../../src/db/schema/index.ts';
import { encodePng, Raster } from '../../src/modules/account/png.ts';
import { CAROUSEL_FOLDER } from '../../src/modules/file/carousel.ts';
import { body, client, signIn, type Client } from '../account/support.ts';
import { buildTestApp, ROOT_PASSWORD, type TestApp } from '../helpers/app.ts';
import { createUser } from '../helpers/users.ts';

/**
 * Home carousel images (issue 10 "Site settings"): reference §3.11 upload-carouse-img (R(root)),
 * §3.2 home-carousel (anon), §3.12 `DELETE /api/admin/config/home-carousel` (P(system_info_admin)),
 * and Verdict's `PUT /api/admin/config/home-carousel-order`.
 */

let t: TestApp;
let c: Client;
const tokens = { root: '', admin: '', user: '' };

const UPLOAD = '/api/file/upload-carouse-img';
const LIST = '/api/home-carousel';
const DELETE = '/api/admin/config/home-carousel';
const ORDER = '/api/admin/config/home-carousel-order';

function multipart(field: string, filename: string, content: Buffer) {
  const boundary = `----verdict${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const upload = (token: string | undefined, content: Buffer, name = 'slide.png', field = 'file') => {
  const form = multipart(field, name, content);
  return c.raw(UPLOAD, form.payload, form.contentType, { token, lang: 'en' });
};
const remove = (id: unknown, token = tokens.root) =>
  c.delete(DELETE, { token, lang: 'en', query: { id: String(id) } });
const reorder = (payload: object, token = tokens.root) =>
  t.app.inject({
    method: 'PUT',
    url: ORDER,
    payload,
    headers: { authorization: token, 'accept-language': 'en-US' },
  });
const carousel = async () => body(await c.get(LIST)).data as unknown as { id: number; url: string }[];

const png = (shade: number) => {
  const image = new Raster(16, 9);
  image.fillRect(0, 0, 16, 9, [shade, 90, 160]);
  return encodePng(image);
};
const jpeg = () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(300)]);

beforeAll(async () => {
  t = await buildTestApp();
  c = client(t);
  await createUser(t.db, { username: 'boss', role: 'admin', password: 'boss-pass' });
  await createUser(t.db, { username: 'plain', password: 'plain-pass' });
  tokens.root = await signIn(c, 'root', ROOT_PASSWORD);
  tokens.admin = await signIn(c, 'boss', 'boss-pass');
  tokens.user = await signIn(c, 'plain', 'plain-pass');
});
afterAll(() => t.close());

async function clearCarousel() {
  for (const image of await carousel()) await remove(image.id);
}

describe('reference §3.11 upload-carouse-img, §3.2 home-carousel', () => {
  it('root uploads; the image is served publicly and listed in upload order', async () => {
    await clearCarousel();
    const first = png(10);
    const a = body(await upload(tokens.root, first, 'banner.jpg')); // the name is not believed
    expect(a.status).toBe(200);
    expect(a.data).toEqual({
      id: expect.any(Number),
      url: expect.stringMatching(/^\/api\/public\/img\/[0-9a-f]{32}\.png$/),
    });
    const b = body(await upload(tokens.root, jpeg(), 'photo.jfif'));
    expect(b.data!.url).toMatch(/\.jpg$/);

    expect(await carousel()).toEqual([a.data, b.data]);
    const served = await client(t).get(a.data!.url as string);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(first)).toBe(true);

    const [row] = await t.db
      .select()
      .from(file)
      .where(eq(file.id, a.data!.id as number));
    expect(row).toMatchObject({
      type: 'carousel',
      suffix: 'png',
      folderPath: CAROUSEL_FOLDER,
      delete: false,
    });
  });

  it('refuses SVG (with or without script), text, an empty file, a wrong field and > 5 MB, storing nothing', async () => {
    await clearCarousel();
    const before = await t.db.select({ id: file.id }).from(file).where(eq(file.type, 'carousel'));
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const plainSvg = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>');
    for (const [content, name] of [
      [svg, 'evil.svg'],
      [svg, 'evil.png'],
      [plainSvg, 'logo.svg'],
      [Buffer.from('hello, world'), 'hello.gif'],
    ] as const) {
      const json = body(await upload(tokens.root, content, name));
      expect(json.status).toBe(400);
      expect(json.msg).toBe(
        'Please choose a jpg, jpeg, jfif, png, gif, webp or bmp image (SVG is not accepted)!',
      );
    }
    expect(body(await upload(tokens.root, Buffer.alloc(0))).msg).toBe('The image file cannot be empty!');
    expect(body(await upload(tokens.root, png(1), 'a.png', 'image')).msg).toBe(
      'The image file cannot be empty!',
    );
    const big = Buffer.concat([png(2), Buffer.alloc(CAROUSEL_IMAGE.maxBytes)]);
    expect(body(await upload(tokens.root, big)).msg).toBe('The carousel image cannot be larger than 5 MB!');
    expect(await t.db.select({ id: file.id }).from(file).where(eq(file.type, 'carousel'))).toEqual(before);
  });

  it('refuses a 20 MB image with 413 and the limit in the message, storing nothing (issue 24 item 11)', async () => {
    const before = await t.db.select({ id: file.id }).from(file).where(eq(file.type, 'carousel'));
    const res = await upload(tokens.root, Buffer.concat([png(3), Buffer.alloc(20 * 1024 * 1024)]));
    expect(res.statusCode).toBe(413);
    expect(body(res)).toEqual({
      status: 400,
      msg: 'The carousel image cannot be larger than 5 MB!',
      data: null,
    });
    expect(await t.db.select({ id: file.id }).from(file).where(eq(file.type, 'carousel'))).toEqual(before);
  });

  it("reference §3.11 R(root): anonymous 401, a plain user and an admin 403; the list is anyone's", async () => {
    expect((await upload(undefined, png(3))).statusCode).toBe(401);
    expect((await upload(tokens.user, png(3))).statusCode).toBe(403);
    expect((await upload(tokens.admin, png(3))).statusCode).toBe(403);
    expect(body(await c.get(LIST)).status).toBe(200);
  });
});

describe('reference §3.12 DELETE /api/admin/config/home-carousel, Verdict home-carousel-order', () => {
  it('reorders by the full list of ids and deletes one, row and file', async () => {
    await clearCarousel();
    const ids: number[] = [];
    for (const shade of [20, 40, 60])
      ids.push(body(await upload(tokens.root, png(shade))).data!.id as number);
    const [a, b, d] = ids as [number, number, number];

    expect(body(await reorder({ ids: [d, a, b] }))).toEqual({ status: 200, msg: 'success', data: null });
    expect((await carousel()).map((i) => i.id)).toEqual([d, a, b]);

    const url = (await carousel())[1]!.url;
    expect(body(await remove(a))).toMatchObject({ status: 200, data: null });
    expect((await carousel()).map((i) => i.id)).toEqual([d, b]);
    // the file went too: the public address no longer finds it on disk
    expect((await client(t).get(url)).statusCode).toBe(404);
    expect(await t.db.select().from(file).where(eq(file.id, a))).toEqual([]);
  });

  it('refuses an unknown id, a malformed id, and an order that is not every image once; changes nothing', async () => {
    await clearCarousel();
    const x = body(await upload(tokens.root, png(70))).data!.id as number;
    const y = body(await upload(tokens.root, png(80))).data!.id as number;

    expect(body(await remove(999_999))).toMatchObject({
      status: 400,
      msg: 'The carousel image does not exist!',
    });
    expect(body(await remove('abc')).status).toBe(400);
    // an avatar's file row is not a carousel image
    const [avatar] = await t.db
      .insert(file)
      .values({ name: 'a.png', suffix: 'png', folderPath: 'files/avatar', type: 'avatar' })
      .returning({ id: file.id });
    expect(body(await remove(avatar!.id)).msg).toBe('The carousel image does not exist!');

    const mismatch = 'The carousel images have changed meanwhile: reload, then order them again!';
    for (const ids of [[y], [y, x, x], [y, avatar!.id], [y, x, 999_999]]) {
      expect(body(await reorder({ ids }))).toMatchObject({ status: 400, msg: mismatch });
    }
    for (const payload of [{}, { ids: [] }, { ids: 'x,y' }, { ids: [y, 'abc'] }]) {
      expect(body(await reorder(payload)).status).toBe(400);
    }
    expect((await carousel()).map((i) => i.id)).toEqual([x, y]);
  });

  it('reference §3.12 P(system_info_admin): anonymous 401, a plain user and an admin 403', async () => {
    const [image] = await carousel();
    for (const [token, status] of [
      ['', 401],
      [tokens.user, 403],
      [tokens.admin, 403],
    ] as const) {
      expect((await remove(image!.id, token)).statusCode).toBe(status);
      expect((await reorder({ ids: [image!.id] }, token)).statusCode).toBe(status);
    }
    expect((await carousel())[0]).toEqual(image);
  });
});
