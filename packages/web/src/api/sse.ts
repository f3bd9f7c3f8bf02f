/** One server-sent event: its `event` name (default "message") and its joined `data` lines. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * A server-sent events parser (WHATWG HTML "event stream interpretation") for a stream read with
 * fetch: feed it text chunks as they arrive, it answers the events they complete. Comments (keep-alive
 * lines starting with ":") and `id`/`retry` fields are skipped; an event without data is not sent.
 */
export function createSseParser(): (chunk: string) => SseEvent[] {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  return (chunk) => {
    buffer += chunk;
    const events: SseEvent[] = [];
    // a line ends at \n, \r\n or \r; the last piece may be incomplete and waits for the next chunk
    const lines = buffer.split(/\r\n|\r(?!$)|\n/);
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      if (line === '') {
        if (data.length > 0) events.push({ event: event || 'message', data: data.join('\n') });
        event = '';
        data = [];
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      let value = colon < 0 ? '' : line.slice(colon + 1);
      if (value.startsWith(' ')) value = value.slice(1);
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    return events;
  };
}
