import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { ErrorPage } from '@/components/error-page';
import { ActivityPage } from '@/features/activity/activity-page';
import { LoginPage } from '@/features/auth/login-page';
import { RequireAuth } from '@/features/auth/require-auth';
import { SignupPage } from '@/features/auth/signup-page';
import { HistoryPage } from '@/features/history/history-page';
import { PlaylistsPage } from '@/features/playlists/playlists-page';
import { LikedPage, WatchLaterPage } from '@/features/video-lists/video-list-page';
import { paths } from '@/lib/paths';
import { HomePage } from './routes/home-page';
import { MainLayout } from './routes/main-layout';
import { PlayerPage } from './routes/player-page';
import { ChannelRoute, SubscriptionsRoute } from './routes/channel-routes';
import { PlaylistRoute } from './routes/playlist-route';
import { SettingsRoute } from './routes/settings-route';

// Route matching is case-insensitive (react-router's default), which is what makes both
// /Playlist/:_id and /playlist/:_id work.
const routes: RouteObject[] = [
  { path: paths.home.path, element: <HomePage /> },
  {
    element: <MainLayout />,
    children: [
      { path: paths.login.path, element: <LoginPage /> },
      { path: paths.signup.path, element: <SignupPage /> },
      {
        // SPEC §2: the protected routes.
        element: <RequireAuth />,
        children: [
          { path: paths.liked.path, element: <LikedPage /> },
          { path: paths.watchLater.path, element: <WatchLaterPage /> },
          { path: paths.history.path, element: <HistoryPage /> },
          { path: paths.activity.path, element: <ActivityPage /> },
          { path: paths.settings.path, element: <SettingsRoute /> },
          { path: paths.subscriptions.path, element: <SubscriptionsRoute /> },
          { path: paths.playlists.path, element: <PlaylistsPage /> },
        ],
      },
      { path: paths.playlist.path, element: <PlaylistRoute /> },
      { path: paths.channel.path, element: <ChannelRoute /> },
      { path: paths.videoPlay.path, element: <PlayerPage /> },
      { path: '*', element: <ErrorPage /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
