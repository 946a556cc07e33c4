import type { ContentItem, ContentType } from '@marquee/shared';
import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Field, Label } from '../../../components/ui/input';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import type { Messages } from '../../../lib/i18n';
import { type ContentBody, catalogueApi, useCategories } from '../api';

type FileLabel = keyof Messages['catalogue']['files'];
/** `label` is a key of `catalogue.files`. */
const FILE_SLOTS: Partial<
  Record<ContentType, Array<{ name: string; label: FileLabel; accept: string; multiple?: boolean }>>
> = {
  video: [
    { name: 'video', label: 'video', accept: 'video/*' },
    { name: 'teaser', label: 'teaserLocked', accept: 'video/*' },
    { name: 'thumbnail', label: 'thumbnail', accept: 'image/*' },
  ],
  scene: [
    { name: 'video', label: 'video', accept: 'video/*' },
    { name: 'teaser', label: 'teaser', accept: 'video/*' },
    { name: 'thumbnail', label: 'thumbnail', accept: 'image/*' },
  ],
  scenario: [
    { name: 'video', label: 'video', accept: 'video/*' },
    { name: 'teaser', label: 'teaser', accept: 'video/*' },
    { name: 'thumbnail', label: 'thumbnail', accept: 'image/*' },
  ],
  reel: [{ name: 'video', label: 'verticalVideo', accept: 'video/*' }],
  product: [
    { name: 'image', label: 'images', accept: 'image/*', multiple: true },
    { name: 'file', label: 'download', accept: '*/*' },
  ],
};

const STATUS_OPTIONS = ['active', 'draft', 'inactive'] as const;

/** The form's text fields as the JSON the routes take (the multipart route reads the same fields as text). */
function toBody(form: FormData, choices: Pick<ContentBody, 'visibility' | 'productType'>): ContentBody {
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' && v !== '' ? v : undefined;
  };
  const num = (name: string) => {
    const v = text(name);
    return v === undefined ? undefined : Number(v);
  };
  return {
    title: text('title') ?? '',
    description: text('description'),
    tags: text('tags')?.split(','),
    status: STATUS_OPTIONS.find((value) => value === text('status')),
    ...choices,
    price: num('price'),
    rentPrice: num('rentPrice'),
    rentDays: num('rentDays'),
    categoryId: text('categoryId'),
    stock: num('stock'),
    shippingFee: num('shippingFee'),
  };
}

/** Create or edit any catalogue item: text, audience and price, rent, product details, files with progress. */
export function ItemForm({
  type,
  item,
  onSaved,
}: {
  type: ContentType;
  item?: ContentItem;
  onSaved: (i: ContentItem) => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [visibility, setVisibility] = useState(
    item?.visibility ?? (type === 'reel' ? 'free' : type === 'product' ? 'sale' : 'subscribers'),
  );
  const [productType, setProductType] = useState(item?.productType ?? 'physical');
  const { data: categories } = useCategories();
  const rentable = type === 'scene' || type === 'scenario';
  const submit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const raw = new FormData(e.currentTarget);
    const form = new FormData();
    let hasFiles = false;
    for (const [k, v] of raw.entries()) {
      if (v instanceof File) {
        if (v.size > 0) {
          form.append(k, v);
          hasFiles = true;
        }
      } else if (v !== '') form.append(k, v);
    }
    setBusy(true);
    try {
      let saved: ContentItem;
      if (hasFiles) {
        setProgress(0);
        saved = item
          ? await catalogueApi.updateWithFiles(type, item._id, form, setProgress)
          : await catalogueApi.createWithFiles(type, form, setProgress);
      } else {
        const body = toBody(form, {
          visibility: type === 'product' ? undefined : visibility,
          productType: type === 'product' ? productType : undefined,
        });
        saved = item ? await catalogueApi.update(type, item._id, body) : await catalogueApi.create(type, body);
      }
      toast.success(t('errors.changesSaved'));
      onSaved(saved);
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };
  return (
    <form onSubmit={submit} className="space-y-3" data-testid="item-form">
      <Field label={t('catalogue.form.title')} name="title" required defaultValue={item?.title} maxLength={200} />
      <Labeled label={t('catalogue.form.description')}>
        <textarea
          name="description"
          defaultValue={item?.description}
          className="min-h-20 w-full rounded-xl border border-zinc-300 bg-transparent p-2 text-sm dark:border-zinc-700"
        />
      </Labeled>
      <Field label={t('catalogue.form.tags')} name="tags" defaultValue={item?.tags.join(', ')} />
      {type !== 'product' && (
        <Labeled label={t('catalogue.form.visibility')}>
          <select
            name="visibility"
            value={visibility}
            onChange={(e) => setVisibility(e.target.value as typeof visibility)}
            className="h-10 w-full rounded-xl border border-zinc-300 bg-transparent px-2 dark:border-zinc-700"
          >
            <option value="free">{t('catalogue.form.free')}</option>
            <option value="subscribers">{t('catalogue.form.subscribers')}</option>
            {type !== 'reel' && <option value="sale">{t('catalogue.form.sale')}</option>}
          </select>
        </Labeled>
      )}
      {(visibility === 'sale' || type === 'product') && (
        <Field
          label={t('catalogue.form.price')}
          name="price"
          type="number"
          step="0.01"
          min="0.5"
          required
          defaultValue={item?.price || undefined}
        />
      )}
      {rentable && visibility === 'sale' && (
        <div className="grid grid-cols-2 gap-2">
          <Field
            label={t('catalogue.form.rentPrice')}
            name="rentPrice"
            type="number"
            step="0.01"
            min="0.5"
            defaultValue={item?.rentPrice ?? undefined}
          />
          <Field
            label={t('catalogue.form.rentDays')}
            name="rentDays"
            type="number"
            min="1"
            max="365"
            defaultValue={item?.rentDays ?? 2}
          />
        </div>
      )}
      {rentable && (
        <Labeled label={t('catalogue.form.category')}>
          <select
            name="categoryId"
            defaultValue={item?.categoryId ?? ''}
            className="h-10 w-full rounded-xl border border-zinc-300 bg-transparent px-2 dark:border-zinc-700"
          >
            <option value="">{t('catalogue.form.none')}</option>
            {categories?.data.map((c) => (
              <option key={c._id} value={c._id}>
                {c.name}
              </option>
            ))}
          </select>
        </Labeled>
      )}
      {type === 'product' && (
        <>
          <Labeled label={t('catalogue.form.kind')}>
            <select
              name="productType"
              value={productType}
              onChange={(e) => setProductType(e.target.value as 'physical')}
              className="h-10 w-full rounded-xl border border-zinc-300 bg-transparent px-2 dark:border-zinc-700"
            >
              <option value="physical">{t('catalogue.form.physical')}</option>
              <option value="digital">{t('catalogue.form.digital')}</option>
            </select>
          </Labeled>
          {productType === 'physical' && (
            <div className="grid grid-cols-2 gap-2">
              <Field
                label={t('catalogue.form.stock')}
                name="stock"
                type="number"
                min="0"
                required
                defaultValue={item?.stock ?? 1}
              />
              <Field
                label={t('catalogue.form.shippingFee')}
                name="shippingFee"
                type="number"
                step="0.01"
                min="0"
                defaultValue={item?.shippingFee ?? 0}
              />
            </div>
          )}
        </>
      )}
      {FILE_SLOTS[type]?.map((s) => (
        <Field
          key={s.name}
          label={t(`catalogue.files.${s.label}`)}
          name={s.name}
          type="file"
          accept={s.accept}
          multiple={s.multiple}
        />
      ))}
      <Labeled label={t('catalogue.form.status')}>
        <select
          name="status"
          defaultValue={item?.status ?? 'active'}
          className="h-10 w-full rounded-xl border border-zinc-300 bg-transparent px-2 dark:border-zinc-700"
        >
          {STATUS_OPTIONS.map((value) => (
            <option key={value} value={value}>
              {t(`catalogue.status.${value}`)}
            </option>
          ))}
        </select>
      </Labeled>
      {progress !== null && <ProgressBar value={progress} label={t('catalogue.uploadProgress')} />}
      <Button type="submit" loading={busy} data-testid="save-item">
        {item ? t('catalogue.form.save') : t('catalogue.form.create')}
      </Button>
    </form>
  );
}

/** A label tied to a select or textarea (Field renders its own input). */
function Labeled({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  const only = Children.only(children);
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      {isValidElement(only) ? cloneElement(only as ReactElement<{ id?: string }>, { id }) : only}
    </div>
  );
}
