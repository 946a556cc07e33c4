import type {
  AdminCharge,
  AdminContent,
  AdminMail,
  AdminPromo,
  AdminReport,
  AdminSettings,
  AdminUser,
  AdminUserDetail,
  AuditEntry,
  CmsPost,
  Dashboard,
  ListResponse,
  Order,
  RevenueRow,
  Subscription,
  ViewAs,
} from '@marquee/shared';
import useSWR, { mutate } from 'swr';
import { api, buildUrl, type Query } from '../../lib/api';
import { getToken } from '../../lib/cookies';
import { SETTINGS_KEY } from '../settings/api';

/** SWR keys are strings (docs/web.md): a path plus its query string. */
export function adminKey(path: string, query: Query = {}): string {
  const url = buildUrl(path, query);
  return url.slice(url.indexOf('/admin'));
}

/** Revalidates every cached admin list (after an action that may change several screens). */
export function refreshAdmin() {
  return mutate((key) => typeof key === 'string' && key.startsWith('/admin'));
}

export const useDashboard = (days: number) => useSWR<Dashboard>(adminKey('/admin/dashboard', { days }));
export const useAdminSettings = () => useSWR<AdminSettings>('/admin/settings');
export const useAdminUsers = (q: Query) => useSWR<ListResponse<AdminUser>>(adminKey('/admin/users', q));
export const useAdminUser = (id: string | null) => useSWR<AdminUserDetail>(id ? `/admin/users/${id}` : null);
export const useAdminContent = (q: Query) => useSWR<ListResponse<AdminContent>>(adminKey('/admin/content', q));
export const useAdminReports = (q: Query) => useSWR<ListResponse<AdminReport>>(adminKey('/admin/reports', q));
export const useAdminPages = () => useSWR<ListResponse<CmsPost>>(adminKey('/admin/pages', { pageSize: 100 }));
export const useAdminPromos = () => useSWR<ListResponse<AdminPromo>>(adminKey('/admin/promos', { pageSize: 100 }));
export const useAdminMail = (q: Query) => useSWR<ListResponse<AdminMail>>(adminKey('/admin/mail', q));
export const useAudit = (q: Query) => useSWR<ListResponse<AuditEntry>>(adminKey('/admin/audit', q));
export const useAdminCharges = (q: Query) => useSWR<ListResponse<AdminCharge>>(adminKey('/admin/charges', q));
export const useRevenue = (q: Query) => useSWR<{ data: RevenueRow[] }>(adminKey('/admin/revenue', q));
export const useViewAs = (id: string, as: string) => useSWR<ViewAs>(adminKey(`/admin/users/${id}/view-as`, { as }));
export const useAdminOrders = (q: Query) => useSWR<ListResponse<Order>>(adminKey('/admin/orders', q));
export const useAdminSubscriptions = (q: Query) =>
  useSWR<ListResponse<Subscription>>(adminKey('/admin/subscriptions', q));
export interface Coupon {
  _id: string;
  code: string;
  name: string;
  kind: 'percentage' | 'amount';
  value: number;
  appliesTo: string;
  expiresAt: string | null;
  maxUses: number | null;
  usedCount: number;
  active: boolean;
}
export const useCoupons = () => useSWR<ListResponse<Coupon>>(adminKey('/admin/coupons', { pageSize: 100 }));

export async function saveSettings(changes: Record<string, unknown>) {
  const res = await api.put<AdminSettings>('/admin/settings', changes);
  await mutate('/admin/settings', res, { revalidate: false });
  // Public settings (site name in the header, limits) refresh at once for this browser too.
  await mutate(SETTINGS_KEY);
  return res;
}

export const adminActions = {
  updateUser: (id: string, body: Record<string, unknown>) => api.put<AdminUserDetail>(`/admin/users/${id}`, body),
  suspend: (id: string, reason?: string) => api.post<AdminUserDetail>(`/admin/users/${id}/suspend`, { reason }),
  reactivate: (id: string) => api.post<AdminUserDetail>(`/admin/users/${id}/reactivate`, {}),
  resetLink: (id: string) => api.post<{ link: string }>(`/admin/users/${id}/reset-password`),
  verify: (id: string, decision: 'verified' | 'rejected', reason?: string) =>
    api.post<AdminUserDetail>(`/admin/users/${id}/verification`, { decision, reason }),
  commission: (id: string, commissionPercent: number | null) =>
    api.put<AdminUserDetail>(`/admin/users/${id}/commission`, { commissionPercent }),
  adjust: (id: string, body: { amount: number; account: 'wallet' | 'earnings'; reason: string }) =>
    api.post<{ balance: number; earningsBalance: number }>(`/admin/users/${id}/balance-adjustments`, body),
  takedown: (type: string, id: string, reason: string) => api.post(`/admin/content/${type}/${id}/takedown`, { reason }),
  restore: (type: string, id: string) => api.post(`/admin/content/${type}/${id}/restore`, {}),
  resolveReport: (id: string, action: 'dismiss' | 'takedown' | 'suspend', note?: string) =>
    api.post<AdminReport>(`/admin/reports/${id}/resolve`, { action, note }),
  createPage: (body: Record<string, unknown>) => api.post<CmsPost>('/admin/pages', body),
  updatePage: (id: string, body: Record<string, unknown>) => api.put<CmsPost>(`/admin/pages/${id}`, body),
  deletePage: (id: string) => api.delete(`/admin/pages/${id}`),
  createPromo: (body: Record<string, unknown>) => api.post<AdminPromo>('/admin/promos', body),
  updatePromo: (id: string, body: Record<string, unknown>) => api.put<AdminPromo>(`/admin/promos/${id}`, body),
  deletePromo: (id: string) => api.delete(`/admin/promos/${id}`),
  refund: (id: string, reason: string) => api.post<AdminCharge>(`/admin/charges/${id}/refund`, { reason }),
  createCoupon: (body: Record<string, unknown>) => api.post<Coupon>('/admin/coupons', body),
  setCouponActive: (id: string, active: boolean) => api.put<Coupon>(`/admin/coupons/${id}/active`, { active }),
  cancelSubscription: (id: string, reason: string) => api.post(`/admin/subscriptions/${id}/cancel`, { reason }),
  endSubscription: (id: string, reason: string) => api.post(`/admin/subscriptions/${id}/end`, { reason }),
  grantSubscription: (body: { user: string; creator: string; subscriptionType: string; reason: string }) =>
    api.post<Subscription>('/admin/subscriptions/grant', body),
  orderStatus: (id: string, body: { deliveryStatus: string; shippingCode?: string; reason: string }) =>
    api.put<Order>(`/admin/orders/${id}/status`, body),
};

/** Authenticated file download (CSV export, identity documents): the API needs the bearer header. */
async function fetchBlob(path: string, query?: Query): Promise<Blob> {
  const token = getToken();
  const res = await fetch(buildUrl(path, query), { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw await res.json().catch(() => new Error(res.statusText));
  return res.blob();
}

export async function downloadRevenueCsv(query: Query) {
  const blob = await fetchBlob('/admin/revenue', { ...query, format: 'csv' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = 'revenue.csv';
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

/** Opens a private identity document in a new tab (path as the API gives it: /api/performers/documents/…). */
export async function openDocument(url: string) {
  const win = window.open('', '_blank');
  const blob = await fetchBlob(url.replace(/^\/api/, ''));
  const href = URL.createObjectURL(blob);
  if (win) win.location.href = href;
  else window.location.assign(href);
}
