import { EventEmitter } from 'node:events';

/** A response that keeps what is written and never sends it (a client that does not read). */
export class UnreadResponse extends EventEmitter {
  readonly chunks: string[] = [];
  head: Record<string, unknown> | undefined;
  writableEnded = false;
  socket = null;
  get writableLength(): number {
    return this.chunks.reduce((n, chunk) => n + chunk.length, 0);
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
