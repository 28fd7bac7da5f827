import { loadConfig } from '../../backend/src/config/app-config';
import { CodedEventStore } from '../../backend/src/event-store/coded-event-store';
import { openEventStore } from '../../backend/src/storage/storage.providers';

/**
 * The event store of a data directory as the app reads it (personal fields opened with the keys in
 * DATA_DIR/keys.sqlite, events upcast), not raw: what a full rebuild must be compared with.
 */
export function openAppStore(dataDir: string, env: Record<string, string> = {}): CodedEventStore {
  return openEventStore(loadConfig({ DATA_DIR: dataDir, ...env }));
}
