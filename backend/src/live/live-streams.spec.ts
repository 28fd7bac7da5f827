import type { ServerResponse } from 'node:http';
import type { AppConfig } from '../config/app-config';
import { liveMessage } from './live-change';
import { LiveStream } from './live-stream';
import { LiveStreams } from './live-streams';
import { UnreadResponse } from './live.spec-helper';

const config = { live: { streamsMax: 100, streamsPerUser: 10, publicStreamsPerAddress: 100 } } as unknown as AppConfig;
const change = (position: number) =>
  liveMessage({ what: 'video', videoId: 'v'.repeat(11), type: 'VideoEdited', position: String(position) });

describe('LiveStreams: how many streams may be behind at once', () => {
  test('past the bound, the stream behind the longest ends with a reset; a stream that caught up no longer counts', () => {
    const streams = new LiveStreams(config, null, 2);
    const responses = [0, 1, 2, 3].map(() => new UnreadResponse());
    const opened = responses.map((response) => new LiveStream({ kind: 'catalogue', address: 'a' }, response as unknown as ServerResponse));
    for (const stream of opened) streams.add(stream);
    // Each client reads nothing: its socket fills, then the next change is held (the stream is behind).
    const fill = (k: number) => {
      while (!responses[k]!.writableNeedDrain) opened[k]!.change(change(1));
      opened[k]!.change(change(2));
    };
    fill(0);
    fill(1);
    expect(streams.size).toBe(4);
    // The first reads everything: it is no longer behind, so a third one behind ends nobody.
    responses[0]!.readAll();
    fill(2);
    expect(streams.size).toBe(4);
    // A fourth behind: three are, one more than the bound, and the one behind the longest (the second) ends.
    fill(3);
    expect(streams.size).toBe(3);
    expect(responses[1]!.writableEnded).toBe(true);
    expect(responses[1]!.chunks.at(-1)).toBe('event: reset\ndata: {}\n\n');
    expect([0, 2, 3].map((k) => responses[k]!.writableEnded)).toEqual([false, false, false]);
  });
});
