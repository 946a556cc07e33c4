import type { ChargebackSummary } from '@marquee/shared';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api';
import { ChargebacksCard } from './chargebacks-card';

/* The admin's chargebacks card (issue 25 item 6) against a stand-in for GET /admin/chargebacks. */

const SUMMARY: ChargebackSummary = {
  month: '2026-11',
  previousMonth: '2026-10',
  thresholdPercent: 0.9,
  fees: { ccbill: 0, segpay: 25 },
  gateways: [{ gateway: 'ccbill', sales: 200, chargebacks: 3, percent: 1.5, alerted: true }],
  previous: [{ gateway: 'ccbill', sales: 180, chargebacks: 1, percent: 0.56, alerted: false }],
  creators: [{ creator: { _id: 'c1', username: 'kai' }, sales: 10, chargebacks: 2, percent: 20, amount: 20 }],
  held: [{ _id: 'f1', username: 'tom', since: '2026-11-20T10:00:00.000Z' }],
};

let calls: Array<{ method: string; path: string; body: unknown }> = [];
beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = new URL(url, 'http://localhost').pathname.replace(/^\/api/, '');
      const method = init.method ?? 'GET';
      calls.push({ method, path, body: init.body ? JSON.parse(String(init.body)) : null });
      const body = method === 'GET' ? SUMMARY : { cleared: true };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
});
afterEach(() => cleanup());

describe('ChargebacksCard', () => {
  it('shows the ratio per processor this month and last, top creators, held accounts; clears a hold and saves settings', async () => {
    render(
      <SWRConfig value={{ provider: () => new Map(), fetcher: (key: string) => api.get(key), dedupingInterval: 0 }}>
        <ChargebacksCard />
      </SWRConfig>,
    );
    const row = (await screen.findByRole('rowheader', { name: 'ccbill' })).closest('tr')!;
    expect(within(row).getByText('1.5%')).toBeTruthy();
    expect(within(row).getByText('(above the alert threshold)')).toBeTruthy();
    expect(within(row).getByText('0.56%')).toBeTruthy();
    expect(within(row).getByText('Admins alerted')).toBeTruthy();
    expect(screen.getByText('kai')).toBeTruthy();
    expect(screen.getByText('2 of 10 sales')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Clear the hold on tom' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/admin/users/f1/chargeback-hold');

    fireEvent.change(screen.getByLabelText('Alert above (%)'), { target: { value: '1.2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      chargebackAlertPercent: 1.2,
      chargebackFeeCents: { ccbill: 0, segpay: 2500, verotel: 0 },
    });
  });
});
