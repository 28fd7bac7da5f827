// Shapes of the /api contract (SPEC §3, §7). Kept in one place so that every feature agrees.

export interface Video {
  _id: string;
  title: string;
  description: string;
  channel: string;
  likes: string;
  category: string;
  duration: string;
  views: string;
  thumbnail: string;
  channelAvatar: string;
  /** The channel's slug id: /channel/:channelId. */
  channelId: string;
}

export interface Category {
  _id: string;
  categoryName: string;
}

export interface Playlist {
  _id: string;
  title: string;
  description?: string;
  videos: Video[];
  playlistImg?: string;
  /** Absent: private. */
  visibility?: 'unlisted' | 'public';
}

export interface Channel {
  _id: string;
  name: string;
  avatar: string;
  videoCount: number;
}

// The server sends more profile fields than the client reads.
export interface User {
  _id: string;
  email: string;
  firstName?: string;
  lastName?: string;
  [field: string]: unknown;
}
