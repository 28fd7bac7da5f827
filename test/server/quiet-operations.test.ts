import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt, ServerProcess, startServerProcess } from '../support/server-process';

/** SECURITY.md §9: a client that gives up mid-upload is the client's business, not an error of ours. */
describe('quiet operations: client aborts', () => {
  let server: ServerProcess;
  let dataDir: string;
  beforeAll(async () => {
    ensureBuilt();
    dataDir = mkdtempSync(join(tmpdir(), 'techtube-quiet-'));
    server = await startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'info', LOG_FORMAT: 'json' });
  });
  afterAll(async () => {
    await server?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('50 uploads aborted half-way are logged at info, without a stack, and never as a 5xx', async () => {
    const { port } = new URL(server.url);
    for (let i = 0; i < 50; i++) {
      await new Promise<void>((resolve) => {
        const socket = connect(Number(port), '127.0.0.1', () => {
          socket.write(
            'POST /api/auth/signup HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{"email":"a',
          );
          setTimeout(() => socket.destroy(), 20);
        });
        socket.on('close', () => resolve());
        socket.on('error', () => resolve());
      });
    }
    await new Promise((r) => setTimeout(r, 500));
    // The server still answers.
    expect((await fetch(`${server.url}/api/categories`)).status).toBe(200);
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; msg?: string; err?: unknown; stack?: unknown; res?: { statusCode?: number } });
    const aborted = lines.filter((l) => /abort/i.test(l.msg ?? ''));
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(lines.filter((l) => (l.res?.statusCode ?? 0) >= 500)).toEqual([]);
    expect(JSON.stringify(lines)).not.toMatch(/\n\s+at /);
    expect(aborted.length).toBeGreaterThanOrEqual(50);
    expect(aborted.every((l) => l.level === 30)).toBe(true);
  });
});
