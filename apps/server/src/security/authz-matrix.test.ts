import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Actor, buildAdmin, buildPerformer, buildUser } from '../../test/factories';
import { pngBytes } from '../../test/factories.accounts';
import { buildContent, multipartAs } from '../../test/factories.catalogue';
import { buildFeed, buildPoll, buildStory } from '../../test/factories.feeds';
import { buildMedia, makeJpeg } from '../../test/factories.media';
import { buildConversation, sendMessage } from '../../test/factories.messages';
import { fundWallet } from '../../test/factories.money';
import { earnThroughTips, requestPayout, setBankDetails } from '../../test/factories.payouts';
import { buildDataExport } from '../../test/factories.privacy';
import { buildPushSubscription } from '../../test/factories.push';
import { buildStream } from '../../test/factories.streaming';
import { subscribeVia } from '../../test/factories.subscriptions';
import { useTestApp } from '../../test/harness';
import { isAdminRoute, listOperations, type Operation } from '../../test/route-checks';
import type { App } from '../app-type';
import { contentItems, contentPhotos } from '../db/schema';
import { notify } from '../modules/notifications/notifications.service';

/**
 * The authorization matrix of issue 17, generated from the route table: every operation whose
 * path carries an id (`{id}`, `{fileId}`, `{performerId}` …) is called with the ids of real
 * resources, as anonymous, another fan, another creator, the owner and an admin. A 2xx for a
 * caller the table below does not allow fails the test; so does a route missing from the table
 * (a new route must say who may use it). Bodies are the smallest valid ones built from the
 * schema (test/route-checks.ts), so validation does not hide a missing check.
 *
 * A second check on every answer to a stranger: no signed link to the owner's locked media
 * (full photo, MP4, HLS, audio, document) in the body — paid media never reaches someone who has
 * not paid. /api/admin routes are covered by test/route-checks.test.ts (403 for non-admins).
 */
// Jobs run so operations that queue work (mass messages) answer as in production.
const t = useTestApp({ jobs: true });

type Role = 'anonymous' | 'fan' | 'creator' | 'owner' | 'admin';
const STRANGERS: Role[] = ['anonymous', 'fan', 'creator'];
const ANY: Role[] = ['anonymous', 'fan', 'creator', 'owner', 'admin'];
const SIGNED_IN: Role[] = ['fan', 'creator', 'owner', 'admin'];
const OWNER_ADMIN: Role[] = ['owner', 'admin'];
const OWNER: Role[] = ['owner'];
const ADMIN: Role[] = ['admin'];
/** Buying from or tipping the owner: anyone signed in but the owner. */
const BUYERS: Role[] = ['fan', 'creator', 'admin'];

type World = Awaited<ReturnType<typeof buildWorld>>;
interface Rule {
  /** Who owns the resource: the creator (`c`) or the fan (`f`). */
  own: 'c' | 'f';
  params: (w: World) => Record<string, string>;
  allow: Role[];
  /** A body for every caller, where the schema's smallest one does not pass validation. */
  body?: unknown;
}
type Entry = Rule | { skip: string };

const cId = (w: World) => ({ id: w.creator.user.id });
const id = (pick: (w: World) => string) => (w: World) => ({ id: pick(w) });

/** Who may get a 2xx from each route with an id. Not listed → the test fails. */
const MATRIX: Record<string, Entry> = {
  'GET /api/users/view/{id}': { own: 'c', params: cId, allow: ANY },
  'GET /api/profile-media/media/{id}': { own: 'c', params: id((w) => w.lockedPhoto), allow: ANY },
  'GET /api/profile-media/profile/{kind}/{file}': { skip: 'public avatars and covers by file name, not an id' },
  'PUT /api/performers/{id}': { own: 'c', params: cId, allow: OWNER_ADMIN },
  'GET /api/performers/{id}': { own: 'c', params: cId, allow: ANY },
  'PUT /api/performers/{id}/banking-settings': { own: 'c', params: cId, allow: OWNER_ADMIN },
  'PUT /api/performers/{id}/payment-gateway-settings': { own: 'c', params: cId, allow: OWNER_ADMIN },
  'GET /api/performers/documents/{id}/file': { own: 'c', params: id((w) => w.documentId), allow: OWNER_ADMIN },
  'POST /api/auth/yoti/idv-verifications/{id}/info': {
    skip: 'a Yoti session id; covered by identity tests against the Yoti peer',
  },
  'POST /api/age-assurance/checks/{id}/refresh': {
    skip: "an age check of the caller's account or browser session: age-assurance.test.ts proves another holder gets 404",
  },
  'PUT /api/performers/{id}/verification': { own: 'c', params: cId, allow: ADMIN },
  // Consent releases (issue 26 item 3): the producer and admins read; the named creator signs; admins withdraw
  // on a depicted person's request (an outside person withdraws through their signed link).
  'GET /api/releases/{id}/pdf': { own: 'c', params: id((w) => w.releaseId), allow: OWNER_ADMIN },
  'POST /api/releases/{id}/sign': {
    own: 'c',
    params: id((w) => w.releaseId),
    allow: [],
    body: {
      legalName: 'Alex Doe',
      dateOfBirth: '1990-01-01',
      signedDate: '2026-11-25',
      idDocumentType: 'passport',
      idDocumentNumber: 'X123456',
      agree: true,
    },
  },
  'POST /api/releases/{id}/revoke': { own: 'c', params: id((w) => w.releaseId), allow: ADMIN },
  'DELETE /api/releases/{id}': { own: 'c', params: id((w) => w.releaseToRemove), allow: OWNER },
  'GET /api/release-invites/{token}': { skip: 'a signed invite token, not an id: releases.test.ts (forged, expired)' },
  'POST /api/release-invites/{token}/sign': { skip: 'a signed invite token: releases.test.ts' },
  'POST /api/release-invites/{token}/identity': { skip: 'a signed invite token: releases.test.ts' },
  'POST /api/release-invites/{token}/yoti': { skip: 'a signed invite token: releases.test.ts' },
  'POST /api/release-invites/{token}/revoke': { skip: 'a signed invite token: releases.test.ts' },
  'GET /api/release-invites/{token}/pdf': { skip: 'a signed invite token: releases.test.ts' },
  'GET /api/decision-links/{token}': {
    skip: 'a signed statement link, not an id: appeals.suspended.test.ts (forged 404, expired 410)',
  },
  'POST /api/decision-links/{token}/appeal': { skip: 'a signed statement link: appeals.suspended.test.ts' },
  'POST /api/notifications/{id}/read': { own: 'f', params: id((w) => w.notificationId), allow: OWNER },
  'DELETE /api/notifications/{id}': { own: 'f', params: id((w) => w.notificationId), allow: OWNER },
  'POST /api/decisions/{id}/appeal': {
    skip: 'only the affected user appeals (anyone else: 404, within six months): src/modules/appeals/appeals.test.ts',
  },
  'GET /api/flags/{code}': { skip: 'a country code, public lookup' },
  'GET /api/states/{countryCode}': { skip: 'a country code, public lookup' },
  'GET /api/cities/{countryCode}/{stateCode}': { skip: 'country and state codes, public lookup' },
  'GET /api/media/file/{id}/{*}': { skip: 'signed links bound to the viewer: src/security/media-links.test.ts' },
  'GET /api/media/{id}/status': { own: 'c', params: id((w) => w.lockedPhoto), allow: OWNER_ADMIN },
  'GET /api/media/{id}': { own: 'c', params: id((w) => w.lockedPhoto), allow: OWNER_ADMIN },
  'POST /api/wallet/charges/tip/{id}': { own: 'c', params: cId, allow: BUYERS, body: { amount: 10 } },
  'POST /api/wallet/charges/feed/{id}': { own: 'c', params: id((w) => w.shop.feed), allow: BUYERS },
  'POST /api/payment/purchase/{type}/{id}': {
    own: 'c',
    params: (w) => ({ type: 'feed', id: w.shop.feed }),
    allow: BUYERS,
  },
  'POST /api/wallet/charges/video/{id}': { own: 'c', params: id((w) => w.shop.video), allow: BUYERS },
  'POST /api/wallet/charges/gallery/{id}': { own: 'c', params: id((w) => w.shop.gallery), allow: BUYERS },
  'POST /api/wallet/charges/product/{id}': { own: 'c', params: id((w) => w.shop.product), allow: BUYERS },
  'POST /api/wallet/charges/scene/{id}': { own: 'c', params: id((w) => w.shop.scene), allow: BUYERS },
  'POST /api/wallet/charges/scenario/{id}': { own: 'c', params: id((w) => w.shop.scenario), allow: BUYERS },
  'POST /api/wallet/charges/rent/scene/{id}': { own: 'c', params: id((w) => w.shop.scene), allow: BUYERS },
  'POST /api/wallet/charges/rent/scenario/{id}': { own: 'c', params: id((w) => w.shop.scenario), allow: BUYERS },
  // Only the recipient of a paid message may buy it.
  'POST /api/wallet/charges/message/{id}': { own: 'f', params: id((w) => w.paidMessageId), allow: OWNER },
  // A stream pass: the world's stream is paid (strangers who buy it may then join, tip and chat).
  'POST /api/wallet/charges/stream/{id}': { own: 'c', params: id((w) => w.streamId), allow: BUYERS },
  'GET /api/payment/transactions/{id}': { own: 'f', params: id((w) => w.transactionId), allow: OWNER_ADMIN },
  'GET /api/payment/transactions/{id}/result': { own: 'f', params: id((w) => w.transactionId), allow: OWNER },
  'POST /api/payment/transactions/{id}/failover': {
    own: 'f',
    params: id((w) => w.transactionId),
    allow: OWNER,
    body: { gateway: 'sandbox' },
  },
  'POST /api/payment/sandbox/checkout/{id}/pay': { own: 'f', params: id((w) => w.transactionId), allow: OWNER },
  'POST /api/payment/sandbox/checkout/{id}/retry': { own: 'f', params: id((w) => w.transactionId), allow: OWNER },
  'POST /api/payment/sandbox/checkout/{id}/confirm': {
    own: 'f',
    params: id((w) => w.transactionId),
    allow: OWNER,
  },
  'POST /api/{gateway}/cards': { skip: 'a gateway name, not an id (a card of one’s own)' },
  'DELETE /api/payment-cards/{id}': { skip: 'cards need the Stripe peer: payments tests check foreign ids' },
  'GET /api/orders/{id}': { own: 'f', params: id((w) => w.orderId), allow: OWNER_ADMIN },
  // The seller (the creator) and admins change the delivery status; the buyer's own check is below.
  'PUT /api/orders/{id}/update': { own: 'c', params: id((w) => w.orderId), allow: OWNER_ADMIN },
  'PUT /api/orders/{id}/update/delivery-address': { own: 'f', params: id((w) => w.orderId), allow: OWNER },
  'PUT /api/addresses/{id}': { own: 'f', params: id((w) => w.addressId), allow: OWNER },
  'DELETE /api/addresses/{id}': { own: 'f', params: id((w) => w.addressId), allow: OWNER },
  'POST /api/coupons/{code}/apply-coupon': { skip: 'a coupon code, public by design' },
  'POST /api/payments/ccbill/webhook/{secret}': {
    skip: 'a processor postback on a secret path, from its IP ranges only (ccbill.test.ts checks both)',
  },
  'POST /api/performer/feeds/{kind}/upload': { skip: 'a media kind; uploads are one’s own' },
  'GET /api/performer/feeds/{id}': { own: 'c', params: id((w) => w.feedId), allow: OWNER_ADMIN },
  'PUT /api/performer/feeds/{id}': { own: 'c', params: id((w) => w.feedId), allow: OWNER_ADMIN },
  'DELETE /api/performer/feeds/{id}': { own: 'c', params: id((w) => w.feedId), allow: OWNER_ADMIN },
  'GET /api/user/feeds/search/{username}': {
    own: 'c',
    params: (w) => ({ username: w.creator.user.username! }),
    allow: ANY,
  },
  'GET /api/user/feeds/{id}': { own: 'c', params: id((w) => w.feedId), allow: ANY },
  'POST /api/user/feeds/vote/{id}': { own: 'c', params: id((w) => w.pollId), allow: SIGNED_IN },
  'GET /api/user/feeds/{id}/file/{fileId}/status': {
    own: 'c',
    params: (w) => ({ id: w.feedId, fileId: w.feedFileId }),
    allow: OWNER_ADMIN,
  },
  'PUT /api/comments/{id}': { own: 'f', params: id((w) => w.commentId), allow: OWNER_ADMIN },
  'DELETE /api/comments/{id}': { own: 'f', params: id((w) => w.commentId), allow: OWNER_ADMIN },
  'POST /api/stories/files/{kind}/upload': { skip: 'a media kind; uploads are one’s own' },
  'GET /api/stories/performers/{id}': { own: 'c', params: id((w) => w.storyId), allow: OWNER_ADMIN },
  'PUT /api/stories/performers/{id}': { own: 'c', params: id((w) => w.storyId), allow: OWNER_ADMIN },
  'DELETE /api/stories/performers/{id}': { own: 'c', params: id((w) => w.storyId), allow: OWNER_ADMIN },
  'GET /api/stories/users/{id}': { own: 'c', params: id((w) => w.storyId), allow: ANY },
  'GET /api/performer/performer-assets/galleries/{id}/view': {
    own: 'c',
    params: id((w) => w.gallery),
    allow: OWNER_ADMIN,
  },
  'PUT /api/performer/performer-assets/galleries/{id}': { own: 'c', params: id((w) => w.gallery), allow: OWNER_ADMIN },
  'DELETE /api/performer/performer-assets/galleries/{id}': {
    own: 'c',
    params: id((w) => w.gallery),
    allow: OWNER_ADMIN,
  },
  'GET /api/performer-assets/galleries/{id}': { own: 'c', params: id((w) => w.gallery), allow: ANY },
  'PUT /api/performer/performer-assets/photos/{id}': { own: 'c', params: id((w) => w.photoId), allow: OWNER_ADMIN },
  'DELETE /api/performer/performer-assets/photos/{id}': {
    own: 'c',
    params: id((w) => w.photoId),
    allow: OWNER_ADMIN,
  },
  'POST /api/performer/performer-assets/photos/set-cover/{id}': {
    own: 'c',
    params: id((w) => w.photoId),
    allow: OWNER_ADMIN,
  },
  'GET /api/performer-assets/photos/{performerId}': {
    own: 'c',
    params: (w) => ({ performerId: w.creator.user.id }),
    allow: ANY,
  },
  'GET /api/performer/performer-assets/videos/{id}/view': { own: 'c', params: id((w) => w.video), allow: OWNER_ADMIN },
  'PUT /api/performer/performer-assets/videos/edit/{id}': { own: 'c', params: id((w) => w.video), allow: OWNER_ADMIN },
  'DELETE /api/performer/performer-assets/videos/{id}': { own: 'c', params: id((w) => w.video), allow: OWNER_ADMIN },
  'DELETE /api/performer/performer-assets/videos/remove-file/{id}': {
    own: 'c',
    params: id((w) => w.video),
    allow: OWNER_ADMIN,
  },
  'GET /api/performer-assets/videos/{id}': { own: 'c', params: id((w) => w.video), allow: ANY },
  'GET /api/performer-assets/videos/{id}/file/{fileId}/status': {
    own: 'c',
    params: (w) => ({ id: w.video, fileId: w.videoFileId }),
    allow: OWNER_ADMIN,
  },
  'GET /api/performer-assets/performer/reels/{id}/view': { own: 'c', params: id((w) => w.reel), allow: OWNER_ADMIN },
  'PUT /api/performer-assets/performer/reels/edit/{id}': { own: 'c', params: id((w) => w.reel), allow: OWNER_ADMIN },
  'DELETE /api/performer-assets/performer/reels/{id}': { own: 'c', params: id((w) => w.reel), allow: OWNER_ADMIN },
  'DELETE /api/performer-assets/performer/reels/remove-file/{id}': {
    own: 'c',
    params: id((w) => w.reel),
    allow: OWNER_ADMIN,
  },
  'GET /api/performer-assets/performer/reels/{id}': { own: 'c', params: id((w) => w.reel), allow: ANY },
  'GET /api/performer/scene/{id}': { own: 'c', params: id((w) => w.scene), allow: OWNER_ADMIN },
  'PUT /api/performer/scene/{id}': { own: 'c', params: id((w) => w.scene), allow: OWNER_ADMIN },
  'DELETE /api/performer/scene/{id}': { own: 'c', params: id((w) => w.scene), allow: OWNER_ADMIN },
  'DELETE /api/performer/scene/remove-file/{id}': { own: 'c', params: id((w) => w.scene), allow: OWNER_ADMIN },
  'GET /api/user/scene/{id}': { own: 'c', params: id((w) => w.scene), allow: ANY },
  'GET /api/performer/scenario/{id}': { own: 'c', params: id((w) => w.scenario), allow: OWNER_ADMIN },
  'PUT /api/performer/scenario/{id}': { own: 'c', params: id((w) => w.scenario), allow: OWNER_ADMIN },
  'DELETE /api/performer/scenario/{id}': { own: 'c', params: id((w) => w.scenario), allow: OWNER_ADMIN },
  'DELETE /api/performer/scenario/remove-file/{id}': { own: 'c', params: id((w) => w.scenario), allow: OWNER_ADMIN },
  'GET /api/user/scenario/{id}': { own: 'c', params: id((w) => w.scenario), allow: ANY },
  'GET /api/performer/performer-assets/products/{id}/view': {
    own: 'c',
    params: id((w) => w.product),
    allow: OWNER_ADMIN,
  },
  'PUT /api/performer/performer-assets/products/{id}': { own: 'c', params: id((w) => w.product), allow: OWNER_ADMIN },
  'DELETE /api/performer/performer-assets/products/{id}': {
    own: 'c',
    params: id((w) => w.product),
    allow: OWNER_ADMIN,
  },
  'DELETE /api/performer/performer-assets/products/remove-file/{id}': {
    own: 'c',
    params: id((w) => w.product),
    allow: OWNER_ADMIN,
  },
  'GET /api/performer-assets/products/{id}': { own: 'c', params: id((w) => w.product), allow: ANY },
  'GET /api/performer-assets/products/{id}/download-link': {
    own: 'c',
    params: id((w) => w.product),
    allow: OWNER_ADMIN,
  },
  'POST /api/follows/{id}': { own: 'c', params: cId, allow: BUYERS },
  'DELETE /api/follows/{id}': { own: 'c', params: cId, allow: SIGNED_IN },
  // Unblocking acts on the caller's own list.
  'GET /api/reactions/{type}/bookmark': { skip: 'a content type; lists the caller’s own bookmarks' },
  'DELETE /api/block/users/{id}': { own: 'c', params: (w) => ({ id: w.fan.user.id }), allow: SIGNED_IN },
  'PUT /api/reports/{id}': { own: 'f', params: id((w) => w.reportId), allow: ADMIN },
  'GET /api/posts/{id}': { own: 'c', params: id((w) => w.pageId), allow: ANY },
  'PUT /api/posts/{id}': { own: 'c', params: id((w) => w.pageId), allow: ADMIN },
  'POST /api/payment/{gateway}/cancel-subscription/{id}': {
    own: 'f',
    params: (w) => ({ gateway: 'wallet', id: w.subscriptionId }),
    allow: OWNER_ADMIN,
  },
  'GET /api/subscriptions/performers/{id}/offer': { own: 'c', params: cId, allow: ANY },
  'GET /api/conversations/{id}': { own: 'f', params: id((w) => w.conversationId), allow: OWNER_ADMIN },
  'GET /api/messages/conversations/{id}': { own: 'f', params: id((w) => w.conversationId), allow: OWNER_ADMIN },
  'POST /api/messages/conversations/{id}': { own: 'f', params: id((w) => w.conversationId), allow: OWNER },
  'POST /api/messages/read-all/{id}': { own: 'f', params: id((w) => w.conversationId), allow: OWNER },
  'DELETE /api/messages/{id}': { own: 'c', params: id((w) => w.freeMessageId), allow: OWNER_ADMIN },
  'GET /api/messages/{id}/file/{fileId}/status': {
    own: 'c',
    params: (w) => ({ id: w.paidMessageId, fileId: w.messageFileId }),
    allow: OWNER_ADMIN,
  },
  // A private conversation is not public: stream chats only.
  'GET /api/messages/conversations/public/{id}': {
    own: 'f',
    params: id((w) => w.conversationId),
    allow: ['owner', 'admin'],
  },
  'GET /api/mass-messages/{id}': { own: 'c', params: id((w) => w.massMessageId), allow: OWNER_ADMIN },
  'DELETE /api/mass-messages/{id}': { own: 'c', params: id((w) => w.massMessageId), allow: OWNER_ADMIN },
  // Payouts: the creator edits their own pending request (admins review through /api/admin).
  'PUT /api/payout-requests/{id}': {
    own: 'c',
    params: id((w) => w.payoutRequestId),
    allow: OWNER,
    body: { requestNote: 'matrix' },
  },
  'GET /api/payout-requests/{id}/view': { own: 'c', params: id((w) => w.payoutRequestId), allow: OWNER_ADMIN },
  'GET /api/performers/{id}/payout-settings': { own: 'c', params: cId, allow: OWNER_ADMIN },
  // Live streams: the world's stream is live and paid, so anonymous callers never get in.
  // Ending is checked on an ended stream of the creator, so the live one stays live.
  'PUT /api/streaming/live/{id}': { own: 'c', params: id((w) => w.endedStreamId), allow: OWNER_ADMIN },
  'GET /api/streaming/performers/{id}/offer': { own: 'c', params: cId, allow: ANY },
  'GET /api/streaming/join/{id}': { own: 'c', params: id((w) => w.streamId), allow: SIGNED_IN },
  'GET /api/streaming/{id}': { own: 'c', params: id((w) => w.streamId), allow: ANY },
  'POST /api/streaming/{id}/tip': {
    own: 'c',
    params: id((w) => w.streamId),
    allow: BUYERS,
    body: { amount: 10 }, // the smallest tip allowed
  },
  'GET /api/streaming/{id}/viewers': { own: 'c', params: id((w) => w.streamId), allow: OWNER_ADMIN },
  'PUT /api/streaming/{id}/viewers/{userId}/mute': {
    own: 'c',
    params: (w) => ({ id: w.streamId, userId: w.fan.user.id }),
    allow: OWNER_ADMIN,
  },
  'DELETE /api/streaming/{id}/viewers/{userId}': {
    own: 'c',
    params: (w) => ({ id: w.streamId, userId: w.fan.user.id }),
    allow: OWNER_ADMIN,
  },
  // Private shows: the creator decides a fan's pending request, the fan may withdraw it (one
  // pending request each, from different fans, so every owner's call meets a pending one).
  'PUT /api/streaming/private/requests/{id}/accept': {
    own: 'c',
    params: id((w) => w.requestToAccept),
    allow: OWNER,
  },
  'PUT /api/streaming/private/requests/{id}/reject': {
    own: 'c',
    params: id((w) => w.requestToReject),
    allow: OWNER,
  },
  'PUT /api/streaming/private/requests/{id}/cancel': {
    own: 'f',
    params: id((w) => w.privateRequestId),
    allow: OWNER,
  },
  // An accepted show (waiting for both to join): its parties and admins.
  'GET /api/streaming/private/sessions/{id}': {
    own: 'f',
    params: id((w) => w.privateSessionId),
    allow: OWNER_ADMIN,
  },
  'PUT /api/streaming/private/sessions/{id}/end': {
    own: 'f',
    params: id((w) => w.privateSessionId),
    allow: OWNER_ADMIN,
  },
  // Stream chat (by the stream's conversation id): those who may join read and write; staff clear and close.
  'GET /api/messages/stream/{id}': { own: 'c', params: id((w) => w.streamConversationId), allow: SIGNED_IN },
  'POST /api/messages/stream/{id}': { own: 'c', params: id((w) => w.streamConversationId), allow: SIGNED_IN },
  'DELETE /api/messages/stream/{id}/remove-all-message': {
    own: 'c',
    params: id((w) => w.streamConversationId),
    allow: OWNER_ADMIN,
  },
  'GET /api/conversations/stream/performer/{id}': { own: 'c', params: cId, allow: SIGNED_IN },
  'PUT /api/conversations/stream/{id}/update': {
    own: 'c',
    params: id((w) => w.streamConversationId),
    allow: OWNER_ADMIN,
  },
  'PUT /api/push/subscriptions/{id}': { own: 'f', params: id((w) => w.pushDeviceId), allow: OWNER },
  'DELETE /api/push/subscriptions/{id}': { own: 'f', params: id((w) => w.pushDeviceId), allow: OWNER },
  'POST /api/push/subscriptions/{id}/test': { own: 'f', params: id((w) => w.pushDeviceId), allow: OWNER },
  // The signed link is the key (no session): with the schema's made-up exp and sig nobody gets
  // the real export, not even its owner (privacy.test.ts checks the genuine and a tampered link).
  'GET /api/privacy/exports/{id}/download': { own: 'f', params: id((w) => w.dataExportId), allow: [] },
};

async function ok(app: App, who: Actor, method: string, url: string, payload?: unknown) {
  const res = await app.inject({
    method: method as 'POST',
    url,
    headers: { ...who.auth, 'idempotency-key': crypto.randomUUID() },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  if (res.statusCode >= 300) throw new Error(`setup ${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return res.json();
}

const ADDRESS = {
  name: 'Alex Fan',
  country: 'US',
  state: 'TX',
  city: 'Austin',
  streetAddress: '1 Main St',
  zipCode: '78701',
  phone: '555-0100',
};

/** The owner's resources, made through the API and the factories; strangers with money to spend. */
async function buildWorld(app: App) {
  const creator = await buildPerformer(app, {}, { monthlyPrice: 1000, yearlyPrice: 9600 });
  const fan = await buildUser(app);
  const strangerFan = await buildUser(app);
  const strangerCreator = await buildPerformer(app);
  const admin = await buildAdmin(app);
  for (const a of [fan, strangerFan, strangerCreator, admin]) await fundWallet(app, a.user.id, 100_000);

  const lockedPhotoRow = await buildMedia(app, creator.user.id, { kind: 'photo' });
  const feedFile = await buildMedia(app, creator.user.id, { kind: 'photo' });
  const feed = await buildFeed(app, creator.user.id, { fileIds: [feedFile.id], visibility: 'subscribers' });
  const poll = await buildPoll(app, creator.user.id);
  const story = await buildStory(app, creator.user.id);
  const content = async (type: Parameters<typeof buildContent>[2], o: Record<string, unknown> = {}) =>
    ((await buildContent(app, creator, type, o)) as unknown as { _id: string })._id;
  const video = await content('video', { visibility: 'sale', price: 5 });
  const gallery = await content('gallery', { visibility: 'sale', price: 5 });
  const reel = await content('reel', { visibility: 'subscribers' });
  const scene = await content('scene', { visibility: 'sale', price: 20, rentPrice: 3, rentDays: 2 });
  const scenario = await content('scenario', { visibility: 'sale', price: 20, rentPrice: 3, rentDays: 2 });
  const product = await content('product', { price: 12 });
  const shop = {
    feed: (await buildFeed(app, creator.user.id, { text: 'for sale', visibility: 'sale', price: 3 })).id,
    video: await content('video', { visibility: 'sale', price: 5 }),
    gallery: await content('gallery', { visibility: 'sale', price: 5 }),
    product: await content('product', { price: 6 }),
    scene: await content('scene', { visibility: 'sale', price: 20, rentPrice: 3, rentDays: 2 }),
    scenario: await content('scenario', { visibility: 'sale', price: 20, rentPrice: 3, rentDays: 2 }),
  };
  const photos = await app.inject({
    method: 'POST',
    url: `/api/performer/performer-assets/photos/upload?galleryId=${gallery}`,
    ...multipartAs(creator, [{ field: 'photo', filename: 'g.jpg', content: await makeJpeg(64, 48) }]),
  });
  if (photos.statusCode !== 200) throw new Error(`photo upload: ${photos.body}`);
  const photoId = (photos.json().data?.[0] ?? photos.json()[0])._id as string;

  const docBody = multipartAs(creator, [
    { field: 'idFront', filename: 'front.png', content: await pngBytes(), contentType: 'image/png' },
  ]);
  const docs = await app.inject({ method: 'POST', url: '/api/performers/documents/upload', ...docBody });
  if (docs.statusCode !== 200) throw new Error(`documents: ${docs.body}`);
  const documentId = /documents\/([0-9a-f-]{36})\/file/.exec(JSON.stringify(docs.json()))![1]!;

  const [notificationId] = await Promise.all([
    notify(app.ctx, fan.user.id, { kind: 'tip', title: 'For the fan only' }).then(async () => {
      const list = await ok(app, fan, 'GET', '/api/notifications');
      return list.data[0]._id as string;
    }),
  ]);
  const freeFeed = await buildFeed(app, creator.user.id, { text: 'free to all' });
  const comment = await ok(app, fan, 'POST', '/api/comments', {
    objectType: 'feed',
    objectId: freeFeed.id,
    text: 'Nice',
  });
  const address = await ok(app, fan, 'POST', '/api/addresses/create', ADDRESS);
  const physical = await content('product', { price: 7, productType: 'physical', stock: 10 });
  const bought = await ok(app, fan, 'POST', `/api/wallet/charges/product/${physical}`, {
    deliveryAddressId: address._id,
  });
  const orderId = bought.charge.orderId as string;
  const topUp = await ok(app, fan, 'POST', '/api/payment/wallet/top-up', { amount: 20 });
  const sub = await subscribeVia(app, fan, { performerId: creator.user.id });
  if (sub.statusCode !== 200) throw new Error(`subscribe: ${sub.body}`);
  const conversation = await buildConversation(app, creator.user.id, fan.user.id);
  const messageFile = await buildMedia(app, creator.user.id, { kind: 'photo' });
  const paid = await sendMessage(app, creator, conversation.id, { text: 'paid', fileIds: [messageFile.id], price: 4 });
  const free = await sendMessage(app, creator, conversation.id, { text: 'free' });
  const report = await ok(app, fan, 'POST', '/api/reports', {
    targetType: 'feed',
    targetId: feed.id,
    reason: 'spam',
    description: 'matrix',
  });
  const page = await ok(app, admin, 'POST', '/api/posts', {
    slug: `matrix-${crypto.randomUUID().slice(0, 8)}`,
    title: 'A page',
    content: '<p>Hi</p>',
    status: 'published',
  });
  const massMessage = await ok(app, creator, 'POST', '/api/mass-messages', {
    audience: 'subscribers',
    text: 'News',
  });
  const videoRow = await ok(app, creator, 'GET', `/api/performer/performer-assets/videos/${video}/view`);

  // A pending payout request: 80.00 earned without a hold, bank details, 60.00 asked for.
  await app.ctx.settings.update({ payoutHoldDays: 0 }, null);
  await earnThroughTips(app, creator, [100]);
  await setBankDetails(app, creator);
  const payout = await requestPayout(app, creator, 60);
  if (payout.statusCode !== 200) throw new Error(`payout request: ${payout.body}`);
  // A paid live stream, and an ended one (to end again) inserted as the stream factory does.
  const stream = await ok(app, creator, 'POST', '/api/streaming/live', { title: 'Matrix live', price: 5 });
  const ended = await buildStream(app, creator.user.id, { status: 'ended', endedAt: app.ctx.now() });
  // Private shows: one request accepted (a session waiting for both to join); pending ones from the
  // fan (to cancel) and from two other fans (to accept, to reject).
  await ok(app, creator, 'PUT', '/api/streaming/update', { privateCallPrice: 1 });
  await fundWallet(app, fan.user.id, 10_000);
  const asked = await ok(app, fan, 'POST', '/api/streaming/private/requests', { performerId: creator.user.id });
  const session = await ok(app, creator, 'PUT', `/api/streaming/private/requests/${asked._id}/accept`);
  const pending = await ok(app, fan, 'POST', '/api/streaming/private/requests', { performerId: creator.user.id });
  const [toAccept, toReject] = await Promise.all(
    [0, 1].map(async () => {
      const other = await buildUser(app);
      await fundWallet(app, other.user.id, 10_000);
      return ok(app, other, 'POST', '/api/streaming/private/requests', { performerId: creator.user.id });
    }),
  );
  // A device with push on; its endpoint refuses at once, so the test push never leaves the machine.
  const device = await buildPushSubscription(app, fan.user.id, { endpoint: 'http://127.0.0.1:9/push/matrix' });
  const dataExport = await buildDataExport(app, fan.user.id);
  // Two people named in a file of no item (so no item is held): one to read and withdraw, one to remove.
  const releaseFile = await buildMedia(app, creator.user.id, { kind: 'photo' });
  const named = (name: string) =>
    ok(app, creator, 'POST', '/api/releases', {
      subjectType: 'feed',
      subjectId: crypto.randomUUID(),
      mediaIds: [releaseFile.id],
      name,
    });
  const release = await named('Alex');
  const releaseToRemove = await named('Sam');

  return {
    creator,
    fan,
    strangerFan,
    strangerCreator,
    admin,
    lockedPhoto: lockedPhotoRow.id,
    feedId: feed.id,
    feedFileId: feedFile.id,
    pollId: poll.poll.id,
    storyId: story.id,
    video,
    videoFileId: (videoRow.video?._id ?? videoRow.videoId) as string,
    gallery,
    reel,
    scene,
    scenario,
    product,
    shop,
    photoId,
    documentId,
    releaseId: release._id as string,
    releaseToRemove: releaseToRemove._id as string,
    notificationId,
    commentId: comment._id as string,
    addressId: address._id as string,
    orderId,
    transactionId: topUp._id as string,
    subscriptionId: sub.json().subscription._id as string,
    conversationId: conversation.id,
    paidMessageId: paid._id as string,
    freeMessageId: free._id as string,
    messageFileId: messageFile.id,
    reportId: report._id as string,
    pageId: page._id as string,
    massMessageId: massMessage._id as string,
    payoutRequestId: payout.json()._id as string,
    streamId: stream._id as string,
    streamConversationId: stream.conversationId as string,
    endedStreamId: ended.id,
    privateRequestId: pending._id as string,
    requestToAccept: toAccept._id as string,
    requestToReject: toReject._id as string,
    privateSessionId: session._id as string,
    pushDeviceId: device.id,
    dataExportId: dataExport.id,
  };
}

/** A signed link to a variant that only someone entitled may see (not the blur or teaser). */
const LOCKED_VARIANT =
  /\/api\/media\/file\/([0-9a-f-]{36})\/(full|mp4|hls|audio|original|sm|md|lg|poster|thumb[-\w]*)\b/g;

describe('authorization matrix over every route with an id (issue 17)', () => {
  it('no caller outside the table gets a 2xx; strangers never get a link to locked media', async () => {
    const { app } = t();
    const w = await buildWorld(app);
    // The owner's locked media: the main file of every catalogue item (not its cover or teaser,
    // which are previews by design), the post's and the paid message's files.
    const items = await app.ctx.db
      .select({ videoId: contentItems.videoId, fileId: contentItems.fileId })
      .from(contentItems)
      .where(eq(contentItems.creatorId, w.creator.user.id));
    const ownMedia = new Set<string>([w.feedFileId, w.messageFileId, w.lockedPhoto]);
    for (const i of items) for (const m of [i.videoId, i.fileId]) if (m) ownMedia.add(m);
    const photos = await app.ctx.db
      .select({ mediaId: contentPhotos.mediaId })
      .from(contentPhotos)
      .where(eq(contentPhotos.creatorId, w.creator.user.id));
    for (const p of photos) ownMedia.add(p.mediaId);
    const ops = (await listOperations(app)).filter((op) => /\{[^}]+\}/.test(op.path) && !isAdminRoute(op));
    const missing = ops.map((op) => `${op.method} ${op.path}`).filter((k) => !(k in MATRIX));
    expect(missing, 'routes with an id missing from MATRIX: say who may use them').toEqual([]);

    const callerFor = (role: Role, rule: Rule): Actor | null =>
      role === 'anonymous'
        ? null
        : role === 'fan'
          ? w.strangerFan
          : role === 'creator'
            ? w.strangerCreator
            : role === 'admin'
              ? w.admin
              : rule.own === 'c'
                ? w.creator
                : w.fan;
    const urlFor = (op: Operation, rule: Rule) => {
      const params = rule.params(w);
      const query = op.url.split('?')[1];
      const filled = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
        if (!(name in params)) throw new Error(`${op.method} ${op.path}: no value for {${name}}`);
        return encodeURIComponent(params[name]!);
      });
      return query ? `${filled}?${query}` : filled;
    };

    const failures: string[] = [];
    let calls = 0;
    let ownerOk = 0;
    const ruled = ops
      .map((op) => [op, MATRIX[`${op.method} ${op.path}`]!] as const)
      .filter((e): e is readonly [Operation, Rule] => !('skip' in e[1]));
    const send = async (op: Operation, rule: Rule, role: Role) => {
      const actor = callerFor(role, rule);
      const res = await app.inject({
        method: op.method,
        url: urlFor(op, rule),
        headers: { ...(actor?.auth ?? {}), 'idempotency-key': crypto.randomUUID() },
        ...((rule.body ?? op.body) === undefined ? {} : { payload: (rule.body ?? op.body) as object }),
      });
      calls++;
      const label = `${role} ${op.method} ${op.path}`;
      if (res.statusCode >= 500) failures.push(`${label} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      if (res.statusCode < 300 && !rule.allow.includes(role))
        failures.push(`${label} → unexpected ${res.statusCode} ${res.body.slice(0, 200)}`);
      if (STRANGERS.includes(role) && res.statusCode < 300) {
        for (const m of res.body.matchAll(LOCKED_VARIANT))
          if (ownMedia.has(m[1]!)) failures.push(`${label} → a link to locked media ${m[0]}`);
      }
      return res.statusCode;
    };
    // Strangers first on every route (nothing deleted yet), then the owner and the admin with
    // deletions last, so every stranger call meets a live resource.
    for (const [op, rule] of ruled) for (const role of STRANGERS) await send(op, rule, role);
    const byDeleteLast = [...ruled].sort((a, b) => Number(a[0].method === 'DELETE') - Number(b[0].method === 'DELETE'));
    for (const [op, rule] of byDeleteLast) {
      if ((await send(op, rule, 'owner')) < 300) ownerOk++;
      await send(op, rule, 'admin');
    }
    console.info(`authz matrix: ${ruled.length} routes, ${calls} calls, owner 2xx on ${ownerOk}`);
    expect(failures, 'callers that got through (or a 5xx)').toEqual([]);
    // The matrix is not vacuous: the owner's calls on their own resources mostly succeed.
    expect(ownerOk).toBeGreaterThan(ruled.length / 2);
  }, 600_000);
});
