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
}

// The server sends more profile fields than the client reads.
export interface User {
  _id: string;
  email: string;
  firstName?: string;
  lastName?: string;
  [field: string]: unknown;
}
