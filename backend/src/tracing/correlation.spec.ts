import { asCommand, correlationMetadata, correlationOf, undoing, withCorrelation } from './correlation';

describe('correlation metadata: what an event appended now says caused it (docs/design/operating.md)', () => {
  test('a command sent within a request: the request id, the command id and name', () => {
    const metadata = withCorrelation('abc', () => asCommand('LikeVideo', () => correlationMetadata({})));
    expect(metadata).toEqual({
      $correlationId: 'abc',
      $causationId: expect.stringMatching(/^LikeVideo:[0-9a-f-]{36}$/),
      causedBy: 'LikeVideo',
    });
    // Tracing is off: no traceparent.
    expect(metadata).not.toHaveProperty('traceparent');
  });

  test('each command sent gets its own id; the correlation id stays the request’s', () => {
    const [first, second] = withCorrelation('abc', () => [
      asCommand('SignUp', () => correlationMetadata(undefined)),
      asCommand('SignUp', () => correlationMetadata(undefined)),
    ]);
    expect(first!.$correlationId).toBe(second!.$correlationId);
    expect(first!.$causationId).not.toBe(second!.$causationId);
  });

  test('an undo’s events name the undo and the event undone', () => {
    const metadata = withCorrelation('r1', () => asCommand('UndoLastAction', () => undoing('event-7', () => correlationMetadata({}))));
    expect(metadata).toMatchObject({ $correlationId: 'r1', causedBy: 'UndoLastAction', undoes: 'event-7' });
  });

  test('a command outside any request correlates as itself; an append outside any command gets a fresh id', () => {
    const command = asCommand('ExpireEntries', () => correlationMetadata({}));
    expect(command.$correlationId).toBe(command.$causationId);
    expect(correlationMetadata({})).toEqual({ $correlationId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });

  test('an event that already has a correlation (a migrated copy) keeps it', () => {
    expect(withCorrelation('new', () => correlationMetadata({ $correlationId: 'original' }))).toEqual({});
  });

  test('read back: the correlation id and cause, absent on events written before', () => {
    expect(correlationOf({ $correlationId: 'abc', causedBy: 'LikeVideo', schemaVersion: 1 })).toEqual({
      correlationId: 'abc',
      causedBy: 'LikeVideo',
    });
    expect(correlationOf({ schemaVersion: 1 })).toEqual({});
  });
});
