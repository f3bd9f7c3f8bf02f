/**
 * A browser-like HTTP session for one remote-judge account: a cookie jar, form posts, and redirects
 * followed by hand so that a site's 302 (how most of them say "logged in" or "submitted") stays
 * visible to the adapter. Every URL is relative to the site's configured base URL, so tests point
 * the adapters at local fakes (reference §10.2).
 */
export interface SiteResponse {
  status: number;
  /** the Location header of a redirect */
  location: string | null;
  body: string;
}

const USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Safari/537.36';
const TIMEOUT_MS = 30_000;

export class HttpSession {
  private readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  clearCookies(): void {
    this.cookies.clear();
  }

  get(path: string): Promise<SiteResponse> {
    return this.request('GET', path);
  }

  postForm(path: string, form: Record<string, string>): Promise<SiteResponse> {
    return this.request(
      'POST',
      path,
      new URLSearchParams(form).toString(),
      'application/x-www-form-urlencoded',
    );
  }

  postJson(path: string, body: unknown, headers: Record<string, string> = {}): Promise<SiteResponse> {
    return this.request('POST', path, JSON.stringify(body), 'application/json', headers);
  }

  /** One request, no redirect followed; cookies the answer sets are kept. */
  async request(
    method: 'GET' | 'POST',
    path: string,
    body?: string,
    contentType?: string,
    headers: Record<string, string> = {},
  ): Promise<SiteResponse> {
    const url = new URL(path, this.baseUrl);
    const res = await fetch(url, {
      method,
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: {
        'user-agent': USER_AGENT,
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...(contentType ? { 'content-type': contentType } : {}),
        ...headers,
      },
      body,
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      if (eq > 0) this.cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
    const bytes = new Uint8Array(await res.arrayBuffer());
    return { status: res.status, location: res.headers.get('location'), body: decode(bytes, res.headers) };
  }
}

/**
 * The body in the charset the page declares (its Content-Type, else a `<meta charset>` near the
 * top): HDU's pages are GBK and POJ's answers are not always UTF-8, so reading them as UTF-8 would
 * garble titles, statements and compiler messages. UTF-8 when nothing is declared or the name is
 * unknown.
 */
export function decode(bytes: Uint8Array, headers: Headers): string {
  const declared =
    /charset=["']?([\w-]+)/i.exec(headers.get('content-type') ?? '')?.[1] ??
    /<meta[^>]+charset=["']?([\w-]+)/i.exec(new TextDecoder('latin1').decode(bytes.subarray(0, 1024)))?.[1];
  try {
    return new TextDecoder(declared ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}
