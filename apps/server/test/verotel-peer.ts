import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local peer that plays Verotel FlexPay from its public documentation (docs/payments.md,
 * "Verotel"): the Order Page at `/startorder` (refuses a link whose FlexPay signature is wrong,
 * takes a card number: ACCEPTED_CARD is approved, any other declined), the postbacks Verotel sends
 * (GET as documented, or POST as a form: `postbacksBy`; FlexPay-signed, retried until the answer is `OK`) and the Control Center API call that stops
 * rebilling (`POST /api/sale/{saleID}/cancel`, Basic auth). Its signing is written here from the
 * docs, independently of the server's. Postbacks go through `deliver` (the test's app.inject).
 */
export const ACCEPTED_CARD = '4111111111111111';
export const DECLINED_CARD = '4000000000000002';

export interface PeerDelivery {
  params: Record<string, string>;
  query: string;
  status: number;
  body: string;
}
export interface PeerSale {
  saleID: string;
  /** The order link's parameters (what the merchant signed). */
  order: Record<string, string>;
  transactions: string[];
  cancelled: boolean;
}
export interface VerotelPeerOptions {
  shopId: string;
  signatureKey: string;
  apiUsername: string;
  apiPassword: string;
  /** Hands one postback to the app: `GET` (FlexPay's documented way) or `POST` as a form. */
  deliver(query: string, method: 'GET' | 'POST'): Promise<{ status: number; body: string }>;
}

const SIGNED =
  /^(version|shopID|price(Amount|Currency)|paymentMethod|description|referenceID|saleID|custom[123]|subscriptionType|period|name|trialAmount|trialPeriod|cancelDiscountPercentage|type|successURL|declineURL|precedingSaleID|upgradeOption)$/;

export function startVerotelPeer(o: VerotelPeerOptions) {
  const sign = (params: Record<string, string>, key = o.signatureKey) => {
    const line = [
      key,
      ...Object.keys(params)
        .sort()
        .map((k) => `${k}=${params[k]}`),
    ].join(':');
    return crypto.createHash('sha256').update(line, 'utf8').digest('hex');
  };
  const sales = new Map<string, PeerSale>();
  const orders = new Map<string, Record<string, string>>();
  const deliveries: PeerDelivery[] = [];
  const queued: Array<Record<string, string>> = [];
  const apiCalls: Array<{ path: string; authorization: string; accept: string }> = [];
  let seq = 1000;
  let method: 'GET' | 'POST' = 'GET';

  /** Sends one signed postback; a non-OK answer stays in `failed()` for Verotel's retry. */
  async function post(params: Record<string, string>): Promise<PeerDelivery> {
    const withSig = { ...params, signature: sign(params) };
    const query = new URLSearchParams(withSig).toString();
    const answer = await o.deliver(query, method);
    const d = { params: withSig, query, ...answer };
    deliveries.push(d);
    return d;
  }

  /** What every postback of a sale carries: the shop, the sale, our reference and pass-through fields. */
  const saleParams = (sale: PeerSale) => {
    const pick = ['referenceID', 'custom1', 'custom2', 'custom3'].filter((k) => sale.order[k]);
    return {
      shopID: o.shopId,
      saleID: sale.saleID,
      type: sale.order.type,
      ...Object.fromEntries(pick.map((k) => [k, sale.order[k]])),
    };
  };
  const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
  const days = (period: string) => Number(/^P(\d+)D$/.exec(period)?.[1] ?? 30);
  const saleOf = (id: string) => {
    const s = sales.get(id);
    if (!s) throw new Error(`peer: no sale ${id}`);
    return s;
  };
  const saleOfTransaction = (txn: string) => {
    const s = [...sales.values()].find((x) => x.transactions.includes(txn));
    if (!s) throw new Error(`peer: no transaction ${txn}`);
    return s;
  };

  /** The buyer paid on the Order Page: the sale, its first transaction and its postback (`purchase` or `initial`). */
  function approve(order: Record<string, string>) {
    const sale: PeerSale = { saleID: String(++seq), order, transactions: [String(++seq)], cancelled: false };
    sales.set(sale.saleID, sale);
    const sub = order.type === 'subscription';
    const first = sub && order.trialAmount ? order.trialAmount : order.priceAmount;
    const params: Record<string, string> = {
      ...saleParams(sale),
      transactionID: sale.transactions[0],
      priceAmount: first,
      priceCurrency: order.priceCurrency,
      paymentMethod: 'CC',
      CCBrand: 'VISA',
      truncatedPAN: 'XXXXXXXXXXXX1111',
      ...(sub
        ? {
            event: 'initial',
            subscriptionType: order.subscriptionType,
            period: order.period,
            nextChargeOn: day(days(order.trialPeriod ?? order.period)),
          }
        : {}),
    };
    return { sale, params };
  }

  const html = (body: string) => `<!doctype html><html><body>${body}</body></html>`;
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (c) => {
      text += c;
    });
    req.on('end', async () => {
      const u = new URL(req.url ?? '/', 'http://peer');
      const send = (status: number, body: string, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers });
        res.end(body);
      };
      if (req.method === 'GET' && u.pathname === '/startorder') {
        const params = Object.fromEntries(u.searchParams);
        const { signature, ...rest } = params;
        const signed = Object.fromEntries(Object.entries(rest).filter(([k]) => SIGNED.test(k)));
        if (rest.shopID !== o.shopId || signature !== sign(signed)) return send(400, html('Invalid signature'));
        if (rest.version !== '4' || !rest.priceAmount || !rest.priceCurrency) return send(400, html('Bad request'));
        const id = `ord_${++seq}`;
        orders.set(id, rest);
        return send(
          200,
          html(
            `<h1>${rest.description ?? rest.name ?? ''}</h1><p>${rest.priceAmount} ${rest.priceCurrency}</p>` +
              `<form method="post" action="/startorder/pay"><input type="hidden" name="order" value="${id}">` +
              '<input name="cardNumber"><button>Pay</button></form>',
          ),
        );
      }
      if (req.method === 'POST' && u.pathname === '/startorder/pay') {
        const form = new URLSearchParams(text);
        const order = orders.get(form.get('order') ?? '');
        if (!order) return send(404, html('Unknown order'));
        if (form.get('cardNumber')?.replace(/\D/g, '') !== ACCEPTED_CARD)
          return send(302, '', { location: order.declineURL ?? '/' });
        orders.delete(form.get('order')!);
        const { params } = approve(order);
        if (form.get('hold') === '1') queued.push(params);
        else await post(params);
        return send(302, '', { location: order.successURL ?? '/' });
      }
      const cancel = /^\/api\/sale\/(\d+)\/cancel$/.exec(u.pathname);
      if (req.method === 'POST' && cancel) {
        const authorization = req.headers.authorization ?? '';
        apiCalls.push({ path: u.pathname, authorization, accept: String(req.headers.accept ?? '') });
        const json = (status: number, body: unknown) =>
          send(status, JSON.stringify(body), { 'content-type': 'application/json' });
        const expected = `Basic ${Buffer.from(`${o.apiUsername}:${o.apiPassword}`).toString('base64')}`;
        if (authorization !== expected) return json(401, { error: { title: 'Unauthorized' } });
        const sale = sales.get(cancel[1]);
        if (!sale) return json(404, { error: { title: 'Sale not found.' } });
        if (sale.cancelled) return json(412, { error: { title: 'This sale is already cancelled.' } });
        sale.cancelled = true;
        // Verotel tells the merchant afterwards, like every cancellation (cancelledBy=merchant)
        queued.push(cancelParams(sale, 'merchant'));
        return json(200, { is_success: true });
      }
      send(404, html('Not found'));
    });
  });

  const cancelParams = (sale: PeerSale, by: string) => ({
    ...saleParams(sale),
    event: 'cancel',
    cancelledBy: by,
    subscriptionPhase: 'normal',
    subscriptionType: sale.order.subscriptionType ?? 'recurring',
  });
  /** A credit or chargeback of one transaction (`parentID`), as Verotel reports it. */
  const reversal = (event: 'credit' | 'chargeback', txn: string, amount?: string) => {
    const sale = saleOfTransaction(txn);
    const id = String(++seq);
    sale.transactions.push(id);
    return post({
      ...saleParams(sale),
      event,
      transactionID: id,
      parentID: txn,
      priceAmount: amount ?? sale.order.priceAmount,
      priceCurrency: sale.order.priceCurrency,
      ...(sale.order.type === 'subscription' ? { subscriptionPhase: 'terminated' } : {}),
    });
  };

  return new Promise<ReturnType<typeof api>>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(api((server.address() as AddressInfo).port))),
  );

  function api(port: number) {
    const url = `http://127.0.0.1:${port}`;
    return {
      url,
      apiUrl: `${url}/api`,
      sales,
      deliveries,
      apiCalls,
      sign,
      /** The buyer opens the link and pays with `card`: answers where the Order Page sends them back. */
      async checkout(link: string, card: string, opts: { hold?: boolean } = {}) {
        const page = await fetch(link);
        const body = await page.text();
        if (page.status !== 200) return { status: page.status, body, location: null, sale: null };
        const order = /name="order" value="([^"]+)"/.exec(body)![1];
        const paid = await fetch(`${url}/startorder/pay`, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ order, cardNumber: card, ...(opts.hold ? { hold: '1' } : {}) }).toString(),
        });
        const ref = new URL(link).searchParams.get('referenceID');
        const sale = [...sales.values()].find((s) => s.order.referenceID === ref) ?? null;
        return { status: paid.status, body, location: paid.headers.get('location'), sale };
      },
      /** Verotel charged the next period (`hold`: its postback waits for `flush`). */
      async rebill(saleID: string, opts: { hold?: boolean } = {}) {
        const sale = saleOf(saleID);
        const id = String(++seq);
        sale.transactions.push(id);
        const params = {
          ...saleParams(sale),
          event: 'rebill',
          transactionID: id,
          amount: sale.order.priceAmount,
          currency: sale.order.priceCurrency,
          nextChargeOn: day(days(sale.order.period)),
          paymentMethod: 'CC',
          CCBrand: 'VISA',
          subscriptionType: sale.order.subscriptionType,
        };
        if (!opts.hold) return post(params);
        queued.push(params);
        return null;
      },
      /** The buyer (or Verotel's support) cancelled at Verotel. */
      cancel(saleID: string, by = 'user') {
        const sale = saleOf(saleID);
        sale.cancelled = true;
        return post(cancelParams(sale, by));
      },
      expire: (saleID: string) =>
        post({
          ...saleParams(saleOf(saleID)),
          event: 'expiry',
          subscriptionType: saleOf(saleID).order.subscriptionType,
        }),
      credit: (txn: string, amount?: string) => reversal('credit', txn, amount),
      chargeback: (txn: string) => reversal('chargeback', txn),
      /** Any parameters, signed (with another key to forge one). */
      postRaw: (params: Record<string, string>, key?: string) =>
        o.deliver(new URLSearchParams({ ...params, signature: sign(params, key) }).toString(), method),
      /** How the following postbacks are sent (an integration configured for POST): GET by default. */
      postbacksBy(m: 'GET' | 'POST') {
        method = m;
      },
      /** Postbacks held back (a held sale, cancellations by API), in order. */
      async flush() {
        const out: PeerDelivery[] = [];
        while (queued.length > 0) out.push(await post(queued.shift()!));
        return out;
      },
      /** Verotel's retry of every delivery not answered OK yet. */
      async retryFailed() {
        const failed = deliveries.filter(
          (d) => d.body !== 'OK' && !deliveries.some((x) => x.query === d.query && x.body === 'OK'),
        );
        const unique = [...new Map(failed.map((d) => [d.query, d])).values()];
        const out: PeerDelivery[] = [];
        for (const d of unique) {
          const answer = await o.deliver(d.query, method);
          const again = { ...d, ...answer };
          deliveries.push(again);
          out.push(again);
        }
        return out;
      },
      /** The same delivery again (a duplicate). */
      async redeliver(d: PeerDelivery, by = method) {
        const answer = await o.deliver(d.query, by);
        deliveries.push({ ...d, ...answer });
        return answer;
      },
      close: () => new Promise<void>((r) => server.close(() => r())),
    };
  }
}

export type VerotelPeer = Awaited<ReturnType<typeof startVerotelPeer>>;
