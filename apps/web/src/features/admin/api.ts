import { EARNING_SOURCES } from '@marquee/shared';
import { mutate } from 'swr';
import { buildUrl } from '../../lib/api';
import { apiUrl, client } from '../../lib/api-client';
import type { ApiBody, ApiData, ApiPathParams, ApiQuery } from '../../lib/api-contract';
import { getToken } from '../../lib/cookies';
import { apiKey, useApi } from '../../lib/use-api';

export type AdminSettings = ApiData<'/admin/settings'>;
export type AdminUserDetail = ApiData<'/admin/users/{id}'>;
export type AdminReport = ApiData<'/admin/reports'>['data'][number];
export type AdminMail = ApiData<'/admin/mail'>['data'][number];
export type CmsPage = ApiData<'/admin/pages'>['data'][number];
export type AdminPromo = ApiData<'/admin/promos'>['data'][number];
export type Coupon = ApiData<'/admin/coupons'>['data'][number];
export type AdminOrder = ApiData<'/admin/orders'>['data'][number];
export type ModeratedType = ApiPathParams<'/admin/content/{type}/{id}/takedown', 'post'>['type'];

/** The charge types the transactions list filters by: the list the route's query enum is built from. */
export const CHARGE_TYPES = EARNING_SOURCES satisfies ReadonlyArray<NonNullable<ApiQuery<'/admin/charges'>['type']>>;

/** Revalidates every cached admin list (after an action that may change several screens). */
export function refreshAdmin() {
  return mutate((key) => typeof key === 'string' && key.startsWith('/admin'));
}

export const useDashboard = (days: number) => useApi('/admin/dashboard', { query: { days } });
export const useAdminSettings = () => useApi('/admin/settings');
export const useAdminUsers = (query: ApiQuery<'/admin/users'>) => useApi('/admin/users', { query });
export const useAdminUser = (id: string | null) => useApi(id ? '/admin/users/{id}' : null, { path: { id: id ?? '' } });
export const useAdminContent = (query: ApiQuery<'/admin/content'>) => useApi('/admin/content', { query });
export const useAdminReports = (query: ApiQuery<'/admin/reports'>) => useApi('/admin/reports', { query });
export const useAdminPages = () => useApi('/admin/pages', { query: { pageSize: 100 } });
export const useAdminPromos = () => useApi('/admin/promos', { query: { pageSize: 100 } });
export const useAdminMail = (query: ApiQuery<'/admin/mail'>) => useApi('/admin/mail', { query });
export const useAudit = (query: ApiQuery<'/admin/audit'>) => useApi('/admin/audit', { query });
export const useAdminCharges = (query: ApiQuery<'/admin/charges'>) => useApi('/admin/charges', { query });
export const useRevenue = (query: ApiQuery<'/admin/revenue'>) => useApi('/admin/revenue', { query });
export const useViewAs = (id: string, as: NonNullable<ApiQuery<'/admin/users/{id}/view-as'>>['as']) =>
  useApi('/admin/users/{id}/view-as', { path: { id }, query: { as } });
export const useAdminOrders = (query: ApiQuery<'/admin/orders'>) => useApi('/admin/orders', { query });
export const useAdminSubscriptions = (query: ApiQuery<'/admin/subscriptions'>) =>
  useApi('/admin/subscriptions', { query });
export const useCoupons = () => useApi('/admin/coupons', { query: { pageSize: 100 } });
/** Live (or ended) streams; refreshed every 15 s while shown. */
export const useAdminStreams = (query: ApiQuery<'/admin/streams'>) =>
  useApi('/admin/streams', { query }, { refreshInterval: 15_000 });

export async function saveSettings(changes: ApiBody<'/admin/settings', 'put'>) {
  const res = await client.put('/admin/settings', { body: changes });
  await mutate(apiKey('/admin/settings'), res, { revalidate: false });
  // Public settings (site name in the header, limits) refresh at once for this browser too.
  await mutate(apiKey('/settings/public'));
  return res;
}

export const adminActions = {
  updateUser: (id: string, body: ApiBody<'/admin/users/{id}', 'put'>) =>
    client.put('/admin/users/{id}', { path: { id }, body }),
  suspend: (id: string, reason?: string) =>
    client.post('/admin/users/{id}/suspend', { path: { id }, body: { reason } }),
  staffRole: (id: string, staffRole: 'moderator' | null) =>
    client.put('/admin/users/{id}/staff-role', { path: { id }, body: { staffRole } }),
  reactivate: (id: string) => client.post('/admin/users/{id}/reactivate', { path: { id }, body: {} }),
  resetLink: (id: string) => client.post('/admin/users/{id}/reset-password', { path: { id } }),
  verify: (id: string, decision: 'verified' | 'rejected', reason?: string) =>
    client.post('/admin/users/{id}/verification', { path: { id }, body: { decision, reason } }),
  commission: (id: string, commissionPercent: number | null) =>
    client.put('/admin/users/{id}/commission', { path: { id }, body: { commissionPercent } }),
  adjust: (id: string, body: ApiBody<'/admin/users/{id}/balance-adjustments', 'post'>) =>
    client.post('/admin/users/{id}/balance-adjustments', { path: { id }, body }),
  takedown: (type: ModeratedType, id: string, reason: string) =>
    client.post('/admin/content/{type}/{id}/takedown', { path: { type, id }, body: { reason } }),
  restore: (type: ModeratedType, id: string) =>
    client.post('/admin/content/{type}/{id}/restore', { path: { type, id }, body: {} }),
  resolveReport: (id: string, action: 'dismiss' | 'takedown' | 'suspend', note?: string) =>
    client.post('/admin/reports/{id}/resolve', { path: { id }, body: { action, note } }),
  createPage: (body: ApiBody<'/admin/pages', 'post'>) => client.post('/admin/pages', { body }),
  updatePage: (id: string, body: ApiBody<'/admin/pages/{id}', 'put'>) =>
    client.put('/admin/pages/{id}', { path: { id }, body }),
  deletePage: (id: string) => client.delete('/admin/pages/{id}', { path: { id } }),
  createPromo: (body: ApiBody<'/admin/promos', 'post'>) => client.post('/admin/promos', { body }),
  updatePromo: (id: string, body: ApiBody<'/admin/promos/{id}', 'put'>) =>
    client.put('/admin/promos/{id}', { path: { id }, body }),
  deletePromo: (id: string) => client.delete('/admin/promos/{id}', { path: { id } }),
  refund: (id: string, reason: string) => client.post('/admin/charges/{id}/refund', { path: { id }, body: { reason } }),
  createCoupon: (body: ApiBody<'/admin/coupons', 'post'>) => client.post('/admin/coupons', { body }),
  setCouponActive: (id: string, active: boolean) =>
    client.put('/admin/coupons/{id}/active', { path: { id }, body: { active } }),
  cancelSubscription: (id: string, reason: string) =>
    client.post('/admin/subscriptions/{id}/cancel', { path: { id }, body: { reason } }),
  endSubscription: (id: string, reason: string) =>
    client.post('/admin/subscriptions/{id}/end', { path: { id }, body: { reason } }),
  grantSubscription: (body: ApiBody<'/admin/subscriptions/grant', 'post'>) =>
    client.post('/admin/subscriptions/grant', { body }),
  orderStatus: (id: string, body: ApiBody<'/admin/orders/{id}/status', 'put'>) =>
    client.put('/admin/orders/{id}/status', { path: { id }, body }),
  endStream: (id: string) => client.put('/admin/streams/{id}/end', { path: { id } }),
};

/** Authenticated file download (CSV export, identity documents): the API needs the bearer header. */
async function fetchBlob(path: string): Promise<Blob> {
  const token = getToken();
  const res = await fetch(buildUrl(path), { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw await res.json().catch(() => new Error(res.statusText));
  return res.blob();
}

/** Saves an authenticated admin download (a CSV, a notice) under `filename`. */
export async function downloadAdminFile(path: string, filename: string) {
  const blob = await fetchBlob(path);
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

export const downloadRevenueCsv = (query: ApiQuery<'/admin/revenue'>) =>
  downloadAdminFile(apiUrl('/admin/revenue', { query: { ...query, format: 'csv' } }), 'revenue.csv');

/** Opens a private identity document in a new tab (path as the API gives it: /api/performers/documents/…). */
export async function openDocument(url: string) {
  const win = window.open('', '_blank');
  const blob = await fetchBlob(url.replace(/^\/api/, ''));
  const href = URL.createObjectURL(blob);
  if (win) win.location.href = href;
  else window.location.assign(href);
}
