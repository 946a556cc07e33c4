import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local peer that plays Segpay from its public docs (docs/payments.md, "Segpay"):
 * - SRS Dynamic Pricing (`/MerchantServices/DynamicPricing/?merchantId&amount`) and the
 *   Dynamic Recurring Billing pricing call answer a hash that the join link must carry;
 * - the hosted payment page (`/billing/poset.cgi?x-eticketid=package:pricepoint&…`) serves a
 *   form and takes the card there: 4111 1111 1111 1111 is approved, 4000 0000 0000 0002 declined;
 * - postbacks are rendered from the URL templates an operator enters at Segpay (`<action>`,
 *   `<tranid>`, `<extra paymentid>` …) and delivered through `deliver` (tests: app.inject from
 *   the peer's address); member postbacks must be answered `OK`;
 * - SRS consumer support tasks (`/adm.asmx/CancelMembership | ExpireMembership | RefundTransaction`)
 *   answer Segpay's sentences inside `<string>` and queue the postbacks Segpay sends after them.
 * Postbacks wait in `outbox` until `flush()` (a payment flushes its own before redirecting).
 */
export const TRANS_TEMPLATE =
  'action=<action>&stage=<stage>&approved=<approved>&trantype=<trantype>&purchaseid=<purchaseid>&tranid=<tranid>&relatedtranid=<relatedtranid>&price=<price>&currencycode=<currencycode>&eticketid=<eticketid>&paymentid=<extra paymentid>&transtime=<transtime>';
export const MEMBER_TEMPLATE =
  'action=<action>&purchaseid=<purchaseid>&eticketid=<eticketid>&paymentid=<extra paymentid>&transtime=<transtime>';
export const TEST_CARDS = { approved: '4111111111111111', declined: '4000000000000002' };

export interface SegpayPeerOptions {
  merchantId: string;
  packageId: string;
  pricePointId: string;
  recurringPricePointId: string;
  userId: string;
  accessKey: string;
  /** The postback URL configured at Segpay (path and `?key=`); the template fields are appended. */
  postbackUrl: string;
  method?: 'GET' | 'POST';
  deliver(req: { method: 'GET' | 'POST'; url: string; body?: string }): Promise<{ status: number; body: string }>;
}

type Fields = Record<string, string>;
interface Purchase {
  id: string;
  eticketid: string;
  paymentid: string;
  currency: string;
  recurringPrice: string | null;
  status: 'active' | 'cancelled' | 'expired';
  rebills: number;
}
interface Transaction {
  id: string;
  purchaseId: string;
  price: string;
  refunded: boolean;
}
export interface Delivery {
  fields: Fields;
  status: number;
  body: string;
}

export async function startSegpayPeer(o: SegpayPeerOptions) {
  const secret = crypto.randomBytes(16);
  const sign = (s: string) => crypto.createHmac('sha256', secret).update(s).digest('base64');
  const purchases = new Map<string, Purchase>();
  const transactions = new Map<string, Transaction>();
  const outbox: Fields[] = [];
  const delivered: Delivery[] = [];
  const srsCalls: Array<{ task: string; query: Fields }> = [];
  let seq = 1000;
  const next = (p: string) => `${p}${++seq}`;
  const now = () => new Date().toISOString();

  const queue = (template: string, f: Fields) => {
    const rendered: Fields = {};
    for (const pair of template.split('&')) {
      const [name, token] = pair.split('=') as [string, string];
      const key = token.slice(1, -1).replace(/^extra /, '');
      rendered[name] = f[key] ?? '';
    }
    outbox.push(rendered);
    return rendered;
  };
  const sale = (p: Purchase, price: string, stage: string, approved: boolean) => {
    const tranid = next('T');
    if (approved) transactions.set(tranid, { id: tranid, purchaseId: p.id, price, refunded: false });
    queue(TRANS_TEMPLATE, {
      ...base(p),
      action: 'Auth',
      stage,
      approved: approved ? 'Yes' : 'No',
      trantype: 'sale',
      tranid,
      price,
    });
    return tranid;
  };
  const base = (p: Purchase): Fields => ({
    purchaseid: p.id,
    eticketid: p.eticketid,
    paymentid: p.paymentid,
    currencycode: p.currency,
    transtime: now(),
  });
  const takeBack = (tranId: string, action: string, trantype: string) => {
    const t = transactions.get(tranId);
    if (!t) throw new Error(`peer: no transaction ${tranId}`);
    const p = purchases.get(t.purchaseId)!;
    t.refunded = true;
    const tranid = next('T');
    queue(TRANS_TEMPLATE, {
      ...base(p),
      action,
      stage: '',
      approved: 'Yes',
      trantype,
      tranid,
      relatedtranid: tranId,
      price: `-${t.price}`,
    });
    return tranid;
  };
  const member = (p: Purchase, action: string) => queue(MEMBER_TEMPLATE, { ...base(p), action });

  /** Pricing hashes issued by the pricing services: what each stands for (Segpay decrypts its own value). */
  const hashes = new Map<string, { recurring: boolean; terms: string[] }>();
  const RECURRING_TERMS = ['initialPrice', 'initialLength', 'recurringPrice', 'recurringLength'];
  const price = (v: string | null) => (v && /^\d+(\.\d{1,2})?$/.test(v) ? v : null);
  const joinError = (q: URLSearchParams): string | null => {
    const [pkg, pp] = (q.get('x-eticketid') ?? '').split(':');
    if (pkg !== o.packageId || (pp !== o.pricePointId && pp !== o.recurringPricePointId)) return 'Unknown x-eticketid';
    const h = hashes.get(q.get('dynamicpricingid') ?? '');
    if (!h || h.recurring !== (pp === o.recurringPricePointId)) return 'Invalid dynamic pricing';
    if (!h.recurring && h.terms[0] !== q.get('amount')) return 'Invalid dynamic pricing';
    return null;
  };

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://peer');
    let body = '';
    for await (const chunk of req) body += chunk;
    const q = req.method === 'POST' ? new URLSearchParams(body) : url.searchParams;
    const send = (status: number, text: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'text/xml; charset=utf-8', ...headers });
      res.end(text);
    };
    const html = { 'content-type': 'text/html; charset=utf-8' };
    const xml = (s: string) =>
      send(200, `<?xml version="1.0" encoding="utf-8"?>\n<string xmlns="http://tempuri.org/">${s}</string>`);
    try {
      const pricing = /^\/MerchantServices\/Dynamic(Recurring)?Pricing\/?$/.exec(url.pathname);
      if (pricing) {
        if (q.get('merchantId') !== o.merchantId) return send(400, 'Invalid merchant');
        const recurring = Boolean(pricing[1]);
        const terms = recurring ? RECURRING_TERMS.map((k) => q.get(k) ?? '') : [q.get('amount') ?? ''];
        if (!price(terms[0]!) || (recurring && (!price(terms[2]!) || !/^\d+$/.test(terms[1]!)))) {
          return send(400, 'Missing or invalid parameter');
        }
        const hash = sign(`${recurring}|${terms.join('|')}`);
        hashes.set(hash, { recurring, terms });
        return xml(hash);
      }
      if (url.pathname === '/billing/poset.cgi') {
        const error = joinError(q);
        if (error) return send(400, `<h1>${error}</h1>`, html);
        if (req.method === 'GET') return send(200, formPage(q), html);
        const card = (q.get('cardnumber') ?? '').replace(/\D/g, '');
        if (card !== TEST_CARDS.approved && card !== TEST_CARDS.declined)
          return send(400, '<h1>Card number not accepted</h1>', html);
        const done = await peer.submit(q, card);
        return send(302, '', { ...html, location: done.location });
      }
      const task = /^\/adm\.asmx\/(\w+)$/i.exec(url.pathname)?.[1];
      if (task) {
        srsCalls.push({ task, query: Object.fromEntries(q) });
        if (q.get('UserID') !== o.userId || q.get('UserAccessKey') !== o.accessKey) return xml('Invalid Merchant');
        if (task === 'RefundTransaction') {
          const t = transactions.get(q.get('TransID') ?? '');
          if (!t) return xml('Invalid TransID');
          if (t.refunded) return xml('Transaction already refunded');
          takeBack(t.id, 'Auth', 'credit');
          return xml('Successful');
        }
        const p = purchases.get(q.get('PurchaseID') ?? '');
        if (!p) return xml('PurchaseID/MerchantID Mismatch');
        if (task === 'CancelMembership' || task === 'ExpireMembership') {
          const expire = task === 'ExpireMembership';
          if (p.status === 'expired' || (!expire && p.status !== 'active'))
            return xml('Subscription not active, cancel failed');
          p.status = expire ? 'expired' : 'cancelled';
          member(p, expire ? 'Disable' : 'Cancel');
          return xml('Successful');
        }
      }
      send(404, 'Not found', { 'content-type': 'text/plain' });
    } catch (err) {
      send(500, String(err), { 'content-type': 'text/plain' });
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;

  /** Delivers one postback as Segpay would: the configured URL with the fields (GET) or as a form (POST). */
  const deliverOne = async (fields: Fields): Promise<Delivery> => {
    const qs = new URLSearchParams(fields).toString();
    const method = o.method ?? 'GET';
    const sep = o.postbackUrl.includes('?') ? '&' : '?';
    const r =
      method === 'GET'
        ? await o.deliver({ method, url: `${o.postbackUrl}${sep}${qs}` })
        : await o.deliver({ method, url: o.postbackUrl, body: qs });
    const d = { fields, status: r.status, body: r.body };
    delivered.push(d);
    return d;
  };

  const peer = {
    url,
    paymentUrl: `${url}/billing/poset.cgi`,
    purchases,
    transactions,
    outbox,
    delivered,
    srsCalls,
    /** Keep a payment's postbacks in the outbox instead of delivering them at once (reordering tests). */
    hold: false as boolean,
    /** Delivers every waiting postback, in order. */
    async flush(): Promise<Delivery[]> {
      const out: Delivery[] = [];
      while (outbox.length) out.push(await deliverOne(outbox.shift()!));
      return out;
    },
    deliver: deliverOne,
    /** The hosted form was submitted with a card: approve or decline, post the postbacks, redirect. */
    async submit(q: URLSearchParams, card: string): Promise<{ location: string; purchaseId: string | null }> {
      const [, pp] = (q.get('x-eticketid') ?? '').split(':');
      const recurring = pp === o.recurringPricePointId;
      const { terms } = hashes.get(q.get('dynamicpricingid') ?? '')!;
      const p: Purchase = {
        id: next('P'),
        eticketid: q.get('x-eticketid')!,
        paymentid: q.get('paymentid') ?? '',
        currency: 'USD',
        recurringPrice: recurring ? terms[2]! : null,
        status: 'active',
        rebills: 0,
      };
      const approved = card === TEST_CARDS.approved;
      if (approved) purchases.set(p.id, p);
      sale(p, terms[0]!, 'Initial', approved);
      if (approved && recurring) member(p, 'Enable');
      if (!peer.hold) await peer.flush();
      return { location: q.get(approved ? 'x-auth-link' : 'x-decl-link')!, purchaseId: approved ? p.id : null };
    },
    /** Segpay rebills a membership: the first rebill is the Conversion, later ones Rebill. */
    rebill(purchaseId: string, approved = true): string {
      const p = purchases.get(purchaseId)!;
      if (p.status !== 'active') throw new Error(`peer: ${purchaseId} is ${p.status}`);
      const stage = p.rebills === 0 ? 'Conversion' : 'Rebill';
      if (approved) p.rebills += 1;
      return sale(p, p.recurringPrice!, stage, approved);
    },
    /** Refund (merchant portal), void and chargeback of a transaction: the postbacks Segpay sends. */
    refund: (tranId: string) => takeBack(tranId, 'Auth', 'credit'),
    void: (tranId: string) => takeBack(tranId, 'Void', 'sale'),
    chargeback: (tranId: string) => takeBack(tranId, 'Auth', 'charge'),
    /** The membership ran out (after a cancellation): Segpay's Disable postback. */
    expire(purchaseId: string) {
      const p = purchases.get(purchaseId)!;
      p.status = 'expired';
      return member(p, 'Disable');
    },
    member: (purchaseId: string, action: string) => member(purchases.get(purchaseId)!, action),
    close: () => new Promise<void>((r) => server.close(() => r())),
    /** Segpay does not answer (the peer stopped: connections refused) until `start()` listens again on its port. */
    stop: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
    start: () => new Promise<void>((r) => server.listen(port, '127.0.0.1', r)),
  };
  return peer;
}
export type SegpayPeer = Awaited<ReturnType<typeof startSegpayPeer>>;

function formPage(q: URLSearchParams): string {
  const hidden = [...q]
    .map(([k, v]) => `<input type="hidden" name="${k}" value="${v.replace(/"/g, '&quot;')}">`)
    .join('\n');
  const amount = q.get('amount') ? `<p>Amount: ${q.get('amount')}</p>` : '';
  return `<!doctype html><title>Segpay</title><form method="post" action="/billing/poset.cgi">
${hidden}
${amount}<label>Card number <input name="cardnumber"></label>
<button>Pay</button></form>`;
}
