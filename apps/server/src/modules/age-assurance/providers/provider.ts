import type { AgeAssuranceProviderName } from '@marquee/shared';
import type { Ctx } from '../../../context';

export type CheckOutcome = { status: 'pending' | 'assured' | 'failed' | 'expired'; method: string | null };

/**
 * An age-assurance vendor the fan is sent to and back from (Yoti; VerifyMy and Ondato would be one
 * file each beside yoti.ts). The result is asked server-side: nothing the browser brings back is
 * trusted. Only the outcome and method are kept, never an image or a document.
 */
export interface RedirectProvider {
  name: Exclude<AgeAssuranceProviderName, 'builtin'>;
  /** Whether the site has what the vendor needs (keys, or the demo's sandbox). */
  configured(ctx: Pick<Ctx, 'config'>): boolean;
  /** Opens a session at the vendor; `url` is where the browser goes; the vendor sends it back to callbackUrl. */
  startCheck(
    ctx: Pick<Ctx, 'config'>,
    o: { referenceId: string; callbackUrl: string },
  ): Promise<{ externalId: string; url: string }>;
  /** The vendor's verdict on a session. */
  fetchResult(ctx: Pick<Ctx, 'config'>, externalId: string): Promise<CheckOutcome>;
}
