// Generated from docs/openapi.json by `npm run api:generate` (scripts/api-contract.mjs, openapi-typescript): do not edit.
// Use it through the aliases of ./types.ts.

export interface paths {
  '/api/admin/categories': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Create a category */
    post: operations['AdminCategoriesController_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/categories/{categoryId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Remove a category that no video names, published or retired */
    delete: operations['AdminCategoriesController_remove'];
    options?: never;
    head?: never;
    /** Rename or describe a category */
    patch: operations['AdminCategoriesController_change'];
    trace?: never;
  };
  '/api/admin/operators': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Every operator */
    get: operations['AdminOperatorsController_list'];
    put?: never;
    /** Make the user with this email an operator (one who already is stays one) */
    post: operations['AdminOperatorsController_grant'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/operators/{userId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Take the operator role from this user (nobody can take their own) */
    delete: operations['AdminOperatorsController_revoke'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/videos': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Every video, retired ones too, for the studio */
    get: operations['AdminVideosController_list'];
    put?: never;
    /** Publish a video */
    post: operations['AdminVideosController_publish'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/videos/import': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Publish many videos: what was added, skipped and refused */
    post: operations['AdminVideosController_import'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/videos/{videoId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Retire a video: it leaves the catalogue, users’ lists keep it as unavailable */
    delete: operations['AdminVideosController_retire'];
    options?: never;
    head?: never;
    /** Change any of a video’s fields */
    patch: operations['AdminVideosController_edit'];
    trace?: never;
  };
  '/api/admin/videos/{videoId}/restore': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Bring a retired video back, with its counts; refused while its category is removed */
    post: operations['AdminVideosController_restore'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/login': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Log in and receive a token */
    post: operations['AuthController_login'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/signup': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Create an account and receive a token */
    post: operations['AuthController_signup'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/catalogue/changes': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The catalogue's changes as this instance shows them: a video published, edited, retired or restored, the categories changed
     * @description Counts (likes, views) are not sent. At most LIVE_PUBLIC_STREAMS_PER_ADDRESS open streams per client address.
     */
    get: operations['LiveController_catalogueChanges'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/categories': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** All categories */
    get: operations['CatalogueController_categories'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/categories/{categoryId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One category (by id or slug) with its first videos */
    get: operations['CatalogueController_category'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/channels': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Every channel of the catalogue */
    get: operations['ChannelsController_channels'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/channels/{channelId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One channel and its videos */
    get: operations['ChannelsController_channel'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/health': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Event store, read model and projector status; 503 when a dependency is down */
    get: operations['HealthController_health'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/health/live': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Liveness: 200 while the process runs; checks no dependency */
    get: operations['HealthController_live'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/health/ready': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Readiness: 200 when the store and read model answer and projection keeps up; else 503 with the status */
    get: operations['HealthController_ready'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/playlists': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Public playlists, most recently made public first, as summaries (video count and the first thumbnails, not the videos); page with nextBefore. A page holds at most 256 kB of JSON: it may end before `limit`, with nextBefore pointing at the rest. Identical for every reader: built once and reused while the read model is unchanged (at most 1 s) */
    get: operations['PublicPlaylistsController_list'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/playlists/{playlistId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** An unlisted or public playlist, with its owner’s first name; a private one answers like an unknown id */
    get: operations['PublicPlaylistsController_playlist'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Delete my account: the personal data key is destroyed, the email released, the lists and timeline removed; the token stops working */
    delete: operations['AccountController_delete'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/activity': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The user’s own events, newest first, with videos and playlist titles; page with nextBefore */
    get: operations['ActivityController_activity'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/changes': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The signed-in user's changes as they show, from any device: likes, watch later, history, playlists, progress, subscriptions, settings, account
     * @description Ends when the token stops being valid (sign out everywhere, a password change, expiry, the account deleted); at most LIVE_STREAMS_PER_USER per user on an instance, a new one closing the oldest.
     */
    get: operations['LiveController_userChanges'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Everything kept about the user (right of access): the library as one document, plus the profile and the whole activity timeline (attachment techtube-library-YYYY-MM-DD.json); POST it to /user/import */
    get: operations['ExportController_export'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/feed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Videos of the channels the user follows */
    get: operations['SubscriptionsController_feed'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/history': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Watch history, oldest first; with ?search= only videos whose title or channel contains it */
    get: operations['HistoryController_search'];
    put?: never;
    /** Record a watched video (refused while the history is paused) */
    post: operations['HistoryController_record'];
    /** Remove every video watched before a date */
    delete: operations['HistoryController_removeBefore'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/history/all': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Clear the whole history */
    delete: operations['HistoryController_clear'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/history/{videoId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Record that a video was played: added as the latest watched, or moved to latest when already there */
    post: operations['HistoryController_recordWatch'];
    /** Remove a video from the history */
    delete: operations['HistoryController_remove'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/import': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Add an exported library, or a CSV of videos into a named playlist: only what is missing is added, unknown ids are reported */
    post: operations['ImportController_import'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/library': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Likes, watch later, history and playlists exactly as they stood at asOf */
    get: operations['LibraryController_asOf'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/likes': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Liked videos, oldest first */
    get: operations['LikesController_read'];
    put?: never;
    /** Like a video (only its _id is read) */
    post: operations['LikesController_add'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/likes/{videoId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Unlike a video */
    delete: operations['LikesController_remove'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/password': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Change the password: every token issued before is refused from now on */
    post: operations['AccountController_password'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/playlists': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The user's playlists, oldest first, with their videos */
    get: operations['PlaylistsController_playlists'];
    put?: never;
    /** Create an empty playlist */
    post: operations['PlaylistsController_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/playlists/{playlistId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One playlist of the user */
    get: operations['PlaylistsController_playlist'];
    put?: never;
    /** Add a video to a playlist */
    post: operations['PlaylistsController_addVideo'];
    /** Delete a playlist */
    delete: operations['PlaylistsController_delete'];
    options?: never;
    head?: never;
    /** Rename a playlist, change its description, or share it (visibility) */
    patch: operations['PlaylistsController_changeDetails'];
    trace?: never;
  };
  '/api/user/playlists/{playlistId}/reorder': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Move a video of a playlist to another place */
    post: operations['PlaylistsController_reorder'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/playlists/{playlistId}/{videoId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Remove a video from a playlist */
    delete: operations['PlaylistsController_removeVideo'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/profile': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The signed-in user’s profile */
    get: operations['AccountController_profileNow'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Change the first or last name */
    patch: operations['AccountController_profile'];
    trace?: never;
  };
  '/api/user/progress': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Where the user stopped each video, most recent first */
    get: operations['ProgressController_progress'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/progress/{videoId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Report where playback is; near the end (last 30 s) it clears the video’s progress */
    put: operations['ProgressController_report'];
    post?: never;
    /** Forget where the user stopped this video (“Remove from Continue watching”); nothing to forget is not an error */
    delete: operations['ProgressController_forget'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/sessions/revoke': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Sign out everywhere: every token issued before this one is refused */
    post: operations['AccountController_revoke'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/settings': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The user’s settings */
    get: operations['SettingsController_settings'];
    /** Change the settings given (those left out stay): pause or resume the history, set its auto-delete (older entries are removed at once) */
    put: operations['SettingsController_update'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/subscriptions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The channels the user follows, oldest subscription first */
    get: operations['SubscriptionsController_subscriptions'];
    put?: never;
    /** Follow a channel */
    post: operations['SubscriptionsController_subscribe'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/subscriptions/{channelId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Stop following a channel */
    delete: operations['SubscriptionsController_unsubscribe'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/undo': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** What an undo would revert now, as GET /user/activity shows it (null when there is nothing to undo) */
    get: operations['UndoController_preview'];
    put?: never;
    /** Revert the most recent list action (again to go further back); the lists come back exactly as they were, but for videos retired since: those are not put back, and `skipped` names them */
    post: operations['UndoController_undo'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/watchlater': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Watch-later videos, oldest first (also at /user/watchlater/) */
    get: operations['WatchLaterController_read'];
    put?: never;
    /** Save a video to watch later */
    post: operations['WatchLaterController_add'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/watchlater/{videoId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Remove a video from watch later */
    delete: operations['WatchLaterController_remove'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/video/{videoId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One video */
    get: operations['CatalogueController_video'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/video/{videoId}/views': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Count a view (after 10 s of playback) */
    post: operations['ViewsController_report'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/videos': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Videos of the catalogue: search, filter, sort and pages */
    get: operations['CatalogueController_videos'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    AccountDeletedResponse: {
      /**
       * @description The account is erased: its tokens are refused and its email is free
       * @enum {boolean}
       */
      deleted: true;
    };
    ActivityItemSchema: {
      /**
       * @description The event’s global position (a decimal string): stable, and the paging cursor
       * @example 57
       */
      position: string;
      /** @enum {string} */
      type:
        | 'UserSignedUp'
        | 'VideoLiked'
        | 'VideoUnliked'
        | 'VideoAddedToWatchLater'
        | 'VideoRemovedFromWatchLater'
        | 'VideoWatched'
        | 'VideoRemovedFromHistory'
        | 'HistoryCleared'
        | 'PlaylistCreated'
        | 'PlaylistDeleted'
        | 'VideoAddedToPlaylist'
        | 'VideoRemovedFromPlaylist'
        | 'HistoryPaused'
        | 'HistoryResumed'
        | 'HistoryRemovedBefore'
        | 'HistoryRestored'
        | 'PlaylistDetailsChanged'
        | 'PlaylistReordered'
        | 'PlaylistRestored'
        | 'AccountDeleted'
        | 'PlaylistVisibilityChanged'
        | 'ChannelSubscribed'
        | 'ChannelUnsubscribed'
        | 'PlaybackProgressRecorded'
        | 'PlaybackProgressCleared'
        | 'ProfileUpdated'
        | 'PasswordChanged'
        | 'SessionsRevoked'
        | 'OperatorGranted'
        | 'OperatorRevoked'
        | 'HistoryRetentionChanged'
        | 'HistoryEntriesExpired'
        | 'VideoPublished'
        | 'VideoEdited'
        | 'VideoRetired'
        | 'VideoRestored'
        | 'CategoryCreated'
        | 'CategoryRenamed'
        | 'CategoryDescribed'
        | 'CategoryRemoved'
        | 'VideoViewed';
      /**
       * @description When the event was stored
       * @example 2026-11-21T14:50:04.120Z
       */
      at: string;
      /** @description The catalogue video it concerns; absent if it left the catalogue */
      video?: components['schemas']['VideoSchema'];
      playlist?: components['schemas']['ActivityPlaylistSchema'];
      /**
       * @description The id of the request that made the event (its X-Request-Id when plain, else the x-request-id it was answered with); absent on older entries
       * @example abc
       */
      correlationId?: string;
      /**
       * @description The command that made the event (LikeVideo, UndoLastAction, ImportLibrary, …); absent on older entries
       * @example LikeVideo
       */
      causedBy?: string;
    };
    ActivityPlaylistSchema: {
      /** Format: uuid */
      _id: string;
      /** @description Its title as of the entry (creation, renaming, restoring) or else its latest; kept after the playlist is deleted */
      title?: string;
    };
    ActivityResponse: {
      /** @description Newest first; never another user’s events, never a password hash */
      activity: components['schemas']['ActivityItemSchema'][];
      /**
       * @description Pass as `before` for the next, older page; null on the last page
       * @example 41
       */
      nextBefore: string | null;
    };
    CatalogueVideoBody: {
      video: components['schemas']['CatalogueVideoInput'];
    };
    CatalogueVideoChanges: {
      /**
       * @description The external site’s id; or give `url`
       * @example BJrsmM6aEYE
       */
      _id?: string;
      /**
       * @description A watch, youtu.be, shorts or embed link, or a bare id
       * @example https://www.youtube.com/watch?v=BJrsmM6aEYE
       */
      url?: string;
      title?: string;
      /** @description May be empty; line breaks and tabs, but no other control character */
      description?: string;
      /**
       * @description A category’s id, slug or name
       * @example smartphone
       */
      category?: string;
      channel?: string;
      /**
       * @description m:ss or h:mm:ss
       * @example 10:24
       */
      duration?: string;
      /**
       * Format: uri
       * @description An https URL on https://i.ytimg.com (the image hosts the page allows), without user:password@. Default: the external site’s thumbnail of the id
       */
      thumbnail?: string;
    };
    CatalogueVideoChangesBody: {
      video: components['schemas']['CatalogueVideoChanges'];
    };
    CatalogueVideoInput: {
      /**
       * @description The external site’s id; or give `url`
       * @example BJrsmM6aEYE
       */
      _id?: string;
      /**
       * @description A watch, youtu.be, shorts or embed link, or a bare id
       * @example https://www.youtube.com/watch?v=BJrsmM6aEYE
       */
      url?: string;
      title: string;
      /** @description May be empty; line breaks and tabs, but no other control character */
      description?: string;
      /**
       * @description A category’s id, slug or name
       * @example smartphone
       */
      category: string;
      channel: string;
      /**
       * @description m:ss or h:mm:ss
       * @example 10:24
       */
      duration: string;
      /**
       * Format: uri
       * @description An https URL on https://i.ytimg.com (the image hosts the page allows), without user:password@. Default: the external site’s thumbnail of the id
       */
      thumbnail?: string;
    };
    CategoriesResponse: {
      categories: components['schemas']['CategorySchema'][];
    };
    CategoryBody: {
      category: components['schemas']['CategoryInput'];
    };
    CategoryChanges: {
      /** @example Laptops */
      name?: string;
      /**
       * @description Default: from the name
       * @example laptops
       */
      slug?: string;
      /** @description Default: the name */
      title?: string;
      /** @description May be empty; line breaks and tabs, but no other control character */
      description?: string;
    };
    CategoryChangesBody: {
      category: components['schemas']['CategoryChanges'];
    };
    CategoryInput: {
      /** @example Laptops */
      name: string;
      /**
       * @description Default: from the name
       * @example laptops
       */
      slug?: string;
      /** @description Default: the name */
      title?: string;
      /** @description May be empty; line breaks and tabs, but no other control character */
      description?: string;
    };
    CategoryOnlyResponse: {
      category: components['schemas']['CategorySchema'];
    };
    CategoryResponse: {
      category: components['schemas']['CategoryWithVideosSchema'];
      /** @description Past the first 1 000 videos: the cursor of the next page of `GET /api/videos?category=<slug>`, null when these were all */
      next: string | null;
    };
    CategorySchema: {
      /** Format: uuid */
      _id: string;
      /**
       * @description The name videos show as their `category`
       * @example Television
       */
      categoryName: string;
      /**
       * @description URL-safe: what `?category=` and a video’s `categoryName` name
       * @example television
       */
      slug: string;
      /**
       * @description What a chip or a heading shows
       * @example Television
       */
      title: string;
      /** @example  */
      description: string;
    };
    CategoryUseSchema: {
      /** @example 0 */
      published: number;
      /** @example 2 */
      retired: number;
    };
    CategoryWithVideosSchema: {
      /** Format: uuid */
      _id: string;
      /**
       * @description The name videos show as their `category`
       * @example Television
       */
      categoryName: string;
      /**
       * @description URL-safe: what `?category=` and a video’s `categoryName` name
       * @example television
       */
      slug: string;
      /**
       * @description What a chip or a heading shows
       * @example Television
       */
      title: string;
      /** @example  */
      description: string;
      /** @description The first 1 000 videos of this category, in catalogue order */
      videos: components['schemas']['VideoSchema'][];
    };
    ChannelResponse: {
      channel: components['schemas']['ChannelSchema'];
      videos: components['schemas']['VideoSchema'][];
    };
    ChannelSchema: {
      /**
       * @description A URL-safe slug of the channel’s name
       * @example unbox-therapy
       */
      _id: string;
      /** @example Unbox Therapy */
      name: string;
      /** @description A URL (an inline SVG of the channel initials) */
      avatar: string;
      /** @example 3 */
      videoCount: number;
    };
    ChannelsResponse: {
      channels: components['schemas']['ChannelSchema'][];
    };
    DeleteAccountBodyDto: {
      /**
       * @description The account’s current password
       * @example adapass123
       */
      password: string;
    };
    DocumentPlaylistSchema: {
      /** Format: uuid */
      _id: string;
      title: string;
      description?: string;
      /** Format: uri */
      playlistImg?: string;
      /** @description In playlist order */
      videoIds: string[];
    };
    ErrorsSchema: {
      /**
       * @example [
       *       "The token is invalid. Unauthorized access error."
       *     ]
       */
      errors: string[];
      /** @description With `VIDEO_RETIRED` (410): the retired video as lists show it, `available: false` */
      video?: components['schemas']['VideoSchema'];
      /** @description With `CATEGORY_NOT_EMPTY` (409): how many published and retired videos still name the category */
      videos?: components['schemas']['CategoryUseSchema'];
      /** @description With `VIDEO_CATEGORY_REMOVED` (409): the removed category the video still names */
      category?: components['schemas']['RemovedCategorySchema'];
    };
    ExportDocumentSchema: {
      /** @enum {string} */
      format: 'techtube-library';
      /** @enum {number} */
      version: 1;
      /** Format: date-time */
      exportedAt: string;
      settings: components['schemas']['SettingsSchema'];
      /** @description Video ids, oldest first */
      likes: string[];
      /** @description Video ids, oldest first */
      watchlater: string[];
      /** @description Oldest first, with watch times */
      history: components['schemas']['HistoryEntrySchema'][];
      /** @description In creation order */
      playlists: components['schemas']['DocumentPlaylistSchema'][];
      /** @description Not read back by import */
      profile: components['schemas']['ProfileSchema'];
      /** @description The whole activity timeline, oldest first; not read back by import */
      activity: components['schemas']['TimelineEntrySchema'][];
    };
    FeedResponse: {
      /** @description Videos of the subscribed channels, in catalogue order */
      videos: components['schemas']['VideoSchema'][];
    };
    HistoryEntrySchema: {
      /** @example BJrsmM6aEYE */
      videoId: string;
      /** Format: date-time */
      watchedAt: string;
    };
    HistoryResponse: {
      /** @description Oldest first */
      history: components['schemas']['VideoSchema'][];
    };
    ImportBodyDto: {
      /** @enum {string} */
      format: 'techtube-library' | 'csv';
      /**
       * @description Document only
       * @enum {number}
       */
      version?: 1;
      /**
       * Format: date-time
       * @description Document only; informative
       */
      exportedAt?: string;
      /** @description Document only; applied when given */
      settings?: components['schemas']['ImportSettingsDto'];
      /** @description Document only; oldest first */
      likes?: string[];
      /** @description Document only; oldest first */
      watchlater?: string[];
      /** @description Document only; oldest first */
      history?: components['schemas']['ImportHistoryEntryDto'][];
      /** @description Document only; in creation order */
      playlists?: components['schemas']['ImportPlaylistDto'][];
      /** @description Document only; channel ids, oldest first (unknown channels are skipped) */
      subscriptions?: string[];
      /**
       * @description CSV only: the playlist to add to (matched by title, created if missing)
       * @example Imported
       */
      playlist?: string;
      /**
       * @description CSV only: one video per line in the first column — an id, a YouTube URL or a /video/:id link
       * @example videoId
       *     BJrsmM6aEYE
       *     https://youtu.be/yoigsHYc77s
       */
      csv?: string;
    };
    ImportCountsSchema: {
      likes: number;
      watchlater: number;
      history: number;
      /** @description Playlists created */
      playlists: number;
      /** @description Videos added to playlists, new or existing */
      playlistVideos: number;
    };
    ImportHistoryEntryDto: {
      /** @example BJrsmM6aEYE */
      videoId: string;
      /**
       * Format: date-time
       * @description Kept as the entry’s watch time
       */
      watchedAt: string;
    };
    ImportPlaylistDto: {
      /** @example Monitors to buy */
      title: string;
      description?: string;
      /** Format: uri */
      playlistImg?: string;
      /** @description Ignored: playlists are matched by title, and new ones get new ids */
      _id?: string;
      /** @description In playlist order */
      videoIds: string[];
    };
    ImportRefusedSchema: {
      index: number;
      /**
       * @example [
       *       "title must not be empty"
       *     ]
       */
      errors: string[];
    };
    ImportResponse: {
      /** @description What was added; all zero when everything was already there */
      imported: components['schemas']['ImportCountsSchema'];
      /** @description Ids the catalogue does not know: reported here, not imported */
      unknownVideoIds: string[];
    };
    ImportSettingsDto: {
      historyPaused: boolean;
      /** @description History auto-delete (absent in older documents: left as it is) */
      historyRetention?: 'off' | (3 | 18 | 36);
    };
    ImportSkippedSchema: {
      index: number;
      _id: string;
      /** @example already in the catalogue */
      reason: string;
    };
    ImportVideosBody: {
      /** @description Videos as POST /admin/videos takes them */
      videos: Record<string, never>[];
    };
    ImportVideosResponse: {
      /** @description The ids published, in the import’s order */
      added: string[];
      skipped: components['schemas']['ImportSkippedSchema'][];
      refused: components['schemas']['ImportRefusedSchema'][];
    };
    LibraryResponse: {
      /**
       * Format: date-time
       * @description The moment asked for, normalised to UTC
       */
      asOf: string;
      /** @description As they stood then, oldest first */
      likes: components['schemas']['VideoSchema'][];
      watchlater: components['schemas']['VideoSchema'][];
      history: components['schemas']['VideoSchema'][];
      /** @description The playlists that existed then, with the videos they had */
      playlists: components['schemas']['PlaylistSchema'][];
    };
    LikesResponse: {
      /** @description Oldest first */
      likes: components['schemas']['VideoSchema'][];
    };
    LoginDto: {
      /** @example guest@example.com */
      email: string;
      /** @example guestpass123 */
      password: string;
    };
    LoginResponse: {
      encodedToken: string;
      /** @description Never includes the password */
      foundUser: components['schemas']['UserSchema'];
    };
    NewPlaylistDto: {
      /** @example Monitors to buy */
      title: string;
      description?: string;
      /** Format: uri */
      playlistImg?: string;
    };
    NewTokenResponse: {
      /** @description A fresh token for this client: every token issued before is refused from now on */
      encodedToken: string;
    };
    OperatorBodyDto: {
      /** @example ada.lovelace@example.com */
      email: string;
    };
    OperatorSchema: {
      /** Format: uuid */
      _id: string;
      /** Format: email */
      email: string;
      firstName: string;
      lastName: string;
    };
    OperatorsResponse: {
      /** @description Every operator, by email */
      operators: components['schemas']['OperatorSchema'][];
    };
    PasswordBodyDto: {
      /** @example adapass123 */
      currentPassword: string;
      /** @example a new passphrase */
      newPassword: string;
    };
    PlaylistBodyDto: {
      playlist: components['schemas']['NewPlaylistDto'];
    };
    PlaylistDetailsDto: {
      /** @example Screens for the office */
      title?: string;
      /** @description An empty string removes the description */
      description?: string;
      /**
       * @description private (the default): only you; unlisted: anyone with the link; public: also listed at GET /api/playlists
       * @enum {string}
       */
      visibility?: 'private' | 'unlisted' | 'public';
    };
    PlaylistOwnerSchema: {
      /**
       * @description The owner's first name: never their email or id
       * @example Ada
       */
      firstName: string;
    };
    PlaylistPreviewSchema: {
      /** @example BJrsmM6aEYE */
      _id: string;
      title: string;
      /** Format: uri */
      thumbnail: string;
      /** @description false once the video was retired: its last title and thumbnail, as lists show it */
      available: boolean;
    };
    PlaylistResponse: {
      playlist: components['schemas']['PlaylistSchema'];
    };
    PlaylistSchema: {
      /** Format: uuid */
      _id: string;
      title: string;
      description?: string;
      /** Format: uri */
      playlistImg?: string;
      /**
       * @description Absent: private (only the owner sees it)
       * @enum {string}
       */
      visibility?: 'unlisted' | 'public';
      /** @description Oldest addition first */
      videos: components['schemas']['VideoSchema'][];
    };
    PlaylistsResponse: {
      /** @description Oldest created first */
      playlists: components['schemas']['PlaylistSchema'][];
    };
    ProfileBodyDto: {
      /**
       * @description Shown to guests on shared playlists: visible text, no control or bidi override characters; stored in NFC
       * @example Ada
       */
      firstName?: string;
      /**
       * @description May be empty
       * @example Lovelace
       */
      lastName?: string;
    };
    ProfileResponse: {
      user: components['schemas']['ProfileSchema'];
    };
    ProfileSchema: {
      /** Format: uuid */
      _id: string;
      /** Format: email */
      email: string;
      firstName: string;
      lastName: string;
      name?: string;
      username?: string;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt?: string;
      /**
       * @description Present while the user is an operator: they may change the catalogue
       * @enum {boolean}
       */
      operator?: true;
    };
    ProgressBodyDto: {
      /**
       * @description Where playback is, in seconds (fractions are dropped); at most the video’s duration
       * @example 75
       */
      seconds: number;
      /**
       * @description true when playback stopped there (pause, leaving the page): stored exactly. Otherwise a report is stored only once it moved 60 s from the stored second
       * @example true
       */
      stopped?: boolean;
    };
    ProgressResponse: {
      /** @description Most recently recorded first */
      progress: components['schemas']['ProgressSchema'][];
    };
    ProgressSchema: {
      /** @example BJrsmM6aEYE */
      videoId: string;
      /**
       * @description The stored second: resume here
       * @example 75
       */
      seconds: number;
      /** Format: date-time */
      updatedAt: string;
      video: components['schemas']['VideoSchema'];
    };
    PublicPlaylistResponse: {
      playlist: components['schemas']['PublicPlaylistSchema'];
    };
    PublicPlaylistSchema: {
      /** Format: uuid */
      _id: string;
      title: string;
      description?: string;
      /** Format: uri */
      playlistImg?: string;
      /** @enum {string} */
      visibility: 'unlisted' | 'public';
      /** @description In the owner’s order */
      videos: components['schemas']['VideoSchema'][];
      owner: components['schemas']['PlaylistOwnerSchema'];
    };
    PublicPlaylistSummarySchema: {
      /** Format: uuid */
      _id: string;
      title: string;
      description?: string;
      /** Format: uri */
      playlistImg?: string;
      /** @enum {string} */
      visibility: 'public';
      owner: components['schemas']['PlaylistOwnerSchema'];
      /**
       * @description How many videos GET /playlists/:id answers
       * @example 12
       */
      videoCount: number;
      /** @description The first 4 videos, in the owner’s order (fewer when the playlist holds fewer) */
      previews: components['schemas']['PlaylistPreviewSchema'][];
    };
    PublicPlaylistsResponse: {
      /** @description Most recently made public first. At most `limit`, and at most 262144 bytes of JSON in all: a page may end before `limit` (never before its first playlist), and its nextBefore then points at the rest */
      playlists: components['schemas']['PublicPlaylistSummarySchema'][];
      /**
       * @description Pass as before for the next page; null on the last
       * @example 41
       */
      nextBefore: string | null;
    };
    RemovedCategorySchema: {
      /** Format: uuid */
      _id: string;
      /** @example Laptops */
      categoryName?: string;
      /** @example laptops */
      slug?: string;
      /** @example Laptops */
      title?: string;
    };
    ReorderPlaylistDto: {
      /**
       * @description A video of the playlist
       * @example BJrsmM6aEYE
       */
      videoId: string;
      /**
       * @description Its new place: 0 = first, up to the number of videos minus one
       * @example 0
       */
      toIndex: number;
    };
    SavedStillUpdatingSchema: {
      /** @enum {boolean} */
      saved: true;
      /** @example Saved. Your lists are still updating: read them again in a moment. */
      message: string;
      /**
       * @description The committed event's position (decimal)
       * @example 1042
       */
      position: string;
    };
    SettingsBodyDto: {
      /**
       * @description true: watching records nothing in the history until it is false again
       * @example true
       */
      historyPaused?: boolean;
      /**
       * @description History auto-delete: entries watched more than this many months ago are removed; "off" keeps them all
       * @example 18
       */
      historyRetention?: 'off' | (3 | 18 | 36);
    };
    SettingsResponse: {
      settings: components['schemas']['SettingsSchema'];
    };
    SettingsSchema: {
      /** @description While true, watching records nothing in the history */
      historyPaused: boolean;
      /** @description History auto-delete: entries watched more than this many months ago are removed (when the user records a watch or changes a setting, and by a daily sweep); "off" (the default) keeps them */
      historyRetention: 'off' | (3 | 18 | 36);
    };
    SignupDto: {
      /**
       * @description Shown to guests on shared playlists: visible text, no control or bidi override characters; stored in NFC
       * @example Ada
       */
      firstName?: string;
      /** @example Lovelace */
      lastName?: string;
      /**
       * @description Split into firstName and lastName when those are not sent
       * @example Ada Lovelace
       */
      name?: string;
      /**
       * @description Stands in for a first name when none is sent
       * @example ada
       */
      username?: string;
      /**
       * Format: email
       * @example ada.lovelace@example.com
       */
      email: string;
      /** @example adapass123 */
      password: string;
    };
    SignupResponse: {
      /** @description HS256 JWT with payload {_id, email} */
      encodedToken: string;
      createdUser: components['schemas']['UserSchema'];
    };
    SubscriptionBodyDto: {
      /**
       * @description A channel’s _id (GET /api/channels)
       * @example unbox-therapy
       */
      channelId: string;
    };
    SubscriptionsResponse: {
      /** @description Oldest subscription first */
      subscriptions: components['schemas']['ChannelSchema'][];
    };
    TimelineEntrySchema: {
      /**
       * @description The event’s position in the log
       * @example 57
       */
      position: string;
      /** @example VideoLiked */
      type: string;
      /** Format: date-time */
      at: string;
      /** @example BJrsmM6aEYE */
      videoId?: string;
      /** Format: uuid */
      playlistId?: string;
      playlistTitle?: string;
    };
    UndoPreviewResponse: {
      /** @description The action POST /user/undo would revert now; null when none */
      next: components['schemas']['ActivityItemSchema'] | null;
    };
    UndoResponse: {
      /** @description The action that was reverted, as GET /user/activity shows it */
      undone: components['schemas']['ActivityItemSchema'];
      /** @description The videos the action took out that were not put back: each was retired since (adding it directly answers 410) */
      skipped: components['schemas']['UndoSkippedSchema'][];
    };
    UndoSkippedSchema: {
      /** @example BJrsmM6aEYE */
      _id: string;
      /** @example no longer available */
      reason: string;
    };
    UserSchema: {
      /** Format: uuid */
      _id: string;
      /** Format: email */
      email: string;
      firstName: string;
      lastName: string;
      /** @description Only when the user signed up with it */
      name?: string;
      /** @description Only when the user signed up with it */
      username?: string;
      /** @example 2026-11-21T14:50:04+00:00 */
      createdAt: string;
      /** @example 2026-11-21T14:50:04+00:00 */
      updatedAt: string;
      likes: components['schemas']['VideoSchema'][];
      history: components['schemas']['VideoSchema'][];
      watchlater: components['schemas']['VideoSchema'][];
      playlists: components['schemas']['PlaylistSchema'][];
    };
    VideoBodyDto: {
      video: components['schemas']['VideoRefDto'];
    };
    VideoRefDto: {
      /**
       * @description A catalogue video id; other fields of a posted video are ignored
       * @example BJrsmM6aEYE
       */
      _id: string;
    };
    VideoResponse: {
      video: components['schemas']['VideoSchema'];
    };
    VideoSchema: {
      /**
       * @description Also the id on the external video site
       * @example BJrsmM6aEYE
       */
      _id: string;
      title: string;
      description: string;
      channel: string;
      /**
       * @description Display string
       * @example 92k
       */
      likes: string;
      /**
       * @description A category name
       * @example Smartphone
       */
      category: string;
      /**
       * @description mm:ss
       * @example 10:24
       */
      duration: string;
      /**
       * @description Display string
       * @example 4.1M
       */
      views: string;
      /** Format: uri */
      thumbnail: string;
      /** @description A URL (an inline SVG of the channel initials) */
      channelAvatar: string;
      /**
       * @description The channel’s id: a URL-safe slug of its name
       * @example unbox-therapy
       */
      channelId: string;
      /** @description The channel's name, as the mockBee template names it */
      creator: string;
      /**
       * @description `_id` again, as the template answers every record with an `id`
       * @example BJrsmM6aEYE
       */
      id: string;
      /**
       * @description The category’s slug, as other clients of the template filter on it
       * @example smartphone
       */
      categoryName: string;
      /** Format: uuid */
      categoryId: string;
      /**
       * @description The users who like it now
       * @example 3
       */
      likeCount: number;
      /**
       * @description Views counted once per viewer per hour, after 10 s of playback
       * @example 120
       */
      viewCount: number;
      /** Format: date-time */
      publishedAt: string;
      /** @description In lists only (a user’s, a shared playlist, the studio’s): false once the video was retired (its last title and thumbnail) */
      available?: boolean;
    };
    VideosResponse: {
      videos: components['schemas']['VideoSchema'][];
      /** @description The cursor of the next page (`?cursor=`), null when this was the last */
      next: string | null;
    };
    ViewReportDto: {
      /**
       * @description A guest’s viewer id: random, kept by the browser for its session (ignored with a valid token)
       * @example 5f0c6a1e-2b7d-4c1a-9d3e-8a7b6c5d4e3f
       */
      viewer?: string;
    };
    ViewReportResponse: {
      /** @description false: this viewer’s view of this video was counted already this hour */
      counted: boolean;
      video: components['schemas']['VideoSchema'];
    };
    WatchLaterResponse: {
      /** @description Oldest first */
      watchlater: components['schemas']['VideoSchema'][];
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  AdminCategoriesController_create: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CategoryBody'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CategoryOnlyResponse'];
        };
      };
      /** @description The change is saved, but the read model does not show it yet: read again in a moment (never retry it) */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SavedStillUpdatingSchema'];
        };
      };
      /** @description "The request body is not valid JSON, or holds a forbidden key such as __proto__." or the broken validation rules, one per entry */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The token is invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Only operators can change the catalogue." */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "A category with this name or slug already exists." or "A category name or slug cannot be another category’s id, slug or name: a lookup by it would find that category." */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The request body is too large (limit 100 kB)." */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." or "Changes cannot be saved right now. Try again later." or "Too many changes to this list at once. Try again." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  AdminCategoriesController_remove: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        categoryId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CategoryOnlyResponse'];
        };
      };
      /** @description The change is saved, but the read model does not show it yet: read again in a moment (never retry it) */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SavedStillUpdatingSchema'];
        };
      };
      /** @description "The request body is not valid JSON, or holds a forbidden key such as __proto__." or the broken validation rules, one per entry */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The token is invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Only operators can change the catalogue." */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The category you requested does not exist. Not Found error." */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "This category still has videos, retired ones included. Move them to another category first." */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The request body is too large (limit 100 kB)." */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." or "Changes cannot be saved right now. Try again later." or "Too many changes to this list at once. Try again." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  AdminCategoriesController_change: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        categoryId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CategoryChangesBody'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CategoryOnlyResponse'];
        };
      };
      /** @description The change is saved, but the read model does not show it yet: read again in a moment (never retry it) */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SavedStillUpdatingSchema'];
        };
      };
      /** @description "The request body is not valid JSON, or holds a forbidden key such as __proto__." or the broken validation rules, one per entry */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The token is invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Only operators can change the catalogue." */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The category you requested does not exist. Not Found error." */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "A category with this name or slug already exists." or "A category name or slug cannot be another category’s id, slug or name: a lookup by it would find that category." */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The request body is too large (limit 100 kB)." */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." or "Changes cannot be saved right now. Try again later." or "Too many changes to this list at once. Try again." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  AdminOperatorsController_list: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OperatorsResponse'];
        };
      };
      /** @description "The token is invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Only operators can change the catalogue." */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  AdminOperatorsController_grant: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['OperatorBodyDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OperatorsResponse'];
        };
      };
      /** @description The change is saved, but the read model does not show it yet: read again in a moment (never retry it) */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SavedStillUpdatingSchema'];
        };
      };
      /** @description "The request could not be read." or "The request body is not valid JSON, or holds a forbidden key such as __proto__." or the broken validation rules, one per entry */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The token is invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Only operators can change the catalogue." */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The email you entered is not Registered. Not Found error" */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The request body is too large (limit 100 kB)." */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." or "Changes cannot be saved right now. Try again later." or "Too many changes to this list at once. Try again." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  AdminOperatorsController_revoke: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        userId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OperatorsResponse'];
        };
      };
      /** @description The change is saved, but the read model does not show it yet: read again in a moment (never retry it) */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SavedStillUpdatingSchema'];
        };
      };
      /** @description "The request body is not valid JSON, or holds a forbidden key such as __proto__." or the broken validation rules, one per entry */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The token is invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Only operators can change the catalogue." */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The user you request does not exist. Not Found error." */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "You cannot revoke your own operator role. Ask another operator." */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The request body is too large (limit 100 kB)." */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." or "Changes cannot be saved right now. Try again later." or "Too many changes to this list at once. Try again." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  AdminVideosController_list: {
    parameters: {
      query?: {
        /** @description Words that begin words of the title, the channel or the description */
        q?: string;
        /** @description A category’s slug, id or name in any case (`Smartphone`, as videos carry it) */
        category?: string;
        /** @description Default: relevance with `q`, else catalogue order (oldest published first) */
        sort?: 'popular' | 'newest' | 'title' | 'likes' | 'views';
        /** @description 1 to 100 (default 24) */
        limit?: string;
        /** @description The `next` of the previous page */
        cursor?: string;
        /** @description Default: all */
        status?: 'all' | 'published' | 'retired';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['VideosResponse'];
        };
      };
      /** @description "The cursor is not one this catalogue gave out. Start again from the first page." or the broken validation rules, one per entry */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The token is invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Only operators can change the catalogue." */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The category you requested does not exist. Not Found error." */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  AdminVideosController_publish: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CatalogueVideoBody'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['VideoResponse'];
        };
      };
      /** @description The change is saved, but the read model does not show it yet: read again in a moment (never retry it) */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SavedStillUpdatingSchema'];
        };
      };
      /** @description "The request body is not valid JSON, or holds a forbidden key such as __proto__." or the broken validation rules, one per entry */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The token is invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Only operators can change the catalogue." */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The category you requested does not exist. Not Found error." */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "A video with this id is already in the catalogue. Restore it if it was retired." */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The request body is too large (limit 100 kB)." */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." or "Changes cannot be saved right now. Try again later." or "Too many changes to this list at once. Try again." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  AdminVideosController_import: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ImportVideosBody'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ImportVideosResponse'];
        };
      };
      /** @description The change is saved, but the read model does not show it yet: read again in a moment (never retry it) */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SavedStillUpdatingSchema'];
        };
      };
      /** @description "The request body is not valid JSON, or holds a forbidden key such as __proto__." or the broken validation rules, one per entry */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The token is invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Only operators can change the catalogue." */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "An import takes at most 10000 videos (and 8 MB) at once." */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." or "Changes cannot be saved right now. Try again later." or "Too many changes to this list at once. Try again." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  AdminVideosController_retire: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        videoId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['VideoResponse'];
        };
      };
      /** @description The change is saved, but the read model does not show it yet: read again in a moment (never retry it) */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SavedStillUpdatingSchema'];
        };
      };
      /** @description "The request body is not valid JSON, or holds a forbidden key such as __proto__." or the broken validation rules, one per entry */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The token is invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Only operators can change the catalogue." */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The video you requested does not exist. Not Found error." */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The request body is too large (limit 100 kB)." */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." or "Changes cannot be saved right now. Try again later." or "Too many changes to this list at once. Try again." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  AdminVideosController_edit: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        videoId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CatalogueVideoChangesBody'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['VideoResponse'];
        };
      };
      /** @description The change is saved, but the read model does not show it yet: read again in a moment (never retry it) */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SavedStillUpdatingSchema'];
        };
      };
      /** @description "The request body is not valid JSON, or holds a forbidden key such as __proto__." or the broken validation rules, one per entry */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The token is invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Only operators can change the catalogue." */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The video you requested does not exist. Not Found error." or "The category you requested does not exist. Not Found error." */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The request body is too large (limit 100 kB)." */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." or "Changes cannot be saved right now. Try again later." or "Too many changes to this list at once. Try again." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  AdminVideosController_restore: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        videoId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['VideoResponse'];
        };
      };
      /** @description The change is saved, but the read model does not show it yet: read again in a moment (never retry it) */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SavedStillUpdatingSchema'];
        };
      };
      /** @description "The request body is not valid JSON, or holds a forbidden key such as __proto__." or the broken validation rules, one per entry */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The token is invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Only operators can change the catalogue." */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The video you requested does not exist. Not Found error." */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "This video’s category was removed. Give the video another category, then restore it." */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The request body is too large (limit 100 kB)." */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." or "Changes cannot be saved right now. Try again later." or "Too many changes to this list at once. Try again." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  AuthController_login: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['LoginDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LoginResponse'];
        };
      };
      /** @description "The request body is not valid JSON, or holds a forbidden key such as __proto__." or the broken validation rules, one per entry */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The credentials you entered are invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The email you entered is not Registered. Not Found error" */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Too many login attempts. Try again in N seconds." */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  AuthController_signup: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SignupDto'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SignupResponse'];
        };
      };
      /** @description The change is saved, but the read model does not show it yet: read again in a moment (never retry it) */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SavedStillUpdatingSchema'];
        };
      };
      /** @description "The request body is not valid JSON, or holds a forbidden key such as __proto__." or "The request body is not valid JSON, or holds a forbidden key such as __proto__." or the broken validation rules, one per entry */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The request body is too large (limit 100 kB)." */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Unprocessable Entity. Email Already Exists." */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Too many accounts were created from your address. Try again in N seconds." */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Changes cannot be saved right now. Try again later." or "Too many changes to this list at once. Try again." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  LiveController_catalogueChanges: {
    parameters: {
      query?: never;
      header?: {
        /** @description The last `id` received: the stream first sends the changes since it, or `reset` when it is older than the server remembers */
        'Last-Event-ID'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Server-Sent Events, open until the server ends them: `event: change` (data: the change), `event: reset`, `id:` alone (where the stream is), `: heartbeat` */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/event-stream': string;
        };
      };
      /** @description "Too many open change streams from your address. Close one and try again." */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The server holds too many change streams right now. Try again in a moment." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  CatalogueController_categories: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CategoriesResponse'];
        };
      };
    };
  };
  CatalogueController_category: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        categoryId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CategoryResponse'];
        };
      };
      /** @description "The category you requested does not exist. Not Found error." */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  ChannelsController_channels: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ChannelsResponse'];
        };
      };
    };
  };
  ChannelsController_channel: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        channelId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ChannelResponse'];
        };
      };
      /** @description "The channel you requested does not exist. Not Found error." */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  HealthController_health: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  HealthController_live: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  HealthController_ready: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  PublicPlaylistsController_list: {
    parameters: {
      query?: {
        /** @description Entries per page, 1 to 100 (default 20) */
        limit?: string;
        /** @description The nextBefore of the previous page: only older entries */
        before?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PublicPlaylistsResponse'];
        };
      };
      /** @description "The request URL is not valid." or the broken validation rules, one per entry */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Too many requests for shared playlists from your address. Try again in N seconds." */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  PublicPlaylistsController_playlist: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        playlistId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PublicPlaylistResponse'];
        };
      };
      /** @description "The playlist you requested does not exist. Not Found error." */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Too many requests for shared playlists from your address. Try again in N seconds." */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  AccountController_delete: {
    parameters: {
      query?: never;
      header?: {
        /** @description One per user action, reused for its retries (IETF httpapi draft): for 24 h the same key and request answer the first answer again and write nothing */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['DeleteAccountBodyDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AccountDeletedResponse'];
        };
      };
      /** @description The change is saved, but the read model does not show it yet: read again in a moment (never retry it) */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SavedStillUpdatingSchema'];
        };
      };
      /** @description "The request could not be read." or "The request body is not valid JSON, or holds a forbidden key such as __proto__." or "Idempotency-Key must be 1 to 255 printable ASCII characters (a UUID, for example)." or the broken validation rules, one per entry */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The token is invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The password you entered is not correct. Your account was not deleted." */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The user you request does not exist. Not Found error." */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "A request with this Idempotency-Key is still being processed. Retry it in a moment." */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The request body is too large (limit 100 kB)." */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "This Idempotency-Key was already used for another request. Send a new key with a new request." */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Too many wrong passwords. Try again in N seconds." or "Too many changes in a short time. Try again in N seconds." */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." or "Changes cannot be saved right now. Try again later." or "Too many changes to this list at once. Try again." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  ActivityController_activity: {
    parameters: {
      query?: {
        /** @description Entries per page, 1 to 100 (default 20) */
        limit?: string;
        /** @description The nextBefore of the previous page: only older entries */
        before?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ActivityResponse'];
        };
      };
      /** @description "The request URL is not valid." or the broken validation rules, one per entry */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The token is invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The user you request does not exist. Not Found error." */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  LiveController_userChanges: {
    parameters: {
      query?: never;
      header?: {
        /** @description The last `id` received: the stream first sends the changes since it, or `reset` when it is older than the server remembers */
        'Last-Event-ID'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Server-Sent Events, open until the server ends them: `event: change` (data: the change), `event: reset`, `id:` alone (where the stream is), `: heartbeat` */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/event-stream': string;
        };
      };
      /** @description "The token is invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The user you request does not exist. Not Found error." */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." or "The server holds too many change streams right now. Try again in a moment." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  ExportController_export: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ExportDocumentSchema'];
        };
      };
      /** @description "The token is invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The user you request does not exist. Not Found error." */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  SubscriptionsController_feed: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FeedResponse'];
        };
      };
      /** @description "The token is invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The user you request does not exist. Not Found error." */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  HistoryController_search: {
    parameters: {
      query?: {
        /** @description Title or channel contains it (trimmed, any case); empty = all */
        search?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['HistoryResponse'];
        };
      };
      /** @description "The request URL is not valid." or the broken validation rules, one per entry */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The token is invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The email you entered is not Registered. Not Found error" */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  HistoryController_record: {
    parameters: {
      query?: never;
      header?: {
        /** @description One per user action, reused for its retries (IETF httpapi draft): for 24 h the same key and request answer the first answer again and write nothing */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['VideoBodyDto'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['HistoryResponse'];
        };
      };
      /** @description The change is saved, but the read model does not show it yet: read again in a moment (never retry it) */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SavedStillUpdatingSchema'];
        };
      };
      /** @description "The request body is not valid JSON, or holds a forbidden key such as __proto__." or "Idempotency-Key must be 1 to 255 printable ASCII characters (a UUID, for example)." or the broken validation rules, one per entry */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The token is invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The video you requested does not exist. Not Found error." or "The email you entered is not Registered. Not Found error" */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The video is already in your history" or "Your history is paused, so nothing was recorded. Resume it in Settings." or "A request with this Idempotency-Key is still being processed. Retry it in a moment." */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The request body is too large (limit 100 kB)." */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "This Idempotency-Key was already used for another request. Send a new key with a new request." */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Too many changes in a short time. Try again in N seconds." */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." or "Changes cannot be saved right now. Try again later." or "Too many changes to this list at once. Try again." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  HistoryController_removeBefore: {
    parameters: {
      query: {
        /** @description Removes every entry watched before this moment: an ISO date (midnight UTC) or a date-time with its zone */
        before: string;
      };
      header?: {
        /** @description One per user action, reused for its retries (IETF httpapi draft): for 24 h the same key and request answer the first answer again and write nothing */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['HistoryResponse'];
        };
      };
      /** @description The change is saved, but the read model does not show it yet: read again in a moment (never retry it) */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SavedStillUpdatingSchema'];
        };
      };
      /** @description "The request URL is not valid." or "The request body is not valid JSON, or holds a forbidden key such as __proto__." or "Idempotency-Key must be 1 to 255 printable ASCII characters (a UUID, for example)." or the broken validation rules, one per entry */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The token is invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The user you request does not exist. Not Found error." */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "A request with this Idempotency-Key is still being processed. Retry it in a moment." */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The request body is too large (limit 100 kB)." */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "This Idempotency-Key was already used for another request. Send a new key with a new request." */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Too many changes in a short time. Try again in N seconds." */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." or "Changes cannot be saved right now. Try again later." or "Too many changes to this list at once. Try again." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  HistoryController_clear: {
    parameters: {
      query?: never;
      header?: {
        /** @description One per user action, reused for its retries (IETF httpapi draft): for 24 h the same key and request answer the first answer again and write nothing */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['HistoryResponse'];
        };
      };
      /** @description The change is saved, but the read model does not show it yet: read again in a moment (never retry it) */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SavedStillUpdatingSchema'];
        };
      };
      /** @description "The request body is not valid JSON, or holds a forbidden key such as __proto__." or "Idempotency-Key must be 1 to 255 printable ASCII characters (a UUID, for example)." or the broken validation rules, one per entry */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The token is invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The user you request does not exist. Not Found error." */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "A request with this Idempotency-Key is still being processed. Retry it in a moment." */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The request body is too large (limit 100 kB)." */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "This Idempotency-Key was already used for another request. Send a new key with a new request." */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Too many changes in a short time. Try again in N seconds." */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." or "Changes cannot be saved right now. Try again later." or "Too many changes to this list at once. Try again." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  HistoryController_recordWatch: {
    parameters: {
      query?: never;
      header?: {
        /** @description One per user action, reused for its retries (IETF httpapi draft): for 24 h the same key and request answer the first answer again and write nothing */
        'Idempotency-Key'?: string;
      };
      path: {
        videoId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['HistoryResponse'];
        };
      };
      /** @description The change is saved, but the read model does not show it yet: read again in a moment (never retry it) */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SavedStillUpdatingSchema'];
        };
      };
      /** @description "The request body is not valid JSON, or holds a forbidden key such as __proto__." or "Idempotency-Key must be 1 to 255 printable ASCII characters (a UUID, for example)." or the broken validation rules, one per entry */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The token is invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The video you requested does not exist. Not Found error." or "The email you entered is not Registered. Not Found error" */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your history is paused, so nothing was recorded. Resume it in Settings." or "A request with this Idempotency-Key is still being processed. Retry it in a moment." */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The request body is too large (limit 100 kB)." */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "This Idempotency-Key was already used for another request. Send a new key with a new request." */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Too many changes in a short time. Try again in N seconds." */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." or "Changes cannot be saved right now. Try again later." or "Too many changes to this list at once. Try again." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  HistoryController_remove: {
    parameters: {
      query?: never;
      header?: {
        /** @description One per user action, reused for its retries (IETF httpapi draft): for 24 h the same key and request answer the first answer again and write nothing */
        'Idempotency-Key'?: string;
      };
      path: {
        videoId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['HistoryResponse'];
        };
      };
      /** @description The change is saved, but the read model does not show it yet: read again in a moment (never retry it) */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SavedStillUpdatingSchema'];
        };
      };
      /** @description "The request body is not valid JSON, or holds a forbidden key such as __proto__." or "Idempotency-Key must be 1 to 255 printable ASCII characters (a UUID, for example)." or the broken validation rules, one per entry */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The token is invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The video you requested does not exist. Not Found error." or "The user you request does not exist. Not Found error." */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "A request with this Idempotency-Key is still being processed. Retry it in a moment." */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The request body is too large (limit 100 kB)." */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "This Idempotency-Key was already used for another request. Send a new key with a new request." */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Too many changes in a short time. Try again in N seconds." */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." or "Changes cannot be saved right now. Try again later." or "Too many changes to this list at once. Try again." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  ImportController_import: {
    parameters: {
      query?: never;
      header?: {
        /** @description One per user action, reused for its retries (IETF httpapi draft): for 24 h the same key and request answer the first answer again and write nothing */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ImportBodyDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ImportResponse'];
        };
      };
      /** @description The change is saved, but the read model does not show it yet: read again in a moment (never retry it) */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SavedStillUpdatingSchema'];
        };
      };
      /** @description "The request body is not valid JSON, or holds a forbidden key such as __proto__." or "Idempotency-Key must be 1 to 255 printable ASCII characters (a UUID, for example)." or the broken validation rules, one per entry */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The token is invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The user you request does not exist. Not Found error." */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "A request with this Idempotency-Key is still being processed. Retry it in a moment." */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The import holds too many entries: at most N (videos and playlists together). Split it into smaller files." or "The request body is too large (limit 100 kB)." */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Playlist limit reached: you can have at most N playlists. Delete one before creating, importing or restoring another." or "Playlist size limit reached: a playlist can hold at most N videos. Remove one before adding or importing more." or "This Idempotency-Key was already used for another request. Send a new key with a new request." */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Too many changes in a short time. Try again in N seconds." */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." or "Changes cannot be saved right now. Try again later." or "Too many changes to this list at once. Try again." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  LibraryController_asOf: {
    parameters: {
      query: {
        /** @description The moment to look back at: the lists exactly as they stood then */
        asOf: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LibraryResponse'];
        };
      };
      /** @description "The request URL is not valid." or the broken validation rules, one per entry */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The token is invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The user you request does not exist. Not Found error." */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  LikesController_read: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LikesResponse'];
        };
      };
      /** @description "The token is invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The email you entered is not Registered. Not Found error" */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  LikesController_add: {
    parameters: {
      query?: never;
      header?: {
        /** @description One per user action, reused for its retries (IETF httpapi draft): for 24 h the same key and request answer the first answer again and write nothing */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['VideoBodyDto'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LikesResponse'];
        };
      };
      /** @description The change is saved, but the read model does not show it yet: read again in a moment (never retry it) */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SavedStillUpdatingSchema'];
        };
      };
      /** @description "The request body is not valid JSON, or holds a forbidden key such as __proto__." or "Idempotency-Key must be 1 to 255 printable ASCII characters (a UUID, for example)." or the broken validation rules, one per entry */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The token is invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The video you requested does not exist. Not Found error." or "The email you entered is not Registered. Not Found error" */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The video is already in your liked videos" or "A request with this Idempotency-Key is still being processed. Retry it in a moment." */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The request body is too large (limit 100 kB)." */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "This Idempotency-Key was already used for another request. Send a new key with a new request." */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Too many changes in a short time. Try again in N seconds." */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." or "Changes cannot be saved right now. Try again later." or "Too many changes to this list at once. Try again." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  LikesController_remove: {
    parameters: {
      query?: never;
      header?: {
        /** @description One per user action, reused for its retries (IETF httpapi draft): for 24 h the same key and request answer the first answer again and write nothing */
        'Idempotency-Key'?: string;
      };
      path: {
        videoId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LikesResponse'];
        };
      };
      /** @description The change is saved, but the read model does not show it yet: read again in a moment (never retry it) */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SavedStillUpdatingSchema'];
        };
      };
      /** @description "The request body is not valid JSON, or holds a forbidden key such as __proto__." or "Idempotency-Key must be 1 to 255 printable ASCII characters (a UUID, for example)." or the broken validation rules, one per entry */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The token is invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The video you requested does not exist. Not Found error." or "The user you request does not exist. Not Found error." */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "A request with this Idempotency-Key is still being processed. Retry it in a moment." */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The request body is too large (limit 100 kB)." */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "This Idempotency-Key was already used for another request. Send a new key with a new request." */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Too many changes in a short time. Try again in N seconds." */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." or "Changes cannot be saved right now. Try again later." or "Too many changes to this list at once. Try again." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  AccountController_password: {
    parameters: {
      query?: never;
      header?: {
        /** @description One per user action, reused for its retries (IETF httpapi draft): for 24 h the same key and request answer the first answer again and write nothing */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PasswordBodyDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['NewTokenResponse'];
        };
      };
      /** @description The change is saved, but the read model does not show it yet: read again in a moment (never retry it) */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SavedStillUpdatingSchema'];
        };
      };
      /** @description "The current password is not correct, so the password was not changed." or "The request body is not valid JSON, or holds a forbidden key such as __proto__." or "Idempotency-Key must be 1 to 255 printable ASCII characters (a UUID, for example)." or the broken validation rules, one per entry */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The token is invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The user you request does not exist. Not Found error." */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "A request with this Idempotency-Key is still being processed. Retry it in a moment." */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The request body is too large (limit 100 kB)." */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "This Idempotency-Key was already used for another request. Send a new key with a new request." */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Too many wrong passwords. Try again in N seconds." or "Too many changes in a short time. Try again in N seconds." */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." or "Changes cannot be saved right now. Try again later." or "Too many changes to this list at once. Try again." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  PlaylistsController_playlists: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PlaylistsResponse'];
        };
      };
      /** @description "The token is invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The user you request does not exist. Not Found error." */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  PlaylistsController_create: {
    parameters: {
      query?: never;
      header?: {
        /** @description One per user action, reused for its retries (IETF httpapi draft): for 24 h the same key and request answer the first answer again and write nothing */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PlaylistBodyDto'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PlaylistsResponse'];
        };
      };
      /** @description The change is saved, but the read model does not show it yet: read again in a moment (never retry it) */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SavedStillUpdatingSchema'];
        };
      };
      /** @description "The request body is not valid JSON, or holds a forbidden key such as __proto__." or "Idempotency-Key must be 1 to 255 printable ASCII characters (a UUID, for example)." or the broken validation rules, one per entry */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The token is invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The user you request does not exist. Not Found error." */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "A request with this Idempotency-Key is still being processed. Retry it in a moment." */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The request body is too large (limit 100 kB)." */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Playlist limit reached: you can have at most N playlists. Delete one before creating, importing or restoring another." or "This Idempotency-Key was already used for another request. Send a new key with a new request." */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Too many changes in a short time. Try again in N seconds." */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." or "Changes cannot be saved right now. Try again later." or "Too many changes to this list at once. Try again." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  PlaylistsController_playlist: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        playlistId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PlaylistResponse'];
        };
      };
      /** @description "The token is invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The playlist you requested does not exist. Not Found error." or "The user you request does not exist. Not Found error." */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  PlaylistsController_addVideo: {
    parameters: {
      query?: never;
      header?: {
        /** @description One per user action, reused for its retries (IETF httpapi draft): for 24 h the same key and request answer the first answer again and write nothing */
        'Idempotency-Key'?: string;
      };
      path: {
        playlistId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['VideoBodyDto'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PlaylistResponse'];
        };
      };
      /** @description The change is saved, but the read model does not show it yet: read again in a moment (never retry it) */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SavedStillUpdatingSchema'];
        };
      };
      /** @description "The request body is not valid JSON, or holds a forbidden key such as __proto__." or "Idempotency-Key must be 1 to 255 printable ASCII characters (a UUID, for example)." or the broken validation rules, one per entry */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The token is invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The video you requested does not exist. Not Found error." or "The playlist you requested does not exist. Not Found error." or "The user you request does not exist. Not Found error." */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The video is already in your playlist" or "A request with this Idempotency-Key is still being processed. Retry it in a moment." */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The request body is too large (limit 100 kB)." */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Playlist size limit reached: a playlist can hold at most N videos. Remove one before adding or importing more." or "This Idempotency-Key was already used for another request. Send a new key with a new request." */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Too many changes in a short time. Try again in N seconds." */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." or "Changes cannot be saved right now. Try again later." or "Too many changes to this list at once. Try again." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  PlaylistsController_delete: {
    parameters: {
      query?: never;
      header?: {
        /** @description One per user action, reused for its retries (IETF httpapi draft): for 24 h the same key and request answer the first answer again and write nothing */
        'Idempotency-Key'?: string;
      };
      path: {
        playlistId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PlaylistsResponse'];
        };
      };
      /** @description The change is saved, but the read model does not show it yet: read again in a moment (never retry it) */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SavedStillUpdatingSchema'];
        };
      };
      /** @description "The request body is not valid JSON, or holds a forbidden key such as __proto__." or "Idempotency-Key must be 1 to 255 printable ASCII characters (a UUID, for example)." or the broken validation rules, one per entry */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The token is invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The playlist you requested does not exist. Not Found error." or "The user you request does not exist. Not Found error." */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "A request with this Idempotency-Key is still being processed. Retry it in a moment." */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The request body is too large (limit 100 kB)." */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "This Idempotency-Key was already used for another request. Send a new key with a new request." */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Too many changes in a short time. Try again in N seconds." */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." or "Changes cannot be saved right now. Try again later." or "Too many changes to this list at once. Try again." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  PlaylistsController_changeDetails: {
    parameters: {
      query?: never;
      header?: {
        /** @description One per user action, reused for its retries (IETF httpapi draft): for 24 h the same key and request answer the first answer again and write nothing */
        'Idempotency-Key'?: string;
      };
      path: {
        playlistId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PlaylistDetailsDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PlaylistResponse'];
        };
      };
      /** @description The change is saved, but the read model does not show it yet: read again in a moment (never retry it) */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SavedStillUpdatingSchema'];
        };
      };
      /** @description "The request body is not valid JSON, or holds a forbidden key such as __proto__." or "Idempotency-Key must be 1 to 255 printable ASCII characters (a UUID, for example)." or the broken validation rules, one per entry */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The token is invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The playlist you requested does not exist. Not Found error." or "The user you request does not exist. Not Found error." */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "A request with this Idempotency-Key is still being processed. Retry it in a moment." */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The request body is too large (limit 100 kB)." */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "This Idempotency-Key was already used for another request. Send a new key with a new request." */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Too many changes in a short time. Try again in N seconds." */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." or "Changes cannot be saved right now. Try again later." or "Too many changes to this list at once. Try again." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  PlaylistsController_reorder: {
    parameters: {
      query?: never;
      header?: {
        /** @description One per user action, reused for its retries (IETF httpapi draft): for 24 h the same key and request answer the first answer again and write nothing */
        'Idempotency-Key'?: string;
      };
      path: {
        playlistId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ReorderPlaylistDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PlaylistResponse'];
        };
      };
      /** @description The change is saved, but the read model does not show it yet: read again in a moment (never retry it) */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SavedStillUpdatingSchema'];
        };
      };
      /** @description "toIndex must be a place in the playlist: from 0 to the number of its videos minus one." or "The request body is not valid JSON, or holds a forbidden key such as __proto__." or "Idempotency-Key must be 1 to 255 printable ASCII characters (a UUID, for example)." or the broken validation rules, one per entry */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The token is invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The video is not in this playlist. Not Found error." or "The playlist you requested does not exist. Not Found error." or "The user you request does not exist. Not Found error." */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "A request with this Idempotency-Key is still being processed. Retry it in a moment." */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The request body is too large (limit 100 kB)." */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "This Idempotency-Key was already used for another request. Send a new key with a new request." */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Too many changes in a short time. Try again in N seconds." */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." or "Changes cannot be saved right now. Try again later." or "Too many changes to this list at once. Try again." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  PlaylistsController_removeVideo: {
    parameters: {
      query?: never;
      header?: {
        /** @description One per user action, reused for its retries (IETF httpapi draft): for 24 h the same key and request answer the first answer again and write nothing */
        'Idempotency-Key'?: string;
      };
      path: {
        playlistId: string;
        videoId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PlaylistResponse'];
        };
      };
      /** @description The change is saved, but the read model does not show it yet: read again in a moment (never retry it) */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SavedStillUpdatingSchema'];
        };
      };
      /** @description "The request body is not valid JSON, or holds a forbidden key such as __proto__." or "Idempotency-Key must be 1 to 255 printable ASCII characters (a UUID, for example)." or the broken validation rules, one per entry */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The token is invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The video you requested does not exist. Not Found error." or "The playlist you requested does not exist. Not Found error." or "The user you request does not exist. Not Found error." */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "A request with this Idempotency-Key is still being processed. Retry it in a moment." */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The request body is too large (limit 100 kB)." */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "This Idempotency-Key was already used for another request. Send a new key with a new request." */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Too many changes in a short time. Try again in N seconds." */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." or "Changes cannot be saved right now. Try again later." or "Too many changes to this list at once. Try again." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  AccountController_profileNow: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ProfileResponse'];
        };
      };
      /** @description "The token is invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The user you request does not exist. Not Found error." */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  AccountController_profile: {
    parameters: {
      query?: never;
      header?: {
        /** @description One per user action, reused for its retries (IETF httpapi draft): for 24 h the same key and request answer the first answer again and write nothing */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ProfileBodyDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ProfileResponse'];
        };
      };
      /** @description The change is saved, but the read model does not show it yet: read again in a moment (never retry it) */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SavedStillUpdatingSchema'];
        };
      };
      /** @description "The request body is not valid JSON, or holds a forbidden key such as __proto__." or "Idempotency-Key must be 1 to 255 printable ASCII characters (a UUID, for example)." or the broken validation rules, one per entry */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The token is invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The user you request does not exist. Not Found error." */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "A request with this Idempotency-Key is still being processed. Retry it in a moment." */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The request body is too large (limit 100 kB)." */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "This Idempotency-Key was already used for another request. Send a new key with a new request." */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Too many changes in a short time. Try again in N seconds." */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." or "Changes cannot be saved right now. Try again later." or "Too many changes to this list at once. Try again." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  ProgressController_progress: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ProgressResponse'];
        };
      };
      /** @description "The token is invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The user you request does not exist. Not Found error." */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  ProgressController_report: {
    parameters: {
      query?: never;
      header?: {
        /** @description One per user action, reused for its retries (IETF httpapi draft): for 24 h the same key and request answer the first answer again and write nothing */
        'Idempotency-Key'?: string;
      };
      path: {
        videoId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ProgressBodyDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ProgressResponse'];
        };
      };
      /** @description The change is saved, but the read model does not show it yet: read again in a moment (never retry it) */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SavedStillUpdatingSchema'];
        };
      };
      /** @description "seconds must not be more than the video’s duration." or "The request body is not valid JSON, or holds a forbidden key such as __proto__." or "Idempotency-Key must be 1 to 255 printable ASCII characters (a UUID, for example)." or the broken validation rules, one per entry */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The token is invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The video you requested does not exist. Not Found error." or "The user you request does not exist. Not Found error." */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "A request with this Idempotency-Key is still being processed. Retry it in a moment." */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The request body is too large (limit 100 kB)." */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "This Idempotency-Key was already used for another request. Send a new key with a new request." */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Too many changes in a short time. Try again in N seconds." */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." or "Changes cannot be saved right now. Try again later." or "Too many changes to this list at once. Try again." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  ProgressController_forget: {
    parameters: {
      query?: never;
      header?: {
        /** @description One per user action, reused for its retries (IETF httpapi draft): for 24 h the same key and request answer the first answer again and write nothing */
        'Idempotency-Key'?: string;
      };
      path: {
        videoId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ProgressResponse'];
        };
      };
      /** @description The change is saved, but the read model does not show it yet: read again in a moment (never retry it) */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SavedStillUpdatingSchema'];
        };
      };
      /** @description "The request body is not valid JSON, or holds a forbidden key such as __proto__." or "Idempotency-Key must be 1 to 255 printable ASCII characters (a UUID, for example)." or the broken validation rules, one per entry */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The token is invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The video you requested does not exist. Not Found error." or "The user you request does not exist. Not Found error." */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "A request with this Idempotency-Key is still being processed. Retry it in a moment." */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The request body is too large (limit 100 kB)." */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "This Idempotency-Key was already used for another request. Send a new key with a new request." */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Too many changes in a short time. Try again in N seconds." */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." or "Changes cannot be saved right now. Try again later." or "Too many changes to this list at once. Try again." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  AccountController_revoke: {
    parameters: {
      query?: never;
      header?: {
        /** @description One per user action, reused for its retries (IETF httpapi draft): for 24 h the same key and request answer the first answer again and write nothing */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['NewTokenResponse'];
        };
      };
      /** @description The change is saved, but the read model does not show it yet: read again in a moment (never retry it) */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SavedStillUpdatingSchema'];
        };
      };
      /** @description "The request body is not valid JSON, or holds a forbidden key such as __proto__." or "Idempotency-Key must be 1 to 255 printable ASCII characters (a UUID, for example)." or the broken validation rules, one per entry */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The token is invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The user you request does not exist. Not Found error." */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "A request with this Idempotency-Key is still being processed. Retry it in a moment." */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The request body is too large (limit 100 kB)." */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "This Idempotency-Key was already used for another request. Send a new key with a new request." */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Too many changes in a short time. Try again in N seconds." */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." or "Changes cannot be saved right now. Try again later." or "Too many changes to this list at once. Try again." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  SettingsController_settings: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SettingsResponse'];
        };
      };
      /** @description "The token is invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The user you request does not exist. Not Found error." */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  SettingsController_update: {
    parameters: {
      query?: never;
      header?: {
        /** @description One per user action, reused for its retries (IETF httpapi draft): for 24 h the same key and request answer the first answer again and write nothing */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SettingsBodyDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SettingsResponse'];
        };
      };
      /** @description The change is saved, but the read model does not show it yet: read again in a moment (never retry it) */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SavedStillUpdatingSchema'];
        };
      };
      /** @description "The request body is not valid JSON, or holds a forbidden key such as __proto__." or "Idempotency-Key must be 1 to 255 printable ASCII characters (a UUID, for example)." or the broken validation rules, one per entry */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The token is invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The user you request does not exist. Not Found error." */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "A request with this Idempotency-Key is still being processed. Retry it in a moment." */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The request body is too large (limit 100 kB)." */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "This Idempotency-Key was already used for another request. Send a new key with a new request." */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Too many changes in a short time. Try again in N seconds." */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." or "Changes cannot be saved right now. Try again later." or "Too many changes to this list at once. Try again." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  SubscriptionsController_subscriptions: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SubscriptionsResponse'];
        };
      };
      /** @description "The token is invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The user you request does not exist. Not Found error." */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  SubscriptionsController_subscribe: {
    parameters: {
      query?: never;
      header?: {
        /** @description One per user action, reused for its retries (IETF httpapi draft): for 24 h the same key and request answer the first answer again and write nothing */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SubscriptionBodyDto'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SubscriptionsResponse'];
        };
      };
      /** @description The change is saved, but the read model does not show it yet: read again in a moment (never retry it) */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SavedStillUpdatingSchema'];
        };
      };
      /** @description "The request body is not valid JSON, or holds a forbidden key such as __proto__." or "Idempotency-Key must be 1 to 255 printable ASCII characters (a UUID, for example)." or the broken validation rules, one per entry */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The token is invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The channel you requested does not exist. Not Found error." or "The user you request does not exist. Not Found error." */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "You are already subscribed to this channel" or "A request with this Idempotency-Key is still being processed. Retry it in a moment." */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The request body is too large (limit 100 kB)." */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "This Idempotency-Key was already used for another request. Send a new key with a new request." */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Too many changes in a short time. Try again in N seconds." */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." or "Changes cannot be saved right now. Try again later." or "Too many changes to this list at once. Try again." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  SubscriptionsController_unsubscribe: {
    parameters: {
      query?: never;
      header?: {
        /** @description One per user action, reused for its retries (IETF httpapi draft): for 24 h the same key and request answer the first answer again and write nothing */
        'Idempotency-Key'?: string;
      };
      path: {
        channelId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SubscriptionsResponse'];
        };
      };
      /** @description The change is saved, but the read model does not show it yet: read again in a moment (never retry it) */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SavedStillUpdatingSchema'];
        };
      };
      /** @description "The request body is not valid JSON, or holds a forbidden key such as __proto__." or "Idempotency-Key must be 1 to 255 printable ASCII characters (a UUID, for example)." or the broken validation rules, one per entry */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The token is invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The channel you requested does not exist. Not Found error." or "The user you request does not exist. Not Found error." */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "A request with this Idempotency-Key is still being processed. Retry it in a moment." */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The request body is too large (limit 100 kB)." */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "This Idempotency-Key was already used for another request. Send a new key with a new request." */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Too many changes in a short time. Try again in N seconds." */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." or "Changes cannot be saved right now. Try again later." or "Too many changes to this list at once. Try again." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  UndoController_preview: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UndoPreviewResponse'];
        };
      };
      /** @description "The token is invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The user you request does not exist. Not Found error." */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  UndoController_undo: {
    parameters: {
      query?: never;
      header?: {
        /** @description One per user action, reused for its retries (IETF httpapi draft): for 24 h the same key and request answer the first answer again and write nothing */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UndoResponse'];
        };
      };
      /** @description The change is saved, but the read model does not show it yet: read again in a moment (never retry it) */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SavedStillUpdatingSchema'];
        };
      };
      /** @description "The request body is not valid JSON, or holds a forbidden key such as __proto__." or "Idempotency-Key must be 1 to 255 printable ASCII characters (a UUID, for example)." or the broken validation rules, one per entry */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The token is invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The user you request does not exist. Not Found error." */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "There is nothing to undo." or "A request with this Idempotency-Key is still being processed. Retry it in a moment." */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The request body is too large (limit 100 kB)." */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Playlist limit reached: you can have at most N playlists. Delete one before creating, importing or restoring another." or "Playlist size limit reached: a playlist can hold at most N videos. Remove one before adding or importing more." or "This Idempotency-Key was already used for another request. Send a new key with a new request." */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Too many changes in a short time. Try again in N seconds." */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." or "Changes cannot be saved right now. Try again later." or "Too many changes to this list at once. Try again." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  WatchLaterController_read: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WatchLaterResponse'];
        };
      };
      /** @description "The token is invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The email you entered is not Registered. Not Found error" */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  WatchLaterController_add: {
    parameters: {
      query?: never;
      header?: {
        /** @description One per user action, reused for its retries (IETF httpapi draft): for 24 h the same key and request answer the first answer again and write nothing */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['VideoBodyDto'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WatchLaterResponse'];
        };
      };
      /** @description The change is saved, but the read model does not show it yet: read again in a moment (never retry it) */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SavedStillUpdatingSchema'];
        };
      };
      /** @description "The request body is not valid JSON, or holds a forbidden key such as __proto__." or "Idempotency-Key must be 1 to 255 printable ASCII characters (a UUID, for example)." or the broken validation rules, one per entry */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The token is invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The video you requested does not exist. Not Found error." or "The email you entered is not Registered. Not Found error" */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The video is already in your watch later videos" or "A request with this Idempotency-Key is still being processed. Retry it in a moment." */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The request body is too large (limit 100 kB)." */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "This Idempotency-Key was already used for another request. Send a new key with a new request." */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Too many changes in a short time. Try again in N seconds." */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." or "Changes cannot be saved right now. Try again later." or "Too many changes to this list at once. Try again." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  WatchLaterController_remove: {
    parameters: {
      query?: never;
      header?: {
        /** @description One per user action, reused for its retries (IETF httpapi draft): for 24 h the same key and request answer the first answer again and write nothing */
        'Idempotency-Key'?: string;
      };
      path: {
        videoId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WatchLaterResponse'];
        };
      };
      /** @description The change is saved, but the read model does not show it yet: read again in a moment (never retry it) */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SavedStillUpdatingSchema'];
        };
      };
      /** @description "The request body is not valid JSON, or holds a forbidden key such as __proto__." or "Idempotency-Key must be 1 to 255 printable ASCII characters (a UUID, for example)." or the broken validation rules, one per entry */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The token is invalid. Unauthorized access error." */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The video you requested does not exist. Not Found error." or "The user you request does not exist. Not Found error." */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "A request with this Idempotency-Key is still being processed. Retry it in a moment." */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The request body is too large (limit 100 kB)." */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "This Idempotency-Key was already used for another request. Send a new key with a new request." */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Too many changes in a short time. Try again in N seconds." */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Your lists cannot be read right now. Try again in a moment." or "Changes cannot be saved right now. Try again later." or "Too many changes to this list at once. Try again." */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  CatalogueController_video: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        videoId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['VideoResponse'];
        };
      };
      /** @description "The video you requested does not exist. Not Found error." */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "This video is no longer available." */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  ViewsController_report: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        videoId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ViewReportDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ViewReportResponse'];
        };
      };
      /** @description "The video you requested does not exist. Not Found error." */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "This video is no longer available." */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "Too many changes in a short time. Try again in N seconds." */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
  CatalogueController_videos: {
    parameters: {
      query?: {
        /** @description Words that begin words of the title, the channel or the description */
        q?: string;
        /** @description A category’s slug, id or name in any case (`Smartphone`, as videos carry it) */
        category?: string;
        /** @description Default: relevance with `q`, else catalogue order (oldest published first) */
        sort?: 'popular' | 'newest' | 'title';
        /** @description 1 to 100 (default 24) */
        limit?: string;
        /** @description The `next` of the previous page */
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['VideosResponse'];
        };
      };
      /** @description "The cursor is not one this catalogue gave out. Start again from the first page." or the broken validation rules, one per entry */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
      /** @description "The category you requested does not exist. Not Found error." */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorsSchema'];
        };
      };
    };
  };
}
