import type { OIRankVO } from '@verdict/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/rows.ts';
import type { Page } from '../../src/http/envelope.ts';
import { commonTrigrams, indexPart } from '../../src/modules/home/search-trigrams.ts';
import { createWorld, type World } from '../problem/fixtures.ts';

/**
 * reference §3.7 `searchUser` when most users share a trigram (home/search-trigrams.ts): the index
 * is read for the keyword's uncommon part only, and the answers are still exactly the users whose
 * username, nickname or real name contains the keyword.
 */
let w: World;

beforeAll(async () => {
  w = await createWorld();
  // 80 users whose names share "student" and "class": those trigrams are common
  await w.t.db.execute(sql`
    insert into user_info (uuid, username, password, nickname, realname)
    select 'student' || i, 'student' || i, 'x', 'class ' || (i % 7), case when i % 5 = 0 then 'Real Name ' || i end
    from generate_series(1, 80) i`);
  await w.t.db.execute(
    sql`insert into user_record (uid) select 'student' || i from generate_series(1, 80) i`,
  );
  await w.t.db.execute(
    sql`insert into user_role (uid, role_id) select 'student' || i, 1002 from generate_series(1, 80) i`,
  );
});
afterAll(() => w.t.close());

async function searched(keyword: string): Promise<string[]> {
  const found: string[] = [];
  for (let page = 1; ; page++) {
    const res = await w.call<Page<OIRankVO>>(
      'GET',
      `/api/get-rank-list?type=0&limit=30&currentPage=${page}&searchUser=${encodeURIComponent(keyword)}`,
    );
    expect(res.status).toBe(200);
    found.push(...res.data.records.map((r) => r.username));
    if (res.data.records.length < 30) {
      expect(res.data.total).toBe(found.length);
      return found.sort();
    }
  }
}

async function containing(keyword: string): Promise<string[]> {
  const rows = await queryRows<{ username: string }>(
    w.t.db,
    sql`select u.username from user_info u join user_record r on r.uid = u.uuid
        where r.ranked and position(${keyword.toLowerCase()} in lower(concat_ws(' ', u.username, u.nickname, u.realname))) > 0`,
  );
  return rows.map((r) => r.username).sort();
}

describe('reference §3.7 searchUser with common trigrams (home/search-trigrams.ts)', () => {
  it('finds exactly the users containing the keyword, through its uncommon part', async () => {
    const common = await commonTrigrams(w.t.db, Number.MAX_SAFE_INTEGER);
    expect(common.has('stu')).toBe(true);
    // read through a part of the keyword: the path under test
    const parts = {
      student17: 't17',
      STUDENT23: 't23',
      udent42: 't42',
      'ent66 cl': 't66',
      'student17 class 4': 't17', // its part finds student17, whose nickname is "class 3": no match
    };
    for (const [keyword, part] of Object.entries(parts)) {
      expect(indexPart(keyword, common), keyword).toBe(part);
      expect(await searched(keyword), keyword).toEqual(await containing(keyword));
    }
    // read through the whole keyword (every trigram common, or none)
    for (const keyword of [
      'student1',
      'STUDENT5 c',
      'class 3',
      'ss 4',
      'real name 15',
      'zzz9',
      'a_m',
      '50%',
    ]) {
      expect(indexPart(keyword, common), keyword).toBeNull();
      expect(await searched(keyword), keyword).toEqual(await containing(keyword));
    }
    expect(await searched('student17')).toEqual(['student17']);
    expect(await searched('student17 class 4')).toEqual([]);
    expect((await searched('student1')).length).toBe(11); // student1 and student10–19
  });

  it('indexPart: the longest stretch of uncommon trigrams, or the whole keyword', () => {
    const common = new Set(['ben', 'enc', 'nch', 'ch1', 'nic', 'ick']);
    expect(indexPart('bench12345', common)).toBe('h12345');
    expect(indexPart('Bench12345', common)).toBe('h12345');
    expect(indexPart('nick 369', common)).toBe('369');
    expect(indexPart('12345', common)).toBeNull(); // nothing common: the whole keyword
    expect(indexPart('bench', common)).toBeNull(); // nothing uncommon left
    expect(indexPart('bénch12', common)).toBeNull(); // not ASCII: the database lower-cases it
    expect(indexPart('bench12345', new Set())).toBeNull();
  });
});
