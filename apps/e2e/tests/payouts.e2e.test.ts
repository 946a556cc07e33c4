import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, VIEWPORTS } from '../src/harness';
import { logIn } from '../src/journeys';

// Demo data (apps/server/src/seed/payouts.ts): a month ago alex tipped kai 100 (80.00 net, past the 7-day hold);
// kai has no payout details yet. Luna has a paid and a pending payout.
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** The figure's token amount (it reads "80.00 tokens ($80.00)"). */
const money = (s: string | null) => Number((s ?? '').replace(/,/g, '').match(/-?\d+(\.\d+)?/)?.[0]);

describe('payouts journey', () => {
  it('a creator sets bank details and requests a payout; the admin approves and marks it paid; the creator sees it paid and downloads the statement', async () => {
    const creator = await h.newPage({ ageConfirmed: true, acceptDownloads: true });
    await logIn(creator, 'kai');
    // from the earnings page to payouts
    await creator.goto('/creator/earnings');
    await creator.getByRole('link', { name: 'Payouts', exact: true }).first().click();
    await creator.waitForURL((u) => u.pathname === '/creator/payouts');
    await expect.poll(async () => money(await creator.getByTestId('payout-available').textContent())).toBe(80);
    await creator.getByTestId('payout-blocked').getByText('Add a payout method below first.').waitFor();

    // bank details: saved, then shown masked only
    const bankForm = creator.getByRole('form', { name: 'Bank transfer details' });
    await bankForm.getByLabel('Holder first name').fill('Kai');
    await bankForm.getByLabel('Holder last name').fill('Morgan');
    await bankForm.getByLabel('Bank name').fill('Harbour Bank');
    await bankForm.getByLabel('Country (2 letters)').fill('GB');
    await bankForm.getByLabel('IBAN').fill('GB82 WEST 1234 5698 7654 32');
    await bankForm.getByRole('button', { name: 'Save bank details' }).click();
    await creator.getByTestId('bank-saved').getByText('•••• 5432').waitFor();
    expect(await creator.content()).not.toContain('GB82WEST12345698765432');

    // request 75.00 by bank transfer
    const request = creator.getByRole('form', { name: 'Request a payout' });
    await request.getByLabel('Amount (USD)').fill('75');
    await request.getByLabel('Method').selectOption('bank');
    await request.getByLabel('Note (optional)').fill('November payout');
    await request.getByRole('button', { name: 'Request payout' }).click();
    const row = creator.getByTestId('payout-history').getByTestId('payout-row').first();
    await row.getByTestId('payout-status').getByText('pending').waitFor();
    await expect.poll(async () => money(await creator.getByTestId('payout-pending').textContent())).toBe(75);
    await expect.poll(async () => money(await creator.getByTestId('payout-available').textContent())).toBe(5);
    await h.screenshot(creator, 'payouts-creator-pending');

    // the admin reviews it: bank details unmasked for the admin, approve, mark paid with a reference
    const admin = await h.newPage({ ageConfirmed: true });
    await logIn(admin, 'admin');
    await admin.goto('/admin/money');
    await admin.getByRole('tab', { name: 'Payouts' }).click();
    const queued = admin.getByTestId('admin-payout-row').filter({ hasText: '@kai' });
    await queued.getByRole('button', { name: 'Review' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByText('GB82WEST12345698765432').waitFor();
    await dialog.getByLabel('Note to the creator').fill('Paid with the weekly batch');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await dialog.getByTestId('payout-status').getByText('approved').waitFor();
    await dialog.getByLabel('Payment reference').fill('BACS-2026-1124-07');
    await h.screenshot(admin, 'payouts-admin-detail', { fullPage: false });
    await dialog.getByRole('button', { name: 'Mark paid' }).click();
    await dialog.getByTestId('payout-status').getByText('paid').waitFor();

    // the creator sees it paid (realtime or reload) with the reference, and the statement lists it
    await creator.reload();
    await row.getByTestId('payout-status').getByText('paid').waitFor();
    await row.getByText(/ref BACS-2026-1124-07/).waitFor();
    await expect.poll(async () => money(await creator.getByTestId('payout-paid-out').textContent())).toBe(75);
    const [download] = await Promise.all([
      creator.waitForEvent('download'),
      creator.getByTestId('statement-csv').click(),
    ]);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(download.suggestedFilename()).toMatch(/^statement-\d{4}-\d{2}\.csv$/);
    expect(csv).toContain('Payout by Bank transfer (ref BACS-2026-1124-07)');
    expect(csv).toContain('-75.00');
    await creator.getByRole('link', { name: 'Printable statement' }).click();
    await creator.getByTestId('statement-lines').getByText('Payout by Bank transfer (ref BACS-2026-1124-07)').waitFor();
    await h.screenshot(creator, 'payouts-statement');

    // screenshots: phone and desktop, light and dark
    for (const theme of ['light', 'dark'] as const) {
      for (const [name, viewport] of Object.entries(VIEWPORTS)) {
        const page = await h.newPage({ ageConfirmed: true, theme, viewport });
        await logIn(page, 'luna');
        await page.goto('/creator/payouts');
        await page.getByTestId('payout-history').getByText('SEPA-DEMO-0001', { exact: false }).waitFor();
        await h.screenshot(page, `payouts-${name}-${theme}`);
        await page.context().close();
      }
    }
  }, 240_000);
});
