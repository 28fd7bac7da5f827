import { describe, expect, test } from 'vitest';
import { createSseParser, type SseMessage } from './sse-parser';

const STREAM =
  ': heartbeat\r\n' +
  'id: 41\r\nevent: change\r\ndata: {"what":"likes","position":"41"}\r\n\r\n' +
  'event: reset\ndata: {}\n\n' +
  'id: 43\rdata: first line\rdata:second line\rdata\r\r' +
  ':comment without a space\n' +
  'id: 44\nevent: change\ndata: {"what":"playlist","playlistId":"p1"}\n\n';

const EXPECTED: SseMessage[] = [
  { id: '41', event: 'change', data: '{"what":"likes","position":"41"}' },
  // The id carries over to the next message, as EventSource's lastEventId does.
  { id: '41', event: 'reset', data: '{}' },
  { id: '43', event: 'message', data: 'first line\nsecond line\n' },
  { id: '44', event: 'change', data: '{"what":"playlist","playlistId":"p1"}' },
];

function parse(chunks: string[]) {
  const messages: SseMessage[] = [];
  const comments: string[] = [];
  const parser = createSseParser(
    (m) => messages.push(m),
    (c) => comments.push(c),
  );
  chunks.forEach((chunk) => parser.push(chunk));
  return { messages, comments };
}

describe('the text/event-stream parser', () => {
  test('reads ids, events, multi-line data and comments, with CRLF, LF and CR line ends', () => {
    const { messages, comments } = parse([STREAM]);
    expect(messages).toEqual(EXPECTED);
    expect(comments).toEqual(['heartbeat', 'comment without a space']);
  });

  test('gives the same messages however the stream is cut into chunks: at every place, and one character at a time', () => {
    for (let cut = 0; cut <= STREAM.length; cut++) {
      expect(parse([STREAM.slice(0, cut), STREAM.slice(cut)]).messages).toEqual(EXPECTED);
    }
    for (let a = 0; a < STREAM.length; a += 7) {
      for (let b = a; b <= STREAM.length; b += 5) {
        expect(parse([STREAM.slice(0, a), STREAM.slice(a, b), STREAM.slice(b)]).messages).toEqual(EXPECTED);
      }
    }
    expect(parse([...STREAM]).messages).toEqual(EXPECTED);
  });

  test('a CR ending one chunk and a LF opening the next are one line end, not an empty line', () => {
    const { messages } = parse(['data: a\r', '\ndata: b\r', '\n\r', '\n']);
    expect(messages).toEqual([{ event: 'message', data: 'a\nb' }]);
  });

  test('a message is dispatched only at its blank line; one without data, or unfinished, is not', () => {
    expect(parse(['event: change\n\n', 'data: half']).messages).toEqual([]);
    expect(parse(['data: x\n', '\n']).messages).toEqual([{ event: 'message', data: 'x' }]);
  });

  test('a block that only sets the id moves the last id and is passed on as no event; one without an id is not', () => {
    expect(parse(['id: 7\n\n', 'event: change\n\n', 'data: x\n\n']).messages).toEqual([
      { id: '7', event: '', data: '' },
      { id: '7', event: 'message', data: 'x' },
    ]);
    expect(parse(['id: 7\nevent: change\n\n']).messages).toEqual([{ id: '7', event: '', data: '' }]);
  });

  test('only one space after the colon is dropped; unknown fields and retry are ignored', () => {
    expect(parse(['data:  two spaces\nretry: 10\nfoo: bar\n\n']).messages).toEqual([{ event: 'message', data: ' two spaces' }]);
  });
});
