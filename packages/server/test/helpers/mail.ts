import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import { systemConfig } from '../../src/db/schema/index.ts';
import type { Db } from '../../src/db/client.ts';
import { buildTestApp, type TestApp } from './app.ts';
import { EVENTUALLY } from './eventually.ts';

/** A mail as the test SMTP server received it, decoded. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  raw: string;
}

export interface MailServer {
  host: string;
  port: number;
  received: ReceivedMail[];
  /** Resolves with the next mail to `to` (or one already received and not yet taken). */
  next(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  /** Whether a mail to `to` arrived and was not taken. */
  pending(to: string): boolean;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 and a random port: no TLS, any login accepted. Verdict talks to it
 * with nodemailer as to any mail server, so the tests cover the protocol end to end.
 */
export async function startMailServer(): Promise<MailServer> {
  const received: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters: { to: string; resolve: (mail: ReceivedMail) => void }[] = [];

  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: true,
    logger: false,
    onAuth(_auth, _session, callback) {
      callback(null, { user: 'anyone' });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail = {
          ...parseMail(raw),
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw,
        };
        received.push(mail);
        const waiter = waiters.findIndex((w) => mail.to.includes(w.to));
        if (waiter >= 0) {
          taken.add(mail);
          waiters.splice(waiter, 1)[0]!.resolve(mail);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    host: '127.0.0.1',
    port,
    received,
    pending: (to) => received.some((m) => !taken.has(m) && m.to.includes(to.toLowerCase())),
    next(to, timeoutMs = EVENTUALLY.timeout) {
      const address = to.toLowerCase();
      const waiting = received.find((m) => !taken.has(m) && m.to.includes(address));
      if (waiting) {
        taken.add(waiting);
        return Promise.resolve(waiting);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no mail to ${to} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          to: address,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Points Verdict's admin e-mail configuration (system_config 'email') at the test server. */
export async function useMailServer(
  db: Db,
  server: Pick<MailServer, 'host' | 'port'>,
  sender = 'verdict@example.org',
) {
  const value = {
    emailHost: server.host,
    emailPort: server.port,
    emailSsl: false,
    emailUsername: sender,
    emailPassword: 'any-password',
    emailBGImg: '',
  };
  await db
    .insert(systemConfig)
    .values({ name: 'email', value })
    .onConflictDoUpdate({ target: systemConfig.name, set: { value } });
}

/**
 * For a test file: registers the beforeAll/afterAll hooks that build a test app whose mail goes to
 * a fresh test SMTP server, and closes both. The returned objects are filled in by beforeAll, so
 * use them inside tests and hooks only.
 */
export function appWithMailServer(options: Parameters<typeof buildTestApp>[0]): {
  t: TestApp;
  mail: MailServer;
} {
  const t = {} as TestApp;
  const mail = {} as MailServer;
  beforeAll(async () => {
    Object.assign(t, await buildTestApp(options));
    Object.assign(mail, await startMailServer());
    await useMailServer(t.db, mail);
  });
  afterAll(async () => {
    await t.close();
    await mail.close();
  });
  return { t, mail };
}

// ---- a small MIME reader: enough for what nodemailer sends -----------------------------------

function splitHeaders(block: string): [Record<string, string>, string] {
  const end = block.indexOf('\r\n\r\n');
  const head = end < 0 ? block : block.slice(0, end);
  const body = end < 0 ? '' : block.slice(end + 4);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return [headers, body];
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable': {
      const bytes: number[] = [];
      const text = body.replace(/=\r\n/g, '');
      for (let i = 0; i < text.length; i++) {
        if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
          bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
          i += 2;
        } else {
          bytes.push(...Buffer.from(text[i]!, 'utf8'));
        }
      }
      return Buffer.from(bytes).toString('utf8');
    }
    default:
      return body;
  }
}

/** RFC 2047 encoded words (=?UTF-8?B?…?= / =?UTF-8?Q?…?=) in a header. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_all, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeBody(text.replaceAll('_', ' '), 'quoted-printable'),
    );
}

function parseMail(raw: string): Omit<ReceivedMail, 'to' | 'raw'> {
  const [headers, body] = splitHeaders(raw);
  const parts = { text: '', html: '' };
  const collect = (partHeaders: Record<string, string>, partBody: string) => {
    const type = partHeaders['content-type'] ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (/^multipart\//i.test(type) && boundary) {
      for (const section of partBody.split(`--${boundary}`).slice(1)) {
        if (section.startsWith('--')) break;
        const [h, b] = splitHeaders(section.replace(/^\r\n/, ''));
        collect(h, b.replace(/\r\n$/, ''));
      }
      return;
    }
    const decoded = decodeBody(partBody, partHeaders['content-transfer-encoding']);
    if (/^text\/html/i.test(type)) parts.html += decoded;
    else if (/^text\/plain/i.test(type)) parts.text += decoded;
  };
  collect(headers, body);
  return {
    from: decodeHeader(headers.from ?? ''),
    subject: decodeHeader(headers.subject ?? ''),
    text: parts.text,
    html: parts.html,
    headers,
  };
}
