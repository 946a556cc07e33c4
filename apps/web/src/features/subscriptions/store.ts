import type { SubscriptionType } from '@marquee/shared';
import { create } from 'zustand';

/** The creator a subscription modal is about (what the profile or a locked post knows of them). */
export interface SubscribablePerformer {
  _id: string;
  username?: string | null;
  name?: string | null;
  avatar?: string | null;
}

/** Subscription modal state of the spec (§3): showModal, performer, subscriptionType. */
export interface SubscriptionModalState {
  showModal: boolean;
  performer: SubscribablePerformer | null;
  subscriptionType: SubscriptionType;
  /** Called once the subscription is active (e.g. a locked post reloads). */
  onSubscribed: (() => void) | null;
  open: (performer: SubscribablePerformer, subscriptionType?: SubscriptionType, onSubscribed?: () => void) => void;
  setType: (subscriptionType: SubscriptionType) => void;
  close: () => void;
}

export const useSubscriptionModal = create<SubscriptionModalState>()((set) => ({
  showModal: false,
  performer: null,
  subscriptionType: 'monthly',
  onSubscribed: null,
  open: (performer, subscriptionType = 'monthly', onSubscribed) =>
    set({ showModal: true, performer, subscriptionType, onSubscribed: onSubscribed ?? null }),
  setType: (subscriptionType) => set({ subscriptionType }),
  close: () => set({ showModal: false }),
}));
