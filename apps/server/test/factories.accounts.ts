import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { App } from '../src/app';
import { mailOutbox } from '../src/db/schema';

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
