import type { ContentType } from '@marquee/shared';
import { Download, Lock } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageSpinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import { DATE_TIME, formatDate, formatNumber } from '../../../lib/i18n/format';
import { catalogueApi, previewOf, tokens, useItem } from '../api';
import { UnlockActions } from './buy-button';
import { VideoPlayer } from './video-player';

/** A video, scene, scenario or product: the player (or teaser when locked), details, and buy/rent. */
export function ItemPage({ type, id }: { type: ContentType; id: string }) {
  const { t } = useTranslation();
  const { data: item, error, mutate } = useItem(type, id);
  const [downloading, setDownloading] = useState(false);
  if (error) return <EmptyState title={t('catalogue.notFound')} description={t('catalogue.notFoundText')} />;
  if (!item) return <PageSpinner />;
  const preview = previewOf(item);
  const teaser = item.teaser?.url ?? item.video?.teaserUrl;
  const download = async () => {
    setDownloading(true);
    try {
      const { downloadLink } = await catalogueApi.downloadLink(item._id);
      // Saved as a file (same-origin link with `download`), so the app stays open in this tab.
      const a = Object.assign(document.createElement('a'), { href: downloadLink, download: '', rel: 'noopener' });
      document.body.append(a);
      a.click();
      a.remove();
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <article className="mx-auto max-w-4xl space-y-4" data-testid={`item-page-${type}`}>
      {type === 'product' ? (
        <div className="grid gap-2 sm:grid-cols-2">
          {(item.images.length ? item.images : []).map((img) => (
            <img
              key={img._id}
              src={img.url ?? img.thumbnail}
              alt=""
              className="aspect-square w-full rounded-2xl object-cover"
            />
          ))}
          {item.images.length === 0 && preview && (
            <img src={preview} alt="" className="aspect-square w-full rounded-2xl object-cover" />
          )}
        </div>
      ) : item.unlocked && item.video ? (
        <VideoPlayer file={item.video} poster={item.thumbnail?.url} />
      ) : (
        <div className="relative overflow-hidden rounded-2xl bg-zinc-900" data-testid="locked-video">
          {teaser ? (
            <video
              className="aspect-video w-full object-cover opacity-80"
              src={teaser}
              muted
              autoPlay
              loop
              playsInline
            />
          ) : preview ? (
            <img src={preview} alt="" className="aspect-video w-full object-cover opacity-70" />
          ) : (
            <div className="aspect-video" />
          )}
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-black/40 p-4 text-white">
            <Lock className="size-8" aria-hidden />
            <p className="text-sm">
              {item.isSale ? t('catalogue.unlockFor', { amount: tokens(item.price) }) : t('catalogue.subscribersOnly')}
            </p>
            <UnlockActions item={item} onDone={() => void mutate()} />
          </div>
        </div>
      )}
      <header className="space-y-1">
        <h1 className="text-2xl font-bold">{item.title}</h1>
        {item.performer && (
          <Link className="text-sm text-brand-600" to={`/${item.performer.username ?? item.performerId}`}>
            {t('catalogue.by', { name: item.performer.name })}
          </Link>
        )}
        <p className="text-sm text-zinc-500">
          {t('catalogue.views', { count: item.stats.views, n: formatNumber(item.stats.views) })}
          {item.duration ? ` · ${Math.round(item.duration)} s` : ''}
          {item.category ? ` · ${item.category.name}` : ''}
          {item.accessExpiresAt
            ? ` · ${t('catalogue.rentedUntil', { date: formatDate(item.accessExpiresAt, DATE_TIME) })}`
            : ''}
        </p>
      </header>
      {item.description && <p className="whitespace-pre-line text-zinc-700 dark:text-zinc-300">{item.description}</p>}
      {item.tags.length > 0 && <p className="text-sm text-brand-600">{item.tags.map((t) => `#${t}`).join(' ')}</p>}
      {type === 'product' && (
        <div className="space-y-2 rounded-2xl border border-zinc-200 p-4 dark:border-zinc-800">
          <p className="text-xl font-bold">{tokens(item.price)}</p>
          {item.productType === 'physical' ? (
            <p className="text-sm text-zinc-500">
              {item.stock ? t('catalogue.inStock', { count: item.stock }) : t('catalogue.soldOut')} ·{' '}
              {t('catalogue.shipping', { amount: tokens(item.shippingFee ?? 0) })}
            </p>
          ) : (
            <p className="text-sm text-zinc-500">{t('catalogue.digitalDownload')}</p>
          )}
          {item.isBought && item.productType === 'digital' ? (
            <Button onClick={download} loading={downloading} data-testid="download-button">
              <Download className="size-4" aria-hidden /> {t('catalogue.download')}
            </Button>
          ) : item.productType === 'physical' && !item.stock ? null : (
            <UnlockActions item={item} onDone={() => void mutate()} />
          )}
        </div>
      )}
    </article>
  );
}
