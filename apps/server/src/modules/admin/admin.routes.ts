import type { App } from '../../app-type';
import adminAuditRoutes from './admin.audit.routes';
import adminChargebacksRoutes from './admin.chargebacks.routes';
import adminContentRoutes from './admin.content.routes';
import adminDashboardRoutes from './admin.dashboard.routes';
import adminMailRoutes from './admin.mail.routes';
import adminMoneyRoutes from './admin.money.routes';
import adminOrdersRoutes from './admin.orders.routes';
import adminPagesRoutes from './admin.pages.routes';
import adminReportsRoutes from './admin.reports.routes';
import adminSettingsRoutes from './admin.settings.routes';
import adminStreamsRoutes from './admin.streams.routes';
import adminSubscriptionsRoutes from './admin.subscriptions.routes';
import adminUsersRoutes from './admin.users.routes';
import adminViewAsRoutes from './admin.viewas.routes';

/** The admin console API: every route under /api/admin, each declaring `config: { access }` ('admin', or 'moderator' for moderation). */
export default async function adminRoutes(app: App) {
  await app.register(adminDashboardRoutes);
  await app.register(adminSettingsRoutes);
  await app.register(adminUsersRoutes);
  await app.register(adminContentRoutes);
  await app.register(adminReportsRoutes);
  await app.register(adminPagesRoutes);
  await app.register(adminMailRoutes);
  await app.register(adminAuditRoutes);
  await app.register(adminMoneyRoutes);
  await app.register(adminChargebacksRoutes);
  await app.register(adminOrdersRoutes);
  await app.register(adminSubscriptionsRoutes);
  await app.register(adminViewAsRoutes);
  await app.register(adminStreamsRoutes);
}
