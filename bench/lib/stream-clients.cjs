// Many changes streams in a process of its own (so that reading them never delays the benchmark's timed loop):
// `node bench/lib/stream-clients.cjs '<json>'` with {port, catalogue: {addresses, perAddress}, user: {tokens,
// perToken}, read}. Catalogue streams come from the loopback addresses 127.0.0.2, 127.0.0.3, … (one per
// "client address"), user streams from 127.0.0.1. `read: false` opens each stream and then never reads it (a
// phone asleep): the socket's buffers fill and the server must stop writing to it. Prints `{"open":N}` once all
// are open, then on SIGTERM (or stdin closing) one JSON line: messages, resets and ends seen, and refusals.
// CommonJS, run by path (like flood-client.cjs), so that nothing imports it.
const http = require('node:http');

const { port, catalogue, user, read } = JSON.parse(process.argv[2]);
const counts = { open: 0, changes: 0, resets: 0, ended: 0, refused: {} };
const requests = [];

function open(path, localAddress, headers) {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path, localAddress, headers, agent: false }, (res) => {
      if (res.statusCode !== 200) {
        counts.refused[res.statusCode] = (counts.refused[res.statusCode] ?? 0) + 1;
        res.resume();
        resolve();
        return;
      }
      counts.open++;
      res.on('end', () => counts.ended++);
      res.on('close', () => counts.ended++);
      res.on('error', () => undefined);
      if (!read) {
        res.pause();
        resolve();
        return;
      }
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        for (let at = chunk.indexOf('event: change'); at >= 0; at = chunk.indexOf('event: change', at + 1)) counts.changes++;
        for (let at = chunk.indexOf('event: reset'); at >= 0; at = chunk.indexOf('event: reset', at + 1)) counts.resets++;
      });
      resolve();
    });
    req.on('error', () => resolve());
    requests.push(req);
  });
}

async function main() {
  const opening = [];
  for (let a = 0; a < catalogue.addresses; a++)
    for (let s = 0; s < catalogue.perAddress; s++) opening.push(open('/api/catalogue/changes', `127.0.0.${2 + a}`, {}));
  for (const token of user.tokens)
    for (let s = 0; s < user.perToken; s++) opening.push(open('/api/user/changes', '127.0.0.1', { authorization: token }));
  await Promise.all(opening);
  process.stdout.write(`${JSON.stringify({ open: counts.open, refused: counts.refused })}\n`);
}

const finish = () => {
  process.stdout.write(`${JSON.stringify(counts)}\n`);
  for (const req of requests) req.destroy();
  process.exit(0);
};
process.on('SIGTERM', finish);
process.stdin.on('end', finish);
process.stdin.resume();
void main();
