// A closed-loop flood in a process of its own (so that its parsing never delays the timed loop of the
// benchmark that starts it): `node bench/lib/flood-client.cjs '<json>'` with {url, token, connections,
// seconds, requests: [{method, path, body}]}. Each connection (its own keep-alive socket) sends the
// requests in turn, back to back, for `seconds`. Prints one JSON line: the answers counted by status and
// by status and first error message (digits as N, so "Try again in 7 seconds" counts as one message).
// CommonJS, run by path (like loop-delay-probe.cjs), so that nothing imports it.
const http = require('node:http');

const { url, token, connections, seconds, requests } = JSON.parse(process.argv[2]);
const { hostname, port } = new URL(url);
const byStatus = {};
const byMessage = {};
let errors = 0;
const send = (agent, { method, path, body }) =>
  new Promise((resolve) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const headers = { authorization: token, ...(payload && { 'content-type': 'application/json', 'content-length': payload.length }) };
    const req = http.request({ host: hostname, port: Number(port), method, path, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        byStatus[res.statusCode] = (byStatus[res.statusCode] ?? 0) + 1;
        let message = '';
        try {
          message = JSON.parse(Buffer.concat(chunks).toString()).errors?.[0] ?? '';
        } catch {
          // not JSON: counted by status only
        }
        const label = `${res.statusCode} ${message.replace(/\d+/g, 'N')}`.trim();
        byMessage[label] = (byMessage[label] ?? 0) + 1;
        resolve();
      });
      res.on('error', () => (errors++, resolve()));
    });
    req.on('error', () => (errors++, resolve()));
    req.end(payload);
  });

async function main() {
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async (_, c) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      for (let i = c; performance.now() < deadline; i++) await send(agent, requests[i % requests.length]);
      agent.destroy();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const total = Object.values(byStatus).reduce((a, b) => a + b, 0);
  process.stdout.write(`${JSON.stringify({ total, seconds: elapsed, perSecond: total / elapsed, byStatus, byMessage, errors })}\n`);
}

void main();
