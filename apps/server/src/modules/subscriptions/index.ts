// The module's public face: what other modules may import (docs/development.md, "Module walls").
// Re-exports only (no code): the module's own files import each other directly, never this file.
export { endSubscriptionNow, grantSystemSubscription } from './subscriptions.admin';
export { emitNewSubscriber } from './subscriptions.hooks';
export { presentSubscription } from './subscriptions.presenter';
export {
  cancelSubscription,
  endSubscriptionsOnBlock,
  type SubscriptionRow,
  searchSubscriptions,
} from './subscriptions.service';
