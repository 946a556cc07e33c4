import type { Message } from '@marquee/shared/messages';
import { describe, expect, it } from 'vitest';
import { type ChatState, chatReducer } from './use-stream-chat';

const msg = (id: string, minute: number, text = `m${id}`): Message => ({
  _id: id,
  conversationId: 'c1',
  senderId: 'u1',
  sender: null,
  type: 'text',
  text,
  isDeleted: false,
  isSale: false,
  price: 0,
  isBought: true,
  files: [],
  massMessageId: null,
  createdAt: new Date(Date.UTC(2026, 0, 1, 12, minute)).toISOString(),
});
const empty: ChatState = { status: 'fetching', items: [], total: 0, offset: 0 };
const ids = (s: ChatState) => s.items.map((m) => m._id);

describe('stream chat state (spec §4: like messages; received appended, delete marks deleted)', () => {
  it('shows a page oldest first and prepends older pages', () => {
    // The server answers newest first.
    let s = chatReducer(empty, { type: 'loaded', page: [msg('c', 3), msg('b', 2)], total: 3, older: false });
    expect(ids(s)).toEqual(['b', 'c']);
    expect(s).toMatchObject({ status: 'loaded', offset: 2, total: 3 });
    s = chatReducer(s, { type: 'loaded', page: [msg('a', 1)], total: 3, older: true });
    expect(ids(s)).toEqual(['a', 'b', 'c']);
    expect(s.offset).toBe(3);
  });

  it('appends a received message once, even when the socket and the HTTP answer both bring it', () => {
    let s = chatReducer(empty, { type: 'loaded', page: [msg('a', 1)], total: 1, older: false });
    s = chatReducer(s, { type: 'received', message: { ...msg('tmp', 2), pending: true } });
    s = chatReducer(s, { type: 'received', message: msg('b', 2) });
    s = chatReducer(s, { type: 'received', message: msg('b', 2), replaceId: 'tmp' });
    expect(ids(s)).toEqual(['a', 'b']);
    expect(s.total).toBe(2);
  });

  it('marks a deleted message "Message deleted" instead of removing it, and a clear marks all', () => {
    let s = chatReducer(empty, { type: 'loaded', page: [msg('b', 2), msg('a', 1)], total: 2, older: false });
    s = chatReducer(s, { type: 'deleted', message: msg('a', 1) });
    expect(s.items[0]).toMatchObject({ _id: 'a', isDeleted: true, text: 'Message deleted' });
    expect(s.items[1]).toMatchObject({ _id: 'b', isDeleted: false });
    s = chatReducer(s, { type: 'cleared' });
    expect(s.items.every((m) => m.isDeleted && m.text === 'Message deleted')).toBe(true);
  });

  it('drops an optimistic line whose send failed', () => {
    let s = chatReducer(empty, { type: 'received', message: { ...msg('tmp', 1), pending: true } });
    s = chatReducer(s, { type: 'failed', id: 'tmp' });
    expect(s.items).toEqual([]);
  });
});
