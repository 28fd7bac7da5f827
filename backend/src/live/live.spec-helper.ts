import { EventEmitter } from 'node:events';

/** The buffer a socket holds before a write says to wait for `drain` (Node's default high-water mark). */
const HIGH_WATER_MARK = 16 * 1024;

/**
 * A response that keeps what is written and never sends it (a client that does not read), until `read()`
 * says the client read everything written so far.
 */
export class UnreadResponse extends EventEmitter {
  readonly chunks: string[] = [];
  /** How many chunks the client has read (they are kept in `chunks` for the test to look at). */
  private read = 0;
  head: Record<string, unknown> | undefined;
  writableEnded = false;
  socket = null;
  get writableLength(): number {
    return this.chunks.slice(this.read).reduce((n, chunk) => n + chunk.length, 0);
  }
  get writableNeedDrain(): boolean {
    return this.writableLength >= HIGH_WATER_MARK;
  }
  /** The client reads everything written so far: the socket drains. */
  readAll(): void {
    const needed = this.writableNeedDrain;
    this.read = this.chunks.length;
    if (needed) this.emit('drain');
  }
  writeHead(_status: number, headers: Record<string, unknown>): void {
    this.head = headers;
  }
  flushHeaders(): void {}
  write(chunk: string): boolean {
    this.chunks.push(chunk);
    return true;
  }
  end(): void {
    this.writableEnded = true;
  }
}
