import { combineReducers } from '@reduxjs/toolkit';
import { authSlice } from '@/features/auth/auth-slice';
import { api } from '@/lib/api';
import { changesPositionReducer } from '@/lib/live/changes-position';

// Redux's combineReducers rather than Redux Toolkit's combineSlices: no slice is injected later, and it is
// already on the first screen (configureStore uses it), where combineSlices would add its own code.
export const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  [authSlice.reducerPath]: authSlice.reducer,
  changesPosition: changesPositionReducer,
});

export type RootState = ReturnType<typeof rootReducer>;
