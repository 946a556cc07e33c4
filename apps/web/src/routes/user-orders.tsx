import { FanOrders } from '../features/orders/components/fan-orders';

export default function UserOrdersRoute() {
  return <FanOrders />;
}
