import { CommandBatch, encodeCommands } from './redis-batch';

describe('encodeCommands (a batch script’s commands as one JSON argument)', () => {
  it('is the JSON array of the arguments, in order', () => {
    const args = ['ZADD', '3', 'tt:main:{u1}:list:likes', '17', 'v1', 'SET', '2', 'k', '{"a":"b\\\\c"}\n\t"'];
    const encoded = encodeCommands(args);
    expect(encoded).toBe(JSON.stringify(args));
    expect(JSON.parse(encoded)).toEqual(args);
  });

  it('writes non-ASCII characters and surrogate pairs as themselves', () => {
    const args = ['SET', '2', 'k', 'Zoë 😀 日本'];
    expect(encodeCommands(args)).toBe(`["SET","2","k","Zoë 😀 日本"]`);
  });

  it('sends a lone surrogate as U+FFFD, the bytes a separate argument carried (Node’s UTF-8 encoder)', () => {
    const lone = ['a\ud800b', 'x\udc00', '\ud83d', 'ok 😀'];
    const decoded = JSON.parse(encodeCommands(lone)) as string[];
    expect(decoded).toEqual(lone.map((arg) => Buffer.from(arg, 'utf8').toString('utf8')));
    expect(decoded).toEqual(['a\ufffdb', 'x\ufffd', '\ufffd', 'ok 😀']);
  });

  it('leaves a literal backslash-u in a value alone', () => {
    const args = ['SET', '2', 'k', '\\ud800 is text here'];
    expect(JSON.parse(encodeCommands(args))).toEqual(args);
  });

  it('encodes an empty batch as an empty array', () => {
    expect(encodeCommands([])).toBe('[]');
  });
});

describe('CommandBatch arguments', () => {
  it('are each command’s name, argument count and arguments as strings', () => {
    const batch = new CommandBatch().zadd('k', 1, 'a', 2, 'b').call('hset', 'h', 'f', 'v').del('x', 'y');
    expect(JSON.parse(encodeCommands(batchArgs(batch)))).toEqual([
      ...['ZADD', '5', 'k', '1', 'a', '2', 'b'],
      ...['HSET', '3', 'h', 'f', 'v'],
      ...['DEL', '2', 'x', 'y'],
    ]);
  });

  it('refuse a script or an unknown name every time, and an argument that is neither a string nor a finite number', () => {
    for (let i = 0; i < 2; i++) {
      expect(() => new CommandBatch().call('eval', 'return 1', 0)).toThrow(/Not a plain Redis command/);
      expect(() => new CommandBatch().call('MERGEJSON', 'k', '{}')).toThrow(/Not a plain Redis command/);
      expect(() => new CommandBatch().call('SET x', 'k', 'v')).toThrow(/Not a plain Redis command/);
    }
    expect(() => new CommandBatch().set('k', Number.NaN)).toThrow(TypeError);
    expect(() => new CommandBatch().zadd('k', undefined as unknown as number, 'm')).toThrow(TypeError);
  });
});

function batchArgs(batch: CommandBatch): string[] {
  return (batch as unknown as { args: string[] }).args;
}
