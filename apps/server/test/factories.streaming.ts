import type { App } from '../src/app';
import { newId } from '../src/db/ids';
import { conversations, creatorStreamSettings, type StreamRow, streams } from '../src/db/schema';

/** A stream row (live by default) with its chat conversation. */
export async function buildStream(
  app: App,
  performerId: string,
  overrides: Partial<typeof streams.$inferInsert> = {},
): Promise<StreamRow> {
  const id = overrides.id ?? newId();
  const conversationId = newId();
  const type = overrides.type ?? 'public';
  const at = app.ctx.now();
  await app.ctx.db.insert(conversations).values({
    id: conversationId,
    type: type === 'private' ? 'stream_private' : type,
    streamId: id,
    performerId,
    createdAt: at,
    updatedAt: at,
  });
  const [row] = await app.ctx.db
    .insert(streams)
    .values({
      id,
      performerId,
      title: 'Test stream',
      type,
      status: 'live',
      startedAt: at,
      conversationId,
      ...overrides,
    })
    .returning();
  return row;
}

/** The creator's private-show and group prices (cents). */
export async function buildStreamSettings(
  app: App,
  performerId: string,
  overrides: Partial<typeof creatorStreamSettings.$inferInsert> = {},
) {
  const [row] = await app.ctx.db
    .insert(creatorStreamSettings)
    .values({ performerId, streamKey: `live_test_${newId()}`, ...overrides })
    .returning();
  return row;
}
