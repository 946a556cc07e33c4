import type { Me } from '@marquee/shared';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api';
import { useUiStore } from '../../../lib/ui-store';
import { GoogleCallbackPage } from '../../auth/components/social-callbacks';
import { ProfileForm } from './profile-form';

/* Issue 23 items 8 and 9 as the web shows them, against a stand-in for the API. */

const USER: Me = {
  _id: 'u1',
  avatar: '',
  cover: null,
  name: 'Jamie Fan',
  username: 'jamie',
  email: 'jamie@example.com',
  isPerformer: false,
  role: 'user',
  status: 'active',
  balance: 0,
  emailVerified: true,
  verificationStatus: null,
  referralCode: 'JAMIE1',
  totpEnabled: false,
  hasPassword: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  pendingEmail: null,
};

type Call = { method: string; path: string; body: Record<string, unknown> };
let calls: Call[] = [];
let answers: Record<string, unknown> = {};

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = new URL(url, 'http://localhost').pathname.replace(/^\/api/, '');
      const method = init.method ?? 'GET';
      calls.push({ method, path, body: init.body ? JSON.parse(String(init.body)) : {} });
      const body = answers[`${method} ${path}`] ?? {};
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  useUiStore.setState({ token: undefined });
});

function renderAt(ui: React.ReactNode, path = '/', route = '/') {
  return render(
    <SWRConfig value={{ provider: () => new Map(), fetcher: (key: string) => api.get(key), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={ui} />
          <Route path="*" element={<p>landed</p>} />
        </Routes>
      </MemoryRouter>
    </SWRConfig>,
  );
}

describe('account email field', () => {
  it('asks for the current password for a new address and shows where the confirmation went', async () => {
    answers = { 'PUT /users': { ...USER, pendingEmail: 'new@example.com' } };
    const { rerender } = renderAt(<ProfileForm user={USER} />);
    expect(screen.queryByLabelText('Current password')).toBeNull();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'new@example.com' } });
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'my-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findAllByText('Changes saved');
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({ email: 'new@example.com', currentPassword: 'my-password' });
    rerender(
      <SWRConfig value={{ provider: () => new Map() }}>
        <MemoryRouter>
          <ProfileForm user={{ ...USER, pendingEmail: 'new@example.com' }} />
        </MemoryRouter>
      </SWRConfig>,
    );
    expect(screen.getByText(/Confirmation sent to/).textContent).toContain('new@example.com');
  });
});

describe('Google callback with two-factor authentication on', () => {
  it('asks for the code and completes the sign-in with the challenge', async () => {
    answers = {
      'POST /auth/google/token': {
        totpRequired: true,
        message: 'Enter the code',
        challengeToken: 'chal-123',
        created: false,
      },
      'POST /auth/2fa/login': { token: 'session-1', expiresAt: '2030-01-01T00:00:00.000Z' },
      'GET /users/me': USER,
    };
    renderAt(<GoogleCallbackPage />, '/auth/google/callback?code=abc&state=s', '/auth/google/callback');
    const code = await screen.findByRole('textbox', { name: 'Authentication code' });
    expect(calls.some((c) => c.path === '/users/me')).toBe(false);
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByText('landed');
    expect(calls.find((c) => c.path === '/auth/2fa/login')?.body).toMatchObject({
      challengeToken: 'chal-123',
      code: '123456',
    });
  });
});
