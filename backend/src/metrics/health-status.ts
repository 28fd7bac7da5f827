import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { EVENT_STORE, EventStore } from '../event-store/event-store.port';
import { Projector } from '../projections/projector';
import { READ_MODEL, ReadModel } from '../read-model/read-model.port';
import { CHECK_TIMEOUT_MS, firstEventTimeAfter } from './first-waiting-event';

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
 * What GET /api/health answers, and so readiness on both ports (docs/design/operating.md, "Liveness and
 * readiness"): ready when the store and the read model answer and projection keeps up; "unavailable" when
 * one does not answer, "degraded" when an event has waited longer than HEALTH_MAX_LAG_MS to be projected
 * (the projector is stuck, or too slow), with the lag in events and in seconds (the age of the oldest event
 * not yet projected).
 */
@Injectable()
export class HealthStatus {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODEL) private readonly readModel: ReadModel,
    private readonly projector: Projector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async check() {
    const [eventStore, readModel] = await Promise.all([check(() => this.store.headPosition()), check(() => this.readModel.checkpoint())]);
    const up = eventStore.status === 'up' && readModel.status === 'up';
    // Events behind: exact for the embedded store, whose positions count events.
    const lag =
      eventStore.status === 'up' && readModel.status === 'up'
        ? Number(BigInt(eventStore.position ?? 0) - BigInt(readModel.position ?? 0))
        : null;
    const waiting = up && eventStore.position !== null && BigInt(eventStore.position) > BigInt(readModel.position ?? -1);
    const after = readModel.status === 'up' && readModel.position !== null ? BigInt(readModel.position) : undefined;
    const oldest = waiting ? await firstEventTimeAfter(this.store, after) : undefined;
    const lagMs = oldest === undefined ? (waiting ? null : 0) : Math.max(0, Date.now() - oldest);
    const degraded = up && lagMs !== null && lagMs > this.config.healthMaxLagMs;
    return {
      ready: up && !degraded,
      body: {
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
      },
    };
  }
}
