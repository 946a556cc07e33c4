import type { PayoutRequest } from '@marquee/shared';
import useSWR, { mutate } from 'swr';
import { buildUrl } from '../../lib/api';
import { client } from '../../lib/api-client';
import type { ApiBody, ApiData, ApiQuery } from '../../lib/api-contract';
import { getToken } from '../../lib/cookies';
import { apiKey, useApi } from '../../lib/use-api';

export type PendingReview = ApiData<'/payout-requests/check/pending-review'>;

/** The figures are a POST (it takes an optional date range); cached under its path like the reads. */
const CALC_KEY = '/payout-requests/calculate';
export const usePayoutFigures = () => useSWR(CALC_KEY, () => client.post('/payout-requests/calculate', { body: {} }));
export const usePendingReview = () => useApi('/payout-requests/check/pending-review');
export const usePayoutRequests = (query: ApiQuery<'/payout-requests/search'>) =>
  useApi('/payout-requests/search', { query });
export const usePayoutSettings = (performerId: string | undefined) =>
  useApi(performerId ? '/performers/{id}/payout-settings' : null, { path: { id: performerId ?? '' } });
export const useStatement = (month: string) => useApi('/payout-requests/statement', { query: { month } });

/** After any payout change: figures, the pending check, the history and the settings refresh. */
export function refreshPayouts() {
  return mutate(
    (key) =>
      typeof key === 'string' &&
      (key.startsWith('/payout-requests') || key.includes('/payout-settings') || key.startsWith('/performer/earning')),
  );
}

export const payoutActions = {
  request: (body: ApiBody<'/payout-requests', 'post'>) => client.post('/payout-requests', { body }),
  update: (id: string, body: ApiBody<'/payout-requests/{id}', 'put'>) =>
    client.put('/payout-requests/{id}', { path: { id }, body }),
  cancel: (id: string) => client.put('/payout-requests/{id}', { path: { id }, body: { status: 'cancelled' } }),
  saveBank: (performerId: string, body: ApiBody<'/performers/{id}/banking-settings', 'put'>) =>
    client.put('/performers/{id}/banking-settings', { path: { id: performerId }, body }),
  savePaypal: (performerId: string, email: string) =>
    client.put('/performers/{id}/payment-gateway-settings', {
      path: { id: performerId },
      body: { key: 'paypal', value: { email } },
    }),
  startStripe: () => client.post('/stripe/accounts'),
};

/** The statement as a CSV file: fetched with the bearer header, then saved by the browser. */
export async function downloadStatementCsv(month: string) {
  const token = getToken();
  // A file, not JSON: fetched here rather than through the client, at the URL the contract gives.
  const res = await fetch(buildUrl(apiKey('/payout-requests/statement', { query: { month, format: 'csv' } })), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) throw await res.json().catch(() => new Error(res.statusText));
  const blob = await res.blob();
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `statement-${month}.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

// ---- admin

export const useAdminPayouts = (query: ApiQuery<'/admin/payout-requests'>) =>
  useApi('/admin/payout-requests', { query });
export const useAdminPayout = (id: string | null) =>
  useApi(id ? '/admin/payout-requests/{id}' : null, { path: { id: id ?? '' } });
export const adminPayoutActions = {
  approve: (id: string, note?: string) =>
    client.post('/admin/payout-requests/{id}/approve', { path: { id }, body: { note } }),
  reject: (id: string, note: string) =>
    client.post('/admin/payout-requests/{id}/reject', { path: { id }, body: { note } }),
  markPaid: (id: string, reference: string, note?: string) =>
    client.post('/admin/payout-requests/{id}/mark-paid', { path: { id }, body: { reference, note } }),
};

export const STATUS_TONE: Record<PayoutRequest['status'], 'amber' | 'brand' | 'green' | 'red' | 'zinc'> = {
  pending: 'amber',
  approved: 'brand',
  paid: 'green',
  rejected: 'red',
  cancelled: 'zinc',
};

export const currentMonth = () => new Date().toISOString().slice(0, 7);
