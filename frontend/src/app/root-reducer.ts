import { combineSlices } from '@reduxjs/toolkit';
import { authSlice } from '@/features/auth/auth-slice';
import { api } from '@/lib/api';

export const rootReducer = combineSlices(api, authSlice);

export type RootState = ReturnType<typeof rootReducer>;
