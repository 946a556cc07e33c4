import { StatementPage } from '../features/payouts/components/statement-page';

export default function CreatorPayoutsStatementRoute() {
  return <StatementPage />;
}
