import Fastify from 'fastify';
import { AppMetrics } from '../metrics/app-metrics';
import { timeRequests } from './request-metrics';

describe('timeRequests: http_request_duration_seconds on a real Fastify instance', () => {
  it('labels by route pattern (never the raw URL), method and status; a path no route has is "unmatched"', async () => {
    const metrics = new AppMetrics();
    const fastify = Fastify();
    timeRequests(fastify, metrics);
    fastify.get('/api/video/:videoId', async () => ({ ok: true }));
    await fastify.ready();
    await fastify.inject({ method: 'GET', url: '/api/video/secret-looking-id' });
    await fastify.inject({ method: 'GET', url: '/api/video/another-id?x=1' });
    await fastify.inject({ method: 'GET', url: '/wp-admin/setup.php' });
    await fastify.close();

    const text = await metrics.scrape();
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/api/video/:videoId",status="200"} 2');
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="unmatched",status="404"} 1');
    expect(text).not.toMatch(/secret-looking-id|another-id|wp-admin/);
  });
});
