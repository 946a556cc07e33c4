import type { ComponentType } from 'react';
import type { LayoutName } from '../features/layout/components/layouts';

export interface AppRoute {
  path: string;
  /** The page module, loaded on first visit (React.lazy). */
  page: () => Promise<{ default: ComponentType }>;
  /** 'primary' (default), 'public' or 'blank'. Maintenance and block flags override it. */
  layout?: LayoutName;
  /** Page-level flags of spec §2: sign-in required, creators only. */
  auth?: boolean;
  performerOnly?: boolean;
}

/**
 * Every screen of the app. Adding a page is one line here plus its file in routes/.
 * Static paths win over `/:profileId`, so new top-level pages never collide with profiles.
 */
export const ROUTES: AppRoute[] = [
  { path: '/', page: () => import('./home') },
  { path: '/page/:slug', page: () => import('./cms-page'), layout: 'public' },
  { path: '/complaints', page: () => import('./complaints'), layout: 'public' },
  { path: '/age-check/return', page: () => import('./age-check-return'), layout: 'blank' },
  { path: '/transparency', page: () => import('./transparency'), layout: 'public' },
  { path: '/account/decisions', page: () => import('./account-decisions'), auth: true },
  { path: '/appeal/:token', page: () => import('./appeal-link'), layout: 'public' },
  { path: '/release/:token', page: () => import('./release-invite'), layout: 'public' },
  { path: '/2257', page: () => import('./records-2257'), layout: 'public' },
  { path: '/auth/login', page: () => import('./auth-login'), layout: 'blank' },
  { path: '/auth/forgot-password', page: () => import('./auth-forgot-password'), layout: 'blank' },
  { path: '/auth/reset-password', page: () => import('./auth-reset-password'), layout: 'blank' },
  { path: '/auth/verify-email', page: () => import('./auth-verify-email'), layout: 'blank' },
  { path: '/auth/email-change/confirm', page: () => import('./auth-email-change-confirm'), layout: 'blank' },
  { path: '/auth/email-change/undo', page: () => import('./auth-email-change-undo'), layout: 'blank' },
  { path: '/auth/twitter/callback', page: () => import('./auth-twitter-callback'), layout: 'blank' },
  { path: '/auth/google/callback', page: () => import('./auth-google-callback'), layout: 'blank' },
  { path: '/user/account', page: () => import('./user-account'), auth: true },
  { path: '/creator/account', page: () => import('./creator-account'), auth: true, performerOnly: true },
  { path: '/creator/studio', page: () => import('./creator-studio'), auth: true, performerOnly: true },
  { path: '/explore', page: () => import('./explore') },
  { path: '/following', page: () => import('./following'), auth: true },
  { path: '/bookmarks', page: () => import('./bookmarks'), auth: true },
  { path: '/creator/blocked', page: () => import('./creator-blocked'), auth: true, performerOnly: true },
  { path: '/post/:id', page: () => import('./feed-detail') },
  { path: '/bookmarks/posts', page: () => import('./bookmarks-posts'), auth: true },
  { path: '/creator/feeds', page: () => import('./creator-feeds'), auth: true, performerOnly: true },
  { path: '/creator/feeds/new', page: () => import('./creator-feeds-new'), auth: true, performerOnly: true },
  { path: '/creator/feeds/:id/edit', page: () => import('./creator-feeds-edit'), auth: true, performerOnly: true },
  { path: '/creator/stories', page: () => import('./creator-stories'), auth: true, performerOnly: true },
  { path: '/creator/mass-messages', page: () => import('./creator-mass-messages'), auth: true, performerOnly: true },
  { path: '/messages', page: () => import('./messages'), auth: true },
  { path: '/messages/:conversationId', page: () => import('./messages'), auth: true },
  { path: '/notifications', page: () => import('./notifications'), auth: true },
  { path: '/user/subscriptions', page: () => import('./user-subscriptions'), auth: true },
  { path: '/creator/subscribers', page: () => import('./creator-subscribers'), auth: true, performerOnly: true },
  {
    path: '/creator/subscription-settings',
    page: () => import('./creator-subscription-settings'),
    auth: true,
    performerOnly: true,
  },
  { path: '/subscriptions/checkout/:id', page: () => import('./subscription-checkout'), auth: true },
  { path: '/admin', page: () => import('./admin'), layout: 'public', auth: true },
  { path: '/admin/:section', page: () => import('./admin'), layout: 'public', auth: true },
  { path: '/creator/galleries', page: () => import('./creator-galleries'), auth: true, performerOnly: true },
  { path: '/creator/galleries/:id', page: () => import('./creator-gallery-photos'), auth: true, performerOnly: true },
  { path: '/creator/videos', page: () => import('./creator-videos'), auth: true, performerOnly: true },
  { path: '/creator/reels', page: () => import('./creator-reels'), auth: true, performerOnly: true },
  { path: '/creator/scenes', page: () => import('./creator-scenes'), auth: true, performerOnly: true },
  { path: '/creator/scenarios', page: () => import('./creator-scenarios'), auth: true, performerOnly: true },
  { path: '/creator/products', page: () => import('./creator-products'), auth: true, performerOnly: true },
  { path: '/gallery/:id', page: () => import('./gallery-detail') },
  { path: '/video/:id', page: () => import('./video-detail') },
  { path: '/scene/:id', page: () => import('./scene-detail') },
  { path: '/scenario/:id', page: () => import('./scenario-detail') },
  { path: '/product/:id', page: () => import('./product-detail') },
  { path: '/reels', page: () => import('./reels') },
  { path: '/store', page: () => import('./catalogue-store') },
  { path: '/scenes', page: () => import('./catalogue-scenes') },
  { path: '/scenarios', page: () => import('./catalogue-scenarios') },
  { path: '/wallet', page: () => import('./wallet'), auth: true },
  { path: '/payments/result', page: () => import('./payments-result'), auth: true },
  { path: '/payment/sandbox/checkout/:id', page: () => import('./payment-sandbox-checkout'), auth: true },
  { path: '/user/orders', page: () => import('./user-orders'), auth: true },
  { path: '/user/addresses', page: () => import('./user-addresses'), auth: true },
  { path: '/creator/orders', page: () => import('./creator-orders'), auth: true, performerOnly: true },
  { path: '/creator/earnings', page: () => import('./creator-earnings'), auth: true, performerOnly: true },
  { path: '/creator/payouts', page: () => import('./creator-payouts'), auth: true, performerOnly: true },
  {
    path: '/creator/payouts/statement',
    page: () => import('./creator-payouts-statement'),
    auth: true,
    performerOnly: true,
  },
  { path: '/referrals', page: () => import('./referrals'), auth: true },
  { path: '/live', page: () => import('./live') },
  { path: '/live/:id', page: () => import('./live-watch') },
  { path: '/creator/live', page: () => import('./creator-live'), auth: true, performerOnly: true },
  { path: '/private/:sessionId', page: () => import('./private-show'), auth: true },
  { path: '/:profileId', page: () => import('./profile') },
  { path: '*', page: () => import('./not-found'), layout: 'public' },
];
