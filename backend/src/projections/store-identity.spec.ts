import { ensureReadModelFollowsStore } from './store-identity';

/** A read model as the check sees it: the store it follows, its checkpoint, and fresh namespaces on request. */
function fakeReadModel(followed: string | undefined, checkpoint: bigint | undefined, { keepsSwitching = false } = {}) {
  const model = {
    followed,
    checkpoint,
    namespace: 1,
  };
  const port = {
    followedStoreId: async () => model.followed,
    checkpoint: async () => model.checkpoint,
    recordStoreId: async (id: string) => void (model.followed ??= id),
    startAfresh: async () => {
      const from = `ns${model.namespace}`;
      model.namespace++;
      // Unless another instance switches again meanwhile (it is then as foreign as before), the new namespace is empty.
      if (!keepsSwitching) Object.assign(model, { followed: undefined, checkpoint: undefined });
      return { switched: true, from, to: `ns${model.namespace}` };
    },
  };
  return { model, port };
}

const store = (storeId: string, head: bigint | undefined) => ({ storeId: async () => storeId, headPosition: async () => head });

function check(readModel: ReturnType<typeof fakeReadModel>['port'], head: bigint | undefined) {
  const warnings: string[] = [];
  let afresh = 0;
  const result = ensureReadModelFollowsStore(store('S', head), readModel, {
    warn: (line) => warnings.push(line),
    startedAfresh: () => afresh++,
  });
  return { result, warnings, afresh: () => afresh };
}

describe('the read model follows this event store', () => {
  test('a model that names no store adopts this one, and is not rebuilt', async () => {
    const { model, port } = fakeReadModel(undefined, 4n);
    const { result, warnings, afresh } = check(port, 10n);
    expect(await result).toBe(false);
    expect(model.followed).toBe('S');
    expect(warnings).toEqual([]);
    expect(afresh()).toBe(0);
  });

  test('a model built from another store is started afresh, said in one line, and then follows this one', async () => {
    const { model, port } = fakeReadModel('OTHER', 4n);
    const { result, warnings, afresh } = check(port, 10n);
    expect(await result).toBe(true);
    expect(warnings).toEqual([
      'Read model does not follow this event store: it was built from another event store (OTHER; this one is S); rebuilding it from the first event in namespace ns2 (ns1 is left as it was)',
    ]);
    expect(afresh()).toBe(1);
    expect(model.followed).toBe('S');
  });

  test("a model past the store's head (a restored or replaced store) is started afresh", async () => {
    const { port } = fakeReadModel('S', 12n);
    const { result, warnings } = check(port, 10n);
    expect(await result).toBe(true);
    expect(warnings[0]).toContain("its checkpoint 12 is past the event store's head 10");
    const empty = fakeReadModel('S', 1n);
    const onEmpty = check(empty.port, undefined);
    expect(await onEmpty.result).toBe(true);
    expect(onEmpty.warnings[0]).toContain('(empty store)');
  });

  test('a model that keeps switching namespaces while it is checked is an error, not a loop', async () => {
    const { port } = fakeReadModel('OTHER', 4n, { keepsSwitching: true });
    const { result, afresh } = check(port, 10n);
    await expect(result).rejects.toThrow('kept switching namespaces');
    expect(afresh()).toBe(3);
  });
});
