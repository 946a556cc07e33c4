import type { PushCategory, PushDevice } from '@marquee/shared';
import type { PushSubscriptionRow } from '../../db/schema';

/** A device of the signed-in user. The keys never leave the server. */
export function presentPushDevice(row: PushSubscriptionRow): PushDevice {
  return {
    _id: row.id,
    endpoint: row.endpoint,
    deviceName: row.deviceName,
    categories: row.categories as PushCategory[],
    createdAt: row.createdAt.toISOString(),
    lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
  };
}
