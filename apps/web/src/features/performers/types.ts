/** The public face of a creator as lists and the profile page show it. */
export interface PerformerSummary {
  _id: string;
  username: string;
  name?: string;
  avatar?: string;
  cover?: string;
  bio?: string;
  isOnline?: boolean;
  isVerified?: boolean;
  verified?: boolean;
  stats?: { subscribers?: number; totalFeeds?: number; totalPhotos?: number; totalVideos?: number; likes?: number };
  [key: string]: unknown;
}
