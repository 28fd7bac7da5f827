/** The part of the app's store these read: RTK Query's requests, and a way to hear of changes. */
export interface RequestsStore {
  getState(): {
    api: { queries: Record<string, { status?: string } | undefined>; mutations: Record<string, { status?: string } | undefined> };
  };
  subscribe(listener: () => void): () => void;
}

const pending = (requests: Record<string, { status?: string } | undefined>) => Object.values(requests).some((r) => r?.status === 'pending');

/** A query or a mutation is on its way. */
export const anyRequestPending = (store: RequestsStore) => pending(store.getState().api.mutations) || pending(store.getState().api.queries);

/** Resolves once no request is on its way, or after `maxMs` whatever they do. */
export function whenNoRequestPending(store: RequestsStore, maxMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (!anyRequestPending(store)) return resolve();
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, maxMs);
    const unsubscribe = store.subscribe(() => {
      if (!anyRequestPending(store)) done();
    });
  });
}
