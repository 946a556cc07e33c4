import { WalletPage } from '../features/wallet/components/wallet-page';

export default function WalletRoute() {
  return <WalletPage />;
}
