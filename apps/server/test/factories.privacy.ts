import type { App } from '../src/app';
import { newId } from '../src/db/ids';
import { insertExport } from '../src/modules/privacy/privacy.repo';

/** A data export row (pending unless told), as POST /privacy/exports makes before its job runs. */
export async function buildDataExport(
  app: App,
  userId: string,
  overrides: Partial<Parameters<typeof insertExport>[1]> = {},
) {
  const row = await insertExport(app.ctx.db, { id: newId(), userId, requestedById: userId, ...overrides });
  if (!row) throw new Error('buildDataExport: this account already has an open export');
  return row;
}
