import type { EventStore } from '../event-store/event-store.port';
import type { ReadModel } from '../read-model/read-model.port';

type IdentityStore = Pick<EventStore, 'storeId' | 'headPosition'>;
type IdentityReadModel = Pick<ReadModel, 'followedStoreId' | 'checkpoint' | 'recordStoreId' | 'startAfresh' | 'refreshNamespace'>;

/**
 * A read model built from another event store (another store id), or one past this store's head (a
 * store restored from a backup, or replaced), would make the projector skip every new event below
 * its checkpoint. Such a model is said in one line (`warn`) and replaced by a fresh, empty one that
 * the projector then builds from the first event (`startedAfresh` is called each time, so that
 * progress seen in the old namespace is forgotten); a model that names no store yet is adopted.
 * Answers whether the model was started afresh.
 */
export async function ensureReadModelFollowsStore(
  store: IdentityStore,
  readModel: IdentityReadModel,
  { warn, startedAfresh }: { readonly warn: (line: string) => void; readonly startedAfresh: () => void },
): Promise<boolean> {
  const storeId = await store.storeId();
  let rebuilding = false;
  for (let attempt = 0; attempt < 3; attempt++) {
    const [followed, checkpoint] = await Promise.all([readModel.followedStoreId(), readModel.checkpoint()]);
    // The head is read after the checkpoint: read together, another instance could append and project
    // between the two reads, and a checkpoint past a head read just before would look like a replaced store
    // (this instance would then rebuild in a new namespace while the others go on in the old one).
    const head = await store.headPosition();
    const foreign = followed !== undefined && followed !== storeId;
    const ahead = checkpoint !== undefined && (head === undefined || checkpoint > head);
    if (!foreign && !ahead) {
      await readModel.recordStoreId(storeId);
      return rebuilding;
    }
    const { switched, from, to } = await readModel.startAfresh();
    rebuilding = true;
    if (switched) {
      const why = foreign
        ? `it was built from another event store (${followed}; this one is ${storeId})`
        : `its checkpoint ${checkpoint} is past the event store's head ${head ?? '(empty store)'}: a restored or replaced store`;
      warn(
        `Read model does not follow this event store: ${why}; rebuilding it from the first event in namespace ${to} (${from} is left as it was)`,
      );
    }
    startedAfresh();
    readModel.refreshNamespace?.();
  }
  throw new Error('The read model kept switching namespaces while it was being checked against the event store');
}
