import { describe, expect, it } from 'vitest';
import { createSseParser } from '../../../src/api/sse';
import { reconnectDelay } from '../../../src/api/unread-stream';

/**
 * The web's reader of `GET /api/msg/stream` (issue 15, beyond spec part 2 §2.4's polling): the
 * server-sent events format of the WHATWG HTML standard, fed in chunks as fetch delivers them.
 */
describe('createSseParser (event stream interpretation)', () => {
  it('reads the server stream: retry line, an unread event, a keep-alive comment, another event', () => {
    const parse = createSseParser();
    const counts = '{"comment":1,"reply":0,"like":0,"sys":0,"mine":0}';
    expect(parse('retry: 5000\n\n')).toEqual([]);
    expect(parse(`event: unread\ndata: ${counts}\n\n: keep-alive\n\n`)).toEqual([
      { event: 'unread', data: counts },
    ]);
    expect(parse('event: unread\ndata: {}\n\n')).toEqual([{ event: 'unread', data: '{}' }]);
  });

  it('joins events split anywhere across chunks, CRLF line ends included', () => {
    const parse = createSseParser();
    const text = 'event: unread\r\ndata: {"a":\r\ndata: 1}\r\n\r\nevent: unread\ndata: x\n\n';
    const events = [...text].flatMap((ch) => parse(ch));
    expect(events).toEqual([
      { event: 'unread', data: '{"a":\n1}' },
      { event: 'unread', data: 'x' },
    ]);
  });

  it('names an event without an event field "message", drops one without data, and keeps a colon-less field', () => {
    const parse = createSseParser();
    expect(parse('data:no space\n\nevent: empty\n\ndata\n\n')).toEqual([
      { event: 'message', data: 'no space' },
      { event: 'message', data: '' },
    ]);
  });
});

describe('reconnectDelay', () => {
  it('waits 1 s, doubling up to a minute', () => {
    expect([0, 1, 2, 5, 6, 7, 30].map(reconnectDelay)).toEqual([
      1000, 2000, 4000, 32_000, 60_000, 60_000, 60_000,
    ]);
  });
});
