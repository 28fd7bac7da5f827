// Shapes of the /api contract (docs/api.md), kept in one place so that every feature agrees. They are the
// backend's OpenAPI document (docs/openapi.json) itself: aliases of the types generated from it in
// ./api-schema.ts (`npm run api:generate`), so a change of the API the frontend does not follow fails the
// type check. Never write an API shape by hand, here or in a feature: fix the backend's schema, generate
// again, and alias it here.
import type { components } from './api-schema';

type Schemas = components['schemas'];

// The records the answers are made of.

export type Video = Schemas['VideoSchema'];
export type Category = Schemas['CategorySchema'];
/** `visibility` absent: private. */
export type Playlist = Schemas['PlaylistSchema'];
/** A shared playlist as anyone reads it (GET /playlists/:id): its owner named by first name only. */
export type SharedPlaylist = Schemas['PublicPlaylistSchema'];
/** Who may see a playlist, as PATCH /user/playlists/:id sets it ('private' is the absent `visibility`). */
export type Visibility = NonNullable<Schemas['PlaylistDetailsDto']['visibility']>;
export type Channel = Schemas['ChannelSchema'];
/** One who may change the catalogue (docs/design/catalogue.md, "Operators"). */
export type Operator = Schemas['OperatorSchema'];

/**
 * The signed-in user as the client keeps it: the profile fields, which login's `foundUser`, signup's
 * `createdUser` (both also carry the lists, which the client reads from the list routes instead) and
 * PATCH /user/profile's `user` all have.
 */
export type User = Schemas['ProfileSchema'];

/** One line of GET /user/activity. */
export type ActivityItem = Schemas['ActivityItemSchema'];
/** Every event type the backend can emit (its APP_EVENT_TYPES), each of which the timeline may show. */
export type ActivityType = ActivityItem['type'];

/** GET /user/settings. */
export type UserSettings = Schemas['SettingsSchema'];
/** History auto-delete: entries older than this many months are removed; 'off' keeps them all. */
export type HistoryRetention = UserSettings['historyRetention'];

/** Where the user stopped one video (GET /user/progress). */
export type Progress = Schemas['ProgressSchema'];

// Request bodies.

/** POST /auth/login. */
export type LoginBody = Schemas['LoginDto'];
/** POST /auth/signup. */
export type SignupBody = Schemas['SignupDto'];
/** POST /user/likes, /user/watchlater, /user/history and /user/playlists/:id: a catalogue video (only its `_id` is read). */
export type VideoBody = Schemas['VideoBodyDto'];
/** POST /user/playlists. */
export type NewPlaylistBody = Schemas['PlaylistBodyDto'];
/** PATCH /user/playlists/:id. */
export type PlaylistDetailsBody = Schemas['PlaylistDetailsDto'];
/** POST /user/playlists/:id/reorder. */
export type ReorderBody = Schemas['ReorderPlaylistDto'];
/** PUT /user/settings. */
export type SettingsBody = Schemas['SettingsBodyDto'];
/** PUT /user/progress/:videoId. */
export type ProgressBody = Schemas['ProgressBodyDto'];
/** POST /user/subscriptions. */
export type SubscriptionBody = Schemas['SubscriptionBodyDto'];
/** PATCH /user/profile. */
export type ProfileBody = Schemas['ProfileBodyDto'];
/** POST /user/password. */
export type PasswordBody = Schemas['PasswordBodyDto'];
/** DELETE /user. */
export type DeleteAccountBody = Schemas['DeleteAccountBodyDto'];
/** POST /user/import: an export document, or a CSV of videos for one playlist. */
export type ImportBody = Schemas['ImportBodyDto'];
/** POST /video/:videoId/views: a guest names itself by a random id kept for the browser session. */
export type ViewReportBody = Schemas['ViewReportDto'];
/** POST /admin/videos `{ video }`: `_id` or `url` (a YouTube link or a bare id). */
export type NewCatalogueVideo = Schemas['CatalogueVideoInput'];
/** PATCH /admin/videos/:videoId `{ video }`: any subset; also one entry of POST /admin/videos/import as a file gives it. */
export type CatalogueVideoChanges = Schemas['CatalogueVideoChanges'];
/** POST /admin/categories `{ category }`. */
export type NewCategory = Schemas['CategoryInput'];
/** PATCH /admin/categories/:categoryId `{ category }`. */
export type CategoryChanges = Schemas['CategoryChanges'];

// Answers (2xx). A write of /user/* may answer 202 instead: `SavedStillUpdating`.

export type LoginResponse = Schemas['LoginResponse'];
export type SignupResponse = Schemas['SignupResponse'];
/** GET /videos and GET /admin/videos: one page; `next` is the cursor of the next, null on the last. */
export type VideosResponse = Schemas['VideosResponse'];
export type VideoResponse = Schemas['VideoResponse'];
export type CategoriesResponse = Schemas['CategoriesResponse'];
export type LikesResponse = Schemas['LikesResponse'];
export type WatchLaterResponse = Schemas['WatchLaterResponse'];
export type HistoryResponse = Schemas['HistoryResponse'];
export type PlaylistsResponse = Schemas['PlaylistsResponse'];
export type PlaylistResponse = Schemas['PlaylistResponse'];
export type SharedPlaylistResponse = Schemas['PublicPlaylistResponse'];
export type SettingsResponse = Schemas['SettingsResponse'];
export type ProgressResponse = Schemas['ProgressResponse'];
export type ChannelResponse = Schemas['ChannelResponse'];
export type SubscriptionsResponse = Schemas['SubscriptionsResponse'];
export type FeedResponse = Schemas['FeedResponse'];
export type ProfileResponse = Schemas['ProfileResponse'];
/** POST /user/password and /user/sessions/revoke: this session's fresh token. */
export type NewTokenResponse = Schemas['NewTokenResponse'];
export type AccountDeletedResponse = Schemas['AccountDeletedResponse'];
/** GET /user/activity: one page of the timeline, newest first. */
export type ActivityPage = Schemas['ActivityResponse'];
/** GET /user/library?asOf=: the user's library as it was then, in the shapes of the list routes. */
export type LibrarySnapshot = Schemas['LibraryResponse'];
/** POST /user/import: what was added, and the ids the catalogue does not know. */
export type ImportResult = Schemas['ImportResponse'];
export type UndoPreviewResponse = Schemas['UndoPreviewResponse'];
export type UndoResponse = Schemas['UndoResponse'];
/** POST /admin/videos/import: by index in the body, what was skipped (already published) or refused. */
export type ImportVideosResult = Schemas['ImportVideosResponse'];
export type CategoryOnlyResponse = Schemas['CategoryOnlyResponse'];
export type OperatorsResponse = Schemas['OperatorsResponse'];
/** 202: the write is stored, but the lists are still updating (no list in the answer). */
export type SavedStillUpdating = Schemas['SavedStillUpdatingSchema'];
