/**
 * One message of a text/event-stream: `id` is the stream's last event id as of this message, if it ever sent
 * one. `event` '' is no event: a block that only set the id.
 */
export interface SseMessage {
  id?: string;
  event: string;
  data: string;
}

/**
 * The text/event-stream framing (the HTML standard's "event stream interpretation"), fed text as it arrives:
 * a chunk may end anywhere, even between a CR and its LF. Lines end with CRLF, LF or CR; a blank line
 * dispatches the message built so far; `:` starts a comment (the server's heartbeat); several `data:` lines
 * join with LF. `retry:` is ignored: reconnecting follows our own backoff (backoff.ts).
 */
export function createSseParser(onMessage: (message: SseMessage) => void, onComment?: (text: string) => void) {
  let buffer = '';
  // A chunk ended on a CR: a LF opening the next one belongs to that line end.
  let skipLeadingLf = false;
  let lastEventId: string | undefined;
  let event = '';
  let data: string[] = [];

  // A block that sets the id and carries no data dispatches no event, but moves the last event id: it is
  // passed on as a message whose `event` is '' (the server's way of saying where a stream is).
  let idSet = false;
  const dispatch = () => {
    if (data.length > 0)
      onMessage({ ...(lastEventId !== undefined && { id: lastEventId }), event: event || 'message', data: data.join('\n') });
    else if (idSet && lastEventId !== undefined) onMessage({ id: lastEventId, event: '', data: '' });
    event = '';
    data = [];
    idSet = false;
  };

  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return onComment?.(text.slice(1).trimStart());
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    else if (field === 'id' && !value.includes('\0')) {
      lastEventId = value;
      idSet = true;
    }
  };

  return {
    push(chunk: string): void {
      if (chunk === '') return;
      if (skipLeadingLf && chunk.startsWith('\n')) chunk = chunk.slice(1);
      skipLeadingLf = false;
      buffer += chunk;
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const c = buffer[i];
        if (c !== '\n' && c !== '\r') continue;
        line(buffer.slice(start, i));
        if (c === '\r') {
          if (i + 1 === buffer.length) skipLeadingLf = true;
          else if (buffer[i + 1] === '\n') i++;
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
    },
  };
}
