import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the remote sites' fakes share: an HTTP server on a free local port, its cookies and
 * form bodies read, handler errors answered 500 (so a test sees them rather than a hang).
 */
export abstract class FakeSiteServer {
  private server!: Server;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      void this.handle(req, res).catch((error: Error) => {
        res.writeHead(500).end(error.message);
      });
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((r) => this.server.close(() => r()));
  }

  protected abstract handle(req: IncomingMessage, res: ServerResponse): Promise<void>;

  protected cookies(req: IncomingMessage): Record<string, string> {
    return Object.fromEntries(
      (req.headers.cookie ?? '')
        .split(';')
        .map((c) => c.trim().split('='))
        .filter((kv) => kv.length === 2) as [string, string][],
    );
  }

  protected async form(req: IncomingMessage): Promise<URLSearchParams> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return new URLSearchParams(Buffer.concat(chunks).toString());
  }
}

/** A scripted run outcome: the verdict text the site shows, after some polls of work. */
export interface FakeOutcome {
  /** the site's final status text (HDU / POJ) or code (SPOJ) */
  verdict: string;
  /** polls answered with the site's "in progress" states first (default 1) */
  waitingPolls?: number;
  /** never finish (result timeout) */
  never?: boolean;
  ceText?: string;
  time?: number;
  memory?: number;
}
