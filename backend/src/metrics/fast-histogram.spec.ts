import { Histogram, Registry } from 'prom-client';
import { FastHistogram } from './fast-histogram';

const BUCKETS = [0.001, 0.01, 0.1, 1];

describe('FastHistogram', () => {
  it("writes the same Prometheus text as prom-client's Histogram for the same observations", async () => {
    const theirs = new Registry();
    const ours = new Registry();
    const reference = new Histogram({
      name: 'h_seconds',
      help: 'h',
      labelNames: ['method', 'route'],
      buckets: BUCKETS,
      registers: [theirs],
    });
    const fast = new FastHistogram('h_seconds', 'h', ['method', 'route'], BUCKETS, ours);
    const observations: [number, string, string][] = [
      [0.0005, 'GET', '/api/videos'],
      [0.001, 'GET', '/api/videos'], // on a bound: counted in that bucket (le is "less than or equal")
      [0.05, 'GET', '/api/videos'],
      [3, 'GET', '/api/videos'], // past the highest bound: +Inf only
      [0.2, 'POST', '/api/user/likes'],
    ];
    for (const [seconds, method, route] of observations) {
      reference.observe({ method, route }, seconds);
      fast.observe(seconds, method, route);
    }
    expect(await ours.metrics()).toBe(await theirs.metrics());
  });

  it('is emptied by the registry reset, like the others', async () => {
    const registry = new Registry();
    const fast = new FastHistogram('x_seconds', 'x', ['command'], BUCKETS, registry);
    fast.observe(0.002, 'get');
    registry.resetMetrics();
    expect(await registry.metrics()).toBe('# HELP x_seconds x\n# TYPE x_seconds histogram\n');
  });
});
