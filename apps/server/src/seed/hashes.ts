import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import type { Ctx } from '../context';
import { users } from '../db/schema';
import { pdqOfImage } from '../lib/hashing/pdq-image';
import { loadHashList, screenUploads } from '../modules/compliance-hashes/hashes.service';
import { insertUser } from '../modules/users/users.repo';

/** A generated picture (stripes and circles) standing in for a listed file. */
const DEMO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
  <rect width="640" height="480" fill="#1e293b"/>
  ${Array.from({ length: 8 }, (_, i) => `<rect x="${i * 80}" y="0" width="40" height="480" fill="#${['f97316', '22c55e', '3b82f6', 'eab308'][i % 4]}"/>`).join('')}
  <circle cx="200" cy="240" r="120" fill="#f8fafc"/><circle cx="470" cy="160" r="70" fill="#0f172a"/>
</svg>`;

/**
 * The compliance screens populated (docs/compliance.md): an operator's PDQ list holding the hash of a
 * generated picture, and one upload of that picture by a demo account through the real screening
 * path, so Admin › Hash matches shows a blocked upload, a suspended uploader and a report draft.
 */
export async function seedHashes(ctx: Ctx) {
  const [admin] = await ctx.db.select().from(users).where(eq(users.username, 'admin'));
  if (!admin) return;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'marquee-seed-hash-'));
  try {
    const file = path.join(dir, 'listed.jpg');
    await sharp(Buffer.from(DEMO_SVG)).jpeg({ quality: 85 }).toFile(file);
    const { hash } = await pdqOfImage(file);
    await loadHashList(ctx, admin.id, null, {
      name: 'Demo industry list (PDQ)',
      kind: 'pdq',
      threshold: 31,
      content: `hash,quality,id\n${hash},100,DEMO-0001\n`,
    });
    const uploader = await insertUser(ctx.db, {
      username: 'blocked_uploader',
      email: 'blocked@marquee.local',
      name: 'Blocked Uploader',
      role: 'user',
      emailVerified: true,
    });
    const copy = path.join(dir, 'copy.jpg');
    await sharp(file).resize(480).jpeg({ quality: 60 }).toFile(copy);
    const { size } = await fs.stat(copy);
    const req = {
      ip: '203.0.113.7',
      headers: { 'user-agent': 'Demo browser' },
      protocol: 'http',
      host: 'localhost',
    } as unknown as FastifyRequest;
    await screenUploads(ctx, req, uploader.id, [
      { id: 'demo', tmpFile: copy, kind: 'photo', mime: 'image/jpeg', ext: 'jpg', size, originalName: 'holiday.jpg' },
    ]).catch(() => {}); // blocked, as intended
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
