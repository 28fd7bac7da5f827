import { Controller, Get, Inject, Res } from '@nestjs/common';
import { Public } from '../auth/auth.guard';
import { APP_CONFIG, AppConfig } from '../config/app-config';
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

/** Seconds, to the millisecond. */
const seconds = (ms: number) => Math.round(ms) / 1000;

/**
 * For load balancers and operators: 200 when the store and the read model answer and projection keeps
 * up; 503 "unavailable" when one does not answer, and 503 "degraded" when an event has waited longer
 * than HEALTH_MAX_LAG_MS to be projected (the projector is stuck, or too slow), with the lag in events
 * and in seconds (the age of the oldest event not yet projected).
 */
@ApiTags('operations')
@Controller('health')
@Public()
export class HealthController {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODEL) private readonly readModel: ReadModel,
    private readonly projector: Projector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
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
    const waiting = up && eventStore.position !== null && BigInt(eventStore.position) > BigInt(readModel.position ?? -1);
    const oldest = waiting ? await this.oldestWaitingEventTime(readModel.position) : undefined;
    const lagMs = oldest === undefined ? (waiting ? null : 0) : Math.max(0, Date.now() - oldest);
    const degraded = up && lagMs !== null && lagMs > this.config.healthMaxLagMs;
    void reply.status(up && !degraded ? 200 : 503);
    return {
      status: !up ? 'unavailable' : degraded ? 'degraded' : 'ok',
      eventStore,
      readModel,
      projector: {
        role: this.projector.role,
        // The projection partitions (0-based, of PROJECTION_PARTITIONS) this instance projects now.
        partitions: this.projector.heldPartitions,
        lag,
        lagSeconds: lagMs === null ? null : seconds(lagMs),
        maxLagSeconds: seconds(this.config.healthMaxLagMs),
      },
    };
  }

  /** When the store recorded the first event after the read model's checkpoint (undefined: not known in time). */
  private async oldestWaitingEventTime(checkpoint: string | null): Promise<number | undefined> {
    const stop = new AbortController();
    const timer = setTimeout(() => stop.abort(), CHECK_TIMEOUT_MS);
    try {
      const after = checkpoint === null ? undefined : BigInt(checkpoint);
      for await (const batch of this.store.subscribeToAll({ after, maxBatch: 1, signal: stop.signal })) {
        const time = Date.parse(batch[0]!.createdAt);
        return Number.isNaN(time) ? undefined : time;
      }
      return undefined;
    } catch {
      return undefined;
    } finally {
      clearTimeout(timer);
      stop.abort();
    }
  }
}
