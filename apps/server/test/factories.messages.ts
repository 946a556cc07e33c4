import type { App } from '../src/app';
import { findOrCreatePrivate } from '../src/modules/conversations/conversations.repo';
import type { Actor } from './factories';

/** The private conversation of two accounts (created through the repository, as POST /conversations does). */
export async function buildConversation(app: App, a: string, b: string) {
  const { conversation } = await app.ctx.db.transaction((tx) => findOrCreatePrivate(tx, a, b, app.ctx.now()));
  return conversation;
}

/** Sends a message through the API and returns its JSON. */
export async function sendMessage(
  app: App,
  from: Actor,
  conversationId: string,
  body: { text?: string; fileIds?: string[]; price?: number } = { text: 'hello' },
) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/messages/conversations/${conversationId}`,
    headers: from.auth,
    payload: body,
  });
  if (res.statusCode !== 201) throw new Error(`send failed: ${res.statusCode} ${res.body}`);
  return res.json();
}
