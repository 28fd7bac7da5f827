import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { EVENT_STORE, EventStore } from '../event-store/event-store.port';
import { Projector } from '../projections/projector';
import { READ_MODEL, ReadModel } from '../read-model/read-model.port';
import { ApiOperation, ApiTags } from '@nestjs/swagger';

/** A dependency that does not answer within this time counts as down: health must not hang. */
const CHECK_TIMEOUT_MS = 1000;

type Check = { status: 'up'; position: string | null } | { status: 'down'; error: string };

async function check(probe: () => Promise<bigint | undefined>): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    const position = await Promise.race([probe(), timeout]);
    return { status: 'up', position: position === undefined ? null : position.toString() };
  } catch (error) {
    return { status: 'down', error: (error as Error).message.slice(0, 200) };
  } finally {
    clearTimeout(timer);
  }
}

/** For load balancers and operators: 200 when the store and the read model answer, 503 otherwise. */
@ApiTags('operations')
@Controller('health')
export class HealthController {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODEL) private readonly readModel: ReadModel,
    private readonly projector: Projector,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Event store, read model and projector status; 503 when a dependency is down' })
  async health(@Res({ passthrough: true }) reply: FastifyReply) {
    const [eventStore, readModel] = await Promise.all([check(() => this.store.headPosition()), check(() => this.readModel.checkpoint())]);
    const up = eventStore.status === 'up' && readModel.status === 'up';
    // Events behind: exact for the embedded store, whose positions count events.
    const lag =
      eventStore.status === 'up' && readModel.status === 'up'
        ? Number(BigInt(eventStore.position ?? 0) - BigInt(readModel.position ?? 0))
        : null;
    void reply.status(up ? 200 : 503);
    return { status: up ? 'ok' : 'unavailable', eventStore, readModel, projector: { role: this.projector.role, lag } };
  }
}
