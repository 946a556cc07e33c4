import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from '../src/axe';
import { type Harness, startHarness } from '../src/harness';
import { DEMO_PASSWORD, logIn } from '../src/journeys';

// Issue 27 items 1–2: jurisdiction rules and age assurance. The server trusts X-Forwarded-For
// (TRUST_PROXY=1), so a browser context "comes from" an address of the geo database's ranges.
// The demo mounts the Yoti sandbox peer (/api/yoti-sandbox), so the Yoti flow runs offline.
const UK_IP = '81.2.69.142';
const TEXAS_IP = '24.27.0.1';
let h: Harness;
let adminToken = '';

async function saveRule(rule: Record<string, unknown>) {
  const res = await fetch(`${h.baseUrl}/api/admin/jurisdictions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ region: '', effectiveFrom: '2025-01-01', ...rule }),
  });
  if (!res.ok) throw new Error(`rule: ${res.status} ${await res.text()}`);
}

beforeAll(async () => {
  h = await startHarness({ env: { TRUST_PROXY: '1' } });
  const res = await fetch(`${h.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
  });
  adminToken = ((await res.json()) as { token: string }).token;
});
afterAll(async () => {
  await h?.close();
});

describe('jurisdiction rules and age assurance', () => {
  it('the operator switches the UK from block to assurance required; a UK visitor is challenged, passes Yoti and sees the creator', {
    timeout: 240_000,
  }, async () => {
    await saveRule({ country: 'GB', action: 'block', law: 'Online Safety Act 2023' });

    // The operator, in the console, switches the UK to "age assurance required".
    const admin = await h.newPage({ ageConfirmed: true });
    await logIn(admin, 'admin');
    await admin.goto('/admin/jurisdictions');
    const uk = admin.getByLabel('Rule: GB', { exact: true });
    await expect.poll(() => uk.inputValue()).toBe('block');
    await uk.selectOption('assurance');
    await admin.getByText('Rule saved').first().waitFor();

    // A visitor from the UK is challenged before any adult content, the rule named.
    const context = await h.newContext({ ageConfirmed: true, extraHTTPHeaders: { 'x-forwarded-for': UK_IP } });
    const visitor = await context.newPage();
    await visitor.goto('/kai');
    await visitor.getByRole('heading', { name: 'Confirm that you are 18 or over' }).waitFor();
    await expect.poll(() => visitor.getByTestId('jurisdiction-rule').textContent()).toContain('Online Safety Act 2023');
    const violations = await axeViolations(visitor);
    expect(violations, describeViolations(violations)).toEqual([]);
    await h.screenshot(visitor, 'age-assurance-challenge');

    // Through the Yoti sandbox and back, then the creator's page.
    await visitor.getByRole('button', { name: 'Verify with Yoti' }).click();
    await visitor.getByRole('heading', { name: /Yoti sandbox/ }).waitFor();
    await visitor.getByRole('link', { name: /Pass: facial age estimation/ }).click();
    await visitor.waitForURL('**/kai');
    await visitor.getByRole('heading', { level: 1, name: /Kai Morgan/ }).waitFor();
    await context.close();
  });

  it('a visitor from a blocked region sees the rule page in German', { timeout: 120_000 }, async () => {
    await saveRule({ country: 'US', region: 'TX', action: 'block', law: 'Texas HB 1181', effectiveFrom: '2023-09-19' });
    const context = await h.newContext({
      ageConfirmed: true,
      locale: 'de-DE',
      extraHTTPHeaders: { 'x-forwarded-for': TEXAS_IP, 'accept-language': 'de-DE,de' },
    });
    const page = await context.newPage();
    await page.goto('/kai');
    await page.getByRole('heading', { name: 'In deiner Region nicht verfügbar' }).waitFor();
    await expect
      .poll(() => page.getByTestId('jurisdiction-rule').textContent())
      .toMatch(/^Regel: Texas HB 1181, in Kraft seit .*2023/);
    await page.getByText('Diese Seite ist in TX, Vereinigte Staaten nicht verfügbar.').waitFor();
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await h.screenshot(page, 'age-assurance-blocked-de');
    await context.close();
  });
});
