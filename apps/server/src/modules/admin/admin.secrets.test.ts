import net from 'node:net';
import { eq, like } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildAdmin } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { auditLog, mailOutbox, settings } from '../../db/schema';

const t = useTestApp();

/** A minimal SMTP peer on a free local port: records the AUTH credentials and each message. */
async function startSmtpPeer() {
  const received: Array<{ auth: string; data: string }> = [];
  const server = net.createServer((sock) => {
    let auth = '';
    let inData = false;
    let data = '';
    let buf = '';
    sock.write('220 test ESMTP\r\n');
    sock.on('data', (chunk) => {
      buf += chunk.toString('utf8');
      for (let i = buf.indexOf('\r\n'); i >= 0; i = buf.indexOf('\r\n')) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push({ auth, data });
            sock.write('250 OK queued\r\n');
          } else data += `${line}\n`;
          continue;
        }
        const cmd = line.slice(0, 4).toUpperCase();
        if (cmd === 'EHLO') sock.write('250-test\r\n250 AUTH PLAIN\r\n');
        else if (cmd === 'AUTH') {
          auth = Buffer.from(line.split(' ')[2] ?? '', 'base64').toString('utf8');
          sock.write('235 Authenticated\r\n');
        } else if (cmd === 'DATA') {
          inData = true;
          sock.write('354 go\r\n');
        } else if (cmd === 'QUIT') sock.end('221 bye\r\n');
        else sock.write('250 OK\r\n');
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  return { port, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

let peer: Awaited<ReturnType<typeof startSmtpPeer>> | null = null;
afterEach(async () => {
  await peer?.close();
  peer = null;
});

describe('admin secrets', () => {
  it('secrets are write-only (set/not set), apply without restart, and are audited without their values', async () => {
    const { app } = t();
    const admin = await buildAdmin(app);
    peer = await startSmtpPeer();
    const put = (payload: Record<string, unknown>) =>
      app.inject({ method: 'PUT', url: '/api/admin/settings', headers: admin.auth, payload });
    const get = async () =>
      (await app.inject({ method: 'GET', url: '/api/admin/settings', headers: admin.auth })).json();

    expect((await get()).secrets.stripeSecretKey).toEqual({ set: false, source: null });
    expect(app.ctx.mail.smtpEnabled).toBe(false);
    const configBefore = app.ctx.config;

    const smtpUrl = `smtp://mailer:hunter2-secret@127.0.0.1:${peer.port}`;
    const res = await put({
      stripeSecretKey: 'sk_test_console_123',
      stripePublishableKey: 'pk_test_console_123',
      smtpUrl,
      paymentGateway: 'stripe',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain('sk_test_console_123');
    expect(res.body).not.toContain('hunter2');
    expect(res.json().secrets).toMatchObject({
      stripeSecretKey: { set: true, source: 'console' },
      smtpUrl: { set: true, source: 'console' },
      agoraAppCertificate: { set: false, source: null },
    });
    expect(res.json().environment).toMatchObject({ stripeConfigured: true, smtpConfigured: true });

    // applied at once: a new config object (gateways and storage are rebuilt from it), the gateway switches
    expect(app.ctx.config).not.toBe(configBefore);
    expect(app.ctx.config.STRIPE_SECRET_KEY).toBe('sk_test_console_123');
    const pub = (await app.inject({ method: 'GET', url: '/api/settings/public' })).json();
    expect(pub).toMatchObject({ paymentGateway: 'stripe', stripePublishableKey: 'pk_test_console_123' });

    // mail now goes out over the SMTP server the admin set, with its password
    await app.ctx.mail.send({ to: 'fan@example.com', subject: 'Hello over SMTP', text: 'It works' });
    expect(peer.received).toHaveLength(1);
    expect(peer.received[0].auth).toBe('\0mailer\0hunter2-secret');
    expect(peer.received[0].data).toContain('Hello over SMTP');
    const [sent] = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.subject, 'Hello over SMTP'));
    expect(sent.status).toBe('sent');

    // stored sealed, audited without values
    const rows = await app.ctx.db.select().from(settings).where(like(settings.key, 'secret:%'));
    expect(JSON.stringify(rows)).not.toContain('sk_test_console_123');
    const audit = await app.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'settings.secrets'));
    expect(audit).toHaveLength(1);
    expect(audit[0].after).toEqual({ set: ['stripeSecretKey', 'stripePublishableKey', 'smtpUrl'], cleared: [] });
    expect(JSON.stringify(await app.ctx.db.select().from(auditLog))).not.toMatch(/sk_test_console|hunter2/);

    // blank keeps the current value; null clears it (back to the environment's: none here)
    await put({ stripeSecretKey: '' });
    expect(app.ctx.config.STRIPE_SECRET_KEY).toBe('sk_test_console_123');
    const cleared = await put({ stripeSecretKey: null, smtpUrl: null });
    expect(cleared.json().secrets.stripeSecretKey).toEqual({ set: false, source: null });
    expect(app.ctx.config.STRIPE_SECRET_KEY).toBeUndefined();
    expect(app.ctx.mail.smtpEnabled).toBe(false);
    expect((await app.inject({ method: 'GET', url: '/api/settings/public' })).json().paymentGateway).toBe('sandbox');

    const bad = await put({ stripeSecretKey: 42 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/stripeSecretKey/);
  });
});
