import { Navigate, useParams } from 'react-router';

/** Old links: subscription card payments use the one payment checkout now. */
export default function SubscriptionCheckoutPage() {
  const { id } = useParams();
  return <Navigate to={id ? `/payment/sandbox/checkout/${id}?returnTo=/user/subscriptions` : '/'} replace />;
}
