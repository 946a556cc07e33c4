import { MESSAGE_MAX_TEXT } from '@marquee/shared';
import type { Ctx } from '../../context';
import { badRequest, forbidden } from '../../lib/errors';
import { msg } from '../../lib/i18n';
import { assertCanSell } from '../performers';
import { assertPrice } from '../settings';

/**
 * Message text is plain text: HTML tags and comments are removed (spec §5's
 * helper, with an empty allow-list), control characters other than newlines and
 * tabs dropped, runs of blank lines collapsed, ends trimmed.
 */
export function sanitizeMessageText(raw: string): string {
  return raw
    .replace(/<!--[\s\S]*?(-->|$)/g, '')
    .replace(/<\/?[a-zA-Z][^<>]*>/g, '')
    .replace(/\r\n?/g, '\n')
    .split('')
    .filter((c) => {
      const code = c.charCodeAt(0);
      return code === 9 || code === 10 || (code > 31 && code !== 127);
    })
    .join('')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export function checkText(raw: string): string {
  const text = sanitizeMessageText(raw);
  if (text.length > MESSAGE_MAX_TEXT)
    throw badRequest(msg('error.messages.tooLong', { max: MESSAGE_MAX_TEXT }), 'MESSAGE_TOO_LONG', [
      { field: 'text', message: `At most ${MESSAGE_MAX_TEXT} characters` },
    ]);
  return text;
}

/**
 * A pay-per-view price: creators who may sell (earning policy), with a file to unlock, within the
 * site's price limits (`assertPrice`).
 */
export async function checkPrice(
  ctx: Pick<Ctx, 'settings' | 'db' | 'now'>,
  sender: { id: string; role: string },
  price: number,
  fileCount: number,
): Promise<number> {
  if (!price) return 0;
  if (sender.role !== 'performer') throw forbidden(msg('error.messages.onlyCreatorsPaid'));
  await assertCanSell(ctx.db, sender.id, ctx.now());
  if (fileCount === 0)
    throw badRequest(msg('error.messages.paidNeedsFile'), 'PAID_MESSAGE_NEEDS_FILE', [
      { field: 'fileIds', message: 'Attach a photo or a video' },
    ]);
  return assertPrice(ctx, price, { code: 'MESSAGE_PRICE_RANGE' });
}
