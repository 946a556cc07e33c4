import crypto from 'node:crypto';

/**
 * The CCBill peer's hosted FlexForm (test/ccbill-peer.ts): the dynamic pricing check, the page
 * and the fan's browser that fills it in. The peer's own test cards: one approved, one declined.
 */
export const CCBILL_TEST_CARDS = { approved: '4111111111111111', declined: '4222222222222222' } as const;

/** The form's own parameters; any other one is a merchant's custom field, returned as `X-<name>`. */
const FORM_FIELDS = new Set(
  'clientSubacc initialPrice initialPeriod recurringPrice recurringPeriod numRebills currencyCode formDigest'.split(
    ' ',
  ),
);
const CARD_FIELDS = /^(customer_|email|cardNum|exp|cvv2)/;
const md5 = (s: string) => crypto.createHash('md5').update(s).digest('hex');
const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const unattr = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&amp;/g, '&');

/** formDigest as https://ccbill.com/doc/formdigest-value documents it, single or recurring. */
export function digestOk(q: Record<string, string>, salt: string): boolean {
  const parts = q.recurringPrice
    ? [q.initialPrice, q.initialPeriod, q.recurringPrice, q.recurringPeriod, q.numRebills, q.currencyCode]
    : [q.initialPrice, q.initialPeriod, q.currencyCode];
  return parts.every(Boolean) && md5(parts.join('') + salt) === q.formDigest;
}

/** The merchant's custom fields of a submitted form, as webhooks carry them. */
export function customFields(q: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(q)
      .filter(([k]) => !FORM_FIELDS.has(k) && !CARD_FIELDS.test(k))
      .map(([k, v]) => [`X-${k}`, v]),
  );
}

/** The payment page: the pricing carried in hidden fields, the card typed here (at "CCBill", never at the app). */
export function formPage(q: Record<string, string>, flexId: string): string {
  const hidden = Object.entries(q)
    .map(([k, v]) => `<input type="hidden" name="${attr(k)}" value="${attr(v)}">`)
    .join('\n');
  return `<!doctype html><title>CCBill test form</title><form method="post" action="/wap-frontflex/flexforms/${flexId}">
${hidden}
<input name="customer_fname"><input name="customer_lname"><input name="email">
<input name="cardNum"><input name="expMonth"><input name="expYear"><input name="cvv2">
<button>Pay ${attr(q.initialPrice)}</button></form>`;
}

/** The fan's browser: opens the hosted form and submits it with a card; the answer page names the subscription. */
export async function submitForm(checkoutUrl: string, card: string) {
  const page = await fetch(checkoutUrl);
  const html = await page.text();
  if (!page.ok) return { status: page.status, approved: false, subscriptionId: null, page: html };
  const form = new URLSearchParams();
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) form.set(m[1], unattr(m[2]));
  form.set('cardNum', card);
  form.set('expMonth', '12');
  form.set('expYear', '30');
  form.set('cvv2', '123');
  const action = /<form method="post" action="([^"]+)"/.exec(html)![1];
  const res = await fetch(new URL(action, checkoutUrl), { method: 'POST', body: form });
  const answer = await res.text();
  const id = /data-subscription-id="(\d+)"/.exec(answer)?.[1] ?? null;
  return { status: res.status, approved: id !== null, subscriptionId: id, page: answer };
}
