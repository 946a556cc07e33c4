import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../src/harness';

let h: Harness;
const stamp = Date.now().toString(36);
const PASSWORD = 'journey-pass-2026!';

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

async function openRegister(page: Page, tab: 'Fan' | 'Creator') {
  await page.goto('/');
  await page.locator('#main').waitFor({ state: 'visible' });
  await page.getByRole('banner').getByRole('button', { name: 'Sign up' }).click();
  const dialog = page.getByRole('dialog', { name: /^Join / });
  await dialog.getByRole('tab', { name: tab }).click();
  return dialog.getByRole('form', { name: tab === 'Fan' ? 'Fan sign up' : 'Creator sign up' });
}

describe('accounts journeys', () => {
  it('a fan registers, lands on /user/account, completes the profile, logs out and back in', async () => {
    const page = await h.newPage({ ageConfirmed: true });
    const form = await openRegister(page, 'Fan');
    const username = `fan_${stamp}`;
    await form.getByLabel('Display name').fill('Journey Fan');
    await form.getByLabel('Username').fill(username);
    await form.getByLabel('Email').fill(`${username}@example.test`);
    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/user/account');
    await page.getByRole('heading', { name: 'Account settings' }).waitFor();

    // The token cookie exists (1 day without "remember me", spec §9).
    const token = (await page.context().cookies()).find((c) => c.name === 'token');
    expect(token).toBeDefined();

    const profile = page.getByRole('form', { name: 'Profile' });
    await profile.getByLabel('Display name').fill('Journey Fan Updated');
    await profile.getByRole('button', { name: 'Save changes' }).click();
    await profile.getByRole('status').filter({ hasText: 'Changes saved' }).waitFor();
    await h.screenshot(page, 'accounts-user-account');

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).waitFor();

    await page.goto('/auth/login');
    await page.getByLabel('Email or username').fill(username);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    const me = await page.evaluate(async () => {
      const t = document.cookie.match(/(?:^|; )token=([^;]+)/)?.[1];
      const r = await fetch('/api/users/me', { headers: { authorization: `Bearer ${decodeURIComponent(t ?? '')}` } });
      return r.json();
    });
    expect(me).toMatchObject({ username, name: 'Journey Fan Updated', isPerformer: false });
    await page.context().close();
  });

  it('a creator registers with a document and lands on /creator/account, pending verification', async () => {
    const page = await h.newPage({ ageConfirmed: true });
    const form = await openRegister(page, 'Creator');
    const username = `creator_${stamp}`;
    await form.getByLabel('Display name').fill('Journey Creator');
    await form.getByLabel('Username').fill(username);
    await form.getByLabel('Email').fill(`${username}@example.test`);
    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByLabel('Date of birth').fill('1994-06-15');
    const doc = path.join(tmpdir(), `id-${stamp}.pdf`);
    writeFileSync(doc, '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    await form.getByLabel(/Identity document/).setInputFiles(doc);
    await form.getByRole('button', { name: 'Create creator account' }).click();
    await page.waitForURL('**/creator/account');
    await page.getByRole('heading', { name: 'Creator account' }).waitFor();
    const status = page.getByTestId('verification-status');
    await status.waitFor();
    expect(await status.textContent()).toContain('pending');
    await page.getByText(`id-${stamp}.pdf`).waitFor();
    await h.screenshot(page, 'accounts-creator-account');

    const profile = page.getByRole('form', { name: 'Creator profile' });
    await profile.getByLabel('Bio').fill('Hello from the journey');
    await profile.getByRole('button', { name: 'Save changes' }).click();
    await profile.getByRole('status').filter({ hasText: 'Changes saved' }).waitFor();
    await page.context().close();
  });

  it('a password changed in one browser signs the other browser out at once (its socket is revoked)', async () => {
    const username = `fan_${stamp}`; // registered by the first journey
    const logIn = async () => {
      const page = await h.newPage({ ageConfirmed: true });
      await page.goto('/auth/login');
      await page.getByLabel('Email or username').fill(username);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByRole('button', { name: 'Account menu' }).waitFor();
      return page;
    };
    const [phone, laptop] = [await logIn(), await logIn()];
    await laptop.goto('/messages');
    await laptop.waitForFunction(() => document.cookie.includes('token='));
    await laptop.waitForTimeout(1_000); // its socket is connected and signed in

    const changed = await phone.evaluate(
      async ([current, next]) => {
        const t = document.cookie.match(/(?:^|; )token=([^;]+)/)?.[1];
        const r = await fetch('/api/auth/users/me/password', {
          method: 'PUT',
          headers: { authorization: `Bearer ${decodeURIComponent(t ?? '')}`, 'content-type': 'application/json' },
          body: JSON.stringify({ currentPassword: current, password: next }),
        });
        return r.status;
      },
      [PASSWORD, `${PASSWORD}-new`],
    );
    expect(changed).toBe(200);
    // No click, no request of its own: the laptop is sent to the login page by its socket.
    await laptop.waitForURL((u) => u.pathname === '/auth/login', { timeout: 15_000 });
    await phone.getByRole('button', { name: 'Account menu' }).waitFor();
    expect(new URL(phone.url()).pathname).not.toBe('/auth/login');
    await phone.context().close();
    await laptop.context().close();
  });
});
