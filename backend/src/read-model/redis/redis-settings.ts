import { HISTORY_RETENTIONS } from '../../events/app-events';
import { RedisClient, masters } from '../../shared/redis-connection';
import { DEFAULT_SETTINGS, UserSettings } from '../read-model.port';
import { HISTORY_RETENTION_SUFFIX, key } from './redis-keys';

/**
 * The settings keys: `settings` (JSON, the pause) and HISTORY_RETENTION_SUFFIX (the months, absent when
 * off). Both of one user share a hash tag, so one slot: MGET works on a Cluster too.
 */
export async function readSettings(redis: RedisClient, base: string, userId: string): Promise<UserSettings> {
  const [json, retention] = await redis.mget(key(base, userId, 'settings'), key(base, userId, HISTORY_RETENTION_SUFFIX));
  const paused = json === null ? undefined : (JSON.parse(json) as { historyPaused?: unknown }).historyPaused;
  const months = HISTORY_RETENTIONS.find((value) => value !== 'off' && String(value) === retention);
  return {
    historyPaused: typeof paused === 'boolean' ? paused : DEFAULT_SETTINGS.historyPaused,
    historyRetention: months ?? DEFAULT_SETTINGS.historyRetention,
  };
}

/**
 * One page of the users whose auto-delete is on: a SCAN step over the keys only they have (the key is
 * deleted when the setting goes back to off). A Cluster is walked master by master, in a fixed order;
 * the cursor is `<master index>:<SCAN cursor>`. SCAN's own guarantee holds: a key there for the whole
 * walk is returned at least once; one added or moved meanwhile (a reshard) may be missed until the
 * next walk.
 */
export async function scanRetentionUsers(
  redis: RedisClient,
  base: string,
  cursor: string | undefined,
  count: number,
): Promise<{ userIds: string[]; next?: string }> {
  const nodes = (await masters(redis)).sort((a, b) => nodeName(a).localeCompare(nodeName(b)));
  const [node, scanCursor] = parseCursor(cursor);
  if (node >= nodes.length) return { userIds: [] };
  // Glob characters are escaped in the namespace; the user id between the braces is the wildcard.
  const pattern = `${base.replace(/[*?[\]\\]/g, '\\$&')}:{*}:${HISTORY_RETENTION_SUFFIX}`;
  const [next, keys] = await nodes[node]!.scan(scanCursor, 'MATCH', pattern, 'COUNT', Math.max(1, count));
  const userIds = keys.flatMap((found) => {
    const id = found.slice(base.length + 2, found.length - HISTORY_RETENTION_SUFFIX.length - 2);
    return found.startsWith(`${base}:{`) && found.endsWith(`}:${HISTORY_RETENTION_SUFFIX}`) ? [decodeURIComponent(id)] : [];
  });
  if (next !== '0') return { userIds, next: `${node}:${next}` };
  return node + 1 < nodes.length ? { userIds, next: `${node + 1}:0` } : { userIds };
}

function nodeName(node: { readonly options: { readonly host?: string; readonly port?: number } }): string {
  return `${node.options.host ?? ''}:${node.options.port ?? 0}`;
}

function parseCursor(cursor: string | undefined): [number, string] {
  if (cursor === undefined) return [0, '0'];
  const match = /^(\d+):(\d+)$/.exec(cursor);
  if (!match) throw new RangeError(`Not a cursor of this walk: ${cursor}`);
  return [Number(match[1]), match[2]!];
}
