import { Controller, Get, Res } from '@nestjs/common';
import { Public } from '../auth/auth.guard';
import type { FastifyReply } from 'fastify';
import { HealthStatus } from '../metrics/health-status';
import { ApiOperation, ApiTags } from '@nestjs/swagger';

/**
 * For load balancers, orchestrators and operators (docs/design/operating.md, "Liveness and readiness"):
 * the full status, liveness (the process runs; no dependency checked, so a Redis outage restarts nothing)
 * and readiness (the status's verdict alone). The metrics port (metrics/metrics-server.ts) answers the
 * same liveness and readiness for the projector-only role.
 */
@ApiTags('operations')
@Controller('health')
@Public()
export class HealthController {
  constructor(private readonly status: HealthStatus) {}

  @Get()
  @ApiOperation({ summary: 'Event store, read model and projector status; 503 when a dependency is down' })
  async health(@Res({ passthrough: true }) reply: FastifyReply) {
    const { ready, body } = await this.status.check();
    void reply.status(ready ? 200 : 503);
    return body;
  }

  @Get('live')
  @ApiOperation({ summary: 'Liveness: 200 while the process runs; checks no dependency' })
  live() {
    return { status: 'live' };
  }

  @Get('ready')
  @ApiOperation({ summary: 'Readiness: 200 when the store and read model answer and projection keeps up; else 503 with the status' })
  async ready(@Res({ passthrough: true }) reply: FastifyReply) {
    const { ready, body } = await this.status.check();
    void reply.status(ready ? 200 : 503);
    return ready ? { status: 'ready' } : body;
  }
}
