import { lazy, Suspense, type ComponentType } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { LoadFailureBoundary, PageLoadFailed } from '@/components/load-failure-boundary';
import { PageSkeleton } from '@/components/page-skeleton';
import { RequireAuth } from '@/features/auth/require-auth';
import { paths } from '@/lib/paths';
import { HomePage } from './routes/home';
import { MainLayout } from './routes/main-layout';

/**
 * Every route's page is a module of routes/ that composes features. Only the first screen (home) is
 * in the main bundle; every other page is its own chunk, fetched
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
      { path: paths.login.path, element: lazyPage(() => import('./routes/login'), 'LoginPage') },
      { path: paths.signup.path, element: lazyPage(() => import('./routes/signup'), 'SignupPage') },
      {
        // The protected routes.
        element: <RequireAuth />,
        children: [
          { path: paths.liked.path, element: lazyPage(() => import('./routes/liked'), 'LikedPage') },
          { path: paths.watchLater.path, element: lazyPage(() => import('./routes/watch-later'), 'WatchLaterPage') },
          { path: paths.history.path, element: lazyPage(() => import('./routes/history'), 'HistoryPage') },
          { path: paths.activity.path, element: lazyPage(() => import('./routes/activity'), 'ActivityPage') },
          { path: paths.settings.path, element: lazyPage(() => import('./routes/settings'), 'SettingsPage') },
          { path: paths.subscriptions.path, element: lazyPage(() => import('./routes/subscriptions'), 'SubscriptionsPage') },
          { path: paths.playlists.path, element: lazyPage(() => import('./routes/playlists'), 'PlaylistsPage') },
          { path: paths.studio.path, element: lazyPage(() => import('./routes/studio'), 'StudioPage') },
        ],
      },
      { path: paths.playlist.path, element: lazyPage(() => import('./routes/playlist'), 'PlaylistPage') },
      { path: paths.channel.path, element: lazyPage(() => import('./routes/channel'), 'ChannelPage') },
      { path: paths.videoPlay.path, element: lazyPage(() => import('./routes/player'), 'PlayerPage') },
      { path: '*', element: lazyPage(() => import('./routes/not-found'), 'NotFoundPage') },
    ],
  },
];

/**
 * The routes, rendered inside <BrowserRouter> (app.tsx). The app uses no loaders, actions or
 * fetchers, so it takes React Router's declarative mode: the data router would add about 13 kB
 * gzip to the first screen (README, "Speed on a phone") for nothing it uses.
 */
export const AppRoutes = () => useRoutes(routes);
