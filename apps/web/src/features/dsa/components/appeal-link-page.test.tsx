import type { Decision } from '@marquee/shared/decisions';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api';
import { AppealLinkPage } from './appeal-link-page';

/* The statement mail's link (/appeal/<token>): read and appeal without signing in, against a stand-in API. */

const DECISION: Decision = {
  _id: 'd1',
  kind: 'suspension',
  targetType: 'user',
  targetId: 'u1',
  title: 'jamie',
  facts: 'Harassing creators',
  ground: 'other_terms',
  groundBasis: 'terms',
  groundRef: 'Terms of service §3 (acceptable use)',
  automated: false,
  source: 'own_initiative',
  state: 'in_force',
  createdAt: '2026-11-01T10:00:00.000Z',
  appealUntil: '2027-05-01T10:00:00.000Z',
  canAppeal: true,
  appeal: null,
};

let calls: Array<{ method: string; path: string; body: unknown }> = [];
let getAnswer: { status: number; body: unknown } = { status: 200, body: DECISION };
beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = new URL(url, 'http://localhost').pathname.replace(/^\/api/, '');
      const method = init.method ?? 'GET';
      calls.push({ method, path, body: init.body ? JSON.parse(String(init.body)) : null });
      const { status, body } = method === 'GET' ? getAnswer : { status: 201, body: { ...DECISION, canAppeal: false } };
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
});
afterEach(() => cleanup());

const renderPage = () =>
  render(
    <SWRConfig value={{ provider: () => new Map(), fetcher: (key: string) => api.get(key), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={['/appeal/d1~1800000000~sig']}>
        <Routes>
          <Route path="/appeal/:token" element={<AppealLinkPage />} />
        </Routes>
      </MemoryRouter>
    </SWRConfig>,
  );

describe('AppealLinkPage', () => {
  it('shows the statement and sends the appeal through the link, not the account', async () => {
    getAnswer = { status: 200, body: DECISION };
    renderPage();
    await screen.findByText('Harassing creators');
    fireEvent.change(screen.getByLabelText('Why is this decision wrong?'), {
      target: { value: 'Those messages were not mine' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Appeal' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: '/decision-links/d1~1800000000~sig/appeal',
      body: { text: 'Those messages were not mine' },
    });
  });

  it('says when the six months have passed', async () => {
    getAnswer = {
      status: 410,
      body: { statusCode: 410, error: 'Gone', code: 'LINK_EXPIRED', message: 'The six months have passed' },
    };
    renderPage();
    await screen.findByText('The six months to appeal this decision have passed.');
  });
});
