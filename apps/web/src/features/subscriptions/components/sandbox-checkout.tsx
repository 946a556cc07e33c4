import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, Card, Field, Skeleton, toast } from '../../../components/ui';
import { getErrorMessage } from '../../../lib/api';
import { money, refreshAfterSubscriptionChange, subscriptionsApi, useCheckout } from '../api';

/** The sandbox gateway's test checkout for a subscription card payment (clearly labelled; test cards only). */
export function SandboxCheckout({ paymentId }: { paymentId: string }) {
  const { data, isLoading, error, mutate } = useCheckout(paymentId);
  const [card, setCard] = useState('4242 4242 4242 4242');
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();

  const pay = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const res = await subscriptionsApi.paySandbox(paymentId, card);
      if (res.status === 'succeeded') {
        toast.success('Payment received: you are subscribed');
        await refreshAfterSubscriptionChange();
        navigate(-1);
      } else {
        const fresh = await mutate();
        toast.error(fresh?.failureReason ?? 'Your card was declined');
      }
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  if (isLoading) return <Skeleton className="m-6 h-64" />;
  if (error || !data) return <p className="p-6 text-red-600">{getErrorMessage(error, 'Payment not found')}</p>;
  return (
    <div className="mx-auto max-w-md p-4 sm:p-6">
      <p className="mb-3 rounded-xl bg-amber-100 px-3 py-2 text-sm font-semibold text-amber-900">
        Sandbox test checkout: no real money moves
      </p>
      <Card className="space-y-4 p-5">
        <div>
          <p className="text-sm text-zinc-500">{data.title}</p>
          <p className="text-3xl font-bold">{money(data.amount)}</p>
        </div>
        {data.status === 'succeeded' ? (
          <p className="text-emerald-700">
            Paid. <Link to="/user/subscriptions">See your subscriptions</Link>
          </p>
        ) : (
          <form onSubmit={pay} className="space-y-3">
            <Field
              label="Card number"
              value={card}
              onChange={(e) => setCard(e.target.value)}
              inputMode="numeric"
              autoComplete="off"
              hint="4242 4242 4242 4242 pays · 4000 0000 0000 0002 is declined"
            />
            <Button type="submit" className="w-full" size="lg" loading={busy} data-testid="sandbox-pay">
              Pay {money(data.amount)}
            </Button>
          </form>
        )}
      </Card>
    </div>
  );
}
