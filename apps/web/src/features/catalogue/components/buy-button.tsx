import type { ContentItem } from '@marquee/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { AddressPicker } from '../../orders/components/addresses';
import type { CardPurchase } from '../../payments/api';
import { SubscribeButton } from '../../subscriptions/components/subscribe-button';
import { UnlockDialog } from '../../wallet/components/unlock-dialog';
import { catalogueApi, tokens } from '../api';

/** How a locked item opens: buy, rent for N days, or subscribe. */
export function UnlockActions({ item, onDone }: { item: ContentItem; onDone: () => void }) {
  const { t } = useTranslation();
  const [confirm, setConfirm] = useState<'buy' | 'rent' | null>(null);
  const physical = item.type === 'product' && item.productType === 'physical';
  const [addressId, setAddressId] = useState('');
  const needAddress = () => {
    if (physical && confirm === 'buy' && !addressId) throw new Error(t('catalogue.chooseAddress'));
  };
  const card: CardPurchase | undefined =
    item.type === 'reel'
      ? undefined
      : confirm === 'rent'
        ? { type: item.type, id: item._id, rent: true }
        : {
            type: item.type,
            id: item._id,
            ...(item.type === 'product' ? { quantity: 1, ...(physical ? { deliveryAddressId: addressId } : {}) } : {}),
          };
  const run = async () => {
    needAddress();
    if (confirm === 'rent') await catalogueApi.rent(item.type, item._id);
    else
      await catalogueApi.buy(
        item.type,
        item._id,
        item.type === 'product' ? { quantity: 1, ...(physical ? { deliveryAddressId: addressId } : {}) } : {},
      );
  };
  if (!item.isSale) {
    return (
      <SubscribeButton
        performer={item.performer ?? { _id: item.performerId }}
        label={t('catalogue.subscribeToSee')}
        onSubscribed={onDone}
      />
    );
  }
  const shipping = physical ? (item.shippingFee ?? 0) : 0;
  const amount = confirm === 'rent' ? (item.rentPrice ?? 0) : Math.round((item.price + shipping) * 100) / 100;
  const buyText =
    shipping > 0
      ? t('catalogue.buyWithShipping', { title: item.title, price: tokens(item.price), shipping: tokens(shipping) })
      : t('catalogue.buyTitle', { title: item.title });
  return (
    <div className="flex flex-wrap gap-2">
      <Button onClick={() => setConfirm('buy')} data-testid="buy-button">
        {t('catalogue.buyFor', { amount: tokens(item.price) })}
      </Button>
      {item.rentPrice ? (
        <Button variant="outline" onClick={() => setConfirm('rent')} data-testid="rent-button">
          {t('catalogue.rentFor', { count: item.rentDays ?? 0, amount: tokens(item.rentPrice) })}
        </Button>
      ) : null}
      <UnlockDialog
        open={confirm !== null}
        onOpenChange={(o) => !o && setConfirm(null)}
        title={t('catalogue.confirmPurchase')}
        description={
          confirm === 'rent' ? t('catalogue.rentTitle', { title: item.title, count: item.rentDays ?? 0 }) : buyText
        }
        price={amount}
        confirmLabel={t('catalogue.pay', { amount: tokens(amount) })}
        onConfirm={run}
        card={card}
        cardCheck={needAddress}
        successMessage={confirm === 'rent' ? `Rented for ${item.rentDays} days` : 'Purchase complete'}
        onDone={onDone}
      >
        {physical && confirm === 'buy' && (
          <div className="mb-3">
            <AddressPicker value={addressId} onChange={setAddressId} />
          </div>
        )}
      </UnlockDialog>
    </div>
  );
}
