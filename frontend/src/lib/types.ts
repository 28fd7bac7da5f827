// Shapes of the /api contract (docs/api.md), kept in one place so that every feature agrees. They are the
// backend's OpenAPI document (docs/openapi.json) itself: aliases of the types generated from it in
// ./api-schema.ts (`npm run api:generate`), so a change of the API the frontend does not follow fails the
// type check. Never write an API shape by hand here: fix the backend's schema and generate again.
import type { components } from './api-schema';

type Schemas = components['schemas'];

export type Video = Schemas['VideoSchema'];
export type Category = Schemas['CategorySchema'];
/** `visibility` absent: private. */
export type Playlist = Schemas['PlaylistSchema'];
export type Channel = Schemas['ChannelSchema'];

/**
 * The signed-in user as the client keeps it: the profile fields, which login's `foundUser`, signup's
 * `createdUser` (both also carry the lists, which the client reads from the list routes instead) and
 * PATCH /user/profile's `user` all have.
 */
export type User = Schemas['ProfileSchema'];

/** One line of GET /user/activity. @public (for the activity sentences) */
export type ActivityItem = Schemas['ActivityItemSchema'];
/** Every event type the backend can emit (its APP_EVENT_TYPES), each of which the timeline may show. @public */
export type ActivityType = ActivityItem['type'];

/** GET /user/settings. */
export type UserSettings = Schemas['SettingsSchema'];
/** History auto-delete: entries older than this many months are removed; 'off' keeps them all. */
export type HistoryRetention = UserSettings['historyRetention'];

/** Where the user stopped one video (GET /user/progress). */
export type Progress = Schemas['ProgressSchema'];
