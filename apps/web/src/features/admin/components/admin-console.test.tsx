import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api';
import { useUiStore } from '../../../lib/ui-store';
import { AdminConsole } from './admin-console';

/* Which sections the console offers a moderator (docs/compliance.md "Moderator role"), against a stand-in API. */

let me: Record<string, unknown> = {};
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = new URL(url, 'http://localhost').pathname.replace(/^\/api/, '');
      const body = path === '/users/me' ? me : { data: [], total: 0 };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  useUiStore.setState({ token: 't' });
});
afterEach(() => {
  cleanup();
  useUiStore.setState({ token: undefined });
});

const renderConsole = (section: string) =>
  render(
    <SWRConfig value={{ provider: () => new Map(), fetcher: (key: string) => api.get(key), dedupingInterval: 0 }}>
      <MemoryRouter>
        <AdminConsole section={section} />
      </MemoryRouter>
    </SWRConfig>,
  );

describe('AdminConsole for a moderator', () => {
  it('lists the moderation sections, Appeals included, and none of the admin-only ones', async () => {
    me = { _id: 'm1', username: 'mod', role: 'user', staffRole: 'moderator', status: 'active' };
    renderConsole('appeals');
    const nav = await screen.findByRole('navigation', { name: /admin/i });
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(links).toEqual(expect.arrayContaining(['Review queue', 'Live monitor', 'Reports', 'Complaints', 'Appeals']));
    expect(links).not.toContain('Settings');
    expect(links).not.toContain('Money');
    expect(within(nav).getByRole('link', { name: 'Appeals' }).getAttribute('href')).toBe('/admin/appeals');
  });
});
