import type {
  ListResponse,
  PayoutCalculation,
  PayoutMethod,
  PayoutRequest,
  PayoutSettings,
  PayoutStatement,
} from '@marquee/shared';
import useSWR, { mutate } from 'swr';
import { api, buildUrl, type Query } from '../../lib/api';
import { getToken } from '../../lib/cookies';

export interface PendingReview {
  hasPending: boolean;
  canRequest: boolean;
  pendingRequestId: string | null;
  reason: string | null;
}

const CALC_KEY = '/payout-requests/calculate';
export const usePayoutFigures = () =>
  useSWR<PayoutCalculation>(CALC_KEY, (path: string) => api.post<PayoutCalculation>(path, {}));
export const usePendingReview = () => useSWR<PendingReview>('/payout-requests/check/pending-review');
export const usePayoutRequests = (query: string) =>
  useSWR<ListResponse<PayoutRequest>>(`/payout-requests/search?${query}`);
export const usePayoutSettings = (performerId: string | undefined) =>
  useSWR<PayoutSettings>(performerId ? `/performers/${performerId}/payout-settings` : null);
export const useStatement = (month: string) =>
  useSWR<PayoutStatement>(`/payout-requests/statement?month=${encodeURIComponent(month)}`);

/** After any payout change: figures, the pending check, the history and the settings refresh. */
export function refreshPayouts() {
  return mutate(
    (key) =>
      typeof key === 'string' &&
      (key.startsWith('/payout-requests') || key.includes('/payout-settings') || key.startsWith('/performer/earning')),
  );
}

export const payoutActions = {
  request: (body: { amount: number; paymentAccountType: PayoutMethod; requestNote?: string }) =>
    api.post<PayoutRequest>('/payout-requests', body),
  update: (id: string, body: { amount?: number; paymentAccountType?: PayoutMethod; requestNote?: string }) =>
    api.put<PayoutRequest>(`/payout-requests/${id}`, body),
  cancel: (id: string) => api.put<PayoutRequest>(`/payout-requests/${id}`, { status: 'cancelled' }),
  saveBank: (performerId: string, body: Record<string, string>) =>
    api.put(`/performers/${performerId}/banking-settings`, body),
  savePaypal: (performerId: string, email: string) =>
    api.put(`/performers/${performerId}/payment-gateway-settings`, { key: 'paypal', value: { email } }),
  startStripe: () => api.post<{ accountId: string; url: string; payoutsEnabled: boolean }>('/stripe/accounts'),
};

/** The statement as a CSV file: fetched with the bearer header, then saved by the browser. */
export async function downloadStatementCsv(month: string) {
  const token = getToken();
  const res = await fetch(buildUrl('/payout-requests/statement', { month, format: 'csv' } as Query), {
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

export const useAdminPayouts = (query: Query) => {
  const url = buildUrl('/admin/payout-requests', query);
  return useSWR<ListResponse<PayoutRequest>>(url.slice(url.indexOf('/admin')));
};
export const useAdminPayout = (id: string | null) => useSWR<PayoutRequest>(id ? `/admin/payout-requests/${id}` : null);
export const adminPayoutActions = {
  approve: (id: string, note?: string) => api.post<PayoutRequest>(`/admin/payout-requests/${id}/approve`, { note }),
  reject: (id: string, note: string) => api.post<PayoutRequest>(`/admin/payout-requests/${id}/reject`, { note }),
  markPaid: (id: string, reference: string, note?: string) =>
    api.post<PayoutRequest>(`/admin/payout-requests/${id}/mark-paid`, { reference, note }),
};

export const STATUS_TONE: Record<PayoutRequest['status'], 'amber' | 'brand' | 'green' | 'red' | 'zinc'> = {
  pending: 'amber',
  approved: 'brand',
  paid: 'green',
  rejected: 'red',
  cancelled: 'zinc',
};

export const currentMonth = () => new Date().toISOString().slice(0, 7);
