import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { file, group } from '../../src/db/schema/index.ts';
import { messages } from '../../src/http/messages.ts';
import { encodePng, Raster } from '../../src/modules/account/png.ts';
import { groupMessages as gm } from '../../src/modules/group/messages.ts';
import { policyMessages as pm } from '../../src/policy/messages.ts';
import { createClass, refusal, type Class } from './fixtures.ts';
import { createWorld, type World } from '../problem/fixtures.ts';

/**
 * Issue 27, the group's avatar: reference §3.11 `POST /api/file/upload-group-avatar` (multipart
 * `image` and `gid`, as HOJ's client sends them; group root or site root), spec part 2 §2.2 "Group
 * setting: avatar upload".
 */
let w: World;
let cls: Class;

beforeAll(async () => {
  w = await createWorld();
  cls = await createClass(w, 'cls15', 'Class Fifteen');
});

afterAll(async () => {
  await w?.t.close();
});

/** The form HOJ's client builds: the image part, then the gid field. */
async function upload(token: string, image: Buffer, gid: number | null = cls.gid) {
  const boundary = `----verdict${randomBytes(8).toString('hex')}`;
  const parts = [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="avatar.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    image,
    Buffer.from('\r\n'),
    ...(gid === null
      ? []
      : [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="gid"\r\n\r\n${gid}\r\n`)]),
    Buffer.from(`--${boundary}--\r\n`),
  ];
  const res = await w.t.app.inject({
    method: 'POST',
    url: '/api/file/upload-group-avatar',
    headers: {
      authorization: token,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'accept-language': 'en-US',
    },
    payload: Buffer.concat(parts),
  });
  const body = res.json() as { status: number; msg: string; data: { avatar: string | null; id: number } };
  return { ...body, outcome: body.status === 200 ? 'ok' : `${body.status} ${body.msg}` };
}

const png = (rgb: [number, number, number]) => {
  const image = new Raster(8, 8);
  image.fillRect(0, 0, 8, 8, rgb);
  return encodePng(image);
};

describe('issue 27: a group’s avatar (reference §3.11 upload-group-avatar)', () => {
  it('the group root uploads it; the group shows it, and it is served publicly', async () => {
    const first = await upload(cls.tokens.owner, png([200, 30, 30]));
    expect(first.status).toBe(200);
    expect(first.data.id).toBe(cls.gid);
    expect(first.data.avatar).toMatch(/^\/api\/public\/img\/[0-9a-f]{32}\.png$/);
    const [row] = await w.t.db.select().from(group).where(eq(group.id, cls.gid));
    expect(row?.avatar).toBe(first.data.avatar);
    const served = await w.t.app.inject({ method: 'GET', url: first.data.avatar! });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/png']);

    // a new one flags the old one for the nightly cleanup
    const second = await upload(cls.tokens.owner, png([30, 200, 30]));
    expect(second.data.avatar).not.toBe(first.data.avatar);
    const files = await w.t.db
      .select({ name: file.name, gone: file.delete })
      .from(file)
      .where(and(eq(file.gid, cls.gid), eq(file.type, 'avatar')));
    expect(files.map((f) => [`/api/public/img/${f.name}`, f.gone]).sort()).toEqual(
      [
        [first.data.avatar, true],
        [second.data.avatar, false],
      ].sort(),
    );
  });

  it('a group admin below root, a member and outsiders may not; a non-image and a missing gid are refused', async () => {
    const image = png([1, 2, 3]);
    expect((await upload(cls.tokens.gadmin, image)).outcome).toBe(refusal(403, pm.groupAdminOnly));
    expect((await upload(cls.tokens.member, image)).outcome).toBe(refusal(403, pm.groupAdminOnly));
    expect((await upload(w.tokens.alice, image)).outcome).toMatch(/^40[34] /);
    expect((await upload(cls.tokens.owner, Buffer.from('<svg/>'))).outcome).toBe(
      refusal(400, messages.avatarType),
    );
    expect((await upload(cls.tokens.owner, image, null)).outcome).toBe(refusal(400, gm.avatarGroupMissing));
    // the site root may
    expect((await upload(w.tokens.root, image)).status).toBe(200);
  });
});
