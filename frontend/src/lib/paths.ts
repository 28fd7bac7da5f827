// The route table of SPEC §2. Builders keep links and route patterns from drifting apart.
export const paths = {
  home: { path: '/', to: () => '/' },
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
  videoPlay: { path: '/videoPlay/:videoId', to: (id: string) => `/videoPlay/${encodeURIComponent(id)}` },
} as const;
