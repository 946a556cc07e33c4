import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, CardContent, CardHeader, CardTitle, Field, toast } from '../../../components/ui';
import { getErrorMessage } from '../../../lib/api';
import { streamingApi, useStreamSettings } from '../api';

/** The creator's private show price per minute and default group price (PUT /streaming/update). */
export function PricesCard() {
  const { t } = useTranslation();
  const { data, mutate } = useStreamSettings();
  const [privatePrice, setPrivatePrice] = useState('');
  const [groupPrice, setGroupPrice] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!data) return;
    setPrivatePrice(String(data.privateCallPrice));
    setGroupPrice(String(data.groupCallPrice));
  }, [data]);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const res = await streamingApi.update({
        privateCallPrice: Number(privatePrice),
        groupCallPrice: Number(groupPrice),
      });
      await mutate(res.settings, { revalidate: false });
      toast.success(t('streaming.saved'));
    } catch (err) {
      toast.error(getErrorMessage(err, 'Error occurred, please try again later'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('streaming.prices.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={save} className="space-y-4" data-testid="prices-form">
          <div className="grid gap-3 sm:grid-cols-2">
            <Field
              label={t('streaming.prices.private')}
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              value={privatePrice}
              onChange={(e) => setPrivatePrice(e.target.value)}
            />
            <Field
              label={t('streaming.prices.group')}
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              value={groupPrice}
              onChange={(e) => setGroupPrice(e.target.value)}
            />
          </div>
          <Button type="submit" variant="outline" loading={busy} disabled={!data}>
            {t('streaming.prices.save')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
