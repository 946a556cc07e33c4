import { CreatorOrders } from '../features/orders/components/creator-orders';

export default function CreatorOrdersRoute() {
  return <CreatorOrders />;
}
