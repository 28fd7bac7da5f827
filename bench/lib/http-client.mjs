// A minimal keep-alive HTTP client for closed-loop load: one socket per worker, latency per request.
import http from 'node:http';

export class Client {
  constructor(baseUrl, token) {
    const url = new URL(baseUrl);
    this.host = url.hostname;
    this.port = Number(url.port);
    this.token = token;
    this.agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  }

  /** `extra`: more request headers (e.g. an Idempotency-Key). */
  request(method, path, body, extra = {}) {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const headers = { authorization: this.token, ...extra };
    if (payload) Object.assign(headers, { 'content-type': 'application/json', 'content-length': payload.length });
    const started = process.hrtime.bigint();
    return new Promise((resolve, reject) => {
      const req = http.request({ host: this.host, port: this.port, method, path, headers, agent: this.agent }, (res) => {
        const chunks = [];
        let firstByteMs;
        res.on('data', (c) => {
          // When the body's first bytes arrived: for a streamed answer, how long the user waited before it started.
          firstByteMs ??= Number(process.hrtime.bigint() - started) / 1e6;
          chunks.push(c);
        });
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text: Buffer.concat(chunks).toString(), firstByteMs }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(payload);
    });
  }

  /** The request, timed; throws unless the status is the expected one. */
  async timed(method, path, body, expected) {
    const started = process.hrtime.bigint();
    const res = await this.request(method, path, body);
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (res.status !== expected) throw new Error(`${method} ${path}: ${res.status} ${res.text.slice(0, 200)}`);
    return { ms, firstByteMs: res.firstByteMs ?? ms, bytes: Buffer.byteLength(res.text), res };
  }

  close() {
    this.agent.destroy();
  }
}

/**
 * Runs `workers` loops for `seconds`, each calling `step(worker)` (which returns the latency in ms
 * of each operation it made) back to back. Returns operations per second and latencies.
 */
export async function closedLoop(workers, seconds, step) {
  const latencies = [];
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    workers.map(async (worker) => {
      while (performance.now() < deadline) latencies.push(...(await step(worker)));
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return { ops: latencies.length, seconds: elapsed, perSecond: latencies.length / elapsed, latencies };
}
