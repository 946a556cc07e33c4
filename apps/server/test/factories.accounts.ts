import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { App } from '../src/app';
import { mailOutbox, users } from '../src/db/schema';
import { currentTotpCode } from '../src/modules/auth/totp';

/** The newest mail sent to an address (from the outbox), and the token of the first link in it. */
export async function lastMailTo(app: App, to: string) {
  const [mail] = await app.ctx.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const token = mail?.text.match(/token=([\w-]+)/)?.[1] ?? null;
  return { mail, token };
}

/** A small real PNG image. */
export function pngBytes(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 120 } } })
    .png()
    .toBuffer();
}

/** A multipart/form-data body for app.inject. */
export function multipartBody(
  fields: Record<string, string>,
  files: Array<{ field: string; name: string; type: string; data: Buffer }>,
) {
  const boundary = `----marquee${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${f.field}"; filename="${f.name}"\r\ncontent-type: ${f.type}\r\n\r\n`,
      ),
    );
    chunks.push(f.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A minimal PDF file. */
export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** Turns two-factor authentication on for an account through the API; the secret for codes. */
export async function enableTotpFor(app: App, auth: { authorization: string }): Promise<string> {
  const setup = await app.inject({ method: 'POST', url: '/api/auth/2fa/setup', headers: auth });
  const { secret } = setup.json() as { secret: string };
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/2fa/enable',
    headers: auth,
    payload: { code: currentTotpCode(secret) },
  });
  if (res.statusCode !== 200) throw new Error(`2FA enable failed: ${res.body}`);
  // The enabling code's time step is spent; let the next code of the same step work in tests.
  await app.ctx.db
    .update(users)
    .set({ totpLastStep: 0 })
    .where(eq(users.id, (await whoAmI(app, auth))._id));
  return secret;
}

async function whoAmI(app: App, auth: { authorization: string }) {
  return (await app.inject({ url: '/api/users/me', headers: auth })).json() as { _id: string };
}
