import { fromCents, type PerformerCard, type PerformerPublic, PROFILE_TABS, type ProfileTabKey } from '@marquee/shared';
import type { PerformerRow } from '../../db/schema';
import { avatarUrl, profileMediaUrl } from '../users';
import type { CardRow } from './profiles.repo';

/** Site-level switch: turning free subscriptions off turns every creator's free offer off (business rules). */
export interface PresentOptions {
  freeSubscriptionsAllowed: boolean;
}

export function presentCard(row: CardRow, opts: PresentOptions): PerformerCard {
  return {
    _id: row.id,
    username: row.username ?? row.id,
    name: row.displayName || row.username || '',
    avatar: avatarUrl(row),
    cover: profileMediaUrl(row.coverPath),
    bio: row.bio,
    country: row.country,
    gender: row.gender,
    verified: row.verificationStatus === 'verified',
    isOnline: row.isOnline,
    isLive: row.isLive,
    isFreeSubscription: opts.freeSubscriptionsAllowed && row.freeSubscriptionEnabled,
    monthlyPrice: fromCents(row.monthlyPrice),
    followers: row.followersCount,
    lastActiveAt: row.lastActiveAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface ProfileFacts {
  user: { id: string; username: string | null; name: string; avatarPath: string | null; coverPath: string | null };
  performer: PerformerRow;
  isFollowed: boolean;
  isBookmarked: boolean;
  subscribers: number;
  /** Computed on read (profiles.stats.ts). */
  posts: number;
  media: number;
  likes: number;
  contentKinds: string[];
  hasStories: boolean;
}

/** The tabs with something in them, from the catalogue types that have a visible item. */
function tabsWithContent(f: ProfileFacts): ProfileTabKey[] {
  const kinds = new Set(f.contentKinds);
  const has: Record<ProfileTabKey, boolean> = {
    posts: Number(f.posts) > 0,
    stories: Boolean(f.hasStories),
    photos: kinds.has('gallery'),
    videos: kinds.has('video'),
    reels: kinds.has('reel'),
    galleries: kinds.has('gallery'),
    scenes: kinds.has('scene'),
    scenarios: kinds.has('scenario'),
    shop: kinds.has('product'),
  };
  return PROFILE_TABS.filter((k) => has[k]);
}

export interface ProfileViewer {
  isOwner: boolean;
  isAdmin: boolean;
  subscribedUntil: Date | null;
  isSubscribed: boolean;
}

/** The profile as a viewer may see it: the subscriber count only when the creator shows it (or to the owner). */
export function presentProfile(f: ProfileFacts, viewer: ProfileViewer, opts: PresentOptions): PerformerPublic {
  const p = f.performer;
  const card = presentCard(
    {
      id: f.user.id,
      username: f.user.username,
      avatarPath: f.user.avatarPath,
      coverPath: f.user.coverPath,
      displayName: p.displayName || f.user.name,
      bio: p.bio,
      country: p.country,
      gender: p.gender,
      verificationStatus: p.verificationStatus,
      isOnline: p.isOnline,
      isLive: p.isLive,
      freeSubscriptionEnabled: p.freeSubscriptionEnabled,
      monthlyPrice: p.monthlyPrice,
      followersCount: p.followersCount,
      lastActiveAt: p.lastActiveAt,
      createdAt: p.createdAt,
    },
    opts,
  );
  const showSubscribers = p.showSubscriberCount || viewer.isOwner || viewer.isAdmin;
  return {
    ...card,
    welcomeVideo: profileMediaUrl(p.welcomeVideoPath),
    city: p.city,
    state: p.state,
    languages: p.languages ?? [],
    age: p.age,
    height: p.height,
    weight: p.weight,
    bodyType: p.bodyType,
    ethnicity: p.ethnicity,
    hair: p.hair,
    eyes: p.eyes,
    sexualOrientation: p.sexualOrientation,
    socialLinks: p.socialLinks ?? {},
    yearlyPrice: fromCents(p.yearlyPrice),
    freeSubscriptionDays: p.freeSubscriptionDays,
    stats: {
      posts: Number(f.posts),
      media: Number(f.media),
      likes: Number(f.likes),
      followers: p.followersCount,
      subscribers: showSubscribers ? f.subscribers : null,
    },
    tabs: tabsWithContent(f),
    isOwner: viewer.isOwner,
    isFollowed: Boolean(f.isFollowed),
    isBookmarked: Boolean(f.isBookmarked),
    isSubscribed: viewer.isSubscribed,
    subscribedUntil: viewer.subscribedUntil?.toISOString() ?? null,
    isBlocked: false,
  };
}
