import {
  fromCents,
  PAID_SUBSCRIPTION_TYPES,
  SUBSCRIPTION_DAYS,
  SUBSCRIPTION_MONTHS,
  SUBSCRIPTION_TYPE_LABELS,
  type SubscriptionOption,
  type SubscriptionPromotion,
  type SubscriptionType,
  toCents,
} from '@marquee/shared';
import type { SubscriptionOffersRow } from '../../db/schema';
import type { SiteSettings } from '../settings';
import type { CreatorFacts } from './subscriptions.repo';

export interface PricedOption {
  type: SubscriptionType;
  days: number;
  /** Regular price of one period (renewals), cents. */
  priceCents: number;
  /** What the first period costs now, cents. */
  firstPriceCents: number;
  promoApplied: boolean;
  savePercent: number;
  renews: boolean;
}

export interface PricingInput {
  creator: Pick<CreatorFacts, 'monthlyPrice' | 'yearlyPrice' | 'freeSubscriptionEnabled' | 'freeSubscriptionDays'>;
  offers: SubscriptionOffersRow | null;
  settings: Pick<SiteSettings, 'freeSubscriptionEnabled' | 'freeSubscriptionDuration' | 'minimumSubscriptionPrice'>;
  /** Whether this fan is new to the creator (never paid a period): promotions are for new subscribers. */
  newSubscriber: boolean;
  at: Date;
}

const discounted = (cents: number, percent: number) => Math.round((cents * (100 - percent)) / 100);

/** The running promotion, if it has not ended nor reached its cap. */
export function livePromotion(offers: SubscriptionOffersRow | null, at: Date): SubscriptionPromotion | null {
  if (!offers?.promoPercent || !offers.promoEndsAt || offers.promoEndsAt <= at) return null;
  if (offers.promoLimit !== null && offers.promoUsed >= offers.promoLimit) return null;
  return {
    discountPercent: offers.promoPercent,
    endsAt: offers.promoEndsAt.toISOString(),
    limit: offers.promoLimit,
    used: offers.promoUsed,
  };
}

/**
 * Every option the creator offers, priced: monthly, the 3- and 6-month bundles
 * when the creator set a discount, yearly (the 12-month option, at the yearly
 * price), and the free trial when both the site and the creator allow it. A
 * promotion lowers the first period of paid options for new subscribers, never
 * below the site's minimum subscription price.
 */
export function priceOptions(i: PricingInput): PricedOption[] {
  const monthly = i.creator.monthlyPrice;
  const promo = i.newSubscriber ? livePromotion(i.offers, i.at) : null;
  const floor = toCents(i.settings.minimumSubscriptionPrice);
  const out: PricedOption[] = [];
  for (const type of PAID_SUBSCRIPTION_TYPES) {
    let price: number | null = null;
    if (type === 'monthly') price = monthly;
    if (type === 'yearly') price = i.creator.yearlyPrice;
    if (type === 'three_months' && i.offers?.threeMonthsDiscount)
      price = discounted(monthly * 3, i.offers.threeMonthsDiscount);
    if (type === 'six_months' && i.offers?.sixMonthsDiscount)
      price = discounted(monthly * 6, i.offers.sixMonthsDiscount);
    if (price === null || price <= 0) continue;
    const full = monthly * SUBSCRIPTION_MONTHS[type];
    const first = promo ? Math.max(Math.min(floor, price), discounted(price, promo.discountPercent)) : price;
    out.push({
      type,
      days: SUBSCRIPTION_DAYS[type],
      priceCents: price,
      firstPriceCents: first,
      promoApplied: Boolean(promo) && first < price,
      savePercent: type === 'monthly' || full <= 0 ? 0 : Math.max(0, Math.round(100 - (price * 100) / full)),
      renews: true,
    });
  }
  if (i.settings.freeSubscriptionEnabled && i.creator.freeSubscriptionEnabled) {
    out.push({
      type: 'free',
      days: Math.max(1, Math.min(i.creator.freeSubscriptionDays, i.settings.freeSubscriptionDuration)),
      priceCents: 0,
      firstPriceCents: 0,
      promoApplied: false,
      savePercent: 100,
      renews: false,
    });
  }
  return out;
}

export function presentOption(o: PricedOption): SubscriptionOption {
  return {
    subscriptionType: o.type,
    label: SUBSCRIPTION_TYPE_LABELS[o.type],
    days: o.days,
    price: fromCents(o.priceCents),
    firstPrice: fromCents(o.firstPriceCents),
    savePercent: o.savePercent,
    promoApplied: o.promoApplied,
    renews: o.renews,
  };
}
