import type { ThunkAction, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';

/* eslint-disable @typescript-eslint/no-explicit-any --
   RTK types a thunk's state and extra argument as `any`; `unknown` would not accept its own thunks
   (function parameters are contravariant under strictFunctionTypes). */
type Undoable = { undo(): void };
/** A bound `api.util.updateQueryData(endpoint, arg, recipe)` for one cache entry. */
export type CacheUpdate<T> = (recipe: (current: T) => T) => ThunkAction<Undoable, any, any, UnknownAction>;

export interface MutationLifecycle<T> {
  dispatch: ThunkDispatch<any, any, UnknownAction>;
  queryFulfilled: Promise<{ data: T }>;
}
/* eslint-enable @typescript-eslint/no-explicit-any */

/**
 * List writes show the expected list at once, then settle on exactly what the server answered,
 * so a list is never stale after a write; on failure the guess is undone.
 */
export async function optimisticThenServer<Result, Cached>(
  { dispatch, queryFulfilled }: MutationLifecycle<Result>,
  update: CacheUpdate<Cached>,
  guess: (current: Cached) => Cached,
  fromServer: (result: Result, current: Cached) => Cached,
): Promise<void> {
  const patch = dispatch(update(guess));
  try {
    const { data } = await queryFulfilled;
    // A 202 (saved, still updating) carries no list: the guess stands until the lists are read again.
    if (data !== undefined) dispatch(update((current) => fromServer(data, current)));
  } catch {
    patch.undo();
  }
}

export const sameList = <T>(result: T) => result;
/** For a write whose result only the server knows (a new id, what was watched before a date). */
export const noGuess = <T>(current: T) => current;
