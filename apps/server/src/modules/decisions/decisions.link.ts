import { z } from 'zod';
import type { Ctx } from '../../context';
import type { DecisionRow } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { publicOrigin } from '../../lib/public-origin';
import { hmac, safeEqual } from '../../lib/secret';
import { findDecision } from './decisions.repo';
import { appealUntil } from './decisions.window';

/**
 * The statement's own link, `/appeal/<id>~<expiry>~<signature>` (HMAC-SHA256 of the decision id
 * and the end of its appeal window under the site's secret key), sent in the statement mail. It
 * shows the statement and takes the appeal without signing in, because a suspended account cannot
 * sign in (docs/compliance.md "DSA"). Whoever holds the mail holds the account's mailbox anyway.
 */
const sign = (secret: string, id: string, exp: number) => hmac(secret, `appeal:${id}.${exp}`);

export function appealToken(secret: string, d: Pick<DecisionRow, 'id' | 'createdAt'>): string {
  const exp = Math.floor(appealUntil(d).getTime() / 1000);
  return `${d.id}~${exp}~${sign(secret, d.id, exp)}`;
}

export const appealLink = (ctx: Pick<Ctx, 'config'>, d: Pick<DecisionRow, 'id' | 'createdAt'>) =>
  `${publicOrigin(ctx.config)}/appeal/${appealToken(ctx.config.secretKey, d)}`;

/** The token in the path of the link's routes. */
export const decisionLinkParams = z.object({ token: z.string().min(10).max(300) });

/**
 * The decision a link names: 404 when forged or the statement is withheld, 410 once the six months
 * to appeal have passed (the page then says so; the account's page still lists the decision).
 */
export async function decisionFromLink(ctx: Pick<Ctx, 'config' | 'db' | 'now'>, token: string): Promise<DecisionRow> {
  const [id, expText, sig] = token.split('~');
  const exp = Number(expText);
  if (!id || !sig || !Number.isInteger(exp) || !safeEqual(sig, sign(ctx.config.secretKey, id, exp)))
    throw notFound('Decision');
  const d = await findDecision(ctx.db, id);
  if (!d || !d.userId || d.data.withheld) throw notFound('Decision');
  if (ctx.now().getTime() >= exp * 1000)
    throw new AppError(410, 'The six months to appeal this decision have passed', 'LINK_EXPIRED');
  return d;
}
