import type { ServerResponse } from 'node:http';
import { LiveChange, liveMessage } from './live-change';
import { LiveStream } from './live-stream';
import { UnreadResponse } from './live.spec-helper';

const open = () => {
  const response = new UnreadResponse();
  const stream = new LiveStream({ kind: 'catalogue', address: '127.0.0.1' }, response as unknown as ServerResponse);
  let ended = 0;
  stream.onEnd = () => ended++;
  stream.open({ 'x-content-type-options': 'nosniff', 'cache-control': 'no-store', 'x-request-id': undefined });
  return { response, stream, ended: () => ended };
};

describe('LiveStream: the framing of docs/design/live-updates.md, and a client that stops reading', () => {
  test('keeps the answer’s other headers, with the stream’s own over them', () => {
    const { response } = open();
    expect(response.head).toEqual({
      'x-content-type-options': 'nosniff',
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      'x-accel-buffering': 'no',
      connection: 'close',
    });
  });

  test('a change, a reset and a heartbeat as Server-Sent Events', () => {
    const { response, stream } = open();
    stream.change(liveMessage({ what: 'video', videoId: 'a\nb', type: 'VideoRetired', position: '42' }));
    stream.reset();
    stream.heartbeat();
    expect(response.chunks).toEqual([
      // A line break in a value stays inside the JSON string: it cannot start another field.
      'id: 42\nevent: change\ndata: {"what":"video","videoId":"a\\nb","type":"VideoRetired","position":"42"}\n\n',
      'event: reset\ndata: {}\n\n',
      ': heartbeat\n\n',
    ]);
  });

  test('a heartbeat carries the position the log is told through when it is past the id the client holds, else it is a comment', () => {
    const { response, stream } = open();
    stream.heartbeat(); // nothing told yet
    stream.heartbeat(7n); // the client holds no id: it gets one
    stream.heartbeat(7n);
    stream.change(liveMessage({ what: 'categories', type: 'CategoryAdded', position: '42' }));
    stream.heartbeat(40n); // behind the change it was sent
    stream.heartbeat(50n);
    stream.reset(); // the client keeps an id the server could not resume from: told where it is again
    stream.heartbeat(50n);
    const resumed = open();
    resumed.stream.resumesFrom(60n);
    resumed.stream.heartbeat(55n);
    resumed.stream.heartbeat(61n);
    expect(response.chunks.filter((chunk) => !chunk.includes('event: '))).toEqual([
      ': heartbeat\n\n',
      'id: 7\n\n',
      ': heartbeat\n\n',
      ': heartbeat\n\n',
      'id: 50\n\n',
      'id: 50\n\n',
    ]);
    expect(resumed.response.chunks).toEqual([': heartbeat\n\n', 'id: 61\n\n']);
  });

  const change = (position: number): LiveChange => ({
    what: 'video',
    videoId: 'x'.repeat(11),
    type: 'VideoPublished',
    position: String(position),
  });

  test('a client that stops reading: once its socket is full, a bounded backlog, then a reset and the end (once); nothing more is held', () => {
    const { response, stream, ended } = open();
    let position = 0;
    while (!response.writableNeedDrain) stream.change(liveMessage(change(++position)));
    const unsentWhenFull = response.writableLength;
    for (let k = 0; k < 10_000; k++) stream.change(liveMessage(change(++position)));
    expect(ended()).toBe(1);
    expect(response.writableEnded).toBe(true);
    // What was written past the full socket: only the reset that tells the client to read everything again.
    expect(response.chunks.slice(-1)).toEqual(['event: reset\ndata: {}\n\n']);
    expect(response.writableLength).toBe(unsentWhenFull + 'event: reset\ndata: {}\n\n'.length);
  });

  test('a client that reads slowly: what came while its socket was full goes out as one chunk when it drains, in order, nothing lost', () => {
    const { response, stream, ended } = open();
    let position = 0;
    while (!response.writableNeedDrain) stream.change(liveMessage(change(++position)));
    const written = response.chunks.length;
    for (let k = 0; k < 20; k++) stream.change(liveMessage(change(++position)));
    expect(response.chunks).toHaveLength(written);
    response.readAll();
    expect(response.chunks).toHaveLength(written + 1);
    const ids = response.chunks
      .join('')
      .match(/^id: \d+$/gm)!
      .map((line) => Number(line.slice(4)));
    expect(ids).toEqual(Array.from({ length: position }, (_, i) => i + 1));
    expect(ended()).toBe(0);
  });
});
