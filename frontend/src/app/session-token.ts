import type { RootState } from './store';

// For onQueryStarted callbacks: user lists are cached under the session token (see likes-api.ts).
export const tokenOf = ({ getState }: { getState: () => unknown }) => (getState() as RootState).auth.token ?? '';
