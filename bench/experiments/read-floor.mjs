// What the frameworks alone cost against the reads' second baseline (bench/baseline-server.mjs with
// BASELINE_GET_KEY: a bare node:http server answering each request with one Redis GET). The same answer (one GET
// of the same 13 kB key, sent as is) from three servers, each a child process with one ioredis connection:
//   node:http   the baseline itself;
//   fastify     one Fastify route, no hooks, no logger;
//   nest        NestJS on Fastify (the app's stack), one controller route, no guard, pipe, interceptor or logger.
// autocannon with 50 connections, the servers alternating for a few rounds; medians of req/s and each one's ratio
// to node:http. It says how close to the target's 0.8 a NestJS app could come if it did nothing else.
//   node bench/experiments/read-floor.mjs [seconds=5] [rounds=3]
import { createRequire } from 'node:module';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startNode, startRedis } from '../lib/processes.mjs';
import { ROOT, median } from '../lib/util.mjs';

// The backend's own packages (fastify and reflect-metadata come with NestJS there).
const require = createRequire(join(ROOT, 'backend', 'package.json'));
const fromBackend = (name) => require(require.resolve(name, { paths: [join(ROOT, 'backend')] }));
const KEY = 'read-floor:answer';

/** One server of the comparison (READ_FLOOR_SERVER), in this child process started by startNode. */
async function serve(kind, port, redisUrl) {
  const Redis = require('ioredis');
  const redis = new Redis(redisUrl);
  const answer = () => redis.getBuffer(KEY);
  if (kind === 'fastify') {
    const fastify = fromBackend('fastify')({ logger: false });
    fastify.get('/api/user/likes', async (_request, reply) => reply.type('application/json; charset=utf-8').send(await answer()));
    await fastify.listen({ port, host: '127.0.0.1' });
    return;
  }
  fromBackend('reflect-metadata');
  const { Controller, Get, Module, Res } = require('@nestjs/common');
  const { NestFactory } = require('@nestjs/core');
  const { FastifyAdapter } = require('@nestjs/platform-fastify');
  class Likes {
    async likes(reply) {
      reply.type('application/json; charset=utf-8').send(await answer());
    }
  }
  Res()(Likes.prototype, 'likes', 0);
  Get('likes')(Likes.prototype, 'likes', Object.getOwnPropertyDescriptor(Likes.prototype, 'likes'));
  Controller('api/user')(Likes);
  class App {}
  Module({ controllers: [Likes] })(App);
  const app = await NestFactory.create(App, new FastifyAdapter(), { logger: false });
  await app.listen(port, '127.0.0.1');
}

if (process.env.READ_FLOOR_SERVER) {
  await serve(process.env.READ_FLOOR_SERVER, Number(process.env.PORT), process.env.REDIS_URL);
} else {
  const [seconds = 5, rounds = 3] = process.argv.slice(2).map(Number);
  const autocannon = require('autocannon');
  const redis = await startRedis();
  const Redis = require('ioredis');
  const setup = new Redis(redis.url);
  // About the size of the likes answer of `npm run bench` (12 videos).
  await setup.set(KEY, JSON.stringify({ likes: Array.from({ length: 12 }, (_, i) => ({ _id: `v${i}`, text: 'x'.repeat(1050) })) }));
  setup.disconnect();
  const servers = [];
  const start = async (name, script, env) => {
    const server = await startNode(script, { REDIS_URL: redis.url, ...env }, { readyPath: '/api/user/likes', label: name });
    servers.push(server);
    return { name, url: `${server.url}/api/user/likes` };
  };
  try {
    const self = fileURLToPath(import.meta.url);
    const targets = [
      await start('node:http', 'bench/baseline-server.mjs', { BASELINE_GET_KEY: KEY }),
      await start('fastify', self, { READ_FLOOR_SERVER: 'fastify' }),
      await start('nest', self, { READ_FLOOR_SERVER: 'nest' }),
    ];
    const rates = new Map(targets.map(({ name }) => [name, []]));
    for (const { url } of targets) await autocannon({ url, connections: 50, duration: 1 }); // warm-up
    for (let round = 0; round < rounds; round++) {
      for (const { name, url } of targets) {
        const result = await autocannon({ url, connections: 50, duration: seconds });
        if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
        rates.get(name).push(result.requests.average);
      }
    }
    const base = median(rates.get('node:http'));
    console.log(
      `${rounds} round(s) of ${seconds} s, 50 connections; load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    for (const [name, values] of rates) {
      const rate = median(values);
      console.log(
        `${name.padEnd(10)} ${Math.round(rate)} req/s (${values.map(Math.round).join(', ')}), ${Math.round((100 * rate) / base)} % of node:http`,
      );
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await redis.stop();
  }
}
