import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { importJWK, jwtVerify } from 'jose';

/**
 * A local push service (RFC 8030) standing in for FCM/Mozilla autopush: it takes the POST a
 * server sends to a subscription's endpoint, records it, and answers 201 Created (or a status
 * set for an endpoint: 410 Gone for an expired subscription). A `PeerDevice` is the browser side:
 * its P-256 key pair and auth secret, to decrypt what arrives (RFC 8291, aes128gcm) and to check
 * the VAPID signature (RFC 8292) — all with node's crypto, independent of the web-push package.
 */
export interface PushedRequest {
  id: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface PeerDevice {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  decrypt(body: Buffer): string;
}

export interface PushPeer {
  url: string;
  received: PushedRequest[];
  device(id?: string): PeerDevice;
  answer(id: string, status: number): void;
  /** The next message that reaches an endpoint id (waits for it). */
  next(id: string, timeoutMs?: number): Promise<PushedRequest>;
  close(): Promise<void>;
}

export async function startPushPeer(): Promise<PushPeer> {
  const received: PushedRequest[] = [];
  const statuses = new Map<string, number>();
  const waiters: Array<{ id: string; resolve: (r: PushedRequest) => void }> = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = (req.url ?? '').replace(/^\/push\//, '');
      if (req.method !== 'POST' || !req.url?.startsWith('/push/')) {
        res.writeHead(404).end();
        return;
      }
      const status = statuses.get(id) ?? 201;
      const r = { id, headers: req.headers, body: Buffer.concat(chunks) };
      received.push(r);
      for (const w of waiters.filter((x) => x.id === id)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(r);
      }
      res.writeHead(status, status === 201 ? { location: `/message/${crypto.randomUUID()}` } : {}).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    device(id = crypto.randomUUID()) {
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = crypto.randomBytes(16);
      return {
        endpoint: `${url}/push/${id}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        decrypt: (body) => decryptAes128gcm(body, ecdh, auth),
      };
    },
    answer(id, status) {
      statuses.set(id, status);
    },
    next(id, timeoutMs = 15_000) {
      const already = received.find((r) => r.id === id);
      if (already) {
        received.splice(received.indexOf(already), 1);
        return Promise.resolve(already);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no push reached ${id} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          id,
          resolve: (r) => {
            clearTimeout(timer);
            received.splice(received.indexOf(r), 1);
            resolve(r);
          },
        });
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const hmac = (key: Buffer, data: Buffer) => crypto.createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3.4 + RFC 8188: the user agent's side of Web Push message encryption. */
export function decryptAes128gcm(body: Buffer, ua: crypto.ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20];
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  if (ciphertext.length > rs) throw new Error('more than one record');
  const ecdhSecret = ua.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ua.getPublicKey(), asPublic]);
  const ikm = hmac(hmac(authSecret, ecdhSecret), Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('bad padding delimiter (not the last record)');
  return padded.subarray(0, end).toString('utf8');
}

/** RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`; verifies the ES256 signature and claims. */
export async function verifyVapid(authorization: string | undefined, endpoint: string) {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!m) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [, jwt, k] = m;
  const raw = Buffer.from(k, 'base64url');
  const key = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    'ES256',
  );
  const { payload } = await jwtVerify(jwt, key, { audience: new URL(endpoint).origin });
  return { publicKey: k, claims: payload };
}
