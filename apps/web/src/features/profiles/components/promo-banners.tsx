import { Megaphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type PromoPlacement, usePromos } from '../api';

/** Promotional banners an admin scheduled for this placement (GET /site-promo/search). */
export function PromoBanners({ placement }: { placement: PromoPlacement }) {
  const { t } = useTranslation();
  const { data } = usePromos(placement);
  const promos = data?.data ?? [];
  if (promos.length === 0) return null;
  return (
    <div className="mb-6 space-y-3">
      {promos.map((p) => {
        const inner = (
          <div className="flex items-center gap-4 overflow-hidden rounded-2xl bg-gradient-to-r from-brand-600 to-violet-600 p-4 text-white shadow-sm sm:p-5">
            {p.imageUrl ? (
              <img src={p.imageUrl} alt="" className="size-14 shrink-0 rounded-xl object-cover" />
            ) : (
              <Megaphone className="size-8 shrink-0 opacity-90" aria-hidden="true" />
            )}
            <div className="min-w-0">
              <p className="font-bold">{p.title}</p>
              {p.description && <p className="mt-0.5 text-sm text-white/85">{p.description}</p>}
            </div>
          </div>
        );
        const external = p.linkUrl && /^https?:\/\//.test(p.linkUrl);
        return (
          <aside key={p._id} aria-label={t('profiles.promotion')}>
            {!p.linkUrl ? (
              inner
            ) : external ? (
              <a href={p.linkUrl} target="_blank" rel="noopener noreferrer">
                {inner}
              </a>
            ) : (
              <Link to={p.linkUrl}>{inner}</Link>
            )}
          </aside>
        );
      })}
    </div>
  );
}
