import { CHARGE_TYPES, type ChargeType, EARNING_SOURCES, type ListResponse } from '@marquee/shared';
import { CreditCard, Trash2 } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field } from '../../../components/ui/input';
import { Pager } from '../../../components/ui/pager';
import { Skeleton } from '../../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import { formatAmount } from '../../../lib/i18n/format';
import { usePageTitle } from '../../settings/hooks';
import { dateTime, safeReturnTo, tokens, useCards, useCharges, usePayments, useWallet, walletApi } from '../api';
import { TopUpCard } from './top-up-card';

const PAGE_SIZE = 10;

/** A history page, newest first. */
const listQuery = (page: number) => ({ page, pageSize: PAGE_SIZE, sortBy: 'createdAt', sort: 'desc' }) as const;

function HistoryList<T>({
  data,
  isLoading,
  empty,
  render,
  page,
  setPage,
  testId,
}: {
  data: ListResponse<T> | undefined;
  isLoading: boolean;
  empty: string;
  render: (row: T) => ReactNode;
  page: number;
  setPage: (p: number) => void;
  testId: string;
}) {
  if (isLoading) return <Skeleton className="h-40 w-full" />;
  if (!data || data.data.length === 0) return <EmptyState title={empty} level={3} />;
  return (
    <>
      <ul className="divide-y divide-zinc-200 dark:divide-zinc-800" data-testid={testId}>
        {data.data.map(render)}
      </ul>
      <Pager page={page} total={data.total} pageSize={PAGE_SIZE} onPage={setPage} />
    </>
  );
}

const STATUS_TONE: Record<string, string> = {
  succeeded: 'text-emerald-700 dark:text-emerald-400',
  paid: 'text-emerald-700 dark:text-emerald-400',
  failed: 'text-red-600',
  refunded: 'text-amber-700',
  chargeback: 'text-red-600',
};

type ChargeLabel = (typeof EARNING_SOURCES)[number];
const CHARGE_LABELS = new Set<string>(EARNING_SOURCES);
/** A charge's type is free text in the API; the ones with a translated label are known here. */
const hasLabel = (type: string): type is ChargeLabel => CHARGE_LABELS.has(type);

function TopUps() {
  const [page, setPage] = useState(1);
  const { t } = useTranslation();
  const { data, isLoading } = usePayments(listQuery(page));
  return (
    <HistoryList
      data={data}
      isLoading={isLoading}
      empty={t('wallet.noTopUps')}
      page={page}
      setPage={setPage}
      testId="topup-history"
      render={(p) => (
        <li key={p._id} className="flex items-center justify-between gap-3 py-3 text-sm">
          <span>
            <span className="block font-medium">{p.purpose === 'topup' ? t('wallet.walletTopUp') : p.purpose}</span>
            <span className="block text-xs text-zinc-500">
              {dateTime(p.createdAt)} · {p.gateway}
              {p.discount > 0 ? ` · ${t('wallet.coupon', { amount: formatAmount(p.discount) })}` : ''}
            </span>
          </span>
          <span className="shrink-0 text-right">
            <span className="block font-semibold whitespace-nowrap">+{tokens(p.amount)}</span>
            <span className={`block text-xs ${STATUS_TONE[p.status] ?? 'text-zinc-500'}`}>
              {t(`wallet.paymentStatus.${p.status}`)}
            </span>
          </span>
        </li>
      )}
    />
  );
}

function Purchases() {
  const [page, setPage] = useState(1);
  const { t } = useTranslation();
  const label = (type: string) => (hasLabel(type) ? t(`wallet.charge.${type}`) : type);
  const [type, setType] = useState<ChargeType | ''>('');
  const { data, isLoading } = useCharges({ ...listQuery(page), type: type || undefined });
  return (
    <>
      <label className="mb-3 flex items-center gap-2 text-sm">
        <span className="text-zinc-500">{t('wallet.show')}</span>
        <select
          className="h-9 rounded-lg border border-zinc-300 bg-white px-2 dark:border-zinc-700 dark:bg-zinc-900"
          value={type}
          onChange={(e) => {
            setType(CHARGE_TYPES.find((c) => c === e.target.value) ?? '');
            setPage(1);
          }}
        >
          <option value="">{t('wallet.everything')}</option>
          {CHARGE_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`wallet.chargePlural.${type}`)}
            </option>
          ))}
        </select>
      </label>
      <HistoryList
        data={data}
        isLoading={isLoading}
        empty={t('wallet.nothingBought')}
        page={page}
        setPage={setPage}
        testId="purchase-history"
        render={(c) => (
          <li key={c._id} className="flex items-center justify-between gap-3 py-3 text-sm">
            <span className="min-w-0">
              <span className="block truncate font-medium">
                {c.isRent ? t('wallet.rental', { item: label(c.type) }) : label(c.type)}
                {c.title && c.title !== label(c.type) ? ` · ${c.title}` : ''}
              </span>
              <span className="block text-xs text-zinc-500">
                {dateTime(c.createdAt)}
                {c.performer ? (
                  <>
                    {' · '}
                    <Link to={`/${c.performer.username ?? c.performerId}`} className="hover:underline">
                      {c.performer.name || c.performer.username}
                    </Link>
                  </>
                ) : null}
                {c.rentExpiresAt ? ` · ${t('wallet.until', { date: dateTime(c.rentExpiresAt) })}` : ''}
                {c.orderId ? (
                  <>
                    {' · '}
                    <Link to="/user/orders" className="hover:underline">
                      {t('wallet.order')}
                    </Link>
                  </>
                ) : null}
              </span>
              {c.message && <span className="block text-xs italic text-zinc-500">“{c.message}”</span>}
            </span>
            <span className="shrink-0 text-right">
              <span className="block font-semibold whitespace-nowrap">−{tokens(c.paid)}</span>
              <span className={`block text-xs ${STATUS_TONE[c.status] ?? 'text-zinc-500'}`}>
                {t(`wallet.chargeStatus.${c.status}`)}
              </span>
            </span>
          </li>
        )}
      />
    </>
  );
}

function SavedCards() {
  const { data, mutate, isLoading } = useCards();
  const { t } = useTranslation();
  const [number, setNumber] = useState('');
  const [exp, setExp] = useState('12/30');
  const [busy, setBusy] = useState(false);
  const add = async (e: FormEvent) => {
    e.preventDefault();
    const [m, y] = exp.split('/').map((s) => Number(s.trim()));
    setBusy(true);
    try {
      await walletApi.addCard({ cardNumber: number, expMonth: m, expYear: y < 100 ? 2000 + y : y });
      setNumber('');
      toast.success(t('wallet.cardSaved'));
      await mutate();
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const remove = async (id: string) => {
    try {
      await walletApi.removeCard(id);
      toast.success(t('wallet.cardRemoved'));
      await mutate();
    } catch (err) {
      toast.error(getErrorMessage(err));
    }
  };
  return (
    <div className="space-y-4">
      {isLoading && <Skeleton className="h-16 w-full" />}
      {data && data.data.length === 0 && <p className="text-sm text-zinc-500">{t('wallet.noCards')}</p>}
      <ul className="space-y-2" data-testid="saved-cards">
        {data?.data.map((c) => (
          <li
            key={c._id}
            className="flex items-center gap-3 rounded-xl border border-zinc-200 p-3 dark:border-zinc-800"
          >
            <CreditCard className="size-5 text-zinc-500" aria-hidden="true" />
            <span className="flex-1 text-sm">
              <span className="font-medium capitalize">{c.brand}</span> •••• {c.last4}
              <span className="ml-2 text-xs text-zinc-500">
                {t('wallet.expires', { date: `${String(c.expMonth).padStart(2, '0')}/${c.expYear}` })} · {c.gateway}
                {c.isDefault ? ` · ${t('wallet.defaultCard')}` : ''}
              </span>
            </span>
            <Button
              size="icon"
              variant="ghost"
              aria-label={t('wallet.removeCard', { last4: c.last4 })}
              onClick={() => remove(c._id)}
            >
              <Trash2 className="size-4" aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
      <form onSubmit={add} className="grid gap-2 sm:grid-cols-[1fr_7rem_auto] sm:items-end">
        <Field
          label={t('wallet.addTestCard')}
          name="new-card"
          value={number}
          onChange={(e) => setNumber(e.target.value)}
          placeholder="4242 4242 4242 4242"
          inputMode="numeric"
        />
        <Field
          label={t('wallet.expiry')}
          name="new-card-exp"
          value={exp}
          onChange={(e) => setExp(e.target.value)}
          placeholder="MM/YY"
        />
        <Button type="submit" loading={busy} disabled={!number.trim()}>
          {t('wallet.saveCard')}
        </Button>
      </form>
    </div>
  );
}

/** /wallet: balance, top-up (with ?topup=<amount>&returnTo=<path> from an "insufficient balance" path), history, cards. */
export function WalletPage() {
  const { t } = useTranslation();
  usePageTitle(t('wallet.title'));
  const [params] = useSearchParams();
  const { data: wallet, isLoading } = useWallet();
  const suggested = Number(params.get('topup')) || undefined;
  const returnTo = params.get('returnTo') ? safeReturnTo(params.get('returnTo')) : undefined;
  return (
    <div className="mx-auto max-w-4xl space-y-5 p-4 sm:p-6">
      <h1 className="text-2xl font-bold">{t('wallet.title')}</h1>
      {returnTo && (
        <p className="rounded-xl bg-brand-50 px-3 py-2 text-sm dark:bg-zinc-900" data-testid="topup-return-notice">
          {suggested ? t('wallet.returnNoticeAmount', { amount: tokens(suggested) }) : t('wallet.returnNotice')}{' '}
          <Link to={returnTo} className="font-semibold underline">
            {t('wallet.goBackNow')}
          </Link>
        </p>
      )}
      <div className="grid gap-5 md:grid-cols-[1fr_1.3fr]">
        <Card className="flex flex-col justify-between bg-gradient-to-br from-brand-600 to-brand-800 p-5 text-white">
          <p className="text-sm text-white/80">{t('wallet.balance')}</p>
          {isLoading ? (
            <Skeleton className="h-10 w-40" />
          ) : (
            <p className="text-4xl font-bold" data-testid="wallet-balance">
              {formatAmount(wallet?.balance ?? 0)}
              <span className="ml-2 text-base font-medium text-white/80">{t('wallet.tokensUnit')}</span>
            </p>
          )}
          <p className="mt-4 text-xs text-white/70">
            {t('wallet.limits', {
              min: wallet ? formatAmount(wallet.minimumTopUp) : '…',
              max: wallet ? formatAmount(wallet.maximumTopUp) : '…',
            })}
          </p>
        </Card>
        <TopUpCard key={`${suggested ?? ''}-${wallet ? 1 : 0}`} suggested={suggested} returnTo={returnTo} />
      </div>
      <Card className="p-5">
        <Tabs defaultValue="purchases">
          <TabsList className="max-w-md">
            <TabsTrigger value="purchases">{t('wallet.purchases')}</TabsTrigger>
            <TabsTrigger value="topups">{t('wallet.topUps')}</TabsTrigger>
            <TabsTrigger value="cards">{t('wallet.cards')}</TabsTrigger>
          </TabsList>
          <TabsContent value="purchases">
            <Purchases />
          </TabsContent>
          <TabsContent value="topups">
            <TopUps />
          </TabsContent>
          <TabsContent value="cards">
            <SavedCards />
          </TabsContent>
        </Tabs>
      </Card>
    </div>
  );
}
