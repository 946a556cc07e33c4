import { fromCents, type PerformerProfile } from '@marquee/shared';
import type { IdentityDocumentRow, PerformerRow, UserRow } from '../../db/schema';
import { presentMe, profileMediaUrl } from '../users';

export function presentDocument(d: IdentityDocumentRow) {
  return {
    _id: d.id,
    kind: d.kind,
    originalName: d.originalName,
    mimeType: d.mimeType,
    size: d.size,
    createdAt: d.createdAt.toISOString(),
    /** Needs the owner's or an admin's token. */
    url: `/api/performers/documents/${d.id}/file`,
  };
}

/** The whole creator profile, for the creator and admins only (payout details included). */
export function presentPerformerProfile(
  user: UserRow,
  p: PerformerRow,
  docs: IdentityDocumentRow[],
  payout: Pick<PerformerProfile, 'bankingSettings' | 'paymentGatewaySettings'>,
): PerformerProfile {
  return {
    ...presentMe(user, p),
    displayName: p.displayName,
    bio: p.bio,
    gender: p.gender,
    sexualOrientation: p.sexualOrientation,
    country: p.country,
    state: p.state,
    city: p.city,
    languages: p.languages,
    dateOfBirth: p.dateOfBirth,
    age: p.age,
    height: p.height,
    weight: p.weight,
    bodyType: p.bodyType,
    ethnicity: p.ethnicity,
    breastSize: p.breastSize,
    buttSize: p.buttSize,
    hair: p.hair,
    eyes: p.eyes,
    socialLinks: p.socialLinks,
    welcomeVideo: profileMediaUrl(p.welcomeVideoPath),
    monthlyPrice: fromCents(p.monthlyPrice),
    yearlyPrice: fromCents(p.yearlyPrice),
    freeSubscriptionEnabled: p.freeSubscriptionEnabled,
    freeSubscriptionDays: p.freeSubscriptionDays,
    showSubscriberCount: p.showSubscriberCount,
    messageRequiresSubscription: p.messageRequiresSubscription,
    verificationNote: p.verificationNote,
    // sealed at rest in payout_settings; only ever shown masked (modules/payouts)
    bankingSettings: payout.bankingSettings,
    paymentGatewaySettings: payout.paymentGatewaySettings,
    documents: docs.map(presentDocument),
  };
}
