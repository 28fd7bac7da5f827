import { lazy, Suspense, type ComponentType } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { LoadFailureBoundary, PageLoadFailed } from '@/components/load-failure-boundary';
import { RequireAuth } from '@/features/auth/require-auth';
import { paths } from '@/lib/paths';
import { HomePage } from './routes/home-page';
import { MainLayout } from './routes/main-layout';
import { PageSkeleton } from './routes/page-skeleton';

/**
 * Only the first screen (home) is in the main bundle; every other page is its own chunk, fetched
 * when first visited, with a skeleton meanwhile (and Reload if it cannot be fetched). Vite
 * preloads a chunk's shared imports with it.
 */
function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  const Page = lazy(async (): Promise<{ default: ComponentType }> => ({ default: (await load())[name] }));
  return (
    <LoadFailureBoundary fallback={<PageLoadFailed />}>
      <Suspense fallback={<PageSkeleton />}>
        <Page />
      </Suspense>
    </LoadFailureBoundary>
  );
}

// Route matching is case-insensitive (react-router's default), which is what makes both
// /Playlist/:_id and /playlist/:_id work.
const routes: RouteObject[] = [
  { path: paths.home.path, element: <HomePage /> },
  {
    element: <MainLayout />,
    children: [
      { path: paths.login.path, element: lazyPage(() => import('@/features/auth/login-page'), 'LoginPage') },
      { path: paths.signup.path, element: lazyPage(() => import('@/features/auth/signup-page'), 'SignupPage') },
      {
        // SPEC §2: the protected routes.
        element: <RequireAuth />,
        children: [
          { path: paths.liked.path, element: lazyPage(() => import('@/features/video-lists/video-list-page'), 'LikedPage') },
          {
            path: paths.watchLater.path,
            element: lazyPage(() => import('@/features/video-lists/video-list-page'), 'WatchLaterPage'),
          },
          { path: paths.history.path, element: lazyPage(() => import('@/features/history/history-page'), 'HistoryPage') },
          { path: paths.activity.path, element: lazyPage(() => import('@/features/activity/activity-page'), 'ActivityPage') },
          { path: paths.settings.path, element: lazyPage(() => import('./routes/settings-route'), 'SettingsRoute') },
          {
            path: paths.subscriptions.path,
            element: lazyPage(() => import('./routes/channel-routes'), 'SubscriptionsRoute'),
          },
          { path: paths.playlists.path, element: lazyPage(() => import('@/features/playlists/playlists-page'), 'PlaylistsPage') },
        ],
      },
      { path: paths.playlist.path, element: lazyPage(() => import('./routes/playlist-route'), 'PlaylistRoute') },
      { path: paths.channel.path, element: lazyPage(() => import('./routes/channel-routes'), 'ChannelRoute') },
      { path: paths.videoPlay.path, element: lazyPage(() => import('./routes/player-page'), 'PlayerPage') },
      { path: '*', element: lazyPage(() => import('@/components/error-page'), 'ErrorPage') },
    ],
  },
];

/**
 * The routes, rendered inside <BrowserRouter> (app.tsx). The app uses no loaders, actions or
 * fetchers, so it takes React Router's declarative mode: the data router would add about 13 kB
 * gzip to the first screen (issue 16's budget) for nothing it uses.
 */
export const AppRoutes = () => useRoutes(routes);
