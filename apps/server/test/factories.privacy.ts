import type { App } from '../src/app';
import { newId } from '../src/db/ids';
import { insertExport } from '../src/modules/privacy/privacy.repo';

/** A data export row (pending unless told), as POST /privacy/exports makes before its job runs. */
export function buildDataExport(app: App, userId: string, overrides: Partial<Parameters<typeof insertExport>[1]> = {}) {
  return insertExport(app.ctx.db, { id: newId(), userId, requestedById: userId, ...overrides });
}
