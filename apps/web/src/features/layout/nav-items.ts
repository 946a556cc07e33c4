import type { LucideIcon } from 'lucide-react';
import {
  Banknote,
  Bookmark,
  BookmarkCheck,
  ChartLine,
  Compass,
  Heart,
  House,
  LayoutDashboard,
  Megaphone,
  Newspaper,
  Package,
  Radio,
  Settings,
  Share2,
  ShieldCheck,
  Sparkles,
  Star,
  UserRound,
  Video,
  Wallet,
} from 'lucide-react';
import type { Messages } from '../../lib/i18n/locales/en';
import type { CurrentUser } from '../auth/types';

/** The English label, which is also its translation key (`nav.<label>`): a label without one does not build. */
export type NavLabel = keyof Messages['nav'];

export interface NavItem {
  label: NavLabel;
  icon: LucideIcon;
  /** A path, or a function of the signed-in user for personal links. */
  to: string | ((user: CurrentUser) => string);
  /** Only shown to signed-in users (or only to creators). */
  auth?: boolean;
  performerOnly?: boolean;
  adminOnly?: boolean;
}

/** Sidebar links. Add a line here when a new top-level screen lands. */
export const NAV_ITEMS: NavItem[] = [
  { label: 'Home', icon: House, to: '/' },
  { label: 'Explore', icon: Compass, to: '/explore' },
  { label: 'Live now', icon: Radio, to: '/live' },
  { label: 'Go live', icon: Video, to: '/creator/live', auth: true, performerOnly: true },
  { label: 'Studio', icon: LayoutDashboard, to: '/creator/studio', auth: true, performerOnly: true },
  { label: 'Following', icon: Heart, to: '/following', auth: true },
  { label: 'Bookmarks', icon: Bookmark, to: '/bookmarks', auth: true },
  { label: 'Saved posts', icon: BookmarkCheck, to: '/bookmarks/posts', auth: true },
  { label: 'My profile', icon: UserRound, to: (u) => `/${u.username ?? u._id}`, auth: true, performerOnly: true },
  { label: 'My posts', icon: Newspaper, to: '/creator/feeds', auth: true, performerOnly: true },
  { label: 'My stories', icon: Sparkles, to: '/creator/stories', auth: true, performerOnly: true },
  { label: 'Mass messages', icon: Megaphone, to: '/creator/mass-messages', auth: true, performerOnly: true },
  {
    label: 'Subscriptions',
    icon: Star,
    to: (u) => (u.isPerformer ? '/creator/subscribers' : '/user/subscriptions'),
    auth: true,
  },
  { label: 'Wallet', icon: Wallet, to: '/wallet', auth: true },
  { label: 'Orders', icon: Package, to: (u) => (u.isPerformer ? '/creator/orders' : '/user/orders'), auth: true },
  { label: 'Earnings', icon: ChartLine, to: '/creator/earnings', auth: true, performerOnly: true },
  { label: 'Payouts', icon: Banknote, to: '/creator/payouts', auth: true, performerOnly: true },
  { label: 'Referrals', icon: Share2, to: '/referrals', auth: true },
  { label: 'Account', icon: Settings, to: (u) => (u.isPerformer ? '/creator/account' : '/user/account'), auth: true },
  { label: 'Admin console', icon: ShieldCheck, to: '/admin', auth: true, adminOnly: true },
];
