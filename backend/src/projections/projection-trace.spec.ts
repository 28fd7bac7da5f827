import { PinoLogger } from 'nestjs-pino';
import pino from 'pino';
import { Writable } from 'node:stream';
import type { StoredEvent } from '../events/event';
import { correlationIdsOf, projectBatch } from './projection-trace';

const event = (position: bigint, correlationId?: string): StoredEvent => ({
  id: `e${position}`,
  streamId: 'likes-u1',
  revision: Number(position),
  position,
  type: 'VideoLiked',
  data: { userId: 'u1', videoId: 'v1' },
  metadata: correlationId === undefined ? {} : { $correlationId: correlationId, causedBy: 'LikeVideo' },
  createdAt: '2026-01-01T00:00:00.000Z',
});

function rootAt(level: pino.Level): void {
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
  Object.defineProperty(PinoLogger, 'root', { value: pino({ level }, sink), configurable: true });
}

describe('the projector’s lines about the events it applies carry their correlation ids (docs/design/operating.md)', () => {
  afterEach(() => Object.defineProperty(PinoLogger, 'root', { value: undefined, configurable: true }));

  test('at debug, one line per event applied, after the batch is applied, with its correlation id and cause', async () => {
    rootAt('debug');
    const lines: Record<string, unknown>[] = [];
    const order: string[] = [];
    const result = await projectBatch(
      3,
      [event(7n, 'abc'), event(8n)],
      { debug: (fields) => (order.push('line'), lines.push(fields)) },
      async () => {
        order.push('applied');
        return 'done';
      },
    );
    expect(result).toBe('done');
    expect(order).toEqual(['applied', 'line', 'line']);
    expect(lines).toEqual([
      {
        msg: 'Projected VideoLiked at 7 in partition 3',
        position: '7',
        type: 'VideoLiked',
        partition: 3,
        correlationId: 'abc',
        causedBy: 'LikeVideo',
      },
      { msg: 'Projected VideoLiked at 8 in partition 3', position: '8', type: 'VideoLiked', partition: 3 },
    ]);
  });

  test('above debug (or without the pino root logger) no line is made, and the batch is still applied', async () => {
    for (const level of ['info', undefined] as const) {
      if (level) rootAt(level);
      const lines: unknown[] = [];
      let applied = false;
      await projectBatch(0, [event(1n, 'abc')], { debug: (fields) => lines.push(fields) }, async () => (applied = true));
      expect({ level, applied, lines }).toEqual({ level, applied: true, lines: [] });
    }
  });

  test('a batch’s distinct correlation ids, in order, for the projection span and a failure’s line', () => {
    expect(correlationIdsOf([event(1n, 'a'), event(2n, 'b'), event(3n, 'a'), event(4n)])).toEqual(['a', 'b']);
  });
});
