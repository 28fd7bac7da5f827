import { createServer, get, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { AppConfig } from '../../backend/src/config/app-config';
import { liveMessage } from '../../backend/src/live/live-change';
import { LiveStream } from '../../backend/src/live/live-stream';
import { LiveStreams } from '../../backend/src/live/live-streams';
import { openStream, OpenStream, StreamMessage } from '../support/live-stream';
import { signUpOperator } from '../support/operators';
import { READ_MODEL_VARIANTS, useAppOn } from '../support/read-models';

/**
 * The live streams under bulk changes and slow clients (docs/design/live-updates.md, "Bounds"): an import reaches
 * each catalogue stream as a few coalesced messages, not one per video, and a client that stops reading has its
 * stream ended with a reset and its memory given back. The figures at 1 000 streams during a 10 000-video import
 * are the bench's (`BENCH_ONLY=import-under-streams npm run bench`), not a test's.
 */
const IMPORTED = 600;
let serial = 0;
const newId = () => `B${Date.now().toString(36).slice(-5)}${(serial++).toString(36).padStart(5, '0')}`.slice(0, 11);
const video = () => ({
  _id: newId(),
  title: `Bulk video ${serial}`,
  description: 'Imported with many others',
  category: 'television',
  channel: 'Bulk Channel',
  duration: '4:05',
});

/** How many changes the messages stand for (a `catalogue` message counts its `count`). */
const changesIn = (messages: readonly StreamMessage[]) =>
  messages.reduce((sum, m) => sum + (m.event !== 'change' ? 0 : m.data.what === 'catalogue' ? m.data.count : 1), 0);

/** Matches the message with which the changes told so far reach `total` (given the messages in order, once each). */
function countsUpTo(total: number): (message: StreamMessage) => boolean {
  let counted = 0;
  return (message) => (counted += changesIn([message])) >= total;
}

describe.each(READ_MODEL_VARIANTS)('an import with catalogue streams open, on the %s read model', (variant) => {
  const app = useAppOn(variant);
  const open: OpenStream[] = [];
  afterAll(() => {
    for (const stream of open) stream.close();
  });

  test(`${IMPORTED} videos reach each stream as a few messages naming the catalogue, and a stream resuming from before the import gets them, not a reset`, async () => {
    const operator = await signUpOperator(app.server);
    const before = (await app.guest.get('/videos')).headers.get('x-changes-position');
    expect(before).toMatch(/^\d+$/);
    const live = await openStream(app.server.url, '/catalogue/changes');
    open.push(live);
    const videos = Array.from({ length: IMPORTED }, video);
    const imported = await operator.client.post('/admin/videos/import', { videos });
    expect(imported.status).toBe(200);
    expect(imported.body.added).toHaveLength(IMPORTED);

    // Every video is told, in messages that each say how many changes they stand for.
    const last = await live.next('the messages of all the videos imported', countsUpTo(IMPORTED), 10_000);
    const told = live.messages.filter((m) => m.event === 'change');
    expect(changesIn(told)).toBe(IMPORTED);
    expect(live.messages.some((m) => m.event === 'reset')).toBe(false);
    // One message per log batch shown, at most one per 100 ms window: far fewer than one per video.
    expect(told.length).toBeLessThanOrEqual(IMPORTED / 20);
    expect(told.some((m) => m.data.what === 'catalogue' && m.data.videoIds === undefined && m.data.type === 'VideoPublished')).toBe(true);
    expect(last.data.position).toBe(last.id);
    // An answer read now is current to the end of the import.
    expect(BigInt((await app.guest.get('/videos')).headers.get('x-changes-position')!)).toBeGreaterThanOrEqual(BigInt(last.id!));

    // A client that read before the import resumes from there: the same messages from the instance's memory.
    const resumed = await openStream(app.server.url, '/catalogue/changes', { 'last-event-id': before! });
    open.push(resumed);
    await resumed.next('the messages of the import, resumed', countsUpTo(IMPORTED), 10_000);
    expect(resumed.messages.some((m) => m.event === 'reset')).toBe(false);
    expect(resumed.messages.filter((m) => m.event === 'change').map((m) => m.id)).toEqual(told.map((m) => m.id));
  });
});

/** A real server whose every request becomes a catalogue stream held by one LiveStreams, and the streams' sockets. */
async function streamServer(): Promise<{ server: Server; streams: LiveStreams; opened: LiveStream[]; sockets: Socket[]; url: string }> {
  const config = { live: { streamsMax: 100, streamsPerUser: 10, publicStreamsPerAddress: 10 } } as unknown as AppConfig;
  const streams = new LiveStreams(config);
  const opened: LiveStream[] = [];
  const sockets: Socket[] = [];
  const server = createServer((request, response: ServerResponse) => {
    sockets.push(request.socket);
    const stream = new LiveStream({ kind: 'catalogue', address: '127.0.0.1' }, response);
    stream.open({});
    streams.add(stream);
    opened.push(stream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, streams, opened, sockets, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** Changes of ~8 kB each (a long id list), so that a socket's buffers fill in a few hundred. */
const bigChange = (position: number) =>
  liveMessage({
    what: 'catalogue',
    videoIds: Array.from({ length: 600 }, (_, i) => `v${i}`.padEnd(11, 'x')),
    type: 'VideoPublished',
    position: String(position),
  });

/**
 * Writes changes to the stream until it ends, one per turn of the event loop so that the kernel takes what it can
 * (a client that stopped reading fills the socket's kernel buffers first, a few megabytes on loopback); bounded.
 */
async function writeUntilEnded(stream: LiveStream, streams: LiveStreams): Promise<number> {
  let position = 0;
  while (streams.size > 0 && position < 100_000) {
    stream.change(bigChange(++position));
    await new Promise((resolve) => setImmediate(resolve));
  }
  return position;
}

describe('a client that stops reading', () => {
  let setup: Awaited<ReturnType<typeof streamServer>>;
  beforeEach(async () => (setup = await streamServer()));
  afterEach(async () => {
    setup.server.closeAllConnections();
    await new Promise((resolve) => setup.server.close(resolve));
  });

  const connect = () =>
    new Promise<IncomingMessage>((resolve, reject) => get(`${setup.url}/`, { agent: false }, resolve).once('error', reject));

  test('is ended once its socket is full and it fell behind, with a reset it reads when it reads again, then the end', async () => {
    const response = await connect();
    response.pause();
    await waitFor('the stream registered', () => setup.opened.length === 1);
    const written = await writeUntilEnded(setup.opened[0]!, setup.streams);
    expect(setup.streams.size).toBe(0);
    expect(written).toBeLessThan(100_000);
    // It reads again within the grace: everything sent before it fell behind, then the reset, then the end.
    let text = '';
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => (text += chunk));
    response.resume();
    await new Promise((resolve) => response.once('end', resolve));
    const blocks = text.split('\n\n').filter(Boolean);
    expect(blocks.at(-1)).toBe('event: reset\ndata: {}');
    const ids = blocks.filter((block) => block.startsWith('id: ')).map((block) => Number(block.slice(4, block.indexOf('\n'))));
    // In order from the first, none skipped: only the end of the run was not sent.
    expect(ids).toEqual(Array.from({ length: ids.length }, (_, i) => i + 1));
    expect(ids.length).toBeLessThan(written);
  });

  test('that never reads again: its socket, and the bytes queued on it, are released a moment after its stream ends', async () => {
    const response = await connect();
    response.pause();
    await waitFor('the stream registered', () => setup.opened.length === 1);
    await writeUntilEnded(setup.opened[0]!, setup.streams);
    const socket = setup.sockets[0]!;
    // Its kernel buffers are full: the end's last bytes cannot leave, the grace runs out.
    expect(socket.destroyed).toBe(false);
    expect(socket.writableLength).toBeGreaterThan(0);
    const ended = performance.now();
    await waitFor('the socket destroyed', () => socket.destroyed, 4000);
    expect(performance.now() - ended).toBeGreaterThan(1500);
    // Closed: its handle and the bytes queued on it are gone with it.
    await waitFor('the socket closed', () => socket.closed, 2000);
    // The client, reading at last, finds its connection gone.
    const closed = new Promise((resolve) => response.socket.once('close', resolve));
    response.on('error', () => undefined);
    response.resume();
    await closed;
  });
});

async function waitFor(what: string, condition: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
