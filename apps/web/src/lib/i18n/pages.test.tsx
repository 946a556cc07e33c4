import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthModals } from '../../features/auth/components/auth-modals';
import type { CurrentUser } from '../../features/auth/types';
import { Footer } from '../../features/layout/components/footer';
import { Header } from '../../features/layout/components/header';
import { UserMenu } from '../../features/layout/components/user-menu';
import { MessageBubble } from '../../features/messages/components/message-bubble';
import type { ThreadMessage } from '../../features/messages/store';
import { NotificationsPage } from '../../features/notifications/components/notifications-page';
import { WalletPage } from '../../features/wallet/components/wallet-page';
import { api } from '../api';
import { useUiStore } from '../ui-store';
import i18n from '.';

/*
 * The pages a fan sees most, rendered in German and in English against a stand-in for the API
 * (fetch answers JSON by path): German texts and German-formatted amounts and dates, and English
 * exactly as before (the spec's texts and what e2e tests match).
 */

const USER: CurrentUser = {
  _id: 'u1',
  avatar: '',
  cover: null,
  name: 'Jamie Fan',
  username: 'jamie',
  email: 'jamie@example.com',
  isPerformer: false,
  role: 'user',
  status: 'active',
  balance: 1234.5,
  emailVerified: true,
  verificationStatus: null,
  referralCode: 'JAMIE1',
  totpEnabled: false,
  hasPassword: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const WALLET = {
  balance: 1234.5,
  currency: 'USD',
  minimumTopUp: 2.95,
  maximumTopUp: 300,
  minimumTip: 10,
  maximumTip: 10000,
  gateway: 'sandbox',
};
const RENTAL = {
  _id: 'c1',
  type: 'video',
  objectType: 'video',
  objectId: 'v1',
  isRent: true,
  rentExpiresAt: null,
  title: 'Morning yoga',
  quantity: 1,
  price: 12.5,
  discount: 0,
  paid: 12.5,
  message: null,
  status: 'paid',
  orderId: null,
  performerId: 'p1',
  performer: null,
  createdAt: '2026-12-01T12:00:00.000Z',
};
const API: Record<string, unknown> = {
  '/users/me': USER,
  '/settings/public': {},
  '/wallet': WALLET,
  '/wallet/charges/search': { data: [RENTAL], total: 1 },
  '/messages/total-unread-messages': { total: 0 },
  '/notifications/unread-count': { total: 0 },
  '/notifications/preferences': [
    { kind: 'tip', label: 'Tips', inApp: true, email: true },
    { kind: 'message', label: 'Messages while you are away', inApp: true, email: false },
  ],
};

let offline = false;
beforeEach(async () => {
  offline = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (offline) throw new TypeError('Failed to fetch');
      const path = new URL(url, 'http://localhost').pathname.replace(/^\/api/, '');
      const body = path in API ? API[path] : { data: [], total: 0 };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  // Radix menus measure their trigger; jsdom has no ResizeObserver.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  await i18n.changeLanguage('en');
});

afterEach(async () => {
  cleanup();
  useUiStore.setState({ token: undefined, loginOpen: false, registerOpen: false });
  await i18n.changeLanguage('en');
});

function renderPage(ui: ReactNode, { signedIn = true } = {}) {
  useUiStore.getState().setToken(signedIn ? 'test-token' : undefined);
  return render(
    <SWRConfig value={{ provider: () => new Map(), fetcher: (key: string) => api.get(key), dedupingInterval: 0 }}>
      <MemoryRouter>{ui}</MemoryRouter>
    </SWRConfig>,
  );
}

const german = () => act(async () => void (await i18n.changeLanguage('de')));
const slow = { timeout: 5000 };

describe('header and footer', () => {
  it('speak German, with the balance in German number format', async () => {
    await german();
    renderPage(
      <>
        <Header />
        <Footer />
      </>,
    );
    const balance = await screen.findByTestId('header-balance');
    expect(balance.textContent).toBe('1234,50 Token');
    expect(balance.getAttribute('aria-label')).toBe('Wallet: 1234,50 Token');
    expect(screen.getByRole('link', { name: 'Nachrichten' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Benachrichtigungen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Menü öffnen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Design' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Kontomenü' })).toBeTruthy();
    expect(screen.getByRole('search', { name: 'Websitesuche' })).toBeTruthy();
    expect(screen.getByPlaceholderText('Creator suchen')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Nutzungsbedingungen' })).toBeTruthy();
    expect(screen.getByText(`© ${new Date().getFullYear()} Marquee. Alle Rechte vorbehalten.`)).toBeTruthy();
    expect(document.documentElement.lang).toBe('de');
  });

  it('offers German sign-in and sign-up to a visitor', async () => {
    await german();
    renderPage(<Header />, { signedIn: false });
    expect(screen.getByRole('button', { name: 'Anmelden' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Registrieren' })).toBeTruthy();
  });

  it('keeps the English texts exactly', async () => {
    renderPage(<Header />, { signedIn: false });
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeTruthy();
    cleanup();
    renderPage(<Header />);
    const balance = await screen.findByTestId('header-balance');
    expect(balance.textContent).toBe('1234.50 tokens');
    expect(balance.getAttribute('aria-label')).toBe('Wallet: 1234.50 tokens');
    expect(screen.getByRole('button', { name: 'Account menu' })).toBeTruthy();
  });

  it('the user menu in German', async () => {
    await german();
    renderPage(<UserMenu user={USER} defaultOpen />);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Guthaben')).toBeTruthy();
    expect(within(menu).getByText('1.234,5 Token')).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Kontoeinstellungen' })).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Abmelden' })).toBeTruthy();
  });
});

describe('sign-in and sign-up dialogs', () => {
  it('the sign-in dialog in German, with German form errors and spec error texts', async () => {
    await german();
    useUiStore.getState().openLogin();
    renderPage(<AuthModals />, { signedIn: false });
    const dialog = await screen.findByRole('dialog', { name: 'Willkommen zurück' });
    const user = await within(dialog).findByLabelText('E-Mail oder Benutzername', {}, slow);
    expect(within(dialog).getByLabelText('Passwort')).toBeTruthy();
    expect(within(dialog).getByText('Angemeldet bleiben')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Passwort vergessen?' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Konto erstellen' })).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Anmelden' }));
    expect(await within(dialog).findByText('Gib deine E-Mail-Adresse oder deinen Benutzernamen ein')).toBeTruthy();
    expect(within(dialog).getByText('Gib dein Passwort ein')).toBeTruthy();

    // The network is down: the spec's "Error occurred, please try again later", in German.
    offline = true;
    fireEvent.change(user, { target: { value: 'jamie' } });
    fireEvent.change(within(dialog).getByLabelText('Passwort'), { target: { value: 'secret-password' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Anmelden' }));
    const alert = await within(dialog).findByText('Es ist ein Fehler aufgetreten, bitte versuche es später erneut');
    expect(alert.getAttribute('role')).toBe('alert');
  });

  it('the sign-in dialog in English keeps its texts and the spec error text exactly', async () => {
    useUiStore.getState().openLogin();
    renderPage(<AuthModals />, { signedIn: false });
    const dialog = await screen.findByRole('dialog', { name: 'Welcome back' });
    const user = await within(dialog).findByLabelText('Email or username', {}, slow);
    expect(within(dialog).getByRole('form', { name: 'Log in' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(await within(dialog).findByText('Enter your email or username')).toBeTruthy();
    offline = true;
    fireEvent.change(user, { target: { value: 'jamie' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'secret-password' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(await within(dialog).findByText('Error occurred, please try again later')).toBeTruthy();
  });

  it('the sign-up dialog in German, the shared username rule included', async () => {
    await german();
    useUiStore.getState().openRegister('fan');
    renderPage(<AuthModals />, { signedIn: false });
    const dialog = await screen.findByRole('dialog', { name: 'Bei Marquee mitmachen' });
    const form = await within(dialog).findByRole('form', { name: 'Registrierung als Fan' }, slow);
    expect(within(dialog).getByRole('tab', { name: 'Creator' })).toBeTruthy();
    expect(within(form).getByRole('link', { name: 'Nutzungsbedingungen' }).getAttribute('href')).toBe(
      '/page/terms-of-service',
    );
    fireEvent.change(within(form).getByLabelText('Benutzername'), { target: { value: 'a!' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Konto erstellen' }));
    expect(
      await within(form).findByText('Der Benutzername muss aus 3–30 Buchstaben, Ziffern, _ oder . bestehen'),
    ).toBeTruthy();
    expect(within(form).getByText('Gib deinen Anzeigenamen ein')).toBeTruthy();
    expect(within(form).getByText('Mindestens 8 Zeichen')).toBeTruthy();
  });
});

describe('wallet page', () => {
  it('in German: texts, token amounts and dates in German format', async () => {
    await german();
    renderPage(<WalletPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Wallet' })).toBeTruthy();
    expect((await screen.findByTestId('wallet-balance')).textContent).toBe('1234,50Token');
    expect(screen.getByText(/Aufladungen zwischen 2,95 und 300,00\.$/)).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Käufe' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Aufladungen' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Karten' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Aufladen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '2,95' })).toBeTruthy();
    expect(screen.getByLabelText('Betrag (Token)')).toBeTruthy();
    expect(screen.getByTestId('topup-submit').textContent).toBe('25,00 Token aufladen');

    const row = within(await screen.findByTestId('purchase-history')).getByRole('listitem');
    expect(row.textContent).toContain('Video (Miete) · Morning yoga');
    expect(row.textContent).toContain('01.12.2026, 12:00');
    expect(row.textContent).toContain('−12,50 Token');
    expect(row.textContent).toContain('bezahlt');
  });

  it('in English exactly as before', async () => {
    renderPage(<WalletPage />);
    expect((await screen.findByTestId('wallet-balance')).textContent).toBe('1234.50tokens');
    expect(
      screen.getByText(
        'Tokens pay for tips, posts, videos, galleries, products and messages. Top-ups between 2.95 and 300.00.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Top-ups' })).toBeTruthy();
    expect(screen.getByLabelText('Amount (tokens)')).toBeTruthy();
    expect(screen.getByTestId('topup-submit').textContent).toBe('Top up 25.00 tokens');
    const row = within(await screen.findByTestId('purchase-history')).getByRole('listitem');
    expect(row.textContent).toContain('Video rental · Morning yoga');
    expect(row.textContent).toMatch(/Dec 1, 2026, 12:00\sPM/);
    expect(row.textContent).toContain('−12.50 tokens');
  });
});

describe('messages and notifications', () => {
  const message = (over: Partial<ThreadMessage>) =>
    ({
      _id: 'm1',
      conversationId: 'c1',
      senderId: 'p1',
      text: 'Hi!',
      files: [],
      isSale: false,
      isBought: false,
      price: 0,
      isDeleted: false,
      createdAt: '2026-12-01T12:00:00.000Z',
      ...over,
    }) as ThreadMessage;

  it('a deleted and a paid message in German, and the spec text in English', async () => {
    await german();
    const { unmount } = renderPage(
      <ol>
        <MessageBubble message={message({ isDeleted: true })} mine={false} />
        <MessageBubble message={message({ _id: 'm2', isSale: true, price: 3 })} mine={false} />
      </ol>,
    );
    expect(screen.getByText('Nachricht gelöscht')).toBeTruthy();
    expect(screen.getByText('3,00 Token')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Für 3,00 Token freischalten' })).toBeTruthy();
    unmount();
    await act(async () => void (await i18n.changeLanguage('en')));
    renderPage(
      <ol>
        <MessageBubble message={message({ isDeleted: true })} mine={false} />
        <MessageBubble message={message({ _id: 'm2', isSale: true, price: 3 })} mine={false} />
      </ol>,
    );
    expect(screen.getByText('Message deleted')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unlock for 3.00 tokens' })).toBeTruthy();
  });

  it('the notifications page in German, preference kinds included', async () => {
    await german();
    renderPage(<NotificationsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Benachrichtigungen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Alle als gelesen markieren' })).toBeTruthy();
    expect(await screen.findByText('Noch keine Benachrichtigungen')).toBeTruthy();
    expect(await screen.findByRole('checkbox', { name: 'Trinkgelder per E-Mail' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Nachrichten, während du weg bist auf der Website' })).toBeTruthy();
  });
});
