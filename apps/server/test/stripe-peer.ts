import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP peer that speaks the few Stripe REST endpoints the server calls
 * (prices, coupons, Checkout Sessions, Subscriptions, customers, payment
 * methods, PaymentIntents, refunds, invoice payments, Connect accounts, links and transfers), so the official
 * SDK is exercised for real: point it here with STRIPE_API_URL. Every request
 * is recorded (method, path, form body decoded, Idempotency-Key) for assertions;
 * `failNext(path)` makes the next call to a path answer a Stripe API error.
 */
export interface PeerRequest {
  method: string;
  path: string;
  body: Record<string, unknown>;
  query: Record<string, unknown>;
  idempotencyKey: string | null;
}

export interface StripePeer {
  url: string;
  requests: PeerRequest[];
  objects: Map<string, Record<string, unknown>>;
  calls(method: string, path: string | RegExp): PeerRequest[];
  failNext(path: string): void;
  close(): Promise<void>;
}

/** `a[b][0][c]=v` form encoding (what stripe-node sends) → nested objects/arrays. */
export function decodeForm(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(parts[i + 1]);
      node[part] ??= nextIsIndex ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return out;
}

export async function startStripePeer(): Promise<StripePeer> {
  const requests: PeerRequest[] = [];
  const objects = new Map<string, Record<string, unknown>>();
  const failing = new Set<string>();
  let seq = 0;
  const id = (prefix: string) => `${prefix}_test_${++seq}`;
  const save = (o: Record<string, unknown>) => {
    objects.set(String(o.id), o);
    return o;
  };

  const routes: Array<[string, RegExp, (m: RegExpMatchArray, r: PeerRequest) => Record<string, unknown>]> = [
    [
      'GET',
      /^\/v1\/prices$/,
      (_m, r) => {
        const keys = (r.query.lookup_keys as string[] | undefined) ?? [];
        const data = [...objects.values()].filter((o) => o.object === 'price' && keys.includes(String(o.lookup_key)));
        return { object: 'list', data, has_more: false, url: '/v1/prices' };
      },
    ],
    [
      'POST',
      /^\/v1\/prices$/,
      (_m, r) =>
        save({
          id: id('price'),
          object: 'price',
          active: true,
          currency: r.body.currency,
          unit_amount: Number(r.body.unit_amount),
          recurring: r.body.recurring,
          lookup_key: r.body.lookup_key ?? null,
          product: id('prod'),
        }),
    ],
    [
      'GET',
      /^\/v1\/invoice_payments$/,
      (_m, r) => {
        // which invoice a PaymentIntent paid (a test stores `invoice_payment` objects in `objects`)
        const pi = (r.query.payment as { payment_intent?: string } | undefined)?.payment_intent;
        const data = [...objects.values()].filter(
          (o) => o.object === 'invoice_payment' && (o.payment as { payment_intent?: string }).payment_intent === pi,
        );
        return { object: 'list', data, has_more: false, url: '/v1/invoice_payments' };
      },
    ],
    [
      'POST',
      /^\/v1\/coupons$/,
      (_m, r) =>
        save({ id: id('coupon'), object: 'coupon', amount_off: Number(r.body.amount_off), duration: r.body.duration }),
    ],
    [
      'POST',
      /^\/v1\/checkout\/sessions$/,
      (_m, r) => {
        const sid = id('cs');
        return save({
          id: sid,
          object: 'checkout.session',
          mode: r.body.mode,
          metadata: r.body.metadata ?? {},
          url: `https://checkout.stripe.test/pay/${sid}`,
          payment_status: 'unpaid',
          success_url: r.body.success_url,
        });
      },
    ],
    [
      'POST',
      /^\/v1\/subscriptions\/([^/]+)$/,
      (m, r) =>
        save({
          ...(objects.get(m[1]) ?? { id: m[1], object: 'subscription' }),
          cancel_at_period_end: r.body.cancel_at_period_end === 'true',
        }),
    ],
    [
      'DELETE',
      /^\/v1\/subscriptions\/([^/]+)$/,
      (m) => save({ ...(objects.get(m[1]) ?? { id: m[1], object: 'subscription' }), status: 'canceled' }),
    ],
    ['POST', /^\/v1\/customers$/, (_m, r) => save({ id: id('cus'), object: 'customer', metadata: r.body.metadata })],
    [
      'POST',
      /^\/v1\/payment_methods\/([^/]+)\/attach$/,
      (m, r) =>
        save({
          id: m[1],
          object: 'payment_method',
          customer: r.body.customer,
          card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 },
          billing_details: { name: 'Test Fan' },
        }),
    ],
    [
      'POST',
      /^\/v1\/payment_intents$/,
      (_m, r) =>
        save({
          id: id('pi'),
          object: 'payment_intent',
          amount: Number(r.body.amount),
          status: 'processing',
          metadata: r.body.metadata ?? {},
        }),
    ],
    [
      'POST',
      /^\/v1\/refunds$/,
      (_m, r) => save({ id: id('re'), object: 'refund', amount: Number(r.body.amount), status: 'succeeded' }),
    ],
    [
      'POST',
      /^\/v1\/transfers$/,
      (_m, r) => {
        // Stripe answers a retried Idempotency-Key with the first result: one transfer per key
        const key = r.idempotencyKey ?? '';
        const seen = [...objects.values()].find((o) => o.object === 'transfer' && o.idempotency_key === key && key);
        if (seen) return seen;
        return save({
          id: id('tr'),
          object: 'transfer',
          amount: Number(r.body.amount),
          currency: r.body.currency,
          destination: r.body.destination,
          metadata: r.body.metadata ?? {},
          idempotency_key: key,
        });
      },
    ],
    ['POST', /^\/v1\/accounts$/, (_m, r) => save({ id: id('acct'), object: 'account', metadata: r.body.metadata })],
    [
      'POST',
      /^\/v1\/account_links$/,
      (_m, r) => ({ object: 'account_link', url: `https://connect.stripe.test/setup/${String(r.body.account)}` }),
    ],
  ];

  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (c) => {
      text += c;
    });
    req.on('end', () => {
      const u = new URL(req.url ?? '/', 'http://peer');
      const r: PeerRequest = {
        method: req.method ?? 'GET',
        path: u.pathname,
        body: decodeForm(text),
        query: decodeForm(u.search.slice(1)),
        idempotencyKey: (req.headers['idempotency-key'] as string | undefined) ?? null,
      };
      requests.push(r);
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${seq}` });
        res.end(JSON.stringify(body));
      };
      if (failing.delete(r.path)) {
        return send(402, { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } });
      }
      for (const [method, re, handle] of routes) {
        const m = r.path.match(re);
        if (m && method === r.method) return send(200, handle(m, r));
      }
      send(404, { error: { type: 'invalid_request_error', message: `No such route ${r.method} ${r.path}` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    objects,
    calls: (method, path) =>
      requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path))),
    failNext: (path) => failing.add(path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
