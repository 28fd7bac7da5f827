import { existsSync, statSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { type AppendOutcome, type AppendReply, type AppendWorkerData, CLOSE, type EncodedAppend } from './sqlite-append.protocol';

/**
 * The writing connection of SqliteEventStore, in a worker thread (sqlite-append.worker.ts): requests (an
 * append, or a batch of them) are answered in the order they were sent, each in its own BEGIN IMMEDIATE
 * transaction (one fsync each). The worker keeps the process alive only while a request is pending.
 */
export class AppendWriter {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (outcome: AppendOutcome) => void; reject: (error: Error) => void }>();
  private nextId = 0;
  private failure: Error | undefined;
  private readonly exited: Promise<void>;

  constructor(filePath: string, busyTimeoutMs: number) {
    const workerData: AppendWorkerData = { filePath, busyTimeoutMs };
    this.worker = new Worker(appendWorkerPath(), { workerData });
    this.worker.unref();
    this.worker.on('message', ({ id, outcome }: AppendReply) => {
      const waiter = this.pending.get(id);
      this.pending.delete(id);
      if (this.pending.size === 0) this.worker.unref();
      waiter?.resolve(outcome);
    });
    this.worker.on('error', (error) => this.fail(error));
    this.exited = new Promise((resolve) => this.worker.once('exit', () => (this.fail(new Error('the append worker stopped')), resolve())));
  }

  /** Commits the appends together (one transaction), or none of them. */
  append(appends: readonly EncodedAppend[]): Promise<AppendOutcome> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.ref();
      this.worker.postMessage({ id, appends });
    });
  }

  async close(): Promise<void> {
    if (!this.failure) {
      this.worker.ref(); // until it has closed its connection and exited
      this.worker.postMessage(CLOSE);
    }
    await this.exited;
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const { reject } of this.pending.values()) reject(this.failure);
    this.pending.clear();
  }
}

const WORKER = 'sqlite-append.worker';
/** Compiled modules the worker loads: a built copy older than any of their sources may be stale. */
const WORKER_MODULES = [WORKER, 'sqlite-append.protocol'];

let resolvedPath: string | undefined;

/**
 * The worker's compiled JavaScript, loaded by path. Node 20 runs only JavaScript in a worker thread, so:
 * - running compiled (backend/dist, or any copy transpiled beside this file): the sibling
 *   sqlite-append.worker.js that tsc emitted with this file;
 * - running from the TypeScript sources (ts-jest compiles in memory what a test imports, never what a
 *   worker thread loads): the copy in backend/dist, which `npm test` builds before Jest runs. Rather
 *   than start a missing or stale worker, this fails with the command that builds it.
 */
export function appendWorkerPath(): string {
  if (resolvedPath) return resolvedPath;
  if (extname(__filename) !== '.ts') return (resolvedPath = join(__dirname, `${WORKER}.js`));
  const built = resolve(__dirname, '../../../dist/event-store/sqlite');
  for (const name of WORKER_MODULES) {
    const source = join(__dirname, `${name}.ts`);
    const output = join(built, `${name}.js`);
    if (!existsSync(output) || statSync(output).mtimeMs < statSync(source).mtimeMs) {
      throw new Error(`${output} is missing or older than ${source}: run \`npm run build -w backend\` (the append worker runs compiled)`);
    }
  }
  return (resolvedPath = join(built, `${WORKER}.js`));
}
