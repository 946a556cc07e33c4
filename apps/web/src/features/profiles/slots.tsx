import type { ComponentType } from 'react';
import type { Messages } from '../../lib/i18n';
import {
  ProfileGalleriesTab,
  ProfileReelsTab,
  ProfileScenariosTab,
  ProfileScenesTab,
  ProfileShopTab,
  ProfileVideosTab,
} from '../catalogue/components/content-grid';
import { ProfilePhotosTab } from '../catalogue/components/profile-photos-tab';
import { ProfileFeedTab } from '../feeds/components/profile-feed-tab';
import { MessageButton } from '../messages/components/message-button';
import { ProfileStoriesTab } from '../stories/components/profile-stories';
import { ProfileSubscribe } from '../subscriptions/components/subscribe-button';
import { TipButton } from '../wallet/components/tip-dialog';
import type { PerformerPublic } from './api';

export interface ProfileTab {
  /** Also the tab's texts: `profiles.tabs.<key>` (label and empty state). */
  key: keyof Messages['profiles']['tabs'];
  label: string;
  /** The tab's content; content modules plug theirs in here (one line each). */
  Component?: ComponentType<{ creator: PerformerPublic }>;
}

/**
 * Where other features plug into the profile page: their action buttons
 * (subscribe, tip, message) and content tabs. Until a feature lands, the page
 * shows a placeholder for it.
 */
export const profileSlots: {
  subscribe?: ComponentType<{ creator: PerformerPublic }>;
  tip?: ComponentType<{ creator: PerformerPublic }>;
  message?: ComponentType<{ creator: PerformerPublic }>;
  tabs: ProfileTab[];
} = {
  message: MessageButton,
  subscribe: ProfileSubscribe,
  tip: TipButton,
  tabs: [
    { key: 'posts', label: 'Posts', Component: ProfileFeedTab },
    { key: 'stories', label: 'Stories', Component: ProfileStoriesTab },
    { key: 'photos', label: 'Photos', Component: ProfilePhotosTab },
    { key: 'videos', label: 'Videos', Component: ProfileVideosTab },
    { key: 'reels', label: 'Reels', Component: ProfileReelsTab },
    { key: 'galleries', label: 'Galleries', Component: ProfileGalleriesTab },
    { key: 'scenes', label: 'Scenes', Component: ProfileScenesTab },
    { key: 'scenarios', label: 'Scenarios', Component: ProfileScenariosTab },
    { key: 'shop', label: 'Shop', Component: ProfileShopTab },
  ],
};
