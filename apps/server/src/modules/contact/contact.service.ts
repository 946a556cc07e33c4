import type { Ctx } from '../../context';
import { newId } from '../../db/ids';
import { contactMessages } from '../../db/schema';

export async function createContactMessage(
  ctx: Ctx,
  input: { name: string; email: string; message: string; userId: string | null; ip: string },
) {
  await ctx.db.insert(contactMessages).values({ id: newId(), ...input });
  const siteName = await ctx.settings.get('siteName');
  await ctx.mail.send({
    to: ctx.config.ADMIN_EMAIL,
    subject: `[${siteName}] Contact from ${input.name}`,
    text: `From: ${input.name} <${input.email}>\n\n${input.message}`,
    template: 'contact',
  });
}

/** Asks the configured verification endpoint (Google's by default); says so when verification is off. */
export async function verifyRecaptcha(ctx: Ctx, token: string, ip: string) {
  const secret = ctx.config.RECAPTCHA_SECRET;
  if (!secret) return { success: true, enabled: false, message: 'reCAPTCHA verification is disabled' };
  const res = await fetch(ctx.config.RECAPTCHA_VERIFY_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ secret, response: token, remoteip: ip }),
    signal: AbortSignal.timeout(10_000),
  }).catch(() => null);
  if (!res?.ok) return { success: false, enabled: true, message: 'reCAPTCHA service could not be reached' };
  const data = (await res.json()) as { success?: boolean; 'error-codes'?: string[] };
  return data.success
    ? { success: true, enabled: true }
    : { success: false, enabled: true, message: `reCAPTCHA failed: ${(data['error-codes'] ?? []).join(', ')}` };
}
