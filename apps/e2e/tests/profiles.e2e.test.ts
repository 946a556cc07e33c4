import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../src/harness';

// Demo data (apps/server/src/seed): kai is a creator ("Travel photographer…"); jamie is a fan who does not follow kai.
const DEMO_PASSWORD = 'marquee-demo-2026';
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

async function logInThroughModal(page: Page, username: string) {
  const dialog = page.getByRole('dialog', { name: 'Welcome back' });
  await dialog.waitFor();
  const form = dialog.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email or username').fill(username);
  await form.getByLabel('Password').fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: 'Log in' }).click();
  await dialog.waitFor({ state: 'detached' });
}

async function logInPage(page: Page, username: string) {
  await page.goto('/auth/login');
  await page.getByLabel('Email or username').fill(username);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
}

describe('profiles journey', () => {
  it('a visitor searches, opens a profile and follows after signing in; the creator blocks the fan, who then cannot see the profile', async () => {
    // 1. A visitor (phone) searches on Explore; the query lives in the URL.
    const fan = await h.newPage({ ageConfirmed: true, viewport: { width: 390, height: 844 } });
    await fan.goto('/explore');
    await fan.getByRole('heading', { name: 'Explore creators' }).waitFor();
    await fan.getByRole('searchbox', { name: 'Search by name, username or bio' }).fill('travel');
    await fan.getByRole('button', { name: 'Search', exact: true }).click();
    await fan.waitForURL((u) => u.searchParams.get('q') === 'travel');
    const card = fan.getByTestId('creator-card').filter({ hasText: '@kai' });
    await card.waitFor();
    // The unfiltered list may still be on screen for a moment: wait for the search's answer.
    await expect.poll(() => fan.getByTestId('creator-card').count(), { timeout: 15_000 }).toBe(1);
    await h.screenshot(fan, 'profiles-explore-phone');

    // 2. Opens the profile.
    await card.click();
    await fan.waitForURL((u) => u.pathname === '/kai');
    await fan.getByRole('heading', { level: 1, name: /Kai Morgan/ }).waitFor();
    await h.screenshot(fan, 'profiles-profile-phone');

    // 3. Follow asks to sign in first; after signing in the fan is back on the profile and follows.
    await fan.getByRole('button', { name: 'Follow', exact: true }).click();
    await logInThroughModal(fan, 'jamie');
    expect(new URL(fan.url()).pathname).toBe('/kai');
    const followers = fan.getByText('Followers', { exact: true }).locator('xpath=preceding-sibling::span');
    const before = Number(await followers.textContent());
    await fan.getByRole('button', { name: 'Follow', exact: true }).click();
    await fan.getByRole('button', { name: 'Following' }).waitFor();
    await fan.waitForFunction(
      ([n]) => Array.from(document.querySelectorAll('li')).some((li) => li.textContent === `${n}Followers`),
      [before + 1],
    );

    // 4. The creator blocks that fan from their settings.
    const creator = await h.newPage({ ageConfirmed: true });
    await logInPage(creator, 'kai');
    await creator.goto('/creator/blocked');
    await creator.getByRole('heading', { name: 'Blocking' }).waitFor();
    const row = creator.getByRole('listitem').filter({ hasText: '@jamie' });
    await row.getByRole('button', { name: 'Block' }).click();
    await creator
      .getByRole('region', { name: /Blocked fans/ })
      .getByRole('listitem')
      .filter({ hasText: '@jamie' })
      .waitFor();
    await h.screenshot(creator, 'profiles-creator-blocked');

    // 5. The fan can no longer see the profile, nor find the creator.
    await fan.reload();
    await fan.getByRole('heading', { name: 'This profile is not available' }).waitFor();
    expect(await fan.getByRole('button', { name: 'Following' }).count()).toBe(0);
    await h.screenshot(fan, 'profiles-blocked-fan-phone');
    await fan.goto('/explore?q=travel');
    await fan.getByText('No creators match').waitFor();

    // Leave the demo data as it was (for servers reused with E2E_BASE_URL).
    await creator.goto('/creator/blocked');
    await creator
      .getByRole('region', { name: /Blocked fans/ })
      .getByRole('button', { name: 'Unblock' })
      .click();
    await creator.getByText('Nobody is blocked').waitFor();
    await fan.context().close();
    await creator.context().close();
  });
});
