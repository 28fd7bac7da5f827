// The login limiter benchmark alone (SECURITY.md §5), without the rest of `npm run bench`:
//   node bench/experiments/login-limiter.mjs [BENCH_BACKEND_DIST=… for another build]
// (`BENCH_ONLY=limiter npm run bench` runs the same and writes it to bench/RESULTS.md.)
import { randomBytes } from 'node:crypto';
import { loginLimiterBenchmark } from '../benchmarks/login-limiter.mjs';
import { startRedis } from '../lib/processes.mjs';

const redis = await startRedis();
try {
  const { results } = await loginLimiterBenchmark({ redis, jwtSecret: randomBytes(48).toString('base64url'), log: console.log });
  for (const { adapter, few, many } of results) {
    console.log(
      `${adapter}: ratio ${many.keys} / ${few.keys} keys: attempts ${(many.attemptsPerSecond / few.attemptsPerSecond).toFixed(2)}, GET p50 ${(many.get.p50 / few.get.p50).toFixed(2)}, p99 ${(many.get.p99 / few.get.p99).toFixed(2)}`,
    );
  }
} finally {
  await redis.stop();
}
