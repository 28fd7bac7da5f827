import { encodeCommands } from './redis-batch';

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
