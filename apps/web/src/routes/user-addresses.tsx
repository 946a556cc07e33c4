import { AddressesPage } from '../features/orders/components/addresses';

export default function UserAddressesRoute() {
  return <AddressesPage />;
}
