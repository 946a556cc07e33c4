import type { Address } from '@marquee/shared';
import { MapPin, Pencil, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import { usePageTitle } from '../../settings/hooks';
import { type AddressInput, useAddresses, walletApi } from '../../wallet/api';

const EMPTY: AddressInput = {
  name: '',
  country: '',
  state: '',
  city: '',
  streetAddress: '',
  zipCode: '',
  phone: '',
  description: '',
  isDefault: false,
};

export function formatAddress(a: Pick<Address, 'streetAddress' | 'city' | 'state' | 'zipCode' | 'country'>) {
  return [a.streetAddress, a.city, a.state, a.zipCode, a.country].filter(Boolean).join(', ');
}

/** Create or edit a delivery address; resolves with the saved address. */
export function AddressForm({
  initial,
  onSaved,
  onCancel,
}: {
  initial?: Address;
  onSaved: (a: Address) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const [v, setV] = useState<AddressInput>(initial ? { ...EMPTY, ...initial } : EMPTY);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (k: keyof AddressInput) => (e: { target: { value: string } }) => setV({ ...v, [k]: e.target.value });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    setBusy(true);
    setErrors({});
    try {
      const body: AddressInput = {
        name: v.name,
        country: v.country,
        state: v.state,
        city: v.city,
        streetAddress: v.streetAddress,
        zipCode: v.zipCode,
        phone: v.phone,
        description: v.description,
        isDefault: v.isDefault,
      };
      const saved = initial ? await walletApi.updateAddress(initial._id, body) : await walletApi.createAddress(body);
      toast.success(t('orders.address.saved'));
      onSaved(saved);
    } catch (err) {
      const details = (err as { details?: Array<{ path?: string | string[]; message: string }> })?.details;
      if (Array.isArray(details)) {
        const map: Record<string, string> = {};
        for (const d of details) map[Array.isArray(d.path) ? d.path.join('.') : String(d.path)] = d.message;
        setErrors(map);
      }
      toast.error(getErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2" data-testid="address-form">
      <Field
        label={t('orders.address.fullName')}
        name="name"
        value={v.name}
        onChange={set('name')}
        required
        error={errors.name}
      />
      <Field
        label={t('orders.address.phone')}
        name="phone"
        value={v.phone}
        onChange={set('phone')}
        error={errors.phone}
      />
      <Field
        label={t('orders.address.street')}
        name="streetAddress"
        value={v.streetAddress}
        onChange={set('streetAddress')}
        required
        error={errors.streetAddress}
        className="sm:col-span-2"
      />
      <Field
        label={t('orders.address.city')}
        name="city"
        value={v.city}
        onChange={set('city')}
        required
        error={errors.city}
      />
      <Field label={t('orders.address.state')} name="state" value={v.state} onChange={set('state')} />
      <Field
        label={t('orders.address.zip')}
        name="zipCode"
        value={v.zipCode}
        onChange={set('zipCode')}
        required
        error={errors.zipCode}
      />
      <Field
        label={t('orders.address.country')}
        name="country"
        value={v.country}
        onChange={set('country')}
        required
        error={errors.country}
      />
      <Field label={t('orders.address.note')} name="description" value={v.description} onChange={set('description')} />
      <label className="flex items-center gap-2 self-end pb-3 text-sm">
        <input type="checkbox" checked={v.isDefault} onChange={(e) => setV({ ...v, isDefault: e.target.checked })} />
        {t('orders.address.makeDefault')}
      </label>
      <div className="flex justify-end gap-2 sm:col-span-2">
        {onCancel && (
          <Button type="button" variant="ghost" onClick={onCancel}>
            {t('orders.cancel')}
          </Button>
        )}
        <Button type="submit" loading={busy} data-testid="save-address">
          {t('orders.address.save')}
        </Button>
      </div>
    </form>
  );
}

/** Choose one of my addresses (or add one) — for buying a physical product or changing an order's address. */
export function AddressPicker({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const { t } = useTranslation();
  const { data, isLoading, mutate } = useAddresses();
  const [adding, setAdding] = useState(false);
  const list = data?.data ?? [];
  const first = list.find((a) => a.isDefault)?._id ?? list[0]?._id;
  // The default address is chosen until the fan picks another.
  useEffect(() => {
    if (!value && first) onChange(first);
  }, [value, first, onChange]);
  if (isLoading) return <Skeleton className="h-20 w-full" />;
  if (adding || list.length === 0)
    return (
      <div className="space-y-2">
        <p className="text-sm font-medium">{t('orders.address.delivery')}</p>
        <AddressForm
          onSaved={async (a) => {
            await mutate();
            onChange(a._id);
            setAdding(false);
          }}
          onCancel={list.length > 0 ? () => setAdding(false) : undefined}
        />
      </div>
    );
  return (
    <fieldset className="space-y-2" data-testid="address-picker">
      <legend className="mb-1 text-sm font-medium">{t('orders.address.delivery')}</legend>
      {list.map((a) => (
        <label
          key={a._id}
          className="flex cursor-pointer items-start gap-2 rounded-xl border border-zinc-200 p-3 text-sm has-[:checked]:border-brand-500 dark:border-zinc-800"
        >
          <input type="radio" name="delivery-address" checked={value === a._id} onChange={() => onChange(a._id)} />
          <span>
            <span className="block font-medium">{a.name}</span>
            <span className="block text-zinc-500">{formatAddress(a)}</span>
          </span>
        </label>
      ))}
      <Button type="button" size="sm" variant="ghost" onClick={() => setAdding(true)}>
        {t('orders.address.addAnother')}
      </Button>
    </fieldset>
  );
}

/** /user/addresses: my delivery addresses. */
export function AddressesPage() {
  const { t } = useTranslation();
  usePageTitle(t('orders.address.pageTitle'));
  const { data, isLoading, mutate } = useAddresses();
  const [editing, setEditing] = useState<Address | 'new' | null>(null);
  const remove = async (a: Address) => {
    try {
      await walletApi.removeAddress(a._id);
      toast.success(t('orders.address.deleted'));
      await mutate();
    } catch (err) {
      toast.error(getErrorMessage(err));
    }
  };
  return (
    <div className="mx-auto max-w-3xl space-y-4 p-4 sm:p-6">
      <div className="flex items-center justify-between">
        <h1 className="text-2xl font-bold">{t('orders.address.title')}</h1>
        <Button onClick={() => setEditing('new')}>{t('orders.address.add')}</Button>
      </div>
      {isLoading && <Skeleton className="h-24 w-full" />}
      {data && data.data.length === 0 && (
        <EmptyState icon={MapPin} title={t('orders.address.none')} description={t('orders.address.noneHint')} />
      )}
      <ul className="space-y-3" data-testid="addresses">
        {data?.data.map((a) => (
          <li key={a._id}>
            <Card className="flex items-start gap-3 p-4">
              <MapPin className="mt-0.5 size-5 text-zinc-500" aria-hidden="true" />
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-semibold">
                  {a.name}{' '}
                  {a.isDefault && (
                    <span className="ml-1 text-xs font-medium text-brand-600">{t('orders.address.default')}</span>
                  )}
                </p>
                <p className="text-zinc-600 dark:text-zinc-400">{formatAddress(a)}</p>
                {a.phone && <p className="text-zinc-500">{a.phone}</p>}
              </div>
              <Button size="icon" variant="ghost" aria-label={t('orders.address.edit')} onClick={() => setEditing(a)}>
                <Pencil className="size-4" aria-hidden="true" />
              </Button>
              <Button size="icon" variant="ghost" aria-label={t('orders.address.delete')} onClick={() => remove(a)}>
                <Trash2 className="size-4" aria-hidden="true" />
              </Button>
            </Card>
          </li>
        ))}
      </ul>
      <Dialog
        open={editing !== null}
        onOpenChange={(o) => !o && setEditing(null)}
        title={editing === 'new' ? t('orders.address.new') : t('orders.address.edit')}
        size="lg"
      >
        {editing !== null && (
          <AddressForm
            key={editing === 'new' ? 'new' : editing._id}
            initial={editing === 'new' ? undefined : editing}
            onSaved={async () => {
              setEditing(null);
              await mutate();
            }}
            onCancel={() => setEditing(null)}
          />
        )}
      </Dialog>
    </div>
  );
}
