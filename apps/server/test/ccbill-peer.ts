import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CCBILL_TEST_CARDS, customFields, digestOk, formPage, submitForm } from './ccbill-peer.form';

/**
 * A local peer that plays CCBill from its public docs (docs/payments.md "CCBill"):
 * - FlexForms dynamic pricing: GET /wap-frontflex/flexforms/<flexId>?clientSubacc&initialPrice&
 *   initialPeriod[&recurringPrice&recurringPeriod&numRebills]&currencyCode&formDigest[&custom]
 *   checks formDigest with the salt and serves the hosted form; the form POSTs the card here
 *   (never to the app): the approved test card makes a sale, the declined one a denial;
 * - webhooks: POST <webhookUrl>?clientAccnum&clientSubacc&eventType&eventGroupType with the
 *   documented fields, URL encoded (or JSON), custom form fields returned as `X-<name>`;
 * - DataLink: GET /utils/subscriptionManagement.cgi (cancelSubscription, voidOrRefundTransaction)
 *   answering `<results>n</results>`, then posting the Cancellation / Refund webhook as CCBill does;
 * - Data Link Extract: GET /data/main.cgi?startTime&endTime&transactionTypes&clientAccnum&clientSubacc&
 *   username&password answering the CSV of its sales, rebills and reversals in the range (`records`,
 *   which a test may alter to play a processor whose books differ from ours).
 */
export { CCBILL_TEST_CARDS } from './ccbill-peer.form';

export interface CcbillPeerConfig {
  clientAccnum: string;
  clientSubacc: string;
  flexId: string;
  salt: string;
  datalinkUsername: string;
  datalinkPassword: string;
}

interface PeerSubscription {
  id: string;
  custom: Record<string, string>;
  initialPrice: string;
  recurringPrice: string | null;
  period: string;
  currencyCode: string;
  status: 'active' | 'cancelled' | 'expired';
  /** Transaction ids with what each billed. */
  transactions: Array<{ id: string; amount: string }>;
}

/** One line of the peer's own books (what its Data Link Extract reports). */
export interface PeerRecord {
  type: 'NEW' | 'REBILL' | 'REFUND' | 'CHARGEBACK' | 'VOID';
  subscriptionId: string;
  transactionId?: string;
  amount: string;
  /** YYYYMMDDHHMMSS (UTC). */
  at: string;
}

export interface Postback {
  eventType: string;
  fields: Record<string, string>;
  status: number;
  body: string;
}

const CURRENCY: Record<string, string> = { '840': 'USD', '978': 'EUR', '826': 'GBP', '124': 'CAD', '036': 'AUD' };
const stamp = () => new Date().toISOString().slice(0, 19).replace('T', ' ');

export async function startCcbillPeer(cfg: CcbillPeerConfig) {
  let seq = 0;
  const subscriptions = new Map<string, PeerSubscription>();
  const postbacks: Postback[] = [];
  const datalink: Array<Record<string, string>> = [];
  /** Webhooks CCBill sends later on its own (after a DataLink call): sent by `settle()`, in order. */
  const later: Array<() => Promise<Postback>> = [];
  const records: PeerRecord[] = [];
  const book = (r: Omit<PeerRecord, 'at'>) =>
    records.push({ ...r, at: new Date().toISOString().slice(0, 19).replace(/[-T:]/g, '') });
  const failing = new Map<string, string>();
  const peer = {
    url: '',
    flexformsUrl: '',
    /** Where webhooks go (the app's /api/payments/ccbill/webhook/<secret>); set by the test. */
    webhookUrl: '',
    /**
     * The subscription's approval and denial URLs (set in CCBill's admin, not per payment): when set, the
     * form's answer sends the browser there (302) instead of showing its own page.
     */
    approvalUrl: '',
    denialUrl: '',
    /** CCBill's two webhook formats. */
    format: 'form' as 'form' | 'json',
    /** A delayed delivery: NewSaleSuccess waits for `settle()` (the fan's form still answers at once). */
    holdSales: false,
    subscriptions,
    postbacks,
    records,
    datalink,
    /** The next DataLink call of this action answers this result code (e.g. -7). */
    failNext: (action: string, code: string) => failing.set(action, code),
    post,
    /** The fan's browser: opens the hosted form and submits it with a card. */
    pay: (checkoutUrl: string, card: string) => submitForm(checkoutUrl, card),
    renew,
    expire,
    reverse,
    /** Sends the webhooks CCBill owes since the last DataLink calls (Cancellation, Refund) and waits for them. */
    settle: async () => {
      const sent: Postback[] = [];
      for (let next = later.shift(); next; next = later.shift()) sent.push(await next());
      return sent;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const common = () => ({ clientAccnum: cfg.clientAccnum, clientSubacc: cfg.clientSubacc, timestamp: stamp() });

  /** One webhook, as CCBill delivers it. */
  async function post(eventType: string, fields: Record<string, string>): Promise<Postback> {
    const url = new URL(peer.webhookUrl);
    for (const [k, v] of Object.entries({ clientAccnum: cfg.clientAccnum, clientSubacc: cfg.clientSubacc }))
      url.searchParams.set(k, v);
    url.searchParams.set('eventType', eventType);
    url.searchParams.set('eventGroupType', 'Subscription');
    const json = peer.format === 'json';
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded' },
      body: json ? JSON.stringify(fields) : new URLSearchParams(fields).toString(),
    });
    const pb = { eventType, fields, status: res.status, body: await res.text() };
    postbacks.push(pb);
    return pb;
  }

  /** The form was submitted: a sale (NewSaleSuccess) or a denial (NewSaleFailure), posted before the page answers. */
  async function sale(q: Record<string, string>) {
    const custom = customFields(q);
    const terms = {
      initialPeriod: q.initialPeriod,
      recurringPeriod: q.recurringPeriod ?? '0',
      rebills: q.numRebills ?? '0',
      billedInitialPrice: q.initialPrice,
      billedRecurringPrice: q.recurringPrice ?? '0.00',
      billedCurrency: CURRENCY[q.currencyCode] ?? q.currencyCode,
      billedCurrencyCode: q.currencyCode,
      flexId: cfg.flexId,
    };
    const person = { firstName: q.customer_fname ?? 'Test', lastName: q.customer_lname ?? 'Fan', email: q.email ?? '' };
    const transactionId = `09${String(++seq).padStart(17, '0')}`;
    if (q.cardNum?.replace(/\D/g, '') !== CCBILL_TEST_CARDS.approved) {
      await post('NewSaleFailure', {
        transactionId,
        ...common(),
        ...person,
        ...terms,
        failureReason: 'Transaction Declined',
        failureCode: 'BE-140',
        ...custom,
      });
      return null;
    }
    const sub: PeerSubscription = {
      id: `01${String(++seq).padStart(8, '0')}`,
      custom,
      initialPrice: q.initialPrice,
      recurringPrice: q.recurringPrice ?? null,
      period: q.initialPeriod,
      currencyCode: q.currencyCode,
      status: 'active',
      transactions: [{ id: transactionId, amount: q.initialPrice }],
    };
    subscriptions.set(sub.id, sub);
    book({ type: 'NEW', subscriptionId: sub.id, amount: q.initialPrice });
    const success = () =>
      post('NewSaleSuccess', {
        subscriptionId: sub.id,
        transactionId,
        ...common(),
        ...person,
        ...terms,
        paymentType: 'CREDIT',
        cardType: 'VISA',
        last4: q.cardNum.slice(-4),
        expDate: `${q.expMonth ?? '12'}${q.expYear ?? '30'}`,
        ...custom,
      });
    if (peer.holdSales) later.push(success);
    else await success();
    return sub;
  }

  function subscriptionOf(id: string) {
    const sub = subscriptions.get(id);
    if (!sub) throw new Error(`the peer has no subscription ${id}`);
    return sub;
  }

  /** CCBill rebills an active recurring subscription: RenewalSuccess, or RenewalFailure on a decline. */
  async function renew(id: string, opts: { declined?: boolean } = {}) {
    const sub = subscriptionOf(id);
    if (sub.status !== 'active' || !sub.recurringPrice) throw new Error(`subscription ${id} does not rebill`);
    const transactionId = `09${String(++seq).padStart(17, '0')}`;
    if (opts.declined)
      return post('RenewalFailure', {
        subscriptionId: id,
        transactionId,
        ...common(),
        failureReason: 'Insufficient funds',
        failureCode: 'BE-110',
      });
    sub.transactions.push({ id: transactionId, amount: sub.recurringPrice });
    book({ type: 'REBILL', subscriptionId: id, transactionId, amount: sub.recurringPrice });
    const currency = CURRENCY[sub.currencyCode] ?? sub.currencyCode;
    return post('RenewalSuccess', {
      subscriptionId: id,
      transactionId,
      ...common(),
      billedAmount: sub.recurringPrice,
      billedCurrency: currency,
      billedCurrencyCode: sub.currencyCode,
      accountingAmount: sub.recurringPrice,
      accountingCurrency: currency,
      accountingCurrencyCode: sub.currencyCode,
      paymentType: 'CREDIT',
      cardType: 'VISA',
      last4: '1111',
    });
  }

  async function expire(id: string) {
    subscriptionOf(id).status = 'expired';
    return post('Expiration', { subscriptionId: id, ...common() });
  }

  /** A refund or void made at CCBill, or a chargeback, of one transaction (the latest by default). */
  async function reverse(eventType: 'Refund' | 'Void' | 'Chargeback', id: string, transactionId?: string) {
    const sub = subscriptionOf(id);
    const t = sub.transactions.find((x) => x.id === transactionId) ?? sub.transactions.at(-1)!;
    const currency = CURRENCY[sub.currencyCode] ?? sub.currencyCode;
    book({
      type: eventType === 'Refund' ? 'REFUND' : eventType === 'Void' ? 'VOID' : 'CHARGEBACK',
      subscriptionId: id,
      amount: t.amount,
    });
    return post(eventType, {
      transactionId: t.id,
      subscriptionId: id,
      ...common(),
      amount: t.amount,
      currency,
      currencyCode: sub.currencyCode,
      accountingAmount: t.amount,
      accountingCurrency: currency,
      accountingCurrencyCode: sub.currencyCode,
      reason: eventType === 'Chargeback' ? 'Fraud' : 'Customer Refunded',
    });
  }

  /** The Data Link Extract CSV: one quoted line per record of the requested types in [startTime, endTime]. */
  function extract(q: Record<string, string>): string {
    if (q.username !== cfg.datalinkUsername || q.password !== cfg.datalinkPassword)
      return 'Error: Authentication failed';
    if (q.clientAccnum !== cfg.clientAccnum) return 'Error: Invalid client account number';
    if (!/^\d{14}$/.test(q.startTime ?? '') || !/^\d{14}$/.test(q.endTime ?? '')) return 'Error: Invalid date range';
    const types = (q.transactionTypes ?? '').split(',');
    const rows = records.filter((r) => types.includes(r.type) && r.at >= q.startTime && r.at <= q.endTime);
    if (!rows.length) return '1';
    const line = (r: PeerRecord) => {
      const head = [r.type, cfg.clientAccnum, cfg.clientSubacc, r.subscriptionId, r.at];
      const sub = subscriptions.get(r.subscriptionId);
      const rest =
        r.type === 'NEW'
          ? [
              'Test',
              'Fan',
              '',
              '',
              'ACTIVE',
              r.amount,
              sub?.period ?? '2',
              sub?.recurringPrice ?? '0.00',
              '0',
              sub?.recurringPrice ? 'ON' : 'OFF',
              'VISA',
            ]
          : r.type === 'REBILL'
            ? [r.transactionId ?? '', r.amount]
            : [r.amount];
      return [...head, ...rest].map((v) => `"${v}"`).join(',');
    };
    return rows.map(line).join('\n');
  }

  function datalinkAnswer(q: Record<string, string>): string {
    if (q.username !== cfg.datalinkUsername || q.password !== cfg.datalinkPassword) return '-1';
    if (q.clientAccnum !== cfg.clientAccnum) return '-4';
    const forced = failing.get(q.action);
    if (forced !== undefined) {
      failing.delete(q.action);
      return forced;
    }
    const sub = subscriptions.get(q.subscriptionId ?? '');
    if (q.action !== 'cancelSubscription' && q.action !== 'voidOrRefundTransaction') return '-6';
    if (!sub) return '-3';
    if (q.action === 'cancelSubscription') {
      if (sub.status === 'active') sub.status = 'cancelled';
      later.push(() =>
        post('Cancellation', { subscriptionId: sub.id, ...common(), reason: 'Merchant', source: 'API' }),
      );
      return '1';
    }
    const sale = sub.transactions[0];
    if (q.amount && Number(q.amount) > Number(sale.amount)) return '-5';
    later.push(() => reverse('Refund', sub.id, sale.id));
    return '1';
  }

  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (c) => {
      text += c;
    });
    req.on('end', async () => {
      const u = new URL(req.url ?? '/', 'http://peer');
      const send = (status: number, body: string, type = 'text/html') => {
        res.writeHead(status, { 'content-type': type });
        res.end(body);
      };
      if (req.method === 'GET' && u.pathname === '/utils/subscriptionManagement.cgi') {
        const q = Object.fromEntries(u.searchParams);
        datalink.push(q);
        return send(200, `<?xml version='1.0' standalone='yes'?><results>${datalinkAnswer(q)}</results>`, 'text/xml');
      }
      if (req.method === 'GET' && u.pathname === '/data/main.cgi') {
        const q = Object.fromEntries(u.searchParams);
        datalink.push(q);
        return send(200, extract(q), 'text/plain');
      }
      if (u.pathname !== `/wap-frontflex/flexforms/${cfg.flexId}`) return send(404, 'No such FlexForm');
      const q = Object.fromEntries(req.method === 'POST' ? new URLSearchParams(text) : u.searchParams);
      if (q.clientSubacc !== cfg.clientSubacc || !digestOk(q, cfg.salt))
        return send(400, 'Error 500: the dynamic pricing request is invalid (formDigest)');
      if (req.method === 'GET') return send(200, formPage(q, cfg.flexId));
      const sub = await sale(q);
      const back = sub ? peer.approvalUrl : peer.denialUrl;
      if (back) {
        res.writeHead(302, { location: back });
        return res.end();
      }
      send(200, sub ? `<p>Approved</p><p data-subscription-id="${sub.id}"></p>` : '<p>Declined</p>');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  peer.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  peer.flexformsUrl = `${peer.url}/wap-frontflex/flexforms`;
  return peer;
}

export type CcbillPeer = Awaited<ReturnType<typeof startCcbillPeer>>;
