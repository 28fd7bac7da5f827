// The route table. Builders keep links and route patterns from drifting apart.
export const paths = {
  // Home's state is its URL (/?category=Monitor&q=oled), so that Back and reload keep it.
  home: { path: '/', to: (filter: HomeFilter = {}) => withQuery('/', { category: filter.category, q: filter.q }) },
  login: { path: '/login', to: () => '/login' },
  signup: { path: '/signup', to: () => '/signup' },
  liked: { path: '/like', to: () => '/like' },
  watchLater: { path: '/watchLater', to: () => '/watchLater' },
  history: { path: '/history', to: () => '/history' },
  activity: { path: '/activity', to: (asOf?: string) => (asOf ? `/activity?asOf=${encodeURIComponent(asOf)}` : '/activity') },
  settings: { path: '/settings', to: () => '/settings' },
  playlists: { path: '/playlist', to: () => '/playlist' },
  // Written /Playlist/:_id in the spec while cards link to /playlist/{id}; the router matches
  // case-insensitively, so both spellings land here.
  playlist: { path: '/Playlist/:_id', to: (id: string) => `/playlist/${encodeURIComponent(id)}` },
  channel: { path: '/channel/:channelId', to: (id: string) => `/channel/${encodeURIComponent(id)}` },
  subscriptions: { path: '/subscriptions', to: () => '/subscriptions' },
  studio: { path: '/studio', to: () => '/studio' },
  videoPlay: { path: '/videoPlay/:videoId', to: (id: string) => `/videoPlay/${encodeURIComponent(id)}` },
} as const;

export interface HomeFilter {
  category?: string;
  q?: string;
}

function withQuery(path: string, params: Record<string, string | undefined>): string {
  const query = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => !!entry[1])).toString();
  return query ? `${path}?${query}` : path;
}
