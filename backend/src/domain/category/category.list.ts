import { DomainError } from '../../errors/domain-error';
import { CategoryEvent, CategoryNames, streams } from '../../events/app-events';
import type { StoredEvent } from '../../events/event';
import { ListDefinition, SnapshotCodec } from '../decider';
import { asObject } from '../snapshot-json';

export type CategoryCommand =
  | {
      readonly type: 'CreateCategory';
      readonly userId: string;
      readonly categoryId: string;
      readonly names: CategoryNames;
      readonly description?: string;
    }
  | { readonly type: 'RenameCategory'; readonly userId: string; readonly categoryId: string; readonly names: CategoryNames }
  | { readonly type: 'DescribeCategory'; readonly userId: string; readonly categoryId: string; readonly description: string }
  | { readonly type: 'RemoveCategory'; readonly userId: string; readonly categoryId: string };

export interface CategoryState {
  readonly status: 'none' | 'active' | 'removed';
  readonly names?: CategoryNames;
  readonly description?: string;
}

function evolve(state: CategoryState, event: StoredEvent<CategoryEvent>): CategoryState {
  switch (event.type) {
    case 'CategoryCreated': {
      const { name, slug, title, description } = event.data;
      return { status: 'active', names: { name, slug, title }, description: description ?? '' };
    }
    case 'CategoryRenamed': {
      const { name, slug, title } = event.data;
      return { ...state, names: { name, slug, title } };
    }
    case 'CategoryDescribed':
      return { ...state, description: event.data.description };
    case 'CategoryRemoved':
      return { ...state, status: 'removed' };
  }
}

const sameNames = (a: CategoryNames, b: CategoryNames) => a.name === b.name && a.slug === b.slug && a.title === b.title;

/**
 * Whether another category already has a name or slug, and whether a category still holds videos,
 * are questions about the whole catalogue: the handler asks the catalogue before it sends a command.
 */
function decide(command: CategoryCommand, state: CategoryState): CategoryEvent[] {
  const { userId, categoryId } = command;
  if (command.type === 'CreateCategory') {
    if (state.status !== 'none') throw new DomainError('CATEGORY_EXISTS');
    const description = command.description ? { description: command.description } : {};
    return [{ type: 'CategoryCreated', data: { userId, categoryId, ...command.names, ...description } }];
  }
  if (state.status !== 'active') throw new DomainError('CATEGORY_NOT_FOUND');
  switch (command.type) {
    case 'RenameCategory':
      return sameNames(state.names!, command.names) ? [] : [{ type: 'CategoryRenamed', data: { userId, categoryId, ...command.names } }];
    case 'DescribeCategory':
      return state.description === command.description
        ? []
        : [{ type: 'CategoryDescribed', data: { userId, categoryId, description: command.description } }];
    case 'RemoveCategory':
      return [{ type: 'CategoryRemoved', data: { userId, categoryId } }];
    default: {
      const exhaustive: never = command;
      throw new Error(`Unknown command ${JSON.stringify(exhaustive)}`);
    }
  }
}

const categorySnapshot: SnapshotCodec<CategoryState> = {
  version: 1,
  encode: (state) => state,
  decode: (json) => {
    const { status, names, description } = asObject(json);
    if (status !== 'none' && status !== 'active' && status !== 'removed') throw new TypeError('snapshot: not a category state');
    return {
      status,
      ...(names !== undefined && { names: asObject(names) as unknown as CategoryNames }),
      ...(typeof description === 'string' && { description }),
    };
  },
};

/** One catalogue category (docs/design/catalogue.md); like videos, read from the catalogue each instance holds. */
export const categoryList: ListDefinition<CategoryCommand, CategoryEvent, CategoryState> = {
  name: 'category',
  eventTypes: ['CategoryCreated', 'CategoryRenamed', 'CategoryDescribed', 'CategoryRemoved'],
  initialState: () => ({ status: 'none' }),
  evolve,
  decide,
  snapshot: categorySnapshot,
  streamOf: (command) => streams.category(command.categoryId),
  project: () => [],
  compensate: () => undefined,
};
