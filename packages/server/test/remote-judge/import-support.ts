import { afterAll, beforeAll } from 'vitest';
import { client, signIn, type Client } from '../account/support.ts';
import { buildTestApp, ROOT_PASSWORD, type TestApp } from '../helpers/app.ts';

interface FakeSite {
  url: string;
  close(): Promise<void>;
}

/**
 * A test file's app whose remote site `oj` is a local fake (reference §10.3 import): the fake is
 * started and named by VERDICT_REMOTE_<OJ>_URL before the app is built, root is signed in, and
 * `importProblem` calls the admin import as root. Everything is closed after the file.
 */
export function remoteImportFixture<S extends FakeSite>(oj: string, startSite: () => Promise<S>) {
  const variable = `VERDICT_REMOTE_${oj}_URL`;
  let c: Client;
  let root: string;
  const fixture = {
    t: undefined as unknown as TestApp,
    site: undefined as unknown as S,
    importProblem: (problemId: string) =>
      c.get('/api/admin/problem/import-remote-oj-problem', {
        token: root,
        lang: 'en',
        query: { name: oj, problemId },
      }),
  };
  beforeAll(async () => {
    fixture.site = await startSite();
    process.env[variable] = fixture.site.url;
    fixture.t = await buildTestApp();
    c = client(fixture.t);
    root = await signIn(c, 'root', ROOT_PASSWORD);
  });
  afterAll(async () => {
    delete process.env[variable];
    await fixture.t.close();
    await fixture.site.close();
  });
  return fixture;
}
